import Catalog
import Foundation
import Store
import Sync

/// The OpenStreetMap requests the run loop and the commands both make: the HTTP client, and finding a place
/// by name (the store first, offline; then Nominatim).
public enum OSMLookup {
    /// The HTTP client every OpenStreetMap request goes through (User-Agent artmap/VERSION).
    public static func httpClient() -> HTTPClient { CurlHTTPClient() }

    /// Places named `query`: the store's first (offline); when it has none and `online`, Nominatim's, once `limiter`
    /// (the caller's, made once where it is composed) lets the request go. At most `limit` whichever source answers:
    /// a server may send more than it was asked for.
    public static func findPlaces(_ query: String, limit: Int, online: Bool, services: OSMServices?, store: CatalogStore,
                                  limiter: any RequestLimiter) async throws -> [PlaceMatch] {
        let limit = max(1, limit)
        let stored = try storedPlaces(query, limit: limit, in: store)
        guard stored.isEmpty, online, let services else { return stored }
        let client = NominatimClient(base: services.nominatim, http: httpClient())
        return Array(try await client.search(query, limit: limit, limiter: limiter).prefix(limit))
    }

    /// As above, for the view: the store through its access, Nominatim over the session's HTTP client, paced by the
    /// session's limiter (`Dependencies.nominatimLimiter`).
    static func findPlaces(_ query: String, limit: Int, online: Bool, services: OSMServices?, store: any StoreAccess,
                           http: any HTTPClient, limiter: any RequestLimiter) async throws -> [PlaceMatch] {
        let limit = max(1, limit)
        let stored = try store.read { try storedPlaces(query, limit: limit, in: $0) }
        guard stored.isEmpty, online, let services else { return stored }
        return Array(try await NominatimClient(base: services.nominatim, http: http).search(query, limit: limit, limiter: limiter).prefix(limit))
    }

    /// The pacing of Nominatim for a command or a view on `store`: the time of the last search kept in it (across
    /// every artmap sharing it), or none on a store that cannot be written. Made once, by the composition root.
    public static func nominatimLimiter(_ store: CatalogStore) -> any RequestLimiter {
        store.isReadOnly ? NoRequestLimit() : StoreRequestLimiter(store: store, key: StoreRequestLimiter.nominatimKey)
    }

    /// The store's places named `query`, at most `limit`.
    private static func storedPlaces(_ query: String, limit: Int, in store: CatalogStore) throws -> [PlaceMatch] {
        try store.places(named: query, limit: limit).prefix(limit).map { place in
            PlaceMatch(name: place.name, displayName: place.name, latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                       category: place.category, type: place.type, fromStore: true)
        }
    }
}
