import Catalog
import TerminalTypes

/// The full-screen image viewer as a screen on the stack: what the router asks of it (`StackScreen`).
extension ImageViewerState: StackScreen {
    public static var keyContext: KeyContext { .viewer }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.character("+"), .character("=")], command: .viewer(.zoomIn), context: .viewer, description: "zoom in (2×, 4× …)"),
        KeyBinding(keys: [.character("-")], command: .viewer(.zoomOut), context: .viewer, description: "zoom out"),
        KeyBinding(keys: [.character("0")], command: .viewer(.fit), context: .viewer, description: "fit the whole image"),
        KeyBinding(keys: [.up, .character("k")], command: .viewer(.pan(dx: 0, dy: -1)), context: .viewer, description: "pan up"),
        KeyBinding(keys: [.down, .character("j")], command: .viewer(.pan(dx: 0, dy: 1)), context: .viewer, description: "pan down"),
        KeyBinding(keys: [.left, .character("h")], command: .viewer(.pan(dx: -1, dy: 0)), context: .viewer, description: "pan left"),
        KeyBinding(keys: [.right, .character("l")], command: .viewer(.pan(dx: 1, dy: 0)), context: .viewer, description: "pan right"),
    ]
    public static func action(for command: Command) -> ImageViewerAction? { ImageViewerFeature.action(for: command) }

    public mutating func reduce(_ action: ImageViewerAction, _ context: FeatureContext) -> Reduced { ImageViewerFeature.reduce(&self, action, context) }

    public static var placement: ScreenPlacement { .fullScreen }
    public func pointed(_ context: FeatureContext) -> ScreenPointing { .at(context.anyArtwork(artwork).map(Pointed.artwork)) }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { artwork }
    public func pictureReady(_ key: ArtworkKey) -> ImageViewerAction? { key == artwork ? .pictureReady : nil }
}

extension Delegate {
    /// Push the full-screen viewer over the detail, its picture asked for whole.
    public static func openViewer(_ key: ArtworkKey) -> Delegate { .push(ScreenPush(ImageViewerState(artwork: key), then: .opened)) }
}

extension KeyContext {
    public static let viewer = KeyContext(rawValue: "Image viewer")
}

extension OverlayAction {
    /// An action for the viewer screen.
    public static func viewer(_ action: ImageViewerAction) -> OverlayAction { OverlayAction(action) }
}
