import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

private struct PlannedWalk: Decodable {
    struct Stop: Decodable { let title: String; let latitude, longitude: Double }
    let stops: [Stop]
}

/// Issue 32: `w` plans a walk in the view; a GPX replay that walks to the first three stops ticks each in turn,
/// the status line naming the next; `x` skips the next stop and the rest is planned again.
@Test func theWalkScreenFollowsAReplayedWalkFromStopToStop() async throws {
    let home = try temporaryDirectory("e2e-walk")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    let imported = try await runArtmap(["import", extract], home: home)
    #expect(imported.status == 0, "\(imported.output)")
    // The same walk the view will plan (the 8 nearest from the start, round), from the command.
    let start = (latitude: 60.1699, longitude: 24.9449)
    let planned = try await runArtmap(["walk", "--from", "\(start.latitude),\(start.longitude)", "--stops", "8", "--json"], home: home)
    #expect(planned.status == 0, "\(planned.output)")
    let jsonStart = try #require(planned.output.firstIndex(of: "{"))
    let walk = try JSONDecoder().decode(PlannedWalk.self, from: Data(planned.output[jsonStart...].utf8))
    try #require(walk.stops.count == 8)
    // Where the walker stands after reaching stop `k`: it and the stops after it within 20 m are ticked (on this
    // extract two pairs of stops are 7 and 15 m apart); the first stop beyond is next.
    func metres(_ a: PlannedWalk.Stop, _ b: PlannedWalk.Stop) -> Double {
        hypot((a.latitude - b.latitude) * 111_320, (a.longitude - b.longitude) * 111_320 * cos(a.latitude * .pi / 180))
    }
    func next(after k: Int) -> Int {
        var j = k + 1
        while j < walk.stops.count, metres(walk.stops[k], walk.stops[j]) <= 20 { j += 1 }
        return j
    }
    let visits = [0, next(after: 0)]
    // The walker waits at the start while `w` is pressed, then is at the two stops in turn, 8 s at each: each move
    // is a jump (two points at one time), so no fix on the way passes near another stop.
    var points = [(start.latitude, start.longitude, 0), (start.latitude, start.longitude, 14)]
    for (i, k) in visits.enumerated() {
        points.append((walk.stops[k].latitude, walk.stops[k].longitude, 14 + i * 8))
        points.append((walk.stops[k].latitude, walk.stops[k].longitude, 22 + i * 8))
    }
    let gpx = home.appendingPathComponent("to-three-stops.gpx")
    let trackPoints = points.map { p in
        "<trkpt lat=\"\(p.0)\" lon=\"\(p.1)\"><time>2026-11-29T10:00:\(String(format: "%02d", p.2))Z</time></trkpt>"
    }
    try ("<?xml version=\"1.0\"?><gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        + trackPoints.joined() + "</trkseg></trk></gpx>").write(to: gpx, atomically: true, encoding: .utf8)

    let view = try await ViewDriver(home: home, arguments: ["--offline", "--collection", "helsinki", "--gpx", gpx.path, "--distance-filter", "5"], columns: 160, rows: 45)
    func status(_ lines: [String]) -> String { lines.last { !$0.isEmpty } ?? "" }
    var screen = try await view.waitFor { status($0).contains("GPX to-three-stops.gpx") && $0.contains { $0.contains("Map · ") && $0.contains("m/cell") } }
    try view.send("w")
    screen = try await view.waitFor { $0.contains { $0.contains("┌ Art walk · ") && $0.contains("8 stops · the 8 nearest") } }
    #expect(status(screen).contains("next 1 "), "\(status(screen))")
    for (i, stop) in walk.stops.enumerated() {
        let number = String(i + 1)
        #expect(screen.contains { $0.contains(number + "  " + stop.title.prefix(20)) }, "stop \(i + 1) as the command planned it: \(stop.title)")
        #expect(screen.contains { $0.prefix(82).contains(number) }, "stop \(i + 1) numbered on the map")
    }
    func circled(_ index: Int) -> String { String(index + 1) }
    // Each stop reached in turn is ticked (with the ones as near after it), and the status line moves on to the next.
    for k in visits {
        screen = try await view.waitFor(timeout: 60) { $0.contains { $0.contains("✓ " + circled(k) + "  ") } }
        for ticked in k..<next(after: k) {
            #expect(screen.contains { $0.contains("✓ \(circled(ticked))  \(walk.stops[ticked].title.prefix(20))") }, "stop \(ticked + 1) ticked")
        }
        let following = next(after: k)
        screen = try await view.waitFor { status($0).contains("next \(circled(following)) ") }
        #expect(status(screen).contains("next \(circled(following)) \(walk.stops[following].title.prefix(10))"), "\(status(screen))")
        #expect(!screen.contains { $0.contains("✓ \(circled(following))") }, "the next stop is not ticked yet")
    }
    // x: the next stop is skipped and the rest planned again from here.
    let skipped = next(after: visits[1])
    try view.send("x")
    screen = try await view.waitFor { $0.contains { $0.contains("left out: \(walk.stops[skipped].title.prefix(20))") } && $0.contains { $0.contains("┌ Art walk · ") && $0.contains("7 stops · the 8 nearest") } }
    #expect(screen.contains { $0.contains("left out:") && $0.contains("— skipped") })
    #expect(screen.contains { $0.contains("✓ \(circled(skipped - 1))  \(walk.stops[skipped - 1].title.prefix(20))") }, "the stops reached stay ticked")
    #expect(status(screen).contains("next \(circled(skipped)) "), "\(status(screen))")
    // W saves the walk as it stands; the command resumes it with the stops not reached, and R takes it up again
    // in the view after another walk replaced it.
    try view.send("W")
    view.typeText("lunch")
    screen = try await view.waitFor { $0.contains { $0.contains("Save the walk as: lunch") } }
    try view.send("Enter")
    screen = try await view.waitFor { status($0).contains("saved the walk as 'lunch'") }
    struct Resumed: Decodable { let stops: [PlannedWalk.Stop] }
    let resumed = try await runArtmap(["walk", "--resume", "lunch", "--json"], home: home)
    #expect(resumed.status == 0, "\(resumed.output)")
    let left = try JSONDecoder().decode(Resumed.self, from: Data(resumed.output[try #require(resumed.output.firstIndex(of: "{"))...].utf8))
    #expect(left.stops.count == 7 - skipped, "the stops not reached: \(left.stops.map(\.title))")
    #expect(!left.stops.contains { $0.title == walk.stops[0].title })
    try view.send("<")
    screen = try await view.waitFor { $0.contains { $0.contains("┌ Art walk · ") && $0.contains("7 stops · the 7 nearest") } }
    try view.send("R")
    view.typeText("lunch")
    try view.send("Enter")
    screen = try await view.waitFor { $0.contains { $0.contains("┌ Art walk · ") && $0.contains("7 stops · 'lunch'") } && $0.contains { $0.contains("✓ 1  \(walk.stops[0].title.prefix(20))") } }
    #expect(screen.contains { $0.contains("✓ \(circled(skipped - 1))  \(walk.stops[skipped - 1].title.prefix(20))") }, "the resumed walk keeps what was reached")
    try view.send("Escape")
    screen = try await view.waitFor { boxTop($0, "65 artworks") != nil }
    try await view.quit()
}
