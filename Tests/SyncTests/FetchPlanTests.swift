import Cartography
import Foundation
import Geo
import Testing
@testable import Sync

/// Issue 43, 1: numbers from Overpass are checked before they are converted. An id of 1e19 trapped at `Int64(id)`.
@Test(arguments: ["1e19", "1e300", "-1e19", "1e999", "9223372036854775808", "1.5"])
func anArtworkWhoseIdIsNoWhole64BitNumberIsSkippedAndCounted(id: String) throws {
    let json = """
        {"elements": [
          {"type": "node", "id": \(id), "lat": 60.169, "lon": 24.948, "tags": {"tourism": "artwork", "name": "Bad"}},
          {"type": "node", "id": 42, "lat": 60.169, "lon": 24.948, "tags": {"tourism": "artwork", "name": "Good"}}
        ]}
        """
    let answer = try FetchPlan.artworks(fromJSON: Data(json.utf8))
    #expect(answer.artworks.map(\.id) == ["node/42"])
    #expect(answer.skipped == 1)
    #expect(answer.firstSkipped?.hasPrefix("node ") == true, "\(answer.firstSkipped ?? "none")")
}

@Test(arguments: [("1e300", "24.9"), ("60.1", "-1e999"), ("91", "24.9"), ("60.1", "180.5")])
func anArtworkOffTheEarthIsSkippedAndCounted(lat: String, lon: String) throws {
    let json = """
        {"elements": [{"type": "way", "id": 7, "center": {"lat": \(lat), "lon": \(lon)}, "tags": {"tourism": "artwork"}},
                      {"type": "way", "id": 8, "center": {"lat": 60.1, "lon": 24.9}, "tags": {"tourism": "artwork"}}]}
        """
    let answer = try FetchPlan.artworks(fromJSON: Data(json.utf8))
    #expect(answer.artworks.map(\.id) == ["way/8"])
    #expect(answer.skipped == 1)
}

/// Issue 43, 17: a fetch across the antimeridian was asked tile by tile, 100 single-tile queries. Each side is planned
/// alone: a few boxes, none straddling ±180°, the screen's first, every tile once.
@Test(arguments: [179.99, -179.99, 180.0])
func aFetchAcrossTheAntimeridianIsAskedInAFewBoxes(longitude: Double) throws {
    let center = try Coordinate(latitude: 0.5, longitude: longitude)
    let stale = MapTile.covering(center, radius: 5_000)
    #expect(stale.count == 100)
    let plan = try #require(FetchPlan.plan(stale: stale, center: center, screenRadius: 400))
    #expect(plan.blocks.count <= 8, "\(plan.blocks.count) boxes")
    #expect(plan.blocks.flatMap(\.tiles).sorted() == stale.sorted())
    for block in plan.blocks {
        #expect(block.bounds.west < block.bounds.east && block.bounds.east - block.bounds.west < 1, "\(block.bounds)")
        #expect(block.tiles.count <= FetchPlan.maxBlockTiles)
    }
    // The area on screen first: the boxes holding the centre's own tile and its neighbour across the line.
    let screen = Set(MapTile.covering(center, radius: 400))
    let firsts = plan.blocks.prefix { Set($0.tiles).isSubset(of: screen) }
    #expect(Set(firsts.flatMap(\.tiles)) == screen)
    // The artworks' question covers both sides, in two boxes.
    let boxes = FetchPlan.artworkBoxes(of: stale)
    #expect(boxes.count == 2)
    #expect(boxes.allSatisfy { $0.west < $0.east })
}

@Test func aFetchAwayFromTheAntimeridianIsPlannedAsBefore() throws {
    let center = try Coordinate(latitude: 60.169, longitude: 24.948)
    let stale = MapTile.covering(center, radius: 5_000)
    let plan = try #require(FetchPlan.plan(stale: stale, center: center, screenRadius: 400))
    #expect(plan.blocks.flatMap(\.tiles).sorted() == stale.sorted())
    #expect(FetchPlan.artworkBoxes(of: stale) == [FetchPlan.bounds(of: stale)])
    // Round a pole every longitude is asked: no boxes (tile by tile).
    let pole = try Coordinate(latitude: 89.99, longitude: 0)
    #expect(FetchPlan.plan(stale: MapTile.covering(pole, radius: 2_000), center: pole, screenRadius: 400) == nil)
}

/// OSM XML as Overpass answers it, with `extra` elements before the end.
private func answer(_ extra: String) -> Data {
    Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="Overpass API 0.7.62.4 2390de5a">
        <note>The data included in this document is from www.openstreetmap.org.</note>
        <!-- a comment with <node id="1e19"/> inside -->
        <node id="1" lat="60.1" lon="24.9"/>
        <node id="2" lat="60.2" lon="24.9">
          <tag k="name" v="a > b"/>
        </node>
        <way id="3"><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way>
        \(extra)</osm>

        """.utf8)
}

@Test func aStreetsAnswerWithEveryNumberInRangeIsHandedBackAsItCame() {
    let data = answer("<relation id=\"4\"><member type=\"way\" ref=\"3\" role=\"outer\"/></relation>\n")
    #expect(FetchPlan.withoutBadNumbers(data) == FetchPlan.CheckedAnswer(data: data))
}

@Test(arguments: [
    ("<node id=\"1e19\" lat=\"60.1\" lon=\"24.9\"/>\n", "node 1e19"),
    ("<node id='-1e19' lat='60.1' lon='24.9'/>\n", "node -1e19"),
    ("<node id=\"9223372036854775807\" lat=\"60.1\" lon=\"24.9\"/>\n", "node 9223372036854775807"),
    ("<node id=\"5\" lat=\"1e300\" lon=\"24.9\"><tag k=\"tourism\" v=\"artwork\"/></node>\n", "node 5"),
    ("<node id=\"5\" lat=\"60.1\" lon=\"inf\"/>\n", "node 5"),
    ("<way id=\"6\"><nd ref=\"1\"/><nd ref=\"1e999\"/></way>\n", "way 6"),
    ("<way id=\"1e300\"><nd ref=\"1\"/></way>\n", "way 1e300"),
    ("<relation id=\"7\"><member type=\"way\" ref=\"99999999999999999999\" role=\"\"/></relation>\n", "relation 7"),
])
func anElementWithANumberOutOfRangeIsLeftOutAndCounted(extra: String, named: String) {
    let checked = FetchPlan.withoutBadNumbers(answer(extra))
    #expect(checked.skipped == 1)
    #expect(checked.firstSkipped == named)
    #expect(checked.data == answer("\n"), "\(String(decoding: checked.data, as: UTF8.self))")
}

/// Found by the Overpass fuzz target: an element nested in another, both out of range, gave overlapping ranges to
/// leave out, and cutting them trapped ("Range requires lowerBound <= upperBound").
@Test func nestedElementsOutOfRangeAreLeftOutOnce() {
    let checked = FetchPlan.withoutBadNumbers(answer("<way id=\"1e19\"><node id=\"1e19\" lat=\"1\" lon=\"1\"/><nd ref=\"1\"/></way>\n"))
    #expect(checked.data == answer("\n"), "\(String(decoding: checked.data, as: UTF8.self))")
    #expect(checked.skipped == 2)
}
