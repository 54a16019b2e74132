import Catalog
import Foundation
import Cartography
import Geo
import Testing

/// Issue 44 item 4: with no streets at the start, a walk is planned by straight lines (in the best order), and an
/// artwork beyond a fetch's widest radius is left out and named rather than walked to across the country.
@Test func aWalkWithoutStreetsIsPlannedByStraightLinesInTheBestOrder() throws {
    let start = Coordinate.ashtonBuilding
    func at(_ north: Double, _ east: Double, _ id: String) -> Artwork {
        Artwork(id: id, title: id, coordinate: Coordinate(clampingLatitude: start.latitude + north / 111_320,
                                                          longitude: start.longitude + east / (111_320 * cos(start.latitude * .pi / 180))))
    }
    let artworks = [at(300, 0, "north"), at(0, 300, "east"), at(300, 300, "north-east"), at(60_000, 0, "far")]
    #expect(WalkPlanner.wantsStraightLines(.noWalkingGraph) && WalkPlanner.wantsStraightLines(.outsideImportedArea(metres: 9, what: "start")))
    #expect(!WalkPlanner.wantsStraightLines(.outsideImportedArea(metres: 9, what: "end")) && !WalkPlanner.wantsStraightLines(.unreachable))
    let plan = try #require(WalkPlanner.planByStraightLines(from: start, artworks: artworks, finish: .round))
    #expect(plan.byStraightLines && plan.stops.count == 3 && plan.legs.count == 4)
    let order = plan.stops.map(\.id)
    #expect(order == ["north", "north-east", "east"] || order == ["east", "north-east", "north"], "no crossing: \(order)")
    #expect(abs(plan.totalMetres - 1200) < 5, "a square of 300 m sides: \(plan.totalMetres)")
    #expect(plan.leftOut.map(\.artwork.id) == ["far"] && plan.leftOut[0].reason.hasPrefix("more than 5.0 km away"))
    #expect(plan.legs[0].steps.first?.instruction.hasPrefix("walk straight ") == true)
    #expect(WalkPlanner.planByStraightLines(from: start, artworks: [at(60_000, 0, "far")], finish: .round) == nil)
}
