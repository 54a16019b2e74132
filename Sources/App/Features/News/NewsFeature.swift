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

/// `N`: the news message with the date it was fetched, and what syncs added or changed since the user
/// last looked. Opening it clears the badge.
func reduceNews(_ state: inout AppState, open: Bool, scroll delta: Int = 0) -> [Effect] {
    if open {
        state.overlays.append(.news(scroll: 0))
        state.newsUnread = false
        return [.saveSetting(key: AppState.newsLookedSetting, value: ISO8601DateFormatter().string(from: state.now))]
    }
    guard case .news(let scroll)? = state.overlays.last else { return [] }
    state.overlays[state.overlays.count - 1] = .news(scroll: max(0, scroll + delta))
    return []
}

extension AppState {
    /// Where the time the user last opened the news is kept.
    public static let newsLookedSetting = "news.last_looked"
}
