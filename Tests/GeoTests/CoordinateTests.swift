import Testing
@testable import Geo

@Test func parsesLatLonWithSpaces() throws {
    let c = try Coordinate.parse(" 53.406566 , -2.966531 ")
    #expect(c.latitude == 53.406566)
    #expect(c.longitude == -2.966531)
}

@Test(arguments: ["", "53.4", "53.4,", "abc,1", "1,abc", "91,0", "0,181", "nan,0", "inf,0", "1,2,3"])
func refusesMalformedCoordinates(_ text: String) {
    #expect(throws: GeoError.self) { try Coordinate.parse(text) }
}

@Test func errorSaysWhatWasWrong() {
    do {
        _ = try Coordinate.parse("95,0")
        Issue.record("expected an error")
    } catch let error as GeoError {
        #expect(error.message.contains("latitude 95"))
    } catch {
        Issue.record("unexpected \(error)")
    }
}

@Test func refusesNonFiniteValues() {
    #expect(throws: GeoError.self) { try Coordinate(latitude: .nan, longitude: 0) }
    #expect(throws: GeoError.self) { try Coordinate(latitude: 0, longitude: .infinity) }
}

@Test func clampingInitWrapsLongitude() {
    let c = Coordinate(clampingLatitude: 95, longitude: 190)
    #expect(c.latitude == 90)
    #expect(abs(c.longitude - -170) < 1e-9)
}
