import Catalog

/// The artworks of a building as a screen on the stack: what the router asks of it (`StackScreen`).
extension BuildingListState: StackScreen {
    public static var keyContext: KeyContext { .list }
    public static func action(for command: Command) -> OverlayAction? { BuildingListFeature.action(for: command).map(OverlayAction.building) }
    public var overlay: Overlay { .building(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .building(let action) = action else { return nil }
        return BuildingListFeature.reduce(&self, action, context)
    }

    public func pointed(_ context: FeatureContext) -> Pointed?? { .some(selectedArtwork(context).map(Pointed.artwork)) }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { selectedArtwork(context)?.key }
}
