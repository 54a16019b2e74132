import Catalog
import TerminalTypes

/// The news as a screen on the stack: what the router asks of it (`StackScreen`).
extension NewsState: StackScreen {
    public static var keyContext: KeyContext { .news }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .newsScroll(-1), context: .news, description: "scroll up"),
        KeyBinding(keys: [.down, .character("j")], command: .newsScroll(1), context: .news, description: "scroll down"),
    ]
    public static func action(for command: Command) -> OverlayAction? { NewsFeature.action(for: command).map(OverlayAction.news) }
    public var overlay: Overlay { .news(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .news(let action) = action else { return nil }
        return NewsFeature.reduce(&self, action, context)
    }
}

extension KeyContext {
    public static let news = KeyContext(rawValue: "News")
}
