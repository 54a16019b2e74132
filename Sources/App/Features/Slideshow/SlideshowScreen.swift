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
    public static var openingKey: OpeningKey? {
        OpeningKey([.character("S")], "slideshow of your favourites' pictures", listedAfter: .character("F"))
    }
    /// The show the context can start, or one that asks the store first (it closes, saying why, if the store has
    /// nothing to show either).
    public static func opening(_ context: OpeningContext, open: SlideshowState?) -> ScreenOpening<SlideshowState> {
        switch SlideshowFeature.start(context) {
        case .show(let show): return .push(show, then: .begin)
        case .askTheStore: return .push(SlideshowState(ids: [], interval: context.slideshowInterval, origin: SlideshowFeature.looking), then: .begin)
        case .nothing(let why): return .refused(why)
        }
    }
    public static func opensAtStart(_ plan: StartPlan) -> Bool { plan.slideshow }
    public static var showsPicturesAtScreenSize: Bool { true }

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
