import Foundation
import Geo
import Testing
import TestSupport
@testable import ArtmapCLI

/// The lines a running binary has printed so far.
private func lines(_ url: URL) -> [String] {
    ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
}

/// Waits until `condition` holds of the file's lines, or `bound` seconds pass; the lines either way.
private func waitForLines(_ url: URL, bound: TimeInterval, _ condition: ([String]) -> Bool) -> [String] {
    let deadline = Date().addingTimeInterval(bound)
    var seen = lines(url)
    while !condition(seen) && Date() < deadline {
        usleep(200_000)
        seen = lines(url)
    }
    return seen
}

/// One line of `watch --json`.
private struct GeoClueWatchLine: Decodable {
    let latitude, longitude: Double
    let source: String
}

/// Real GeoClue runs (root, /etc/geoclue/geoclue.conf, the daemon): one at a time.
@Suite(.serialized) struct GeoClueCommandTests {
    @Test func listMeasuresFromGeoCluesFix() async throws {
        // A point on the campus: what `--at` there lists first, `--geoclue` fed that point must list first.
        let (latitude, longitude) = (53.406566, -2.966531)
        let harness = try await GeoClueHarness.start(latitude: latitude, longitude: longitude)
        defer { harness.stop() }
        let home = try temporaryDirectory("geoclue-list")
        // The binary, not in-process: its wait for the fix must not share the test runner's busy thread pool.
        let list = try runBinary(["list", "--json", "--nearest", "2", "--geoclue"], environment: harness.environment(binaryEnvironment(home: home)))
        #expect(list.status == 0, "\(list.err)\n\(harness.log("geoclue").suffix(1500))")
        let decoded = try JSONDecoder().decode(ListJSON.self, from: Data(list.out.utf8))
        let reference = Coordinate(clampingLatitude: decoded.reference.latitude, longitude: decoded.reference.longitude)
        #expect(Geodesic.distance(from: reference, to: Coordinate(clampingLatitude: latitude, longitude: longitude)) < 5)
        let fixed = try runBinary(["list", "--json", "--nearest", "2", "--at", "\(latitude),\(longitude)"], environment: binaryEnvironment(home: home))
        let expected = try JSONDecoder().decode(ListJSON.self, from: Data(fixed.out.utf8))
        #expect(!decoded.buildings.isEmpty)
        #expect(decoded.buildings.map(\.name) == expected.buildings.map(\.name))
    }

    @Test func watchFollowsAMovingFeedFiltered25mThenKeepsTheLastFixWhenTheDaemonDies() async throws {
        let start = (53.4050, -2.9660)
        let harness = try await GeoClueHarness.start(latitude: start.0, longitude: start.1)
        defer { harness.stop() }
        let home = try temporaryDirectory("geoclue-watch")
        let (process, outURL, errURL) = try startBinary(["watch", "--json", "--geoclue"],
                                                        environment: harness.environment(binaryEnvironment(home: home)))
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let first = waitForLines(outURL, bound: 60) { $0.count >= 1 }
        try #require(first.count >= 1, "no first fix from watch --geoclue: \(lines(errURL))\n\(harness.log("geoclue").suffix(1500))")
        // Steps of about 11 m northwards, each held for a sentence or two (the feed's pace, not a check): only
        // about every third moves the reference the 25 m the filter asks.
        for step in 1...12 {
            harness.feed.move(to: start.0 + Double(step) * 0.0001, start.1)
            usleep(1_500_000)
        }
        let printed = waitForLines(outURL, bound: 60) { lines in
            lines.last.flatMap { try? JSONDecoder().decode(GeoClueWatchLine.self, from: Data($0.utf8)) }.map { $0.latitude > start.0 + 0.0010 } ?? false
        }
        let fixes = try printed.map { try JSONDecoder().decode(GeoClueWatchLine.self, from: Data($0.utf8)) }
        #expect(fixes.count >= 3, "\(printed)\n\(lines(errURL))")
        #expect(fixes.allSatisfy { $0.source == "geoclue" })
        let points = fixes.map { Coordinate(clampingLatitude: $0.latitude, longitude: $0.longitude) }
        for (previous, next) in zip(points, points.dropFirst()) {
            #expect(Geodesic.distance(from: previous, to: next) >= 25, "\(previous) → \(next)")
        }
        #expect(fixes.count < 12, "the 25 m filter let every 11 m step through: \(printed)")
        // The daemon dies: watch says so on stderr, keeps running, and prints no fix of its own making.
        let before = lines(outURL)
        harness.killDaemon()
        let said = waitForLines(errURL, bound: 30) { $0.contains { $0.contains("GeoClue left the system bus") } }
        #expect(said.contains { $0.contains("GeoClue left the system bus (its daemon stopped); keeping the last position") }, "\(said)")
        #expect(process.isRunning)
        #expect(lines(outURL) == before)
    }

    @Test func listWithoutAnAgentSaysSoAndStartsAtHome() async throws {
        let harness = try await GeoClueHarness.start(latitude: 53.4066, longitude: -2.9665, agent: false)
        defer { harness.stop() }
        let home = try temporaryDirectory("geoclue-noagent")
        let environment = harness.environment(binaryEnvironment(home: home))
        #expect(try runBinary(["config", "set", "location.home", "53.40322,-2.96583 Abercromby"], environment: environment).status == 0)
        let (process, outURL, errURL) = try startBinary(["list", "--geoclue"], environment: environment)
        // Bounded: a list that waited for GeoClue for ever would be killed here and fail below.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let err = lines(errURL).joined(separator: "\n")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(err)")
        #expect(err.contains("GeoClue is running but no location agent is registered for your user (a desktop session starts one; "
                             + "/usr/libexec/geoclue-2.0/demos/agent is the minimal one) — using home (Abercromby, 53.40322,-2.96583)"), "\(err)")
        #expect(lines(outURL).first?.contains("(home: Abercromby)") == true, "\(lines(outURL))")
    }

    @Test func walkRouteAndFetchStartAtGeoClue() async throws {
        let (latitude, longitude) = (53.406566, -2.966531)
        let harness = try await GeoClueHarness.start(latitude: latitude, longitude: longitude)
        defer { harness.stop() }
        let home = try temporaryDirectory("geoclue-walk")
        let environment = harness.environment(binaryEnvironment(home: home))
        let walk = try runBinary(["walk", "--geoclue", "--stops", "2", "--json"], environment: environment)
        #expect(walk.status == 0, "\(walk.err)\n\(harness.log("geoclue").suffix(1500))")
        struct Walk: Decodable { struct Point: Decodable { let latitude, longitude: Double }; let start: Point }
        let start = try JSONDecoder().decode(Walk.self, from: Data(walk.out.utf8)).start
        #expect(Geodesic.distance(from: Coordinate(clampingLatitude: start.latitude, longitude: start.longitude),
                                  to: Coordinate(clampingLatitude: latitude, longitude: longitude)) < 5)
        let walkText = try runBinary(["walk", "--geoclue", "--stops", "2"], environment: environment)
        #expect(walkText.out.hasPrefix("Art walk from 53.4065"), "\(walkText.out)")
        #expect(walkText.out.contains(" (GeoClue): 2 stops"), "\(walkText.out)")
        // No streets on the campus: the route's refusal names the start GeoClue gave.
        let route = try runBinary(["route", "--geoclue", "--to", "46"], environment: environment)
        #expect(route.out.contains("the start (GeoClue: 53.406"), "\(route.out)\n\(route.err)")
        // The fetch says where it fetches around; Overpass here is a closed port, so it fails after that.
        let fetch = try runBinary(["fetch", "--geoclue", "--no-pictures", "--radius", "100", "--overpass-url", "http://127.0.0.1:9/api"],
                                  environment: environment)
        #expect(fetch.err.contains("artmap: fetching around the start (GeoClue: 53.406"), "\(fetch.err)")
        #expect(try runBinary(["walk", "--geoclue", "--from", "53.4,-2.9"], environment: environment).status == 2)
    }

    @Test func theLocationSourceSettingFollowsGeoClueAndAutoFindsIt() async throws {
        let (latitude, longitude) = (53.405290, -2.963930)
        let harness = try await GeoClueHarness.start(latitude: latitude, longitude: longitude)
        defer { harness.stop() }
        let home = try temporaryDirectory("geoclue-setting")
        let environment = harness.environment(binaryEnvironment(home: home))
        for source in ["geoclue", "auto"] {
            #expect(try runBinary(["config", "set", "location.source", source], environment: environment).status == 0)
            let list = try runBinary(["list", "--json", "--nearest", "1"], environment: environment)
            #expect(list.status == 0, "\(source): \(list.err)")
            let reference = try JSONDecoder().decode(ListJSON.self, from: Data(list.out.utf8)).reference
            #expect(Geodesic.distance(from: Coordinate(clampingLatitude: reference.latitude, longitude: reference.longitude),
                                      to: Coordinate(clampingLatitude: latitude, longitude: longitude)) < 5, "\(source): \(list.out)")
            let text = try runBinary(["list", "--nearest", "1"], environment: environment)
            #expect(text.out.contains("(GeoClue, location.source = \(source))"), "\(source): \(text.out)")
        }
        // fixed: no live source; an option always wins over the setting.
        #expect(try runBinary(["config", "set", "location.source", "fixed"], environment: environment).status == 0)
        let fixed = try runBinary(["list", "--json", "--nearest", "1"], environment: environment)
        #expect(try JSONDecoder().decode(ListJSON.self, from: Data(fixed.out.utf8)).reference.latitude == 53.406566)
        #expect(try runBinary(["config", "set", "location.source", "gps"], environment: environment).status != 0)
    }
}
