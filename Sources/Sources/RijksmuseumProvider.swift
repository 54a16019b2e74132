import Catalog
import Foundation
import Store
import Sync

/// The Rijksmuseum's paintings of the painters followed: each painter asked again and saved in one transaction
/// (one a painter: a failure keeps the painters before it), then the images still missing.
public struct RijksmuseumProvider: SourceProvider {
    public init?(_ source: CollectionSource) {
        guard case .rijksmuseum = source else { return nil }
    }

    public func refresh(_ collection: CollectionID, with context: SourceContext,
                        progress: @escaping @Sendable (String) -> Void) async throws -> Refreshed {
        let store = try context.openStore()
        let painters = try store.painters()
        guard !painters.isEmpty else {
            return Refreshed(collection: collection, asked: false, summary: "no painters followed (artmap painters add NAME)")
        }
        let client = RijksmuseumClient(bases: try SourceSettings.museum(nil, store: store), http: context.http, limits: context.limits)
        var merge = MergeReport()
        for (index, painter) in painters.enumerated() {
            progress("\(painter.name) (\(index + 1) of \(painters.count))")
            do {
                let added = try await PainterAdding.add(painter.name, client: client, store: store) { _ in }
                merge.new += added.report.new
                merge.changed += added.report.changed
            } catch {
                throw SourceError("\(DisplayText.clean(painter.name)): \(error)" + (index > 0 ? " (the painters before it were refreshed)" : ""))
            }
        }
        let images = try await PainterAdding.cacheImages(store: store, cache: context.imageCache,
                                                         limits: try SourceSettings.limits(context.limits, cacheLimit: nil, store: store))
        return Refreshed(collection: collection, merge: merge,
                         summary: "\(painters.count) painter\(painters.count == 1 ? "" : "s") asked again: \(merge.new) new, \(merge.changed) changed" + images.line)
    }
}
