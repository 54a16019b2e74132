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
    /// A collection with art near here now: among the collections, and among those shown together.
    case near(String)
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
        case .near(let name):
            var near = state.nearCollections.isEmpty ? state.shownCollections : state.nearCollections
            if !near.contains(name) { near.append(name) }
            state.nearCollections = near
            for each in near where !state.collections.contains(each) { state.collections.append(each) }
        }
        return .none
    }

    /// The next of what can be shown (`CatalogueState.cycle`), round again.
    private static func next(_ state: CatalogueState) -> Reduced {
        let views = state.cycle
        guard views.count > 1 else {
            return Reduced(delegates: [.message("\(state.collection) is the only collection: d fetches the art around the map's centre, "
                                                 + "artmap import FILE adds a file's")])
        }
        let index = views.firstIndex(of: state.shownCollections) ?? -1
        let next = views[(index + 1) % views.count]
        if next.count == 1 { return Reduced(effects: [.loadCollection(next[0])]) }
        return Reduced(effects: [.loadCollections(next)])
    }
}
