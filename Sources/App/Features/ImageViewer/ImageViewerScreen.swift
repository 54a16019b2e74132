import Catalog

/// The full-screen image viewer as a screen on the stack: what the router asks of it (`StackScreen`).
extension ImageViewerState: StackScreen {
    public static var keyContext: KeyContext { .viewer }
    public static func action(for command: Command) -> OverlayAction? { ImageViewerFeature.action(for: command).map(OverlayAction.viewer) }
    public var overlay: Overlay { .viewer(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .viewer(let action) = action else { return nil }
        return ImageViewerFeature.reduce(&self, action, context)
    }

    public static var isFullScreen: Bool { true }
    public func pointed(_ context: FeatureContext) -> Pointed?? { .some(context.anyArtwork(artwork).map(Pointed.artwork)) }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { artwork }
}
