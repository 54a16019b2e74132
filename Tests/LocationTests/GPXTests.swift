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

@Test func fixesAreMadeLazilySoTwoPointsCenturiesApartCostNothing() throws {
    let points = try parse("""
        <gpx version="1.1"><trk><trkseg>
        <trkpt lat="53.40" lon="-2.96"><time>1900-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="53.41" lon="-2.97"><time>2100-01-01T00:00:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """)
    // 6.3 billion simulated seconds: the first fixes come at once, one a second, without the rest.
    let first = Array(GPXReplay(points: points).fixes.prefix(4))
    #expect(first.map(\.offset) == [0, 1, 2, 3])
    #expect(first[1].coordinate.latitude > 53.40 && first[1].coordinate.latitude < 53.4000001)
}

@Test func lazyFixesMatchTheWholeSchedule() throws {
    let points = try GPXTrack.load(path: repositoryRoot.appendingPathComponent("Resources/examples/campus-walk.gpx").path)
    let replay = GPXReplay(points: points, speed: 3)
    let lazy = Array(replay.fixes)
    #expect(lazy.count > points.count)
    #expect(lazy.first?.offset == 0)
    #expect(zip(lazy, lazy.dropFirst()).allSatisfy { $0.offset < $1.offset })
    #expect(lazy.last?.coordinate == points.last?.coordinate)
}

@Test func timesAreParsedLikeISO8601() throws {
    let formatter = ISO8601DateFormatter()
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    for text in ["2026-11-29T10:00:00Z", "1999-12-31T23:59:59Z", "2000-02-29T12:00:00+01:00", "2017-11-22T12:22:31-05:30",
                 "1970-01-01T00:00:00Z", "1900-03-01T00:00:00Z", "2100-01-01T00:00:00Z"] {
        #expect(GPXTime.parse(text) == formatter.date(from: text), "\(text)")
    }
    for text in ["2026-11-29T10:00:00.500Z", "2026-11-29T10:00:00.123+02:00"] {
        let expected = try #require(fractional.date(from: text))
        #expect(abs((GPXTime.parse(text)?.timeIntervalSince1970 ?? 0) - expected.timeIntervalSince1970) < 0.001, "\(text)")
    }
    for bad in ["", "yesterday", "2026-13-01T00:00:00Z", "2026-11-29", "2026-11-29T10:00:00", "2026-11-29T10:00:00Zjunk", "2026-11-29T10:00:00."] {
        #expect(GPXTime.parse(bad) == nil, "\(bad)")
    }
}

@Test func aFileIsReadAsAStreamAndItsPointsAreCapped() throws {
    let home = try temporaryDirectory("gpx-cap")
    let file = home.appendingPathComponent("long.gpx")
    var text = "<gpx version=\"1.1\"><trk><trkseg>\n"
    for i in 0..<50 { text += "<trkpt lat=\"53.4\" lon=\"\(-2.96 - Double(i) * 0.0001)\"><time>2026-11-29T10:00:\(String(format: "%02d", i))Z</time></trkpt>\n" }
    text += "</trkseg></trk></gpx>\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    #expect(try GPXTrack.load(path: file.path).count == 50)
    do {
        _ = try GPXTrack.load(path: file.path, maxPoints: 20)
        Issue.record("a file over the cap was read")
    } catch let error as LocationError {
        #expect(error.description.contains("more than 20 points; artmap replays at most 20"), "\(error)")
    }
}
