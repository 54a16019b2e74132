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
