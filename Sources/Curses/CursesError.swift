/// Why the terminal could not be used, in words a user can act on.
public struct CursesError: Error, CustomStringConvertible, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
