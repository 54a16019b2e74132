import Catalog
import TerminalTypes

/// The settings as a screen on the stack: what the router asks of it (`StackScreen`).
extension SettingsState: StackScreen {
    public static var keyContext: KeyContext { .settings }
    public static func action(for command: Command) -> OverlayAction? { SettingsFeature.action(for: command).map(OverlayAction.settings) }
    public var overlay: Overlay { .settings(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .settings(let action) = action else { return nil }
        return SettingsFeature.reduce(&self, action, context)
    }

    public func typing(_ key: Key) -> OverlayAction?? { SettingsFeature.typing(self, key).map { $0.map(OverlayAction.settings) } }
}
