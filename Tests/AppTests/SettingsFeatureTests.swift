import Catalog
import Testing
import TestSupport
@testable import App

@Test func settingsAreEditedInPlaceCheckedAndSavedThroughTheRunLoop() throws {
    var state = try campusState()
    var screen = SettingsState()
    // The first setting is the slideshow interval: type 90, refused with the reason; then 3, saved.
    #expect(Setting.all[0].key == Setting.slideshowInterval)
    SettingsFeature.reduce(&screen, .edit, state)
    #expect(screen.editing == state.settings.value(Setting.all[0]))
    for action in [SettingsAction.erase, .type("9"), .type("0")] { SettingsFeature.reduce(&screen, action, state) }
    #expect(SettingsFeature.reduce(&screen, .edit, state) == .none)
    #expect(screen.problem == "Slideshow interval: 90 is outside 0…60 seconds; not saved")
    for action in [SettingsAction.erase, .erase, .type("3")] { SettingsFeature.reduce(&screen, action, state) }
    #expect(SettingsFeature.reduce(&screen, .edit, state).effects == [.saveSetting(key: Setting.slideshowInterval, value: "3")])
    #expect(screen.editing == nil && screen.problem == nil)
    // The root takes in what the run loop saved.
    _ = reduce(&state, .settingSaved(key: Setting.slideshowInterval, value: "3"))
    #expect(state.slideshowInterval == 3)
    #expect(state.lastMessage == "slideshow.interval = 3")
    // A choice cycles and is saved at once; reset goes back to the default.
    SettingsFeature.reduce(&screen, .move(try #require(Setting.all.firstIndex { $0.key == Setting.units })), state)
    #expect(Setting.all[screen.selected].key == Setting.units)
    #expect(SettingsFeature.reduce(&screen, .cycle(1), state).effects == [.saveSetting(key: Setting.units, value: "imperial")])
    #expect(SettingsFeature.reduce(&screen, .reset, state).effects == [.saveSetting(key: Setting.units, value: nil)])
    // Cancel drops what is typed, then asks to close.
    SettingsFeature.reduce(&screen, .move(-4), state)
    SettingsFeature.reduce(&screen, .edit, state)
    #expect(SettingsFeature.reduce(&screen, .cancel, state) == .none)
    #expect(screen.editing == nil)
    #expect(SettingsFeature.reduce(&screen, .cancel, state).delegates == [.close])
}

@Test func theTokenIsTypedOverNeverShownAndNothingTypedKeepsIt() throws {
    var state = try campusState()
    _ = reduce(&state, .settingSaved(key: Setting.osmToken, value: "secret-token-abcdef0123"))
    var screen = SettingsState()
    SettingsFeature.reduce(&screen, .move(try #require(Setting.all.firstIndex { $0.key == Setting.osmToken })), state)
    SettingsFeature.reduce(&screen, .edit, state)
    #expect(screen.editing == "", "the token is not put in the field")
    #expect(SettingsFeature.reduce(&screen, .edit, state).effects.isEmpty, "nothing typed saves nothing")
    #expect(screen.editing == nil)
    SettingsFeature.reduce(&screen, .edit, state)
    for c in "new-token" { SettingsFeature.reduce(&screen, .type(c), state) }
    #expect(SettingsFeature.reduce(&screen, .edit, state).effects == [.saveSetting(key: Setting.osmToken, value: "new-token")])
}
