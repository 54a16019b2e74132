import Foundation
import Testing
import TestSupport

/// The full-screen view following a real GeoClue (root, /etc/geoclue/geoclue.conf): one at a time.
@Suite(.serialized) struct GeoClueViewTests {
    @Test func theViewFollowsGeoClueAndKeepsTheLastFixWhenTheDaemonDies() async throws {
        let harness = try await GeoClueHarness.start(latitude: 53.406566, longitude: -2.966531)
        defer { harness.stop() }
        let home = try temporaryDirectory("geoclue-e2e")
        let tmux = try TmuxSession(columns: 200, rows: 45)
        try tmux.type("DBUS_SYSTEM_BUS_ADDRESS='\(harness.busAddress)' "
                      + artmapCommandLine(home: home, arguments: ["--offline", "--geoclue"]))
        func status(_ lines: [String]) -> String { lines.last { !$0.isEmpty } ?? "" }
        try tmux.require(timeout: 60, "GeoClue's first fix on the status line") { status($0).contains("GeoClue: fix") }
        // Walked to Abercromby Square, 370 m south: the table re-sorts around the new fix.
        harness.feed.move(to: 53.403219, -2.965829)
        var screen = try tmux.require(timeout: 60, "the table re-sorted at Abercromby Square") { lines in
            (lines.first { $0.contains("│▸ ") } ?? "").contains("Abercromby Square")
        }
        harness.killDaemon()
        // Said as it goes ("GeoClue left the system bus …"), then as the retries find it absent: the last position
        // kept either way.
        screen = try tmux.require(timeout: 30, "the daemon's going away on the status line") {
            status($0).contains("keeping the last position")
        }
        #expect(status(screen).contains("GeoClue"), "\(status(screen))")
        let first = screen.first { $0.contains("│▸ ") } ?? ""
        #expect(first.contains("Abercromby Square"), "the last fix is kept: \(first)")
        #expect(!screen.contains { $0.hasPrefix("EXITED") })
        try tmux.send("q")
        try tmux.require(timeout: 30, "artmap to quit with 0") { $0.contains { $0.hasPrefix("EXITED-0") } }
    }
}
