import Foundation
import Geo
import Testing
import TestSupport
@testable import Location

/// What a GeoClue client reported, in order.
final class GeoClueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [GeoClueEvent] = []
    func add(_ event: GeoClueEvent) { lock.lock(); events.append(event); lock.unlock() }
    var all: [GeoClueEvent] { lock.lock(); defer { lock.unlock() }; return events }
    /// The events once `condition` holds; throws with the events seen (and GeoClue's log) when `timeout` passes first.
    func waitFor(_ timeout: TimeInterval, _ what: String, harness: GeoClueHarness? = nil,
                 _ condition: ([GeoClueEvent]) -> Bool) throws -> [GeoClueEvent] {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(all) && Date() < deadline { usleep(50_000) }
        let seen = all
        guard condition(seen) else {
            throw TestServerError("waited \(Int(timeout)) s for \(what); saw \(seen)\n\(harness?.log("geoclue").suffix(1500) ?? "")")
        }
        return seen
    }
}

private func fixes(_ events: [GeoClueEvent]) -> [(Coordinate, Double?)] {
    events.compactMap { if case .fix(let coordinate, let accuracy) = $0 { (coordinate, accuracy) } else { nil } }
}

private func failures(_ events: [GeoClueEvent]) -> [LocationError] {
    events.compactMap { if case .failed(let error, _, _) = $0 { error } else { nil } }
}

/// Every test here starts a real GeoClue (root, /etc/geoclue/geoclue.conf): one at a time, as the CLI's are
/// (the harness's file lock serialises them across targets too).
@Suite(.serialized) struct GeoClueClientTests {
    @Test func followsTheNMEAFeedWithUnknownAccuracyThenSaysTheDaemonWentAway() async throws {
        let harness = try await GeoClueHarness.start(latitude: 53.4066, longitude: -2.9665)
        defer { harness.stop() }
        let log = GeoClueLog()
        let client = GeoClueClient(busAddress: harness.busAddress, maxError: 50) { log.add($0) }
        client.start()
        defer { client.stop() }
        let first = try log.waitFor(60, "a fix at the feed's position", harness: harness) { events in
            fixes(events).contains { Geodesic.distance(from: $0.0, to: Coordinate(clampingLatitude: 53.4066, longitude: -2.9665)) < 5 }
        }
        #expect(first.first == .connected)
        // NMEA carries no accuracy: GeoClue says 0, which is unknown, not "exact".
        #expect(fixes(first).allSatisfy { $0.1 == nil })
        harness.feed.move(to: 53.4100, -2.9665)
        _ = try log.waitFor(60, "a fix at the moved position", harness: harness) { events in
            fixes(events).contains { Geodesic.distance(from: $0.0, to: Coordinate(clampingLatitude: 53.41, longitude: -2.9665)) < 5 }
        }
        let fixesBefore = fixes(log.all).count
        harness.killDaemon()
        let after = try log.waitFor(30, "the daemon's going away to be said", harness: harness) { !failures($0).isEmpty }
        let gone = try #require(failures(after).first)
        #expect(gone.kind == .geoClueGone)
        #expect(gone.message.contains("GeoClue left the system bus"), "\(gone.message)")
        let said = try #require(after.first { if case .failed = $0 { true } else { false } })
        #expect(said.statusText == "GeoClue left the system bus (its daemon stopped); keeping the last position — retrying in 1s")
        #expect(fixes(after).count == fixesBefore, "no fix may follow the daemon's death")
    }

    @Test func noAgentIsSaidInsteadOfWaitingForever() async throws {
        let harness = try await GeoClueHarness.start(latitude: 53.4066, longitude: -2.9665, agent: false)
        defer { harness.stop() }
        let log = GeoClueLog()
        let client = GeoClueClient(busAddress: harness.busAddress, agentWait: 2) { log.add($0) }
        client.start()
        defer { client.stop() }
        let events = try log.waitFor(60, "the missing agent to be said", harness: harness) { !failures($0).isEmpty }
        let error = try #require(failures(events).first)
        #expect(error.kind == .noAgent)
        #expect(error.message == "GeoClue is running but no location agent is registered for your user (a desktop session starts one; "
                + "/usr/libexec/geoclue-2.0/demos/agent is the minimal one)")
        #expect(fixes(events).isEmpty)
    }

    @Test func aBusWithoutGeoClueIsSaid() async throws {
        let harness = try await GeoClueHarness.start(latitude: 53.4066, longitude: -2.9665, geoclue: false)
        defer { harness.stop() }
        let log = GeoClueLog()
        let client = GeoClueClient(busAddress: harness.busAddress) { log.add($0) }
        client.start()
        defer { client.stop() }
        let events = try log.waitFor(30, "GeoClue's absence to be said") { !failures($0).isEmpty }
        let error = try #require(failures(events).first)
        #expect(error.kind == .geoClueAbsent)
        #expect(error.message.contains("GeoClue is not on the system bus (\(harness.busAddress))"), "\(error.message)")
    }
}

@Test func noSystemBusIsSaid() async throws {
    let dir = try temporaryDirectory("nobus")
    let address = "unix:path=\(dir.path)/no-bus-here"
    let log = GeoClueLog()
    let client = GeoClueClient(busAddress: address) { log.add($0) }
    client.start()
    defer { client.stop() }
    let events = try log.waitFor(30, "the missing bus to be said") { !failures($0).isEmpty }
    let error = try #require(failures(events).first)
    #expect(error.kind == .noSystemBus)
    #expect(error.message.hasPrefix("cannot reach the system bus at \(address)"), "\(error.message)")
}
