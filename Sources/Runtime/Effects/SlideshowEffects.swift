import App
import Catalog
import Store

/// The slideshow's effect: what the store has to show (the Night Watch, artworks with cached images).
struct SlideshowEffects: EffectHandler {
    let store: any StoreAccess

    init(_ dependencies: Dependencies) { store = dependencies.store }

    func handles(_ effect: Effect) -> Bool {
        if case .findSlideshowPictures = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard case .findSlideshowPictures(let screen) = effect else { return }
        // The answer goes to the slideshow that asked (its id stamped by the root), or to nobody once it has closed.
        let answer: SlideshowAction
        do {
            answer = .found(try store.read(Self.pictures))
        } catch {
            answer = .lookFailed("cannot look for slideshow pictures: \(error)")
        }
        if let screen { replies.post(.answer(.slideshow(answer), to: screen)) }
    }

    /// The Night Watch if the store has it, and up to four artworks whose images are cached, paintings first
    /// (most recently used first within each collection).
    static func pictures(_ store: CatalogStore) throws -> SlideshowPictures {
        let nightWatch = try store.artworks(collection: CollectionID.rijksmuseum.name, fields: .view, ids: [nightWatchKey.id]).first
        let cached = try store.cachedImages()
        var collections: [String] = []
        for image in cached where !collections.contains(image.artwork.collection) { collections.append(image.artwork.collection) }
        collections.sort { ($0 == CollectionID.rijksmuseum.name ? 0 : 1) < ($1 == CollectionID.rijksmuseum.name ? 0 : 1) }
        var found: [Artwork] = []
        for collection in collections where found.count < SlideshowPictures.presetCount {
            let ids = Array(cached.filter { $0.artwork.collection == collection }.map(\.artwork.id).prefix(256))
            let byID = Dictionary(try store.artworks(collection: collection, fields: .view, ids: ids).map { ($0.id, $0) },
                                  uniquingKeysWith: { first, _ in first })
            found += ids.compactMap { byID[$0] }.filter { !$0.imageFileName.isEmpty }.prefix(SlideshowPictures.presetCount - found.count)
        }
        return SlideshowPictures(nightWatch: nightWatch, cached: found)
    }
}
