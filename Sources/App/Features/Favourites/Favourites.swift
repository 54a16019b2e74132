import Catalog

/// What the favourites' keys ask for.
public enum FavouritesAction: Hashable, Sendable {
    /// `f`: heart or un-heart what is selected (a table row's artwork, the list's, the detail's).
    case toggleSelected
    /// `F`: the list of favourites.
    case open
    case move(Int)
    /// Enter in the list: the artwork's detail (switching collection when it lives in another).
    case openSelected
}

extension AppState {
    /// The key a favourite is known by across collections.
    static func favouriteKey(collection: String, id: String) -> String { collection + "\u{1F}" + id }

    /// Whether an artwork carries a heart.
    public func isFavourite(_ artwork: Artwork) -> Bool {
        favouriteKeys.contains(AppState.favouriteKey(collection: artwork.collection, id: artwork.id))
    }

    /// Replaces the favourites (start-up, and after each change is saved).
    public mutating func setFavourites(_ artworks: [Artwork]) {
        favourites = artworks
        favouriteKeys = Set(artworks.map { AppState.favouriteKey(collection: $0.collection, id: $0.id) })
        rowsChanged()
    }

    /// An artwork shown anywhere: the collection's, else a favourite from another collection.
    public func anyArtwork(id: String) -> Artwork? {
        artwork(id: id) ?? favourites.first { $0.id == id } ?? browsing.first { $0.id == id }
            ?? slideshowArtworks.first { $0.id == id }
    }
}

/// Hearts: `f` toggles (saved by the run loop at once), `F` lists them, Enter opens one.
func reduceFavourites(_ state: inout AppState, _ action: FavouritesAction) -> [Effect] {
    switch action {
    case .toggleSelected:
        guard let artwork = selectedArtwork(state) else {
            state.lastMessage = "select an artwork to heart it (f)"
            return []
        }
        return [.toggleFavourite(collection: artwork.collection, id: artwork.id)]
    case .open:
        guard !state.favourites.isEmpty else {
            state.lastMessage = "no favourites yet: f on an artwork hearts it"
            return []
        }
        state.overlays.append(.favourites(selected: 0))
        return wantPicture(&state, state.favourites[0].id)
    case .move(let delta):
        guard case .favourites(let selected)? = state.overlays.last else { return [] }
        let next = max(0, min(state.favourites.count - 1, selected + delta))
        state.overlays[state.overlays.count - 1] = .favourites(selected: next)
        return state.favourites.indices.contains(next) ? wantPicture(&state, state.favourites[next].id) : []
    case .openSelected:
        guard case .favourites(let selected)? = state.overlays.last, state.favourites.indices.contains(selected) else { return [] }
        let artwork = state.favourites[selected]
        state.overlays.append(.detail(artworkID: artwork.id, scroll: 0))
        return state.fullRecordWanted(artwork.id) + wantPicture(&state, artwork.id)
    }
}

/// The artwork `f` applies to where the user is.
private func selectedArtwork(_ state: AppState) -> Artwork? {
    switch state.overlays.last {
    case .detail(let id, _)?: return state.anyArtwork(id: id)
    case .viewer(let viewer)?: return state.anyArtwork(id: viewer.artworkID)
    case .building(let key, let selected)?:
        guard let building = state.rankedBuilding(key: key), building.artworks.indices.contains(selected) else { return nil }
        return building.artworks[selected].artwork
    case .favourites(let selected)?:
        return state.favourites.indices.contains(selected) ? state.favourites[selected] : nil
    case .painters(let screen)? where screen.paintingsOf != nil:
        return screen.paintings.indices.contains(screen.paintingSelected) ? screen.paintings[screen.paintingSelected] : nil
    case nil:
        guard state.focus == .table, state.rows.indices.contains(state.selectedRow),
              case .artwork(let b, let a) = state.rows[state.selectedRow] else { return nil }
        return state.ranked[b].artworks[a].artwork
    default:
        return nil
    }
}
