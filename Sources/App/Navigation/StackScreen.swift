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
    /// The global key that opens this screen from anywhere, with its help line; nil for a screen another opens.
    static var openingKey: OpeningKey? { get }
    /// The screen to push when its key is pressed, planned from what the app shows (`open`: the one already on
    /// the stack, which closes with what is above it), or why it cannot open.
    static func opening(_ context: OpeningContext, open: Self?) -> ScreenOpening<Self>
    /// Whether the view opens this screen as it starts (`artmap slideshow`), as its key would.
    static func opensAtStart(_ plan: StartPlan) -> Bool
    /// Whether the pictures this screen shows fill the terminal and no more, so they are decoded at the screen's
    /// size rather than whole (the slideshow; the viewer zooms, and wants them whole).
    static var showsPicturesAtScreenSize: Bool { get }
    /// The key of the building whose artworks this screen lists, looked in first for an artwork by id.
    var listedBuilding: String? { get }
    /// What a picture just decoded means to this screen on top (the viewer renders the tiles around its view
    /// ahead); nil when nothing.
    func pictureReady(_ key: ArtworkKey) -> ScreenAction?
}

extension StackScreen {
    public static var placement: ScreenPlacement { .popUp }
    public static var bindings: [KeyBinding] { [] }
    public func typing(_ key: Key) -> KeyTaking<ScreenAction> { .notTyping }
    public func pointed(_ context: FeatureContext) -> ScreenPointing { .screenBelow }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { nil }
    public var heldArtworks: [Artwork] { [] }
    public func followed(to coordinate: Coordinate) -> ScreenAction? { nil }
    public static var openingKey: OpeningKey? { nil }
    public static func opening(_ context: OpeningContext, open: Self?) -> ScreenOpening<Self> {
        .refused("this screen opens from another")
    }
    public static func opensAtStart(_ plan: StartPlan) -> Bool { false }
    public static var showsPicturesAtScreenSize: Bool { false }
    public var listedBuilding: String? { nil }
    public func pictureReady(_ key: ArtworkKey) -> ScreenAction? { nil }

    /// The screen's own actions: those its bindings carry (`Command.screen`), of its own action type.
    public static func action(for command: Command) -> ScreenAction? {
        if case .screen(let action) = command { return action.as(ScreenAction.self) }
        return nil
    }

    /// The key that opens the screen as a binding among the global ones (none when no key opens it).
    static var openingBindings: [KeyBinding] {
        openingKey.map { [KeyBinding(keys: $0.keys, command: .openScreen(ScreenKind(Self.self)), context: .global, description: $0.description)] } ?? []
    }
}

/// The global key that opens a screen, the help line that says what it does, and where the help lists it.
public struct OpeningKey: Sendable {
    public let keys: [Key]
    public let description: String
    /// The global key the help and the man page list it after (nil: after the other global keys).
    public let listedAfter: Key?

    public init(_ keys: [Key], _ description: String, listedAfter: Key? = nil) {
        self.keys = keys
        self.description = description
        self.listedAfter = listedAfter
    }
}

extension Command {
    /// The command of the key that opens a screen of this kind (`Command.opening(S.self)`, for tests).
    public static func opening(_ type: any StackScreen.Type) -> Command { .openScreen(ScreenKind(type)) }
}

/// Which kind of screen a command opens, named by its state's type (so `Command` stays `Hashable`).
public struct ScreenKind: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ type: any StackScreen.Type) { name = String(reflecting: type) }
    public var description: String { name }
}

/// What opening a screen comes to: the screen pushed and its first action (the walk plans), the open one
/// closed (a key that toggles its screen, as `?` does), or why not.
public enum ScreenOpening<Screen: StackScreen> {
    case push(Screen, then: Screen.ScreenAction?)
    case close
    case refused(String)
}

/// A screen a feature asks the root to push, with its first action (`Delegate.push`): each screen's folder
/// offers a constructor (`Delegate.openDetail(key)`), so the root pushes screen values and names none.
public struct ScreenPush: Hashable, Sendable {
    /// The screen's state as it opens.
    public let screen: any StackScreen
    /// What the screen does first, once on the stack (ask for its picture, its full record); nil: nothing.
    public let first: OverlayAction?

    public init<S: StackScreen>(_ screen: S, then first: S.ScreenAction? = nil) {
        self.screen = screen
        self.first = first.map { OverlayAction($0) }
    }

    public static func == (lhs: ScreenPush, rhs: ScreenPush) -> Bool {
        AnyHashable(lhs.screen) == AnyHashable(rhs.screen) && lhs.first == rhs.first
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(screen))
        hasher.combine(first)
    }
}

/// What a screen may read as it opens: the feature context, plus where distances are measured from, the
/// nearest buildings and what the user points at.
public protocol OpeningContext: FeatureContext {
    /// Where distances are measured from.
    var reference: Coordinate { get }
    /// What the user points at, from the top of the stack down.
    var pointed: Pointed? { get }
    /// The buildings nearest the reference point, nearest first.
    func nearestBuildings(_ count: Int) -> [RankedBuilding]
    /// The building holding an artwork of the collection shown.
    func building(holding key: ArtworkKey) -> RankedBuilding?
    /// The key context of what is shown on top (the help speaks of its keys).
    var keyContextShown: KeyContext { get }
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
