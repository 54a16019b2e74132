import Catalog
import Testing
import TestSupport
@testable import App

/// Issue 43 items 2, 3 and 16: a saved setting out of its range (hand-edited into the settings file) is checked
/// where the view reads it, and its default used, instead of ending the view with a signal.
@Test func outOfRangeSettingsTakeTheirDefaultsWhenTheViewStarts() throws {
    var start = StartOptions(artworks: try campusState().main.artworks)
    start.settings = [Setting.nearest: "-3", Setting.slideshowInterval: "nan", Setting.radius: "100000000000000000000",
                      Setting.walkSpeed: "0", Setting.walkStay: "99999999999999999999999"]
    let state = AppState(start: start)
    #expect(state.main.nearestCount == 10, "map.nearest = -3 is 10")
    #expect(state.slideshowInterval == 8, "slideshow.interval = nan is 8")
    let digits = AppState(start: { var s = start; s.settings = [Setting.nearest: String(repeating: "9", count: 29)]; return s }())
    #expect(digits.main.nearestCount == 10, "29 digits is 10")
}

@Test func aWalkOpenedWithAZeroSpeedSettingWalksAtTheDefaultSpeed() throws {
    var state = try campusState()
    state.settings.set(key: Setting.walkSpeed, "0")
    state.settings.set(key: Setting.walkStay, "100000000000000000000")
    press(&state, .character("w"))
    let walk = try #require(state.screen(WalkState.self))
    #expect(walk.speed == WalkState.defaultSpeed && walk.stay == WalkState.defaultStay)
}

@Test func aSlideshowIntervalBelowASecondIsNotUsed() throws {
    var start = StartOptions(artworks: [])
    start.settings = [Setting.slideshowInterval: "0.001"]
    #expect(AppState(start: start).slideshowInterval == 8, "a redraw storm: below 1 s is refused, the default used")
    start.settings = [Setting.slideshowInterval: "0"]
    #expect(AppState(start: start).slideshowInterval == 0, "0 still shows one fixed picture")
}
