import Testing
import TestSupport
@testable import App

@Test func theNewsScrollsButNeverAboveTheTop() throws {
    let state = try campusState()
    var news = NewsState()
    NewsFeature.reduce(&news, .scroll(1), state)
    NewsFeature.reduce(&news, .scroll(1), state)
    #expect(news.scroll == 2)
    NewsFeature.reduce(&news, .scroll(-5), state)
    #expect(news.scroll == 0)
    #expect(NewsFeature.action(for: .newsScroll(-1)) == .scroll(-1))
}

/// Issue 23, item 14: the same message fetched again after it was read does not raise the badge; a new one does.
@Test func theSameNewsFetchedAgainIsNotNews() throws {
    var state = try campusState()
    _ = reduce(&state, .newsLoaded(NewsItem(text: "Late opening", fetchedAt: campusStateNow)))
    #expect(state.newsUnread)
    let effects = state.perform(.opening(NewsState.self), context: .map)
    #expect(effects.contains(.saveSetting(key: AppState.newsReadSetting, value: AppState.newsFingerprint("Late opening"))))
    #expect(!state.newsUnread)
    _ = reduce(&state, .newsLoaded(NewsItem(text: "Late opening", fetchedAt: campusStateNow.addingTimeInterval(60))))
    #expect(!state.newsUnread, "the same message again")
    _ = reduce(&state, .newsLoaded(NewsItem(text: "Closed on Monday", fetchedAt: campusStateNow.addingTimeInterval(120))))
    #expect(state.newsUnread, "a new message")
}
