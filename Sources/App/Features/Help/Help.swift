/// The keys, generated from the keymap, scrolled by `scroll` lines; those of the view it was opened over first.
public struct HelpState: Hashable, Sendable {
    public var scroll: Int
    /// The keys of the view the help was opened over (`HelpPage` says what each does there).
    public var context: KeyContext

    public init(scroll: Int = 0, context: KeyContext = .table) {
        self.scroll = scroll
        self.context = context
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
