import Foundation
import Testing
import TestSupport

/// The OpenStreetMap stand-ins with a real JPEG as every thumbnail.
private func osmServer() throws -> TestServer {
    let image = try temporaryDirectory("e2e-osm").appendingPathComponent("thumb.jpg")
    try Data(try quadrantJPEG(width: 64, height: 48)).write(to: image)
    return try TestServer(osmServicesImage: image)
}

/// A home whose view does not sync with the campus service at start (the tests reach only 127.0.0.1).
private func homeWithoutStartSync() throws -> URL {
    let home = try temporaryDirectory("e2e-nearme")
    let set = try runArtmapBinary(["config", "set", "sync.at_start", "no"], home: home)
    #expect(set.status == 0, "\(set.output)")
    return home
}

@Test func aFirstStartFarFromAnyMapFetchesStreetsAndArtworksInTheBackgroundWhileKeysAnswer() throws {
    let server = try osmServer()
    // The streets' answers take 8 s: long enough to press keys, and open a detail, while the fetch runs.
    try server.delayOverpass(0, streets: 8)
    let home = try homeWithoutStartSync()
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--at", "60.1676,24.9514"] + server.osmServiceOptions))
    _ = try tmux.require("the status line says a fetch runs") { $0.contains { $0.contains("⇣ fetching") } }
    // Keys while the fetch runs: the help opens and closes, the layout changes, with the fetch still under way.
    try tmux.send("?")
    _ = try tmux.require("the help during the fetch") {
        $0.contains { $0.contains("move the cursor north") } && $0.contains { $0.contains("⇣ ") }
    }
    try tmux.send("Escape", "L")
    _ = try tmux.require("a layout change during the fetch") {
        $0.contains { $0.contains("layout: side") } && $0.contains { $0.contains("⇣ ") }
    }
    // Issue 30: the artworks are listed before the streets arrive. The nearest building is Havis Amanda's, with one
    // artwork: Enter opens its detail while the fetch still runs, before its pictures are found.
    _ = try tmux.require(timeout: 60, "the art listed during the fetch") {
        $0.contains { $0.contains("Havis Amanda") } && $0.contains { $0.contains("⇣ fetching the streets") }
    }
    try tmux.send("Tab", "Enter")
    var screen = try tmux.require(timeout: 30, "the detail, opened during the fetch") {
        $0.contains { $0.contains("Image: wikidata:Q523268") }
    }
    #expect(!screen.contains { $0.contains("Picture: ") }, "\(screen.joined(separator: "\n"))")
    // Without reopening it: once the fetch and its pictures are done, the same detail shows the downloaded picture
    // (its size known once decoded), the picture's credit and licence, and the file's page.
    screen = try tmux.require(timeout: 60, "the picture and its credit in the detail left open") {
        $0.contains { $0.contains("Picture: Jane & John Doe, CC BY-SA 4.0 (Wikimedia Commons)") }
            && $0.contains { $0.contains("Web: https://commons.wikimedia.org/wiki/File:Havis_Amanda_2.jpg") }
            && $0.contains { $0.contains("Image: wikidata:Q523268, 64×48 px") }
    }
    // Back on the main screen, without a command: the fetched streets on the map, the fetched artworks in the table.
    try tmux.send("Escape")
    screen = try tmux.require(timeout: 60, "the fetched map and artworks") {
        $0.contains { $0.contains("Havis Amanda") } && $0.contains { $0.contains(" osm · ") && $0.contains("? help") }
            && $0.contains { $0.contains("Pohjoisesplanadi") || $0.contains("Eteläesplanadi") || $0.contains("Unioninkatu") }
    }
    try tmux.send("q")
    _ = try tmux.require("the view ends") { $0.contains { $0.contains("EXITED-0") } }
    let asked = try server.requestLog()
    // Issue 30: the artworks of the radius, the streets on screen, the rest of the radius: three queries, not twelve tiles.
    #expect(asked.filter { $0.hasPrefix("/overpass/api/interpreter") }.count <= 3)
    #expect(asked.allSatisfy { $0.contains(" UA=artmap/") })
}

@Test func anOfflineStartAsksNoServiceEvenWhenAskedToFetchOrFindAPlace() throws {
    let server = try osmServer()
    let home = try homeWithoutStartSync()
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--at", "60.1676,24.9514"] + server.osmServiceOptions))
    _ = try tmux.require("the view") { $0.contains { $0.contains("◎") } }
    try tmux.send("d")
    _ = try tmux.require("d refuses offline") { $0.contains { $0.contains("offline (--offline): nothing is fetched") } }
    try tmux.send("@")
    _ = try tmux.require("the place prompt") { $0.contains { $0.contains("@ go to") } }
    try tmux.type("Havis Amanda")
    _ = try tmux.require("no such place in the store") { $0.contains { $0.contains("no place named 'Havis Amanda' in the store (offline)") } }
    try tmux.send("q")
    _ = try tmux.require("the view ends") { $0.contains { $0.contains("EXITED-0") } }
    #expect(try server.requestLog().isEmpty)
}

/// Issue 29: `s` on fetched OpenStreetMap data fetches the tiles in view again, whatever their age, and never
/// asks the campus service.
@Test func sOnFetchedDataFetchesTheTilesInViewAgain() throws {
    let server = try osmServer()
    let home = try homeWithoutStartSync()
    let fetched = try runArtmapBinary(["fetch", "--around", "60.1676,24.9514", "--radius", "300", "--no-pictures"] + server.osmServiceOptions, home: home)
    #expect(fetched.status == 0, "\(fetched.output)")
    let before = try server.requestLog().filter { $0.hasPrefix("/overpass/api/interpreter") }.count
    let tmux = try TmuxSession(columns: 120, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--at", "60.1676,24.9514", "--collection", "osm"] + server.osmServiceOptions))
    _ = try tmux.require("the fetched artworks") { $0.contains { $0.contains("Havis Amanda") } && $0[0].contains(" osm · ") }
    try tmux.send("s")
    let screen = try tmux.require(timeout: 60, "the refresh's summary") { $0.contains { $0.contains("fetched ") && $0.contains(" map feature") } }
    #expect(!screen.contains { $0.contains("sync failed") || $0.contains("up to date") }, "\(screen.joined(separator: "\n"))")
    try tmux.send("q")
    _ = try tmux.require("the view ends") { $0.contains { $0.contains("EXITED-0") } }
    let again = try server.requestLog().filter { $0.hasPrefix("/overpass/api/interpreter") }.count - before
    #expect(again >= 1 && again <= 9, "the tiles in view were asked again (\(again)), not the whole store")
    #expect(try server.requestLog().allSatisfy { !$0.contains("data.php") }, "the campus service was not asked")
}

/// Issue 36, item 1: `@ place` in the view fetches around that place and the status line says what that fetch
/// stored. Helsinki's four tiles are in the store; Amsterdam is outside the stand-in's extract, so its fetch
/// stores nothing and says "nothing here" (before, it said "fetched 12 tiles of 12" with Helsinki's counts).
@Test func aPlaceJumpShowsWhatThatFetchStoredNotTheStoresTotals() throws {
    let server = try osmServer()
    let home = try homeWithoutStartSync()
    let fetched = try runArtmapBinary(["fetch", "--around", "60.1690,24.9480", "--radius", "300", "--no-pictures"] + server.osmServiceOptions, home: home)
    #expect(fetched.status == 0 && fetched.output.contains("map features"), "\(fetched.output)")
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--at", "60.1690,24.9480"] + server.osmServiceOptions))
    _ = try tmux.require("the view") { $0.contains { $0.contains("◎") } }
    try tmux.send("@")
    _ = try tmux.require("the place prompt") { $0.contains { $0.contains("@ go to") } }
    try tmux.type("Amsterdam")
    let screen = try tmux.require(timeout: 60, "Amsterdam's fetch summary") {
        $0.contains { $0.contains("nothing here: OpenStreetMap has no streets, buildings or artworks") }
    }
    #expect(!screen.contains { $0.contains(" map features") || $0.contains(" tiles of ") }, "\(screen.joined(separator: "\n"))")
    try tmux.send("q")
    _ = try tmux.require("the view ends") { $0.contains { $0.contains("EXITED-0") } }
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
@Test func aFirstStartFarFromTheCampusShowsThatPointListsItsArtBeforeItsStreetsAndAsksPolitely() throws {
    let server = try osmServer()
    try server.delayOverpass(3, streets: 6)
    let home = try homeWithoutStartSync()
    let campus = try campusTitles()
    #expect(!campus.isEmpty)
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--at", "60.1676,24.9514"] + server.osmServiceOptions))
    var screen = try tmux.require("the empty point, its art being fetched") {
        $0.contains { $0.contains("⇣ fetching the art around you … 1 of ") }
    }
    #expect(!screen.contains { line in campus.contains { line.contains($0) } }, "\(screen.joined(separator: "\n"))")
    #expect(!screen.contains { $0.contains("nothing within") }, "\(screen.joined(separator: "\n"))")
    screen = try tmux.require(timeout: 60, "the art around the point listed") { $0.contains { $0.contains("Havis Amanda") } }
    // Listed while the streets are still asked: no street drawn yet (their answer comes 3 s later).
    #expect(!screen.contains { $0.contains("Pohjoisesplanadi") || $0.contains("Unioninkatu") || $0.contains("Eteläranta") },
            "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("⇣ fetching the streets") }, "\(screen.joined(separator: "\n"))")
    screen = try tmux.require(timeout: 60, "the streets drawn") {
        $0.contains { $0.contains("Pohjoisesplanadi") || $0.contains("Unioninkatu") || $0.contains("Eteläranta") }
    }
    #expect(!screen.contains { line in campus.contains { line.contains($0) } }, "\(screen.joined(separator: "\n"))")
    _ = try tmux.require(timeout: 60, "the fetch's summary") { $0.contains { $0.contains("fetched ") && $0.contains(" tiles") } }
    try tmux.send("q")
    _ = try tmux.require("the view ends") { $0.contains { $0.contains("EXITED-0") } }
    let stats = try server.overpassStats()
    #expect(stats.order == ["artworks", "streets", "streets"], "\(stats.order)")
    #expect(stats.maxInFlight == 2, "\(stats.maxInFlight)")
    let asked = try server.requestLog()
    #expect(asked.filter { $0.hasPrefix("/overpass/api/interpreter") }.count <= 3)
    #expect(asked.allSatisfy { $0.contains(" UA=artmap/") })
}

/// Issue 30, item 4: where the fetch finds nothing (Amsterdam is outside the stand-in's extract), the start far from
/// any art ends as an offline one does: the nearest collection, with the line saying how far it is.
@Test func aFarStartWhoseFetchFindsNothingShowsTheNearestCollectionWithItsDistance() throws {
    let server = try osmServer()
    let home = try homeWithoutStartSync()
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--at", "52.3730,4.8925"] + server.osmServiceOptions))
    _ = try tmux.require(timeout: 60, "the campus with the distance line") {
        $0.contains { $0.contains("nothing within 25 km of here: the nearest art shown is") }
    }
    try tmux.send("q")
    _ = try tmux.require("the view ends") { $0.contains { $0.contains("EXITED-0") } }
}
