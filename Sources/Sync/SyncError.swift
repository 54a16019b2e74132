/// Why a sync failed, naming the URL (or file) and what went wrong, in one line a person can act on.
public struct SyncError: Error, Equatable, CustomStringConvertible, Sendable {
    public let url: String?
    public let message: String

    public init(url: String?, _ message: String) {
        self.url = url
        self.message = message
    }

    public var description: String {
        if let url { return "\(url): \(message)" }
        return message
    }
}
