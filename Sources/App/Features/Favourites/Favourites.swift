import Catalog

/// The list of hearted artworks, with the selected one.
public struct FavouritesState: Hashable, Sendable {
    public var selected: Int

    public init(selected: Int = 0) {
        self.selected = selected
    }

    /// The selected favourite.
    public func selectedArtwork(_ context: FeatureContext) -> Artwork? {
        context.favourites.indices.contains(selected) ? context.favourites[selected] : nil
    }
}

/// What the favourites list's keys ask for.
public enum FavouritesAction: Hashable, Sendable {
    case move(Int)
    /// Enter: the artwork's detail (from any collection).
    case openSelected
    /// The favourites were read again (another process may have removed some).
    case listChanged
    /// Just opened: the first favourite's picture is asked for.
    case opened
}

/// `F` lists the hearts (`f`, anywhere, toggles one: the root saves it); the selected one's picture beside.
public enum FavouritesFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> FavouritesAction? {
        if case .favourites(let action) = command { return action }
        return nil
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout FavouritesState, _ action: FavouritesAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .move(let delta):
            state.selected = max(0, min(context.favourites.count - 1, state.selected + delta))
            return Reduced(delegates: state.selectedArtwork(context).map { [.wantPicture($0.key)] } ?? [])
        case .opened:
            return Reduced(delegates: state.selectedArtwork(context).map { [.wantPicture($0.key)] } ?? [])
        case .openSelected:
            guard let artwork = state.selectedArtwork(context) else { return .none }
            return Reduced(delegates: [.openDetail(artwork.key)])
        case .listChanged:
            guard !context.favourites.isEmpty else {
                return Reduced(delegates: [.close, .message("no favourites left: they were removed elsewhere")])
            }
            state.selected = min(state.selected, context.favourites.count - 1)
            return .none
        }
    }
}
