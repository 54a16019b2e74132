import Catalog
import Foundation

/// The last news message: the text (cleaned) and when it was fetched.
public struct NewsItem: Hashable, Sendable {
    public var text: String
    public var fetchedAt: Date

    public init(text: String, fetchedAt: Date) {
        self.text = text
        self.fetchedAt = fetchedAt
    }
}

/// The news screen, scrolled by `scroll` lines.
public struct NewsState: Hashable, Sendable {
    public var scroll: Int

    public init(scroll: Int = 0) {
        self.scroll = scroll
    }
}

/// What the news screen's keys ask for.
public enum NewsAction: Hashable, Sendable {
    case scroll(Int)
    /// Just opened: the news counts as read.
    case opened
}

/// `N`: the news message with the date it was fetched, and what syncs added or changed since the user
/// last looked. Opening it clears the badge (the root does that, as it keeps the news: `Delegate.newsRead`).
public enum NewsFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> NewsAction? {
        if case .newsScroll(let delta) = command { return .scroll(delta) }
        return nil
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout NewsState, _ action: NewsAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .scroll(let delta):
            state.scroll = max(0, state.scroll + delta)
            return .none
        case .opened:
            return Reduced(delegates: [.newsRead])
        }
    }
}
