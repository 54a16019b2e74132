import Catalog
import Foundation
import Geo
import Store

/// `watch`'s part of issue 47: at every fix of its source (each one, not only those it prints), the artworks of
/// every collection within `seen.within` metres are marked seen in the store, each said once on standard error.
/// Fixes come from the source's own thread; one lock keeps the store's writes one at a time.
final class SeenRecorder: @unchecked Sendable {
    private let store: CatalogStore
    private let artworks: [Artwork]
    private let within: Double
    private let console: Console
    private let lock = NSLock()
    private var marked: Set<ArtworkKey>

    init(store: CatalogStore, within: Double, console: Console) throws {
        self.store = store
        self.within = within
        self.console = console
        artworks = store.isReadOnly ? [] : try store.artworks(collections: try store.collectionNames(), fields: .listing)
        marked = Set(try store.seenMarks().map(\.key))
    }

    /// Marks what `fix` is within `within` metres of and was not seen before.
    func record(_ fix: Coordinate) {
        lock.lock()
        defer { lock.unlock() }
        let fresh = WalkedPast.artworks(artworks, near: fix, within: within).filter { !marked.contains($0) }
        guard !fresh.isEmpty else { return }
        do {
            try store.markSeen(fresh, how: .walk)
            marked.formUnion(fresh)
            for key in fresh {
                let title = artworks.first { $0.key == key }.map { DisplayText.clean($0.title) } ?? ""
                console.error("artmap watch: seen \(title.isEmpty ? "(untitled)" : "'\(title)'") [\(DisplayText.clean(key.collection)) \(DisplayText.clean(key.id))]")
            }
        } catch {
            console.error("artmap watch: cannot mark what was walked past as seen: \(error)")
        }
    }
}
