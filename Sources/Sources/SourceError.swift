/// Why a source could not be asked or its collection written: the message says what and where, reason first, and
/// that the collection was left as it was.
public struct SourceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong, for the command's error output: "campus: sync failed: HTTP 404 not found (https://…)".
    public let message: String
    /// The reason alone, for a status line that already names the collection and what was done.
    public let reason: String
    /// Where it went wrong (a URL or a path), when one is known.
    public let subject: String?

    /// A failure saying `message`; `reason` is the message unless given.
    public init(_ message: String, reason: String? = nil, subject: String? = nil) {
        self.message = message
        self.reason = reason ?? message
        self.subject = subject
    }

    /// The same failure, its message starting with the collection's name (once).
    func named(_ collection: String) -> SourceError {
        message.hasPrefix(collection + ": ") ? self : SourceError(collection + ": " + message, reason: reason, subject: subject)
    }

    public var description: String { message }
}

