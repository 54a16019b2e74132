import Catalog
import Foundation
import Store
import Sync

/// Wikidata's public art (issue 46): its items are asked with the OpenStreetMap tiles they lie in and conflated
/// with OSM's artworks there, so refreshing the `wikidata` collection fetches those tiles again, one query per area.
public struct WikidataProvider: SourceProvider {
    public init?(_ source: CollectionSource) {
        guard case .wikidata = source else { return nil }
    }

    public func refresh(_ collection: CollectionID, with context: SourceContext,
                        progress: @escaping @Sendable (String) -> Void) async throws -> Refreshed {
        guard let tiles = OpenStreetMapProvider(.openStreetMap) else { throw SourceError("no OpenStreetMap source to ask Wikidata with") }
        var fetched = try await tiles.refresh(.osm, with: context, progress: progress)
        fetched.collection = collection
        return fetched
    }
}
