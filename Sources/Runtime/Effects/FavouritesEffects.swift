import App
import Catalog
import Store

/// The hearts' effect: a heart added or taken away in the store, answered with the favourites as saved.
struct FavouritesEffects: EffectHandler {
    /// The 51st heart, in the view: why, then what to do (the command line's message explains more).
    static let fullInView = "\(CatalogStore.favouritesLimit) favourites is the most artmap keeps: "
        + "un-heart one first (F lists them, f un-hearts)"

    let store: any StoreAccess

    init(_ dependencies: Dependencies) { store = dependencies.store }

    func handles(_ effect: Effect) -> Bool {
        if case .toggleFavourite = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard case .toggleFavourite(let artwork) = effect else { return }
        replies.post(toggle(artwork))
    }

    private func toggle(_ artwork: ArtworkKey) -> Action {
        guard !store.isReadOnly else { return .favouriteRefused("cannot save the heart: the store is read-only") }
        do {
            return try store.write { writer in
                if try writer.favourites().contains(artwork) {
                    _ = try writer.removeFavourite(artwork)
                } else {
                    switch try writer.addFavourite(artwork) {
                    case .full: return .favouriteRefused(Self.fullInView)
                    case .unknownArtwork: return .favouriteRefused("that artwork is no longer in the store")
                    case .added, .alreadyThere: break
                    }
                }
                return .favouritesLoaded(try writer.favouriteArtworks())
            }
        } catch {
            return .favouriteRefused("cannot save the heart: \(error)")
        }
    }
}
