import Catalog

/// What the run loop and the `n` key ask of the catalogue.
public enum CatalogueAction: Hashable, Sendable {
    /// The catalogue as the store holds it now (after a sync, or the whole of a large collection).
    case replace([Artwork])
    /// Another collection, shown alone.
    case loaded(String, [Artwork])
    /// Several collections' art, shown together.
    case loadedTogether([String], [Artwork])
    /// `n`: ask for the next of what can be shown.
    case next
}

/// Which collections the main screen shows, and their art. What follows from new art (the rows, the route, the
/// zoom, the reference) is the parent's.
public enum CatalogueFeature {
    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout CatalogueState, _ action: CatalogueAction) -> Reduced {
        switch action {
        case .replace(let artworks):
            state.isPartial = false
            state.replace(artworks)
        case .loaded(let name, let artworks):
            state.collection = name
            state.isPartial = false
            if !state.collections.contains(name) { state.collections.append(name) }
            state.replace(artworks)
        case .loadedTogether(let names, let artworks):
            state.shownCollections = names
            state.isPartial = false
            state.replace(artworks)
        case .next:
            return next(state)
        }
        return .none
    }

    /// The next of what can be shown: every collection near the reference together (when several are), then
    /// each collection alone, and round again.
    private static func next(_ state: CatalogueState) -> Reduced {
        let views = (state.nearCollections.count > 1 ? [state.nearCollections] : []) + state.collections.map { [$0] }
        guard views.count > 1 else { return Reduced(delegates: [.message("only one collection (artmap import FILE adds more)")]) }
        let index = views.firstIndex(of: state.shownCollections) ?? -1
        let next = views[(index + 1) % views.count]
        if next.count == 1 { return Reduced(effects: [.loadCollection(next[0])]) }
        return Reduced(effects: [.loadCollections(next)])
    }
}
