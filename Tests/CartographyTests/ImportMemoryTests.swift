import Cartography
import Foundation
import Geo
import Testing

// Issue 49: the import holds node locations in a compact index of its own and keeps the nodes of walkable ways
// on disk until the end. These read the files whose shapes those two must still get right.

private func imported(_ xml: String) throws -> (result: MapImportResult, sink: RecordingSink) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-import-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("crafted.osm")
    try Data(xml.utf8).write(to: file)
    let sink = RecordingSink()
    return (try OSMImporter.run(path: file.path, collection: "crafted", sink: sink), sink)
}

private func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
    Geodesic.distance(from: Coordinate(clampingLatitude: a.0, longitude: a.1), to: Coordinate(clampingLatitude: b.0, longitude: b.1))
}

@Test func nodesOutOfIdOrderAndRepeatedAreLocatedTheLastOfARepeatWinning() throws {
    // JOSM writes new nodes with negative ids, and files edited by hand put nodes in any order: the way still
    // finds each node's location, and a node written twice stands where it was written last.
    let xml = """
        <osm version="0.6">
          <node id="30" lat="53.4020" lon="-2.9700"/>
          <node id="10" lat="53.4000" lon="-2.9700"/>
          <node id="-2" lat="53.4030" lon="-2.9710"/>
          <node id="20" lat="53.4999" lon="-2.9999"/>
          <node id="-1" lat="53.4040" lon="-2.9720"/>
          <node id="20" lat="53.4010" lon="-2.9700"/>
          <way id="1"><nd ref="10"/><nd ref="20"/><nd ref="30"/><nd ref="-2"/><nd ref="-1"/><tag k="highway" v="footway"/></way>
        </osm>
        """
    let (_, sink) = try imported(xml)
    let points: [Int64: (Double, Double)] = [10: (53.4000, -2.9700), 20: (53.4010, -2.9700), 30: (53.4020, -2.9700),
                                             -2: (53.4030, -2.9710), -1: (53.4040, -2.9720)]
    #expect(sink.edges.count == 4, "\(sink.edges)")
    for edge in sink.edges {
        let a = try #require(points[edge.from]), b = try #require(points[edge.to])
        #expect(abs(edge.fromPoint.latitude - a.0) < 1e-7 && abs(edge.fromPoint.longitude - a.1) < 1e-7, "node \(edge.from)")
        #expect(abs(edge.metres - metres(a, b)) < 0.01, "\(edge.from)–\(edge.to): \(edge.metres) m")
    }
}

@Test func aNodeRepeatedAtOnceKeepsEveryLaterNodeLocated() throws {
    // A file with history or extracts merged with their duplicates: node 2 twice in a row, ids still rising. osmium
    // asks the index to sort only when an id goes down, so a repeat must not leave the nodes after it unfound.
    let xml = """
        <osm version="0.6">
          <node id="1" lat="53.4000" lon="-2.9700"/>
          <node id="2" lat="53.4999" lon="-2.9999"/>
          <node id="2" lat="53.4005" lon="-2.9700"/>
          <node id="3" lat="53.4010" lon="-2.9700"/>
          <node id="4" lat="53.4020" lon="-2.9700"/>
          <way id="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><tag k="highway" v="footway"/></way>
        </osm>
        """
    let (_, sink) = try imported(xml)
    #expect(sink.edges.map { [$0.from, $0.to] } == [[1, 2], [2, 3], [3, 4]], "\(sink.edges)")
    #expect(abs((sink.edges.first?.metres ?? 0) - metres((53.4000, -2.97), (53.4005, -2.97))) < 0.01, "the later node 2 wins")
    #expect(abs((sink.edges.last?.metres ?? 0) - metres((53.4010, -2.97), (53.4020, -2.97))) < 0.01)
}

@Test func nodeIdsFarApartAreEachLocated() throws {
    // OpenStreetMap's node ids reach past 12 billion: neighbours in a file may lie more than 2^32 apart.
    let far: Int64 = 12_000_000_123
    let xml = """
        <osm version="0.6">
          <node id="7" lat="53.4000" lon="-2.9700"/>
          <node id="4294967304" lat="53.4005" lon="-2.9700"/>
          <node id="\(far)" lat="53.4010" lon="-2.9700"/>
          <way id="1"><nd ref="7"/><nd ref="4294967304"/><nd ref="\(far)"/><tag k="highway" v="footway"/></way>
        </osm>
        """
    let (_, sink) = try imported(xml)
    #expect(sink.edges.map(\.to) == [4_294_967_304, far])
    #expect(sink.edges.allSatisfy { abs($0.metres - metres((53.4000, -2.97), (53.4005, -2.97))) < 0.01 })
}

@Test func aNodeOnAPedestrianAreasSideIsJoinedThoughThousandsOfWalkingNodesCameBefore() throws {
    // The walking nodes wait on disk in batches of a few thousand: a node read back from the file (the first
    // footway's, before any area) and one from memory (the last) are each joined to the square's side they lie on.
    var xml = "<osm version=\"0.6\">\n"
    let count = 20_000
    for i in 0..<count { xml += "<node id=\"\(i + 1)\" lat=\"\(String(format: "%.7f", 53.3000 + Double(i) * 0.00001))\" lon=\"-2.9000\"/>\n" }
    // The square: 53.4000…53.4010 × −2.9720…−2.9700; the first footway ends on its south side, the last on its north.
    xml += """
        <node id="100001" lat="53.4000" lon="-2.9720"/><node id="100002" lat="53.4000" lon="-2.9700"/>
        <node id="100003" lat="53.4010" lon="-2.9700"/><node id="100004" lat="53.4010" lon="-2.9720"/>
        <node id="100005" lat="53.3995" lon="-2.9712"/><node id="100006" lat="53.4000" lon="-2.9712"/>
        <node id="100007" lat="53.4015" lon="-2.9705"/><node id="100008" lat="53.4010" lon="-2.9705"/>
        <way id="1"><nd ref="100005"/><nd ref="100006"/><tag k="highway" v="footway"/></way>
        <way id="2">
        """
    for i in 0..<count { xml += "<nd ref=\"\(i + 1)\"/>" }
    xml += """
        <tag k="highway" v="footway"/></way>
        <way id="3"><nd ref="100001"/><nd ref="100002"/><nd ref="100003"/><nd ref="100004"/><nd ref="100001"/>
          <tag k="highway" v="pedestrian"/><tag k="area" v="yes"/><tag k="name" v="Test Square"/></way>
        <way id="4"><nd ref="100007"/><nd ref="100008"/><tag k="highway" v="footway"/></way>
        </osm>
        """
    let (_, sink) = try imported(xml)
    let joins = sink.edges.filter { $0.kind == .area && $0.street == "Test Square" && ($0.from == 100_006 || $0.from == 100_008) }
    #expect(Set(joins.map { [$0.from, $0.to] }) == [[100_006, 100_001], [100_006, 100_002], [100_008, 100_003], [100_008, 100_004]], "\(joins)")
    let south = try #require(joins.first { $0.from == 100_006 && $0.to == 100_001 })
    #expect(abs(south.metres - metres((53.4000, -2.9712), (53.4000, -2.9720))) < 0.01)
    #expect(sink.edges.filter { $0.street == "" }.count >= count - 1, "the long footway is walked")
}

@Test func aWayWalkedBackAndForthAddsEachStretchOnceAndARingAddsItsClosingStretch() throws {
    // The set of stretches walked is kept only for ways that come back to a node; the answers are as before.
    let xml = """
        <osm version="0.6">
          <node id="1" lat="53.4000" lon="-2.9700"/><node id="2" lat="53.4010" lon="-2.9700"/>
          <node id="3" lat="53.4020" lon="-2.9700"/><node id="4" lat="53.4020" lon="-2.9710"/>
          <node id="5" lat="53.4100" lon="-2.9800"/><node id="6" lat="53.4110" lon="-2.9800"/>
          <node id="7" lat="53.4110" lon="-2.9810"/><node id="8" lat="53.4100" lon="-2.9810"/>
          <way id="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="2"/><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way>
          <way id="2"><nd ref="3"/><nd ref="4"/><nd ref="3"/><tag k="highway" v="footway"/></way>
          <way id="3"><nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="8"/><nd ref="5"/><tag k="highway" v="footway"/></way>
        </osm>
        """
    let (result, sink) = try imported(xml)
    let stretches = sink.edges.map { [min($0.from, $0.to), max($0.from, $0.to)] }
    #expect(stretches == [[1, 2], [2, 3], [3, 4], [5, 6], [6, 7], [7, 8], [5, 8]], "\(stretches)")
    #expect(result.edges == 7)
}
