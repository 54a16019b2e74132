import Catalog
import Geo
import TerminalTypes

/// The walk as a screen on the stack: the itinerary in the table's place and the walk on the map (`WalkView`).
extension WalkState: StackScreen {
    public static var keyContext: KeyContext { .walk }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .walk(.move(-1)), context: .walk, description: "previous stop"),
        KeyBinding(keys: [.down, .character("j")], command: .walk(.move(1)), context: .walk, description: "next stop"),
        KeyBinding(keys: [.enter], command: .walk(.openSelected), context: .walk, description: "open the stop's detail"),
        KeyBinding(keys: [.character(">")], command: .walk(.more), context: .walk, description: "one stop more (or 15 min more)"),
        KeyBinding(keys: [.character("<")], command: .walk(.fewer), context: .walk, description: "one stop fewer (or 15 min less)"),
        KeyBinding(keys: [.character("t")], command: .walk(.nextPick), context: .walk, description: "walk through: the nearest, favourites, the building, what fits in M minutes"),
        KeyBinding(keys: [.character("u")], command: .walk(.toggleUnseen), context: .walk, description: "plan through artworks not seen yet only, or through all again"),
        KeyBinding(keys: [.character("x")], command: .walk(.skip), context: .walk, description: "skip the next stop and plan the rest again from here"),
        KeyBinding(keys: [.character("w")], command: .openScreen(ScreenKind(WalkState.self)), context: .walk, description: "plan the walk again from here"),
        KeyBinding(keys: [.character("W")], command: .walk(.startNaming(resume: false)), context: .walk, description: "save the walk under a name (artmap walk --resume NAME)"),
        KeyBinding(keys: [.character("R")], command: .walk(.startNaming(resume: true)), context: .walk, description: "resume a walk saved under a name, from here"),
    ]
    public static var openingKey: OpeningKey? {
        OpeningKey([.character("w")], "plan an art walk from here through the 8 nearest artworks")
    }
    public static func opening(_ context: OpeningContext, open: WalkState?) -> ScreenOpening<WalkState> {
        .push(WalkFeature.opened(context, open: open), then: .plan)
    }
    public static var placement: ScreenPlacement { .tablePane }

    public mutating func reduce(_ action: WalkAction, _ context: FeatureContext) -> Reduced { WalkFeature.reduce(&self, action, context) }

    public func typing(_ key: Key) -> KeyTaking<WalkAction> { WalkFeature.typing(self, key) }

    public func pointed(_ context: FeatureContext) -> ScreenPointing {
        guard let stops = itinerary?.stops, stops.indices.contains(selected) else { return .nothing }
        return .points(.artwork(stops[selected].artwork))
    }

    public var heldArtworks: [Artwork] { itinerary?.stops.map(\.artwork) ?? [] }
    public func followed(to coordinate: Coordinate) -> WalkAction? { .moved(coordinate) }
}

extension KeyContext {
    public static let walk = KeyContext(rawValue: "Art walk (in the table pane)")
}

extension OverlayAction {
    /// An action for the walk screen.
    public static func walk(_ action: WalkAction) -> OverlayAction { OverlayAction(action) }
}

extension Command {
    /// One of the walk screen's own keys.
    public static func walk(_ action: WalkAction) -> Command { .screen(.walk(action)) }
}
