/// Why the terminal could not be used, in words a user can act on.
public struct CursesError: Error, CustomStringConvertible, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// True when the terminal cannot host the full screen at all (no cursor addressing), so a caller may
    /// fall back to plain output.
    public private(set) var cannotAddressCursor = false

    /// TERM=dumb, no TERM, or a terminal without cursor addressing.
    static func noFullScreen(_ term: String) -> CursesError {
        var error = CursesError("the full-screen view needs a terminal with cursor addressing (TERM=\(term.isEmpty ? "unset" : term))")
        error.cannotAddressCursor = true
        return error
    }
}
