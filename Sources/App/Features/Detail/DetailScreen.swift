import Catalog

/// An artwork's detail as a screen on the stack: what the router asks of it (`StackScreen`).
extension DetailState: StackScreen {
    public static var keyContext: KeyContext { .detail }
    public static func action(for command: Command) -> OverlayAction? { DetailFeature.action(for: command).map(OverlayAction.detail) }
    public var overlay: Overlay { .detail(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .detail(let action) = action else { return nil }
        return DetailFeature.reduce(&self, action, context)
    }

    public func pointed(_ context: FeatureContext) -> Pointed?? { .some(context.anyArtwork(artwork).map(Pointed.artwork)) }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { artwork }
}
