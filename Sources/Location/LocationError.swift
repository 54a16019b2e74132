/// Why a location source could not be used: the file (and line) or host, and what was wrong.
public struct LocationError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
