import Catalog
import Foundation
import Geo
import Store

/// Searches OpenStreetMap's place names through Nominatim (`/search?format=jsonv2&q=…`), at most one request a
/// second as Nominatim's usage policy asks: the `RequestLimiter` it is given paces it (across every artmap process
/// sharing the store: `StoreRequestLimiter`).
public struct NominatimClient: Sendable {
    /// The service's base (artmap appends /search).
    public let base: URL
    private let http: HTTPClient
    /// The least time between two requests, in seconds.
    public static let minimumInterval: TimeInterval = 1
    /// The most matches asked for.
    public static let maxLimit = 50

    public init(base: URL, http: HTTPClient) {
        self.base = base
        self.http = http
    }

    /// The matches for `query`, best first, once `limiter` lets the request go. Throws `SyncError` naming Nominatim
    /// and the reason.
    public func search(_ query: String, limit: Int, limiter: any RequestLimiter) async throws -> [PlaceMatch] {
        let text = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        guard var components = URLComponents(string: text + "/search") else { throw SyncError(url: text, "Nominatim: not a URL") }
        components.queryItems = [URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "q", value: query),
                                 URLQueryItem(name: "limit", value: String(max(1, min(limit, Self.maxLimit))))]
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw SyncError(url: text, "Nominatim: cannot make the search URL") }
        try await limiter.waitTurn(interval: Self.minimumInterval)
        let response = try await http.get(url, maxBytes: 4 * 1_048_576, timeout: 30, accept: "application/json")
        let shown = "Nominatim (\(base.absoluteString))"
        guard response.status == 200 else {
            let blocked = String(decoding: response.body.prefix(2048), as: UTF8.self).contains("Bandwidth limit exceeded")
            throw SyncError(url: nil, "\(shown): HTTP \(response.status)\(blocked || response.status == 429 ? ", asked too often; wait a minute before searching again" : "")")
        }
        return try Self.matches(response.body, limit: limit, shown: shown)
    }

    /// The places in a Nominatim answer, at most `limit` of them (a server may send more than it was asked
    /// for). Coordinates are JSON strings in decimal (Nominatim's form) or JSON numbers; hex, exponents in a
    /// string, `true` and the like make a place unusable, not a point at 8° or 1°.
    static func matches(_ body: Data, limit: Int, shown: String) throws -> [PlaceMatch] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(body)
        } catch {
            let head = String(decoding: body.prefix(64), as: UTF8.self).lowercased()
            throw SyncError(url: nil, "\(shown): \(head.contains("<html") || head.contains("<!doctype") ? "answered an HTML page instead of JSON" : "the answer is not valid JSON")")
        }
        guard case .array(let places) = root else {
            throw SyncError(url: nil, "\(shown): the answer is not a list of places")
        }
        var found: [PlaceMatch] = []
        for case .object(let place) in places {
            guard found.count < max(1, limit) else { break }
            func number(_ key: String) -> Double? {
                switch place[key] {
                case .string(let text): return DecimalText.double(text)
                case .number(let value): return value
                default: return nil
                }
            }
            func text(_ key: String) -> String? {
                if case .string(let value) = place[key] { return value }
                return nil
            }
            guard let lat = number("lat"), let lon = number("lon"), lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { continue }
            let display = DisplayText.clean(text("display_name") ?? "")
            var name = DisplayText.clean(text("name") ?? "")
            if name.isEmpty { name = display.split(separator: ",").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "" }
            found.append(PlaceMatch(name: String(name.prefix(200)), displayName: String(display.prefix(400)), latitude: lat, longitude: lon,
                                    category: DisplayText.clean(text("category") ?? text("class") ?? ""),
                                    type: DisplayText.clean(text("type") ?? ""), fromStore: false))
        }
        return found
    }
}

/// A place found by name: in the store (an artwork, street or building) or by Nominatim.
public struct PlaceMatch: Sendable, Equatable {
    public var name: String
    public var displayName: String
    public var latitude: Double
    public var longitude: Double
    /// Nominatim's category ("tourism", "highway", "boundary") or, from the store, "artwork" or "map".
    public var category: String
    /// Nominatim's type ("museum", "administrative") or, from the store, the feature's kind or the collection.
    public var type: String
    public var fromStore: Bool

    public init(name: String, displayName: String, latitude: Double, longitude: Double, category: String, type: String, fromStore: Bool) {
        self.name = name
        self.displayName = displayName
        self.latitude = latitude
        self.longitude = longitude
        self.category = category
        self.type = type
        self.fromStore = fromStore
    }
}
