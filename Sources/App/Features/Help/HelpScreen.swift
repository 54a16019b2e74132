import Catalog

/// The help (it scrolls with the detail's keys) as a screen on the stack: what the router asks of it (`StackScreen`).
extension HelpState: StackScreen {
    public static var keyContext: KeyContext { .detail }
    public static func action(for command: Command) -> OverlayAction? { HelpFeature.action(for: command).map(OverlayAction.help) }
    public var overlay: Overlay { .help(self) }

    public mutating func reduce(_ action: OverlayAction, _ context: FeatureContext) -> Reduced? {
        guard case .help(let action) = action else { return nil }
        return HelpFeature.reduce(&self, action, context)
    }
}
