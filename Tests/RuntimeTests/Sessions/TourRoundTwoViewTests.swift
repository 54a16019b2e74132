import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

// Issue 36, "A newcomer's tour, round 2": the items a newcomer meets on the screen, in tmux.

/// Item 4: a failure message never pushes the location off the status line: its first 20 characters stay
/// and the message is cut instead, on the main screen and in a detail. Before, at 80 columns the status read
/// " ⌖ fixed point 53.4…" or lost the location entirely behind "sync failed: …".
@Test func aFailureKeepsTheLocationOnTheStatusLineAt80x24() async throws {
    var server: TestServer? = try await offThePool { try TestServer() }
    let home = try temporaryDirectory("tour2-status")
    let source = try #require(server?.serviceURL("ok"))
    #expect(try await runArtmap(["sync", "--no-images", "--source", source], home: home).status == 0)
    server = nil  // the remembered source now refuses connections
    try await offThePool { try keepOnLoopback(home: home) }  // s is the point: --offline would turn it off
    let view = try await ViewDriver(home: home, arguments: ["--at", "53.40678,-2.96603"], columns: 80, rows: 24)
    try await view.waitFor { $0.contains { $0.contains("Map") } }
    try view.send("s")
    var screen = try await view.waitFor { statusLine($0).contains("sync failed:") }
    var status = statusLine(screen)
    // A point without a name keeps its coordinates, its name (issue 50).
    #expect(status.hasPrefix(" ◎ 53.40678,-2.96603 │ sync failed: connection refused"), "the location stays, the reason follows: \(status)")
    // In a detail the same line: the location, then the message, not "sync …".
    try view.send("Tab", "Enter")
    screen = try await view.waitFor { popUpOpen($0) }
    if !screen.contains(where: { $0.contains("┌ Artwork ") }) {
        try view.send("Enter")
        screen = try await view.waitFor { $0.contains { $0.contains("┌ Artwork ") } }
    }
    try view.send("s")
    screen = try await view.waitFor { statusLine($0).contains("sync failed:") }
    status = statusLine(screen)
    #expect(status.hasPrefix(" ◎ 53.40678,-2.96603 │ sync failed: connection refused"), "\(status)")
    try await view.quit(after: "Escape", "Escape")
}

/// Item 4: offline (`--offline`) `s` asks nothing, so a picture not downloaded yet does not say "press s to sync".
@Test func offlineADetailDoesNotOfferS() async throws {
    let server = try await offThePool { try TestServer() }
    let home = try temporaryDirectory("tour2-offline")
    #expect(try await runArtmap(["sync", "--no-images", "--source", server.serviceURL("ok")], home: home).status == 0)
    let view = try await ViewDriver(home: home, arguments: ["--offline"], columns: 120, rows: 40)
    try await view.waitFor { $0.contains { $0.contains("Map") } }
    try view.send("Tab", "Enter")
    var screen = try await view.waitFor { popUpOpen($0) }
    if !screen.contains(where: { $0.contains("┌ Artwork ") }) {
        try view.send("Enter")
        screen = try await view.waitFor { $0.contains { $0.contains("┌ Artwork ") } }
    }
    screen = try await view.waitFor { $0.joined().contains("image not downloaded yet") }
    let text = screen.joined(separator: "\n")
    #expect(!text.contains("press s"), "\(text)")
    #expect(text.contains("offline"), "\(text)")
    try await view.quit(after: "Escape", "Escape")
}

/// Item 6: on the settings screen a label never runs into its value (a column two cells wide between them),
/// "Rijksmuseum base" reads as the built-in default, not "(none)", and the footer is read whole at 120 and 80
/// columns (on two lines when one is too short); at 80×24 the list scrolls to its last setting.
@Test(arguments: [(120, 40), (80, 24)])
func theSettingsScreenReadsCleanly(columns: Int, rows: Int) async throws {
    let home = try temporaryDirectory("tour2-settings")
    let view = try await ViewDriver(home: home, arguments: ["--offline"], columns: columns, rows: rows)
    try await view.waitFor { $0.contains { $0.contains("Map") } }
    try view.send(",")
    var screen = try await view.waitFor { boxTop($0, "Settings") != nil }
    let text = screen.joined(separator: "\n")
    #expect(screen.contains { $0.contains("Enter edit · ←/→ choose · d default · Esc back") }, "\(text)")
    #expect(screen.contains { $0.contains("saved at once; used at once unless marked next start") }, "\(text)")
    #expect(screen.contains { $0.contains("Rijksmuseum base  ") && $0.contains("(built-in") }, "\(text)")
    #expect(!screen.contains { $0.contains("Rijksmuseum") && $0.contains("(none)") }, "\(text)")
    // Down to "Fetch again after", the 24th setting (Wikidata's three came before it, issue 46).
    for _ in 0..<23 { try view.send("j") }
    screen = try await view.waitFor { $0.contains { $0.contains("days before a fetched tile is asked for again") } }
    #expect(screen.contains { $0.contains("Fetch the map around you  on  (default)") }, "\(screen.joined(separator: "\n"))")
    try await view.quit(after: "Escape")
}

/// Item 11: the painters screen's "found" line names the painter as the museum spells it ("Johannes Vermeer"
/// for "johannes vermeer" typed), read from the first painting's maker; before, it repeated the name as typed.
@Test func thePainterFoundIsNamedAsTheMuseumSpellsIt() async throws {
    let home = try temporaryDirectory("tour2-painter")
    let image = home.appendingPathComponent("painting.jpg")
    try Data(try quadrantJPEG(width: 120, height: 90)).write(to: image)
    let museum = try await offThePool { try TestServer(rijksmuseumImage: image) }
    #expect(try await runArtmap(["config", "set", "sync.at_start", "no"], home: home).status == 0)
    let view = try await ViewDriver(home: home, arguments: ["--rijks-base", museum.base], columns: 120, rows: 40)
    try await view.waitFor("the view", { $0.contains { $0.contains("q quit") } })
    try view.send("p")
    try await view.waitFor("the painters screen", { $0.contains { $0.contains("No painters yet. Press + and type a name") } })
    try view.send("+")
    view.typeText("johannes vermeer")
    try await view.waitFor("the name typed", { $0.contains { $0.contains("Search the museum: johannes vermeer") } })
    try view.send("Enter")
    let screen = try await view.waitFor("the painter found", { $0.contains { $0.contains(": 4 paintings with images") } })
    #expect(screen.contains { $0.contains(" Johannes Vermeer: 4 paintings with images. Enter adds them") }, "\(screen.joined(separator: "\n"))")
    try await view.quit(after: "Escape", "Escape")
}

/// Item 7: after a place jump (`@ Entrance`, the campus's farthest artwork, selected with G) the place's header
/// tops the table, not its artwork under ▲ with the header scrolled off.
@Test func aPlaceJumpShowsThePlacesHeaderAtTheTopOfTheTable() async throws {
    let home = try temporaryDirectory("tour2-header")
    let view = try await ViewDriver(home: home, arguments: ["--offline"], columns: 80, rows: 24)
    try await view.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }
    try view.send("Tab", "G")
    try await view.waitFor { $0.contains { $0.contains("Entrance") && $0.contains("Maurice Cock") } }
    try view.send("@")
    try await view.waitFor { $0.contains { $0.contains("@ go to") } }
    view.typeText("Entrance")
    try view.send("Enter")
    let screen = try await view.waitFor { statusLine($0).contains("measuring from Entrance") }
    let table = try #require(boxTop(screen, "31 artworks in 13 build"))
    // Under the column names: the place's header, then its artwork; nothing hidden above.
    #expect(screen[table.line + 2].contains("▸ Rendall Building (1)"), "\(screen.joined(separator: "\n"))")
    #expect(screen[table.line + 3].contains("Entrance"), "\(screen.joined(separator: "\n"))")
    #expect(!screen[table.line + 2].contains("▲"))
    try await view.quit()
}

/// Item 8: the route panel's header never wraps: at 80×24 the keys give way ("… as the crow flies" alone)
/// instead of "… j/k scroll, Esc" over "closes"; the steps follow at once.
@Test func theRoutePanelsHeaderNeverWrapsAt80x24() async throws {
    let home = try temporaryDirectory("tour2-route")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    #expect(try await runArtmap(["import", extract], home: home).status == 0)
    let view = try await ViewDriver(home: home, arguments: ["--offline", "--collection", "helsinki"], columns: 80, rows: 24)
    try await view.waitFor { $0.contains { $0.contains("artworks in") } }
    try view.send("Tab", "j", "g")
    let screen = try await view.waitFor { $0.contains { $0.contains("as the crow flies") } }
    let header = try #require(screen.firstIndex { $0.contains("as the crow flies") })
    #expect(screen[header + 1].contains("│ 1 "), "the first step right under the header: \(screen.joined(separator: "\n"))")
    #expect(!screen.contains { $0.contains("│ closes") }, "\(screen.joined(separator: "\n"))")
    try await view.quit(after: "Escape")
}
