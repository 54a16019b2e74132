/// A failure of the run loop or of work it starts (the wake-up pipe, a read-only store, adding a painter):
/// the message to show, reason first, then what to do.
public struct RuntimeError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong, for the status line or the command's error output.
    public let message: String

    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
