import Foundation
import Geo
import Testing
import TestSupport
@testable import Location

func parse(_ text: String) throws -> [GPXPoint] {
    try GPXTrack.parse(Data(text.utf8), fileName: "walk.gpx")
}

@Test func readsXcodeStyleWaypointsWithStraySpacesAndNoNamespace() throws {
    let points = try parse("""
        <?xml version="1.0"?>
        <gpx version="1.1" creator="Xcode">
            <wpt lat=" 53.406566 " lon="-2.966531 "><name>Ashton</name><time>2026-11-29T10:00:00Z</time></wpt>
            <wpt lat="53.4062" lon=" -2.9661"></wpt>
        </gpx>
        """)
    #expect(points.count == 2)
    #expect(points[0].coordinate == Coordinate(clampingLatitude: 53.406566, longitude: -2.966531))
    #expect(points[0].name == "Ashton")
    #expect(points[0].time == ISO8601DateFormatter().date(from: "2026-11-29T10:00:00Z"))
    #expect(points[1].time == nil)
}

@Test func readsTrackAndRoutePointsInGPX10And11WithNamespaces() throws {
    let v11 = try parse("""
        <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><trk><trkseg>
        <trkpt lat="1" lon="2"><time>2026-11-29T10:00:00.500Z</time></trkpt><trkpt lat="1.1" lon="2.1"/>
        </trkseg></trk></gpx>
        """)
    #expect(v11.count == 2)
    #expect(v11[0].time != nil, "fractional seconds")
    let v10 = try parse("""
        <g:gpx xmlns:g="http://www.topografix.com/GPX/1/0" version="1.0"><g:rte><g:rtept lat="3" lon="4"/></g:rte></g:gpx>
        """)
    #expect(v10.map(\.coordinate) == [Coordinate(clampingLatitude: 3, longitude: 4)])
}

@Test(arguments: [
    ("<gpx></gpx>", "has no wpt, trkpt or rtept points"),
    ("", "walk.gpx:"),
    ("<gpx><wpt lat=\"53\" lon=\"x\"/></gpx>", "walk.gpx:1: <wpt> needs numeric lat and lon"),
    ("<gpx>\n\n<wpt lat=\"95\" lon=\"0\"/></gpx>", "walk.gpx:3: latitude 95"),
    ("<gpx><wpt lat=\"1\" lon=\"1\"><time>yesterday</time></wpt></gpx>", "is not an ISO 8601 time"),
    ("<gpx><wpt lat=\"1\" lon=\"1\">", "not a readable GPX file"),
    ("<kml><Placemark/></kml>", "not a GPX file"),
])
func badFilesNameTheFileLineAndProblem(text: String, expected: String) {
    do {
        _ = try parse(text)
        Issue.record("expected an error for \(text)")
    } catch {
        #expect("\(error)".contains(expected), "\(error)")
    }
}

@Test func replayPacesByTheFileTimesAndInterpolatesEverySecond() throws {
    let points = try parse("""
        <gpx><trkpt lat="53.0" lon="-3.0"><time>2026-11-29T10:00:00Z</time></trkpt>
        <trkpt lat="53.001" lon="-3.0"><time>2026-11-29T10:00:10Z</time></trkpt></gpx>
        """)
    let fixes = GPXReplay(points: points).schedule()
    #expect(fixes.count == 11)
    #expect(fixes.map(\.offset) == (0...10).map(Double.init))
    #expect(abs(fixes[5].coordinate.latitude - 53.0005) < 1e-9)
    let fast = GPXReplay(points: points, speed: 2).schedule()
    #expect(fast.last?.offset == 5)
    #expect(fast.count == 11, "speed changes the pace, not the number of fixes")
}

@Test func withoutTimesOnePointASecondAndOnePointIsFixed() throws {
    let untimed = try parse("<gpx><wpt lat=\"1\" lon=\"1\"/><wpt lat=\"2\" lon=\"2\"/><wpt lat=\"3\" lon=\"3\"/></gpx>")
    #expect(GPXReplay(points: untimed).schedule().map(\.offset) == [0, 1, 2])
    let single = try parse("<gpx><wpt lat=\"1\" lon=\"1\"/></gpx>")
    #expect(GPXReplay(points: single).schedule() == [ScheduledFix(offset: 0, coordinate: Coordinate(clampingLatitude: 1, longitude: 1))])
}

@Test func distanceFilterLetsThroughOnlyMovesOf25Metres() {
    var filter = DistanceFilter(threshold: 25)
    let start = Coordinate.ashtonBuilding
    do { let accepted = filter.accept(start); #expect(accepted) }
    let p = LocalProjection(center: start)
    do { let accepted = filter.accept(p.unproject(east: 10, north: 0)); #expect(!accepted) }
    do { let accepted = filter.accept(p.unproject(east: 24, north: 0)); #expect(!accepted) }
    do { let accepted = filter.accept(p.unproject(east: 26, north: 0)); #expect(accepted) }
    do { let accepted = filter.accept(p.unproject(east: 40, north: 0)); #expect(!accepted, "measured from the last applied fix, not the last seen") }
    do { let accepted = filter.accept(p.unproject(east: 52, north: 0)); #expect(accepted) }
}

@Test func playAppliesFilteredFixesInOrder() async throws {
    let points = try GPXTrack.load(path: repositoryRoot.appendingPathComponent("Resources/examples/campus-walk.gpx").path)
    let collected = Collected()
    try await GPXReplay(points: points, speed: 1000).play(loop: false, filter: DistanceFilter(threshold: 25)) { collected.add($0) }
    let fixes = collected.items
    #expect(fixes.count > 10)
    #expect(fixes.first == points.first?.coordinate)
    for (a, b) in zip(fixes, fixes.dropFirst()) { #expect(Geodesic.distance(from: a, to: b) >= 25) }
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Coordinate] = []
    func add(_ c: Coordinate) { lock.lock(); storage.append(c); lock.unlock() }
    var items: [Coordinate] { lock.lock(); defer { lock.unlock() }; return storage }
}
