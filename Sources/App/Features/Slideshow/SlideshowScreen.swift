import Catalog
import TerminalTypes

/// The slideshow as a screen on the stack: what the router asks of it (`StackScreen`).
extension SlideshowState: StackScreen {
    public static var keyContext: KeyContext { .slideshow }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.character(" ")], command: .slideshow(.togglePause), context: .slideshow, description: "pause or play"),
        KeyBinding(keys: [.left, .character("h")], command: .slideshow(.step(-1)), context: .slideshow, description: "previous picture"),
        KeyBinding(keys: [.right, .character("l")], command: .slideshow(.step(1)), context: .slideshow, description: "next picture"),
    ]
    public static func action(for command: Command) -> SlideshowAction? { SlideshowFeature.action(for: command) }

    public mutating func reduce(_ action: SlideshowAction, _ context: FeatureContext) -> Reduced { SlideshowFeature.reduce(&self, action, context) }

    public static var placement: ScreenPlacement { .fullScreen }
    public func pointed(_ context: FeatureContext) -> ScreenPointing { .at(currentID.flatMap(context.anyArtwork).map(Pointed.artwork)) }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { currentID }
    public var heldArtworks: [Artwork] { artworks }
}

extension KeyContext {
    public static let slideshow = KeyContext(rawValue: "Slideshow")
}

extension OverlayAction {
    /// An action for the slideshow screen.
    public static func slideshow(_ action: SlideshowAction) -> OverlayAction { OverlayAction(action) }
}
