import Catalog

/// The artworks of one building, with the selected one.
public struct BuildingListState: Hashable, Sendable {
    /// The building's key.
    public var key: String
    public var selected: Int

    public init(key: String, selected: Int = 0) {
        self.key = key
        self.selected = selected
    }

    /// The selected artwork, as ranked from the reference point.
    public func selectedArtwork(_ context: FeatureContext) -> Artwork? {
        guard let building = context.rankedBuilding(key: key), building.artworks.indices.contains(selected) else { return nil }
        return building.artworks[selected].artwork
    }
}

/// What the building list's keys ask for.
public enum BuildingListAction: Hashable, Sendable {
    case move(ListStep)
    /// Enter: the selected artwork's detail.
    case open
    /// Just opened: the selected artwork's picture is asked for.
    case opened
}

/// A building's artworks: move through them (each one's picture is asked for), Enter opens one.
public enum BuildingListFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> BuildingListAction? {
        if command == .open { return .open }
        return ListStep(command).map(BuildingListAction.move)
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout BuildingListState, _ action: BuildingListAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .move(let step):
            let count = context.rankedBuilding(key: state.key)?.artworks.count ?? 0
            state.selected = step.moved(state.selected, count: count, page: 10)
            return Reduced(delegates: state.selectedArtwork(context).map { [.wantPicture($0.key)] } ?? [])
        case .opened:
            return Reduced(delegates: state.selectedArtwork(context).map { [.wantPicture($0.key)] } ?? [])
        case .open:
            guard let artwork = state.selectedArtwork(context) else { return .none }
            return Reduced(delegates: [.openDetail(artwork.key)])
        }
    }
}
