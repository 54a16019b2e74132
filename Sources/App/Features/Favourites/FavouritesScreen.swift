import Catalog
import TerminalTypes

/// The favourites as a screen on the stack: what the router asks of it (`StackScreen`).
extension FavouritesState: StackScreen {
    public static var keyContext: KeyContext { .favourites }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .favourites(.move(-1)), context: .favourites, description: "previous favourite"),
        KeyBinding(keys: [.down, .character("j")], command: .favourites(.move(1)), context: .favourites, description: "next favourite"),
        KeyBinding(keys: [.enter], command: .favourites(.openSelected), context: .favourites, description: "open its detail"),
    ]
    public static func action(for command: Command) -> FavouritesAction? { FavouritesFeature.action(for: command) }
    public static var openingKey: OpeningKey? { OpeningKey([.character("F")], "your favourites", listedAfter: .character("f")) }
    public static func opening(_ context: OpeningContext, open: FavouritesState?) -> ScreenOpening<FavouritesState> {
        context.favourites.isEmpty ? .refused("no favourites yet: f on an artwork hearts it") : .push(FavouritesState(), then: .opened)
    }

    public mutating func reduce(_ action: FavouritesAction, _ context: FeatureContext) -> Reduced { FavouritesFeature.reduce(&self, action, context) }

    public func pointed(_ context: FeatureContext) -> ScreenPointing { .at(selectedArtwork(context).map(Pointed.artwork)) }
}

extension KeyContext {
    public static let favourites = KeyContext(rawValue: "Favourites")
}

extension OverlayAction {
    /// An action for the favourites screen.
    public static func favourites(_ action: FavouritesAction) -> OverlayAction { OverlayAction(action) }
}
