import TerminalTypes
import Catalog

/// What the router asks of a screen on the stack, answered by the screen itself: each feature folder holds
/// its state's conformance (`Features/Painters/PaintersScreen.swift`), so the router dispatches once through
/// this protocol instead of switching per screen. The defaults are those of a screen that points at nothing,
/// shows no picture, holds no artworks, takes no typed text and is a pop-up.
public protocol StackScreen: Hashable, Sendable {
    /// Where keys are pressed while this screen is on top.
    static var keyContext: KeyContext { get }
    /// The keys of that context, in the order the help and the man page list them.
    static var bindings: [KeyBinding] { get }
    /// Whether the screen covers the whole terminal; the others are pop-ups.
    static var isFullScreen: Bool { get }
    /// The action a key's command asks of this screen, or nil when it is not this screen's.
    static func action(for command: Command) -> OverlayAction?
    /// This screen as an element of the stack.
    var overlay: Overlay { get }
    /// Hands an action to the screen's feature; nil when the action is for another screen.
    mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced?
    /// While the screen takes typed text, what a key means to it (`.some(nil)`: swallowed); nil otherwise.
    func typing(_ key: Key) -> OverlayAction??
    /// What the user points at: `.some(nil)` when nothing, nil when the screen has no say (the one below answers).
    func pointed(_ context: FeatureContext) -> Pointed??
    /// The artwork whose picture this screen shows in its main place, if any.
    func shownPicture(_ context: FeatureContext) -> ArtworkKey?
    /// Artworks this screen lists from outside the shown collection, so their details and pictures can be shown.
    var heldArtworks: [Artwork] { get }
}

extension StackScreen {
    public static var isFullScreen: Bool { false }
    public static var bindings: [KeyBinding] { [] }
    public func typing(_ key: Key) -> OverlayAction?? { nil }
    public func pointed(_ context: FeatureContext) -> Pointed?? { nil }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { nil }
    public var heldArtworks: [Artwork] { [] }
}
