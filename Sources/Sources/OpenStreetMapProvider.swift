import Catalog
import Foundation
import Store
import Sync

/// The artworks and streets fetched from OpenStreetMap: the stored tiles older than `osm.max-age-days` fetched
/// again (at most one fetch's worth; the rest the next time), then the pictures still missing.
public struct OpenStreetMapProvider: SourceProvider {
    public init?(_ source: CollectionSource) {
        guard case .openStreetMap = source else { return nil }
    }

    public func refresh(_ collection: CollectionID, with context: SourceContext,
                        progress: @escaping @Sendable (String) -> Void) async throws -> Refreshed {
        let store = try context.openStore()
        let maxAge = try SourceSettings.maxAgeDays(store).days
        let allStale = try store.staleTiles(store.fetchedTileKeys(), maxAgeDays: maxAge)
        let stale = Array(allStale.prefix(MapFetcher.maxTiles))
        let later = allStale.count - stale.count
        var request = MapFetchRequest(storePath: context.storePath, center: .ashtonBuilding, radius: 1, maxAgeDays: 0,
                                      services: try context.openStreetMapServices ?? SourceSettings.openStreetMap(store: store), imageCache: context.imageCache)
        request.tiles = stale
        request.fetchTiles = !stale.isEmpty
        let fetcher = MapFetcher(http: context.mapHTTP, limits: context.limits, backoff: context.backoff)
        let report: MapFetchReport
        do {
            report = try await fetcher.run(request) { progress($0.text) }
        } catch {
            throw SourceError("fetch failed: \(error)", reason: "\(error)")
        }
        let pictures = report.imagesCached > 0 ? "; \(report.imagesCached) picture\(report.imagesCached == 1 ? "" : "s") cached" : ""
        guard !stale.isEmpty else {
            return Refreshed(collection: collection, summary: "up to date (every tile fetched within \(Self.days(maxAge)))" + pictures)
        }
        return Refreshed(collection: collection, summary: report.summary + (later > 0 ? "; \(later) more tiles older than the age limit remain: refresh again" : ""))
    }

    static func days(_ days: Double) -> String {
        days == 1 ? "1 day" : "\(days.rounded() == days ? String(Int(days)) : String(days)) days"
    }
}
