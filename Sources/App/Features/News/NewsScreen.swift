import Catalog
import TerminalTypes

/// The news as a screen on the stack: what the router asks of it (`StackScreen`).
extension NewsState: StackScreen {
    public static var keyContext: KeyContext { .news }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .newsScroll(-1), context: .news, description: "scroll up"),
        KeyBinding(keys: [.down, .character("j")], command: .newsScroll(1), context: .news, description: "scroll down"),
    ]
    public static func action(for command: Command) -> NewsAction? { NewsFeature.action(for: command) }
    public static var openingKey: OpeningKey? { OpeningKey([.character("N")], "news, and what syncs changed", listedAfter: .character(",")) }
    /// Opening it clears the badge: its first action tells the root, which keeps the news (`Delegate.newsRead`).
    public static func opening(_ context: OpeningContext, open: NewsState?) -> ScreenOpening<NewsState> {
        .push(NewsState(), then: .opened)
    }

    public mutating func reduce(_ action: NewsAction, _ context: FeatureContext) -> Reduced { NewsFeature.reduce(&self, action, context) }
}

extension KeyContext {
    public static let news = KeyContext(rawValue: "News")
}

extension OverlayAction {
    /// An action for the news screen.
    public static func news(_ action: NewsAction) -> OverlayAction { OverlayAction(action) }
}
