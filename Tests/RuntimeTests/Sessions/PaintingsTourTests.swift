import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

@Test func thePaintingsTourHeartsSurviveARestartAndNewsIsShownClean() async throws {
    let home = try temporaryDirectory("e2e-paintings")
    let image = home.appendingPathComponent("painting.jpg")
    try Data(try quadrantJPEG(width: 120, height: 90)).write(to: image)
    let museum = try await offThePool { try TestServer(rijksmuseumImage: image) }
    let added = try await runArtmap(["painters", "add", "Johannes Vermeer", "--rijks-base", museum.base], home: home)
    #expect(added.status == 0, "\(added.output)")
    // No start-up sync (it would reach for the campus service); the news comes from the stand-in.
    #expect(try await runArtmap(["config", "set", "sync.at_start", "no"], home: home).status == 0)
    #expect(try await runArtmap(["config", "set", "news.url", museum.base + "/news.txt"], home: home).status == 0)
    #expect(try await runArtmap(["config", "set", "slideshow.interval", "1"], home: home).status == 0)

    var view = try await ViewDriver(home: home, arguments: ["--collection", "rijksmuseum"], columns: 140, rows: 40)
    var screen = try await view.waitFor { $0.contains { $0.contains("N news ●") } }
    try view.send("N")
    screen = try await view.waitFor { $0.contains { $0.contains("Late opening on Friday") } }
    #expect(screen.contains { $0.contains("the Night Watch") && $0.contains("gallery until 22:00.") })
    #expect(!screen.joined().contains("[31m"), "escape sequences from the news are cleaned")
    try view.send("Escape")
    screen = try await view.waitFor { !$0.contains { $0.contains("Late opening") } }

    // Heart the first painting in the table, then the slideshow moves on by itself every second.
    try view.send("Tab", "Down", "f")
    screen = try await view.waitFor { $0.contains { $0.contains("♥ The Milkmaid") } }
    try view.send("Down", "Down", "f")
    screen = try await view.waitFor { $0.filter { $0.contains("♥ ") }.count >= 2 && $0.contains { $0.contains("F favourites") } }
    try view.send("S")
    screen = try await view.waitFor { $0.contains { $0.contains("1/2 ·") && $0.contains("every 1 s") } }
    // The slideshow's timer runs on the session's clock: the picture stays until a second has passed.
    view.advance(by: 0.5)
    #expect(view.screen.contains { $0.contains("1/2 ·") }, "half a second: the same picture")
    view.advance(by: 0.5)
    screen = try await view.waitFor { $0.contains { $0.contains("2/2 ·") } }
    try await view.quit(after: "Escape")

    // Restart: the hearts are still there.
    view = try await ViewDriver(home: home, arguments: ["--collection", "rijksmuseum", "--offline"], columns: view.terminal.size.columns, rows: view.terminal.size.rows)
    screen = try await view.waitFor { $0.contains { $0.contains("♥ The Milkmaid") } }
    try view.send("F")
    screen = try await view.waitFor { $0.contains { $0.contains("Favourites (2 of 50)") } }
    try await view.quit(after: "Escape")
}

@Test func aNewsServerSendingAChunkOfTwoToTheSixtyThreeBytesDoesNotStopTheView() async throws {
    let home = try temporaryDirectory("e2e-news-chunk")
    let server = try await offThePool { try TestServer() }
    #expect(try await runArtmap(["config", "set", "sync.at_start", "no"], home: home).status == 0)
    #expect(try await runArtmap(["config", "set", "news.url", server.serviceURL("chunkbomb")], home: home).status == 0)
    let view = try await ViewDriver(home: home, arguments: [], columns: 120, rows: 36)
    _ = try await view.waitFor { $0.contains { $0.contains("31 artworks") } }
    // The view asks for the news when it starts; the news overlay shows why there is none once the answer is read.
    try view.send("N")
    let news = try await view.waitFor { $0.contains { $0.contains("No news: the news fetch failed") } }
    let text = news.joined(separator: " ").replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("the connection was lost before the response was complete"), "\(news)")
    try await view.quit(after: "Escape")
}
