import TerminalTypes
import Catalog
import Geo

/// The one place that opens a stack element into its screen. Each screen answers the router's questions
/// itself (its `StackScreen` conformance, in its feature folder); the router only forwards, through the
/// protocol, so adding a screen adds nothing here.
extension Overlay {
    /// Where keys are pressed while this screen is on top.
    public var keyContext: KeyContext { type(of: screen).keyContext }

    /// The action a key's command asks of this screen, or nil when it is not this screen's.
    public func action(for command: Command) -> OverlayAction? {
        type(of: screen).action(for: command).map { OverlayAction($0) }
    }

    /// Whether the screen takes typed text now, and what a key means to it.
    public func typing(_ key: Key) -> KeyTaking<OverlayAction> {
        func ask<S: StackScreen>(_ screen: S) -> KeyTaking<OverlayAction> { screen.typing(key).map { OverlayAction($0) } }
        return ask(screen)
    }

    /// Hands an action to this screen's feature; nil when the action is for another kind of screen.
    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        func apply<S: StackScreen>(_ screen: S) -> (screen: any StackScreen, reduced: Reduced)? {
            guard let own = action.as(S.ScreenAction.self) else { return nil }
            var changed = screen
            let reduced = changed.reduce(own, context)
            return (changed, reduced)
        }
        guard let result = apply(screen) else { return nil }
        screen = result.screen
        return result.reduced
    }

    /// What the user points at on this screen, or that the screen below answers.
    public func pointed(_ context: FeatureContext) -> ScreenPointing { screen.pointed(context) }

    /// The artwork whose picture this screen shows in its main place, if any.
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { screen.shownPicture(context) }

    /// Artworks this screen lists from outside the shown collection (a painter's paintings), so their
    /// details and pictures can be shown.
    public var heldArtworks: [Artwork] { screen.heldArtworks }

    /// Where the screen is drawn: a pop-up, the whole terminal (the viewer, the slideshow), or the table's place.
    public var placement: ScreenPlacement { type(of: screen).placement }

    /// What a live location fix means to this screen, if it follows the walker.
    public func followed(to coordinate: Coordinate) -> OverlayAction? {
        screen.followed(to: coordinate).map { OverlayAction($0) }
    }

    /// Whether the pictures this screen shows are decoded at the screen's size (the slideshow).
    public var showsPicturesAtScreenSize: Bool { type(of: screen).showsPicturesAtScreenSize }

    /// The key of the building whose artworks this screen lists, if it lists one.
    public var listedBuilding: String? { screen.listedBuilding }

    /// What a picture just decoded means to this screen, if anything.
    public func pictureReady(_ key: ArtworkKey) -> OverlayAction? {
        screen.pictureReady(key).map { OverlayAction($0) }
    }

    /// This element's state when it is a screen of the given kind.
    public func state<S: StackScreen>(_ kind: S.Type) -> S? { screen as? S }

    /// Whether this element is a screen of the given kind.
    public func `is`<S: StackScreen>(_ kind: S.Type) -> Bool { screen is S }
}

extension AppState {
    /// What the user points at, asked from the top of the stack down to the main screen: the one answer
    /// `f`, `o` and `g` share.
    public var pointed: Pointed? {
        for screen in overlays.reversed() {
            switch screen.pointed(self) {
            case .screenBelow: continue
            case .points(let pointed): return pointed
            case .nothing: return nil
            }
        }
        return mainPointed
    }

    /// The screen on top of the stack, when it is of the given kind.
    public func top<S: StackScreen>(_ kind: S.Type) -> S? {
        overlays.last?.state(kind)
    }

    /// A live location fix, told to every screen on the stack that follows the walker, bottom first.
    mutating func tellFollowers(_ coordinate: Coordinate) -> [Effect] {
        let followers = overlays.compactMap { element in element.followed(to: coordinate).map { (id: element.id, action: $0) } }
        return followers.flatMap { route($0.action, to: $0.id) }
    }

    /// The index of the screen pushed with `id`, if it is still on the stack.
    func stackIndex(of id: ScreenID) -> Int? { overlays.lastIndex { $0.id == id } }

    /// Pushes a screen with the next id, and returns the id.
    @discardableResult
    mutating func push(_ screen: any StackScreen) -> ScreenID {
        let id = ScreenID(nextScreenNumber)
        nextScreenNumber += 1
        overlays.append(Overlay(screen, id: id))
        return id
    }

    /// Replaces the whole stack with these screens, bottom first, each with a new id (tests, and a collection
    /// read again).
    mutating func replaceStack(_ screens: [any StackScreen]) {
        overlays.removeAll()
        for screen in screens { push(screen) }
    }
}
