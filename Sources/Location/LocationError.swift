/// Why a location source could not be used: the file (and line) or host, and what was wrong.
public struct LocationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong, so a caller can tell a missing service from bad input without reading the message.
    public enum Kind: Equatable, Sendable {
        /// Bad input: a file, an address, a value.
        case invalid
        /// The system bus cannot be reached.
        case noSystemBus
        /// The system bus answers but GeoClue is not on it.
        case geoClueAbsent
        /// GeoClue is running but no agent answered for this user (GeoClue would wait for one forever).
        case noAgent
        /// GeoClue answered with an error (it refused the client, or a call failed).
        case geoClueRefused
        /// GeoClue (or the bus) went away while it was being followed.
        case geoClueGone
    }

    public let kind: Kind
    public let message: String

    public init(_ message: String, kind: Kind = .invalid) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
