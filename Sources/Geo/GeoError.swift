/// Why a coordinate or geodesic input was refused, with the offending text so a user can fix it.
public struct GeoError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What was wrong, phrased for the person who typed it.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
