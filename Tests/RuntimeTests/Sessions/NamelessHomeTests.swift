import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// A home set by coordinates (no name) is "home" on the status line, its coordinates said once.
@Test func aHomeSetByCoordinatesShowsItsCoordinatesOnceOnTheStatusLine() async throws {
    let home = try temporaryDirectory("e2e-nameless-home")
    #expect(try await runArtmap(["config", "set", "sync.at_start", "no"], home: home).status == 0)
    let set = try await runArtmap(["config", "set", "location.home", "53.40322,-2.96583"], home: home)
    #expect(set.status == 0, "\(set.output)")
    let view = try await ViewDriver(home: home, arguments: ["--offline"], columns: 120, rows: 30)
    let screen = try await view.waitFor("the view at home") { statusLine($0).contains("⌂ home") }
    let status = statusLine(screen)
    #expect(status.components(separatedBy: "53.40322,-2.96583").count == 2, "the coordinates once: \(status)")
    #expect(status.contains("⌂ home 53.40322,-2.96583"), "\(status)")
    try await view.quit(after: "q")
}
