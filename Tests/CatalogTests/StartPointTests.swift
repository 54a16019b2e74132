import Catalog
import Geo
import Testing

/// Issue 44 item 1: one "here", resolved in one order, and every start said with where it came from.
@Test func theStartIsTheOptionThenLiveThenHomeThenTheLastPlaceThenTheCampus() throws {
    let a = try Coordinate(latitude: 60.17, longitude: 24.94), b = try Coordinate(latitude: 52.37, longitude: 4.89)
    let home = Home(coordinate: a, name: "Helsinki")
    #expect(StartPoint.resolve(option: (b, "--from"), live: (a, "gpsd"), home: home, lastShown: a).origin == .option("--from"))
    #expect(StartPoint.resolve(live: (b, "GPX walk.gpx"), home: home, lastShown: a).origin == .live("GPX walk.gpx"))
    #expect(StartPoint.resolve(home: home, lastShown: b) == StartPoint(coordinate: a, origin: .home(name: "Helsinki")))
    #expect(StartPoint.resolve(lastShown: b) == StartPoint(coordinate: b, origin: .lastShown))
    let campus = StartPoint.resolve()
    #expect(campus.isBuiltIn && campus.coordinate == .ashtonBuilding)
    #expect(StartPoint.resolve(home: home).described == "the start (home: Helsinki, 60.17000,24.94000)")
    #expect(campus.described.contains("the built-in Ashton Building, Liverpool — set yours with 'artmap config set location.home PLACE'"))
}

@Test func aHomeIsSavedAsItsPointAndName() throws {
    let home = try #require(Home(setting: "60.17,24.94 Helsinki centre"))
    #expect(home.name == "Helsinki centre" && home.setting == "60.170000,24.940000 Helsinki centre")
    #expect(Home(setting: "60.17,24.94")?.name == nil && Home(setting: "Helsinki") == nil && Home(setting: "91,0") == nil)
    let setting = try #require(Setting.named(Setting.home))
    #expect(setting.validate(" 60.17, 24.94") == .failure(CatalogError("' 60.17, 24.94' is not LAT,LON (for example 60.17,24.94) followed by an optional name; 'artmap config set location.home PLACE' finds a place by name")) || setting.validate("60.17,24.94") == .success("60.170000,24.940000"))
    #expect(setting.validate("60.17,24.94") == .success("60.170000,24.940000"))
}
