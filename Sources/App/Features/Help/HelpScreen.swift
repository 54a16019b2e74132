import Catalog

/// The help (it scrolls with the detail's keys) as a screen on the stack: what the router asks of it (`StackScreen`).
extension HelpState: StackScreen {
    public static var keyContext: KeyContext { .detail }
    public static func action(for command: Command) -> HelpAction? { HelpFeature.action(for: command) }
    public static var openingKey: OpeningKey? { OpeningKey([.character("?")], "this help", listedAfter: .escape) }
    /// `?` toggles the help: pressed again, it closes (with anything opened over it).
    public static func opening(_ context: OpeningContext, open: HelpState?) -> ScreenOpening<HelpState> {
        open == nil ? .push(HelpState(context: context.keyContextShown), then: nil) : .close
    }

    public mutating func reduce(_ action: HelpAction, _ context: FeatureContext) -> Reduced { HelpFeature.reduce(&self, action, context) }
}

extension OverlayAction {
    /// An action for the help screen.
    public static func help(_ action: HelpAction) -> OverlayAction { OverlayAction(action) }
}
