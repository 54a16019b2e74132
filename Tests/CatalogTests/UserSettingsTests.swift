import Catalog
import Testing

/// Issue 45 item 5: the settings are one typed value; a key no `Setting` declares is not kept, a value out of its
/// range reads as its default, and the saved text stays for the settings screen to show.
@Test func userSettingsKeepOnlyDeclaredKeysAndReadTypedCheckedFields() throws {
    var settings = UserSettings(saved: [Setting.walkSpeed: "0", Setting.units: "imperial", "Walk.Stay": "5",
                                        "made.up": "x", Setting.newsURL: ""])
    #expect(settings.walkSpeed == 4.5, "0 km/h is outside 1…10: the default")
    #expect(settings.walkStay == 5, "a key in another case is the declared one")
    #expect(settings.imperial)
    #expect(settings.newsURL == nil, "an empty news URL is none")
    #expect(settings.savedValues.map(\.setting.key) == [Setting.walkSpeed, Setting.walkStay, Setting.units, Setting.newsURL],
            "\(settings.savedValues.map(\.setting.key))")
    let speed = try #require(Setting.named(Setting.walkSpeed))
    #expect(settings.saved(speed) == "0" && settings.value(speed) == "0" && settings.usable(speed) == "4.5")
    settings.set(speed, "6")
    settings.set(key: "made.up", "y")
    #expect(settings.walkSpeed == 6 && settings.savedValues.count == 4)
    settings.set(speed, nil)
    #expect(settings.saved(speed) == nil && settings.value(speed) == "4.5")
    #expect(settings.checked.problems.isEmpty)
    let nearest: UserSettings = [Setting.nearest: "-3"]
    #expect(nearest.nearest == 10 && nearest.checked.invalidKeys == [Setting.nearest])
}
