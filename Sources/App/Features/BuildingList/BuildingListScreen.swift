import Catalog
import TerminalTypes

/// The artworks of a building as a screen on the stack: what the router asks of it (`StackScreen`).
extension BuildingListState: StackScreen {
    public static var keyContext: KeyContext { .list }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .rowUp, context: .list, description: "previous artwork"),
        KeyBinding(keys: [.down, .character("j")], command: .rowDown, context: .list, description: "next artwork"),
        KeyBinding(keys: [.home], command: .top, context: .list, description: "first artwork"),
        KeyBinding(keys: [.end], command: .bottom, context: .list, description: "last artwork"),
        KeyBinding(keys: [.enter], command: .open, context: .list, description: "open the artwork's detail"),
        KeyBinding(keys: [.character("g")], command: .route(.toSelection), context: .list, description: "walking directions to the artwork"),
    ]
    public static func action(for command: Command) -> BuildingListAction? { BuildingListFeature.action(for: command) }

    public mutating func reduce(_ action: BuildingListAction, _ context: FeatureContext) -> Reduced { BuildingListFeature.reduce(&self, action, context) }

    public func pointed(_ context: FeatureContext) -> ScreenPointing { .at(selectedArtwork(context).map(Pointed.artwork)) }
    public func shownPicture(_ context: FeatureContext) -> ArtworkKey? { selectedArtwork(context)?.key }
    public var listedBuilding: String? { key }
}

extension Delegate {
    /// Push the list of a building's artworks (by the building's key), its first artwork's picture asked for.
    public static func openBuilding(_ key: String) -> Delegate { .push(ScreenPush(BuildingListState(key: key), then: .opened)) }
}

extension KeyContext {
    public static let list = KeyContext(rawValue: "Artworks of a building")
}

extension OverlayAction {
    /// An action for the building screen.
    public static func building(_ action: BuildingListAction) -> OverlayAction { OverlayAction(action) }
}
