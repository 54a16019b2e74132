import Catalog
import TerminalTypes

/// The settings as a screen on the stack: what the router asks of it (`StackScreen`).
extension SettingsState: StackScreen {
    public static var keyContext: KeyContext { .settings }
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], command: .settings(.move(-1)), context: .settings, description: "previous setting"),
        KeyBinding(keys: [.down, .character("j")], command: .settings(.move(1)), context: .settings, description: "next setting"),
        KeyBinding(keys: [.enter], command: .settings(.edit), context: .settings, description: "edit the value (Enter again saves it)"),
        KeyBinding(keys: [.left, .character("h")], command: .settings(.cycle(-1)), context: .settings, description: "previous choice"),
        KeyBinding(keys: [.right, .character("l")], command: .settings(.cycle(1)), context: .settings, description: "next choice"),
        KeyBinding(keys: [.character("d")], command: .settings(.reset), context: .settings, description: "back to the default"),
        KeyBinding(keys: [.escape, .backspace], command: .settings(.cancel), context: .settings, description: "drop the value typed, or leave"),
    ]
    public static func action(for command: Command) -> SettingsAction? { SettingsFeature.action(for: command) }
    public static var openingKey: OpeningKey? { OpeningKey([.character(",")], "settings", listedAfter: .character("p")) }
    public static func opening(_ context: OpeningContext, open: SettingsState?) -> ScreenOpening<SettingsState> {
        .push(SettingsState(), then: nil)
    }

    public mutating func reduce(_ action: SettingsAction, _ context: FeatureContext) -> Reduced { SettingsFeature.reduce(&self, action, context) }

    public func typing(_ key: Key) -> KeyTaking<SettingsAction> { SettingsFeature.typing(self, key) }
}

extension KeyContext {
    public static let settings = KeyContext(rawValue: "Settings")
}

extension OverlayAction {
    /// An action for the settings screen.
    public static func settings(_ action: SettingsAction) -> OverlayAction { OverlayAction(action) }
}
