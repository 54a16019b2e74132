import TerminalTypes
import Catalog

/// The one place that knows every screen on the stack. Each screen answers the router's questions itself
/// (its `StackScreen` conformance, in its feature folder); the router only opens the stack element into its
/// screen, once, and forwards. Adding a screen adds one case to `screen` here (and to `Overlay`).
extension Overlay {
    /// The screen this element holds, to be asked its own questions.
    public var screen: any StackScreen {
        switch self {
        case .building(let state): return state
        case .detail(let state): return state
        case .help(let state): return state
        case .viewer(let state): return state
        case .favourites(let state): return state
        case .slideshow(let state): return state
        case .settings(let state): return state
        case .news(let state): return state
        case .painters(let state): return state
        case .walk(let state): return state
        }
    }

    /// Where keys are pressed while this screen is on top.
    public var keyContext: KeyContext { type(of: screen).keyContext }

    /// The action a key's command asks of this screen, or nil when it is not this screen's.
    public func action(for command: Command) -> OverlayAction? { type(of: screen).action(for: command) }

    /// While the screen takes typed text, what a key means to it (`.some(nil)`: swallowed); nil otherwise.
    public func typing(_ key: Key) -> OverlayAction?? { screen.typing(key) }

    /// Hands an action to this screen's feature; nil when the action is for another screen.
    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        var screen = self.screen
        guard let reduced = screen.reduce(action, context) else { return nil }
        self = screen.overlay
        return reduced
    }

    /// What the user points at on this screen: `.some(nil)` when it points at nothing, nil when the screen
    /// has no say (help, settings, news) and the screen below answers.
    public func pointed(_ context: FeatureContext) -> Pointed?? { screen.pointed(context) }

    /// The artwork whose picture this screen shows in its main place, if any.
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { screen.shownPicture(context) }

    /// Artworks this screen lists from outside the shown collection (a painter's paintings), so their
    /// details and pictures can be shown.
    public var heldArtworks: [Artwork] { screen.heldArtworks }

    /// Whether the screen covers the whole terminal (the viewer, the slideshow); the others are pop-ups.
    public var isFullScreen: Bool { type(of: screen).isFullScreen }

    /// This element's state when it is a screen of the given kind.
    public func state<S: StackScreen>(_ kind: S.Type) -> S? { screen as? S }

    /// The building this screen lists, for quick look-ups of its artworks.
    public var buildingKey: String? { state(BuildingListState.self)?.key }

    /// The viewer's state, when this is the viewer.
    public var viewer: ImageViewerState? { state(ImageViewerState.self) }

    /// Whether this is the help.
    var isHelp: Bool { state(HelpState.self) != nil }

    /// Whether this is the slideshow.
    public var isSlideshow: Bool { state(SlideshowState.self) != nil }

    /// The painters screen's state, when this is it.
    var painters: PaintersState? { state(PaintersState.self) }
}

extension AppState {
    /// What the user points at, asked from the top of the stack down to the main screen: the one answer
    /// `f`, `o` and `g` share.
    public var pointed: Pointed? {
        for screen in overlays.reversed() {
            if let answer = screen.pointed(self) { return answer }
        }
        return mainPointed
    }
}
