import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// How many artworks `artmap list --collection NAME --json` lists, and whether the campus's Ashton Building is among them.
private func listed(_ collection: String, home: URL) async throws -> (count: Int, names: [String]) {
    let result = try await runArtmap(["list", "--collection", collection, "--json"], home: home)
    #expect(result.status == 0, "\(result.output)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let buildings = try #require(json["buildings"] as? [[String: Any]])
    return (buildings.reduce(0) { $0 + (($1["artworks"] as? [Any])?.count ?? 0) }, buildings.compactMap { $0["name"] as? String })
}

/// Issue 29: after a campus sync from a remembered source, `s` in a view of an imported Helsinki left the campus's
/// 31 artworks in Helsinki. Now `s` refreshes Helsinki from its file (unchanged: up to date; touched: imported
/// again), never asks the campus service, and `--offline` asks nothing at all.
@Test func sInAnImportedCityNeverWritesTheCampusIntoIt() async throws {
    let server = try await offThePool { try TestServer() }
    let home = try temporaryDirectory("sources-s")
    let extract = home.appendingPathComponent("Helsinki.osm.pbf")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf"), to: extract)
    let imported = try await runArtmap(["import", extract.path], home: home)
    #expect(imported.status == 0 && imported.output.contains("into 'helsinki'"), "the file's stem in lower case: \(imported.output)")
    #expect(try await runArtmap(["sync", "--no-images", "--source", server.serviceURL("ok")], home: home).status == 0)
    let before = try await listed("helsinki", home: home)
    #expect(before.count == 65 && !before.names.contains("Ashton Building"))
    let campusAsks = { try server.requestLog().filter { $0.contains("data.php") }.count }
    let asked = try campusAsks()

    try await offThePool { try keepOnLoopback(home: home) }
    var view = try await ViewDriver(home: home, arguments: ["--collection", "Helsinki"], columns: 120, rows: 40)
    var screen = try await view.waitFor { $0.contains { $0.contains("65 artworks") } }
    #expect(!statusLine(screen).contains("not synced"), "a file's collection says nothing of syncing: \(statusLine(screen))")
    try view.send("s")
    screen = try await view.waitFor { statusLine($0).contains("helsinki: up to date") }
    #expect(statusLine(screen).contains("Helsinki.osm.pbf is unchanged since it was imported"), "\(statusLine(screen))")
    // The file changes on disk: `s` imports it again, into Helsinki only.
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: extract.path)
    try view.send("s")
    screen = try await view.waitFor { statusLine($0).contains("imported again") }
    #expect(statusLine(screen).contains("helsinki: Helsinki.osm.pbf changed on disk and was imported again: 0 new, 0 changed, 0 removed"),
            "\(statusLine(screen))")
    #expect(!screen.contains { $0.contains("sync failed") || $0.contains("Ashton Building") })
    try await view.quit()
    #expect(try campusAsks() == asked, "the campus service was not asked")

    // Offline: s says so and asks nothing.
    view = try await ViewDriver(home: home, arguments: ["--collection", "helsinki", "--offline"], columns: view.terminal.size.columns, rows: view.terminal.size.rows)
    try await view.waitFor { $0.contains { $0.contains("65 artworks") } }
    try view.send("s")
    screen = try await view.waitFor { statusLine($0).contains("offline") }
    #expect(statusLine(screen).contains("s refreshes nothing"), "\(statusLine(screen))")
    try await view.quit()

    let after = try await listed("helsinki", home: home)
    #expect(after.count == 65 && !after.names.contains("Ashton Building"), "Helsinki is as it was: \(after.count)")
    #expect(try await listed("campus", home: home).count == 31)
    #expect(try campusAsks() == asked)

    // A point in Helsinki without --collection shows Helsinki, not the campus 1,800 km away.
    view = try await ViewDriver(home: home, arguments: ["--at", "60.17,24.944", "--offline"], columns: view.terminal.size.columns, rows: view.terminal.size.rows)
    screen = try await view.waitFor { $0.contains { $0.contains("65 artworks") } }
    #expect(screen[0].contains("helsinki"), "\(screen[0])")
    #expect(!screen.contains { $0.contains("Ashton Building") })
    try await view.quit()
}
