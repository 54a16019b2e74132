import TerminalTypes
import Catalog
import Geo

/// What the router asks of a screen on the stack, answered by the screen itself: each feature folder holds
/// its state's conformance (`Features/Painters/PaintersScreen.swift`), so the router dispatches once through
/// this protocol and never names a screen. The defaults are those of a screen that points at nothing, shows
/// no picture, holds no artworks, takes no typed text and is a pop-up.
public protocol StackScreen: Hashable, Sendable {
    /// The feature's own action (`PaintersAction`), carried through the root inside an `OverlayAction`.
    associatedtype ScreenAction: Hashable, Sendable
    /// Where keys are pressed while this screen is on top.
    static var keyContext: KeyContext { get }
    /// The keys of that context, in the order the help and the man page list them.
    static var bindings: [KeyBinding] { get }
    /// Where the screen is drawn: a pop-up (the default), the whole terminal, or the table's place beside the map.
    static var placement: ScreenPlacement { get }
    /// The action a key's command asks of this screen, or nil when it is not this screen's.
    static func action(for command: Command) -> ScreenAction?
    /// Hands one of its actions to the screen's feature.
    mutating func reduce(_ action: ScreenAction, _ context: FeatureContext) -> Reduced
    /// Whether the screen takes typed text now, and what a key means to it.
    func typing(_ key: Key) -> KeyTaking<ScreenAction>
    /// What the user points at on this screen, or that the screen below answers.
    func pointed(_ context: FeatureContext) -> ScreenPointing
    /// The artwork whose picture this screen shows in its main place, if any.
    func shownPicture(_ context: FeatureContext) -> ArtworkKey?
    /// Artworks this screen lists from outside the shown collection, so their details and pictures can be shown.
    var heldArtworks: [Artwork] { get }
    /// What a live location fix means to this screen wherever it is on the stack (the walk ticks its stops); nil
    /// when the screen does not follow the walker.
    func followed(to coordinate: Coordinate) -> ScreenAction?
}

extension StackScreen {
    public static var placement: ScreenPlacement { .popUp }
    public static var bindings: [KeyBinding] { [] }
    public func typing(_ key: Key) -> KeyTaking<ScreenAction> { .notTyping }
    public func pointed(_ context: FeatureContext) -> ScreenPointing { .screenBelow }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { nil }
    public var heldArtworks: [Artwork] { [] }
    public func followed(to coordinate: Coordinate) -> ScreenAction? { nil }
}

/// Where a screen on the stack is drawn.
public enum ScreenPlacement: Hashable, Sendable {
    /// Over the middle of the main screen, which it clears behind it.
    case popUp
    /// Over the whole terminal (the viewer, the slideshow).
    case fullScreen
    /// In the table's place, the map beside it kept and drawn with the screen's own marks (the art walk).
    case tablePane
}

/// What a key means to a screen that may be taking typed text.
public enum KeyTaking<Action: Hashable & Sendable>: Hashable, Sendable {
    /// The screen takes no typed text now: the key goes through the keymap.
    case notTyping
    /// The screen takes the key as this action.
    case action(Action)
    /// The screen takes the key and does nothing with it (a function key in a text field).
    case swallowed

    /// The same answer with the action turned into another.
    public func map<Other>(_ transform: (Action) -> Other) -> KeyTaking<Other> {
        switch self {
        case .notTyping: return .notTyping
        case .action(let action): return .action(transform(action))
        case .swallowed: return .swallowed
        }
    }
}

/// A screen's answer to "what does the user point at?" (the one answer `f`, `o` and `g` share).
public enum ScreenPointing: Sendable {
    /// The screen has no say (help, settings, news): the screen below answers.
    case screenBelow
    /// The screen points at this artwork or building.
    case points(Pointed)
    /// The screen answers, and points at nothing.
    case nothing

    /// Points at `pointed`, or at nothing when it is nil.
    public static func at(_ pointed: Pointed?) -> ScreenPointing { pointed.map(ScreenPointing.points) ?? .nothing }
}

/// A screen's place on the stack, fixed when it is pushed: answers that arrive later (a painter fetched, a
/// slideshow's timer) name the screen that asked, whatever has been pushed or closed since.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
    public let number: Int
    public init(_ number: Int) { self.number = number }
    public var description: String { "screen \(number)" }
}
