import Catalog
import Testing

/// Issue 43 item 3: one rule for every setting read — an invalid saved value is named and its default used.
@Test func everyInvalidSavedNumberIsNamedAndItsDefaultUsed() {
    let settings = CheckedSettings([Setting.nearest: "-3", Setting.radius: "1e20", Setting.slideshowInterval: "inf",
                                    Setting.walkSpeed: "-0", Setting.walkStay: "601", Setting.maxAgeDays: "99999999999999999999",
                                    Setting.distanceFilter: "25"])
    #expect(settings.nearest == 10 && settings.radius == nil && settings.slideshowInterval == 8)
    #expect(settings.walkSpeed == 4.5 && settings.walkStay == 3 && settings.maxAgeDays == 30 && settings.distanceFilter == 25)
    #expect(settings.problems.count == 6, "\(settings.problems)")
    #expect(settings.problems.contains("map.nearest = -3 is not valid (-3 is outside 1…100 buildings): 10 is used"), "\(settings.problems)")
    #expect(settings.problems.contains { $0.hasPrefix("walk.speed = -0 is not valid") && $0.hasSuffix(": 4.5 is used") })
    #expect(settings.notice == "settings not valid, their defaults used: slideshow.interval, map.radius, map.nearest, walk.speed, walk.stay, osm.max-age-days (artmap config list says why)")
    #expect(CheckedSettings([Setting.nearest: "0"]).notice == "setting not used: map.nearest = 0 is not valid (0 is outside 1…100 buildings): 10 is used")
}

@Test func goodSavedNumbersAreUsedAndNothingIsSaid() {
    let settings = CheckedSettings([Setting.nearest: "25", Setting.radius: "300", Setting.walkSpeed: "3.6", Setting.slideshowInterval: "0"])
    #expect(settings.nearest == 25 && settings.radius == 300 && settings.walkSpeed == 3.6 && settings.slideshowInterval == 0)
    #expect(settings.problems.isEmpty && settings.notice == nil)
    #expect(CheckedSettings.defaults.radius == nil && CheckedSettings.defaults.syncMaxAge == 3600)
}

@Test func aSlideshowIntervalBelowOneSecondIsRefusedWithWhy() throws {
    let setting = try #require(Setting.named(Setting.slideshowInterval))
    let refused = setting.validate("0.01")
    #expect(refused == .failure(CatalogError("0.01 is below 1 second: give 1 to 60, or 0 for one fixed picture")))
    #expect(setting.validate("1") == .success("1") && setting.validate("0") == .success("0"))
}
