import Catalog
import Foundation
import Store
import Sync

/// Adding a painter, as `artmap painters add` and the painters screen both do it: every search page and
/// object fetched first, then all saved in one transaction; nothing is saved when none could be read.
public enum PainterAdding {
    public static func add(_ painter: String, client: RijksmuseumClient, store: CatalogStore,
                    progress: @escaping @Sendable (PainterProgress) -> Void) async throws -> (name: String, fetch: PainterFetch, report: MergeReport) {
        if case .failure(let error) = FieldLimits.checkTyped(painter, limit: FieldLimits.painter, what: "the painter's name") {
            throw SourceError("\(error.message); nothing was saved")
        }
        let fetch = try await client.paintings(of: painter, progress: progress)
        try Task.checkCancellation()
        guard !fetch.paintings.isEmpty else {
            throw SourceError("the Rijksmuseum has no paintings with images by '\(DisplayText.clean(painter))'"
                + "\(fetch.skipped.isEmpty ? "" : " that could be read"); nothing was saved")
        }
        let name = museumName(typed: painter, paintings: fetch.paintings)
        let report = try store.savePainter(name, total: fetch.total, paintings: fetch.paintings, collection: CollectionID.rijksmuseum.name)
        return (name, fetch, report)
    }

    /// The painter's name as the museum spells it (`RijksmuseumClient.museumName`), from the paintings' makers.
    static func museumName(typed: String, paintings: [Artwork]) -> String {
        RijksmuseumClient.museumName(typed: typed, makers: paintings.map(\.artist))
    }

    /// "added Johannes Vermeer: 3 paintings (3 new, 0 changed), 1 skipped"
    public static func summary(_ painter: String, fetch: PainterFetch, report: MergeReport) -> String {
        "added \(DisplayText.clean(painter)): \(RijksmuseumClient.paintingsText(fetch.paintings.count)) "
            + "(\(report.new) new, \(report.changed) changed), \(fetch.skipped.count) skipped"
    }

    /// "; 2 images cached", after caching the museum collection's missing images.
    public static func cacheImages(store: CatalogStore, cache: ImageCache, limits: SyncLimits) async throws -> (line: String, failures: [String]) {
        let images = try await SyncEngine(limits: limits).cacheImages(collection: CollectionID.rijksmuseum.name, cache: cache, store: store)
        return ("; \(images.imagesCached) image\(images.imagesCached == 1 ? "" : "s") cached", images.imageFailures)
    }
}
