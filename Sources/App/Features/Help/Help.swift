/// The keys, generated from the keymap, scrolled by `scroll` lines.
public struct HelpState: Hashable, Sendable {
    public var scroll: Int

    public init(scroll: Int = 0) {
        self.scroll = scroll
    }
}

/// What the help's keys ask for.
public enum HelpAction: Hashable, Sendable {
    case scroll(ListStep)
}

/// `?`: the keys of every screen, scrolled.
public enum HelpFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> HelpAction? {
        ListStep(command).map(HelpAction.scroll)
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout HelpState, _ action: HelpAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .scroll(let step):
            state.scroll = step.scrolled(state.scroll, page: max(1, context.size.rows - 8))
            return .none
        }
    }
}
