import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// The OpenStreetMap stand-ins with a real JPEG as every thumbnail.
private func osmServer() async throws -> TestServer {
    let image = try temporaryDirectory("e2e-osm").appendingPathComponent("thumb.jpg")
    try Data(try quadrantJPEG(width: 64, height: 48)).write(to: image)
    return try await offThePool { try TestServer(osmServicesImage: image) }
}

/// A home whose view does not sync with the campus service at start (the tests reach only 127.0.0.1).
private func homeWithoutStartSync() async throws -> URL {
    let home = try temporaryDirectory("e2e-nearme")
    let set = try await runArtmap(["config", "set", "sync.at_start", "no"], home: home)
    #expect(set.status == 0, "\(set.output)")
    return home
}

@Test func aFirstStartFarFromAnyMapFetchesStreetsAndArtworksInTheBackgroundWhileKeysAnswer() async throws {
    let server = try await osmServer()
    // The streets' answers take 5 s: long enough to press keys, and open a detail, while the fetch runs (keys in
    // process take no time), and well inside the client's 10 s stall guard even on a loaded machine.
    try server.delayOverpass(0, streets: 5)
    let home = try await homeWithoutStartSync()
    let view = try await ViewDriver(home: home, arguments: ["--at", "60.1676,24.9514"] + server.osmServiceOptions, columns: 160, rows: 45)
    _ = try await view.waitFor("the status line says a fetch runs") { $0.contains { $0.contains("⇣ fetching") } }
    // Keys while the fetch runs: the help opens and closes, the layout changes, with the fetch still under way.
    try view.send("?")
    _ = try await view.waitFor("the help during the fetch") {
        $0.contains { $0.contains("move the cursor north") } && $0.contains { $0.contains("⇣ ") }
    }
    try view.send("Escape", "L")
    _ = try await view.waitFor("a layout change during the fetch") {
        $0.contains { $0.contains("layout: side") } && $0.contains { $0.contains("⇣ ") }
    }
    // Issue 30: the artworks are listed before the streets arrive. The nearest building is Havis Amanda's, with one
    // artwork: Enter opens its detail while the fetch still runs, before its pictures are found.
    _ = try await view.waitFor(timeout: 60, "the art listed during the fetch") {
        $0.contains { $0.contains("Havis Amanda") } && $0.contains { $0.contains("⇣ fetching the streets") }
    }
    try view.send("Tab", "Enter")
    var screen = try await view.waitFor(timeout: 30, "the detail, opened during the fetch") {
        $0.contains { $0.contains("Image: wikidata:Q523268") }
    }
    #expect(!screen.contains { $0.contains("Picture: ") }, "\(screen.joined(separator: "\n"))")
    // Without reopening it: once the fetch and its pictures are done, the same detail shows the downloaded picture
    // (its size known once decoded), the picture's credit and licence, and the file's page.
    screen = try await view.waitFor(timeout: 60, "the picture and its credit in the detail left open") {
        $0.contains { $0.contains("Picture: Jane & John Doe, CC BY-SA 4.0 (Wikimedia Commons)") }
            && $0.contains { $0.contains("Web: https://commons.wikimedia.org/wiki/File:Havis_Amanda_2.jpg") }
            && $0.contains { $0.contains("Image: wikidata:Q523268, 64×48 px") }
    }
    // Back on the main screen, without a command: the fetched streets on the map, the fetched artworks in the table.
    try view.send("Escape")
    screen = try await view.waitFor(timeout: 60, "the fetched map and artworks") {
        $0.contains { $0.contains("Havis Amanda") } && $0.contains { $0.contains(" osm · ") && $0.contains("? help") }
            && $0.contains { $0.contains("Pohjoisesplanadi") || $0.contains("Eteläesplanadi") || $0.contains("Unioninkatu") }
    }
    try await view.quit()
    let asked = try server.requestLog()
    // Issue 30: the artworks of the radius, the streets on screen, the rest of the radius: three queries, not twelve tiles.
    #expect(asked.filter { $0.hasPrefix("/overpass/api/interpreter") }.count <= 3)
    #expect(asked.allSatisfy { $0.contains(" UA=artmap/") })
}

@Test func anOfflineStartAsksNoServiceEvenWhenAskedToFetchOrFindAPlace() async throws {
    let server = try await osmServer()
    let home = try await homeWithoutStartSync()
    let view = try await ViewDriver(home: home, arguments: ["--offline", "--at", "60.1676,24.9514"] + server.osmServiceOptions, columns: 160, rows: 45)
    _ = try await view.waitFor("the view") { $0.contains { $0.contains("◎") } }
    try view.send("d")
    _ = try await view.waitFor("d refuses offline") { $0.contains { $0.contains("offline (--offline): nothing is fetched") } }
    try view.send("@")
    _ = try await view.waitFor("the place prompt") { $0.contains { $0.contains("@ go to") } }
    view.typeText("Havis Amanda")
    try view.send("Enter")
    _ = try await view.waitFor("no such place in the store") { $0.contains { $0.contains("no place named 'Havis Amanda' in the store (offline)") } }
    try await view.quit()
    #expect(try server.requestLog().isEmpty)
}

/// Issue 29: `s` on fetched OpenStreetMap data fetches the tiles in view again, whatever their age, and never
/// asks the campus service.
@Test func sOnFetchedDataFetchesTheTilesInViewAgain() async throws {
    let server = try await osmServer()
    let home = try await homeWithoutStartSync()
    let fetched = try await runArtmap(["fetch", "--around", "60.1676,24.9514", "--radius", "300", "--no-pictures"] + server.osmServiceOptions, home: home)
    #expect(fetched.status == 0, "\(fetched.output)")
    let before = try server.requestLog().filter { $0.hasPrefix("/overpass/api/interpreter") }.count
    let view = try await ViewDriver(home: home, arguments: ["--at", "60.1676,24.9514", "--collection", "osm"] + server.osmServiceOptions, columns: 120, rows: 40)
    _ = try await view.waitFor("the fetched artworks") { $0.contains { $0.contains("Havis Amanda") } && $0[0].contains("osm · ") }
    try view.send("s")
    // The status line says what the fetch brought in a person's words (issue 50), not the counts `fetch` prints: the
    // same data again is up to date (item 8: it used to count one artwork as changed every time).
    let screen = try await view.waitFor(timeout: 60, "the refresh's summary") { statusLine($0).contains("artworks around here, up to date; the streets for walking are loaded") }
    #expect(!screen.contains { $0.contains("sync failed") || $0.contains("fetched within") }, "asked again, whatever the tiles' age: \(screen.joined(separator: "\n"))")
    try await view.quit()
    let again = try server.requestLog().filter { $0.hasPrefix("/overpass/api/interpreter") }.count - before
    #expect(again >= 1 && again <= 9, "the tiles in view were asked again (\(again)), not the whole store")
    #expect(try server.requestLog().allSatisfy { !$0.contains("data.php") }, "the campus service was not asked")
}

/// Issue 36, item 1: `@ place` in the view fetches around that place and the status line says what that fetch
/// stored. Helsinki's four tiles are in the store; Amsterdam is outside the stand-in's extract, so its fetch
/// stores nothing and says "nothing here" (before, it said "fetched 12 tiles of 12" with Helsinki's counts).
@Test func aPlaceJumpShowsWhatThatFetchStoredNotTheStoresTotals() async throws {
    let server = try await osmServer()
    let home = try await homeWithoutStartSync()
    let fetched = try await runArtmap(["fetch", "--around", "60.1690,24.9480", "--radius", "300", "--no-pictures"] + server.osmServiceOptions, home: home)
    #expect(fetched.status == 0 && fetched.output.contains("map features"), "\(fetched.output)")
    let view = try await ViewDriver(home: home, arguments: ["--at", "60.1690,24.9480"] + server.osmServiceOptions, columns: 160, rows: 45)
    _ = try await view.waitFor("the view") { $0.contains { $0.contains("◎") } }
    try view.send("@")
    _ = try await view.waitFor("the place prompt") { $0.contains { $0.contains("@ go to") } }
    view.typeText("Amsterdam")
    try view.send("Enter")
    let screen = try await view.waitFor(timeout: 60, "Amsterdam's fetch summary") {
        $0.contains { $0.contains("nothing here: OpenStreetMap has no streets, buildings or artworks") }
    }
    #expect(!screen.contains { $0.contains(" map features") || $0.contains(" tiles of ") }, "\(screen.joined(separator: "\n"))")
    try await view.quit()
    #expect(try server.requestLog().contains { $0.hasPrefix("/nominatim/") })
}

/// The campus catalogue's titles, to make sure none of them is on screen at a start far from the campus.
private func campusTitles() throws -> [String] {
    let root = try JSONSerialization.jsonObject(with: try Data(contentsOf: seedFile)) as? [String: Any] ?? [:]
    let records = root.values.first as? [[String: Any]] ?? []
    return records.compactMap { $0["title"] as? String }.filter { $0.count >= 6 }
}

/// Issue 30, "the first minute anywhere": a first start in Helsinki (the campus is 1,800 km away) with a map service
/// whose artworks' answer waits 3 s and whose streets' answers wait 6 s. The view shows that point, empty, fetching —
/// never the campus; the art around it is listed before any street is drawn; the streets follow. The stand-in's own
/// count: the artworks' query asked first, the screen's streets beside it (two at once, never more), three in all,
/// every request with artmap's User-Agent.
@Test func aFirstStartFarFromTheCampusShowsThatPointListsItsArtBeforeItsStreetsAndAsksPolitely() async throws {
    let server = try await osmServer()
    try server.delayOverpass(3, streets: 6)
    let home = try await homeWithoutStartSync()
    let campus = try campusTitles()
    #expect(!campus.isEmpty)
    let view = try await ViewDriver(home: home, arguments: ["--at", "60.1676,24.9514"] + server.osmServiceOptions, columns: 160, rows: 45)
    var screen = try await view.waitFor("the empty point, its art being fetched") {
        $0.contains { $0.contains("⇣ fetching the art around you … 1 of ") }
    }
    #expect(!screen.contains { line in campus.contains { line.contains($0) } }, "\(screen.joined(separator: "\n"))")
    #expect(!screen.contains { $0.contains("nothing within") }, "\(screen.joined(separator: "\n"))")
    screen = try await view.waitFor(timeout: 60, "the art around the point listed") { $0.contains { $0.contains("Havis Amanda") } }
    // Listed while the streets are still asked: no street drawn yet (their answer comes 3 s later).
    #expect(!screen.contains { $0.contains("Pohjoisesplanadi") || $0.contains("Unioninkatu") || $0.contains("Eteläranta") },
            "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("⇣ fetching the streets") }, "\(screen.joined(separator: "\n"))")
    screen = try await view.waitFor(timeout: 60, "the streets drawn") {
        $0.contains { $0.contains("Pohjoisesplanadi") || $0.contains("Unioninkatu") || $0.contains("Eteläranta") }
    }
    #expect(!screen.contains { line in campus.contains { line.contains($0) } }, "\(screen.joined(separator: "\n"))")
    _ = try await view.waitFor(timeout: 60, "the fetch's summary") { statusLine($0).contains("artworks around here; the streets for walking are loaded") }
    try await view.quit()
    let stats = try server.overpassStats()
    #expect(stats.order == ["artworks", "streets", "streets"], "\(stats.order)")
    #expect(stats.maxInFlight == 2, "\(stats.maxInFlight)")
    let asked = try server.requestLog()
    #expect(asked.filter { $0.hasPrefix("/overpass/api/interpreter") }.count <= 3)
    #expect(asked.allSatisfy { $0.contains(" UA=artmap/") })
}

/// Issue 30, item 4: where the fetch finds nothing (Amsterdam is outside the stand-in's extract), the start far from
/// any art ends as an offline one does: the nearest collection, with the line saying how far it is.
@Test func aFarStartWhoseFetchFindsNothingShowsTheNearestCollectionWithItsDistance() async throws {
    let server = try await osmServer()
    let home = try await homeWithoutStartSync()
    let view = try await ViewDriver(home: home, arguments: ["--at", "52.3730,4.8925"] + server.osmServiceOptions, columns: 160, rows: 45)
    _ = try await view.waitFor(timeout: 60, "the campus with the distance line") {
        $0.contains { $0.contains("nothing within 25 km of here: the nearest art shown is") }
    }
    try await view.quit()
}
