import Geo
import Testing

/// Issue 43 item 3: a radius typed as 10^20 metres prints, never traps converting to a whole number.
@Test func distancesBeyondTheEarthPrintWithoutTrapping() {
    #expect(DistanceText.format(1e20) == "more than 40,075 km")
    #expect(DistanceText.format(1e20, imperial: true) == "more than 24,901 mi")
    #expect(DistanceText.format(-1e300) == "more than 40,075 km")
    #expect(DistanceText.format(12_000) == "12 km")
}
