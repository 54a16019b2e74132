import Catalog

/// The favourites as a screen on the stack: what the router asks of it (`StackScreen`).
extension FavouritesState: StackScreen {
    public static var keyContext: KeyContext { .favourites }
    public static func action(for command: Command) -> OverlayAction? { FavouritesFeature.action(for: command).map(OverlayAction.favourites) }
    public var overlay: Overlay { .favourites(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .favourites(let action) = action else { return nil }
        return FavouritesFeature.reduce(&self, action, context)
    }

    public func pointed(_ context: FeatureContext) -> Pointed?? { .some(selectedArtwork(context).map(Pointed.artwork)) }
}
