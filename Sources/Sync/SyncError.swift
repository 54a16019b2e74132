/// Why a sync failed, naming the URL (or file) and what went wrong, in one line a person can act on.
public struct SyncError: Error, Equatable, CustomStringConvertible, Sendable {
    public let url: String?
    public let message: String
    /// The HTTP status that caused it, where the caller needs to tell a refusal of this request (400) from a
    /// service that refuses every request for now (429, 5xx).
    public var httpStatus: Int?

    public init(url: String?, _ message: String) {
        self.url = url
        self.message = message
    }

    public var description: String {
        if let url { return "\(Self.named(url)): \(message)" }
        return message
    }

    /// A URL as a message names it: a long query (an Overpass request carries its whole query) is left out, so
    /// the line says where and what, not the request.
    static func named(_ url: String) -> String {
        guard let query = url.firstIndex(of: "?"), url.distance(from: query, to: url.endIndex) > longestQuery else { return url }
        return String(url[..<query]) + "?…"
    }

    /// The longest query kept in a message, in characters (the campus service's is under 40).
    static let longestQuery = 80
}
