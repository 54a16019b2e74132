import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 16, item 13: a news fetch that fails says so and why, not "set a news URL" when one is set.
@Test func aFailedNewsFetchSaysItFailedAndWhy() async throws {
    let home = try temporaryDirectory("e2e-news-failed")
    let image = home.appendingPathComponent("painting.jpg")
    try Data(try quadrantJPEG(width: 40, height: 30)).write(to: image)
    let museum = try await offThePool { try TestServer(rijksmuseumImage: image) }
    #expect(try await runArtmap(["config", "set", "sync.at_start", "no"], home: home).status == 0)
    let newsURL = museum.base + "/no-such-news.txt"
    #expect(try await runArtmap(["config", "set", "news.url", newsURL], home: home).status == 0)

    let view = try await ViewDriver(home: home, arguments: [], columns: 140, rows: 40)
    try await view.waitFor("the view", { $0.contains { $0.contains("q quit") } })
    try view.send("N")
    // The box wraps the line: the URL and the reason are checked on the lines they fall on.
    let screen = try await view.waitFor("the failure", { lines in
        // The reason first, the address last (issue 23, item 1).
        lines.contains { $0.contains("No news: the news fetch failed: the server answered HTTP 404") }
            && lines.joined(separator: " ").replacingOccurrences(of: "│", with: "").contains("no-such-news.txt.")
    })
    #expect(!screen.joined().contains("set a news URL"))
    try await view.quit(after: "Escape")
}

/// Issue 16, item 13: a second open view does not keep favourites another process removed.
@Test func aSecondViewDropsFavouritesAnotherProcessRemoved() async throws {
    let home = try temporaryDirectory("e2e-second-view")
    #expect(try await runArtmap(["favourites", "add", "34"], home: home).status == 0)
    #expect(try await runArtmap(["favourites", "add", "36"], home: home).status == 0)

    let view = try await ViewDriver(home: home, arguments: ["--offline"], columns: 140, rows: 40)
    try await view.waitFor("the view", { $0.contains { $0.contains("q quit") } })
    try view.send("F")
    try await view.waitFor("both favourites", { lines in
        lines.contains { $0.contains("Favourites (2 of 50)") } && lines.contains { $0.contains("♥ Entrance — Maurice Cockrill") }
    })
    try view.send("Escape")
    try await view.waitFor("the list closed", { !$0.contains { $0.contains("♥ Favourites") } })

    // Another process takes one heart away while the view is open.
    let removed = try await runArtmap(["favourites", "remove", "34"], home: home)
    #expect(removed.status == 0, "\(removed.output)")
    try view.send("F")
    let screen = try await view.waitFor("the list again", { $0.contains { $0.contains("♥ Favourites") } })
    #expect(screen.contains { $0.contains("Favourites (1 of 50)") }, "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("♥ Composition — Henry Mundy") })
    #expect(!screen.contains { $0.contains("♥ Entrance") }, "the removed favourite is gone")
    try await view.quit(after: "Escape")
    let left = try await runArtmap(["favourites", "list"], home: home)
    #expect(left.output.contains("Composition") && !left.output.contains("Entrance"), "\(left.output)")
}
