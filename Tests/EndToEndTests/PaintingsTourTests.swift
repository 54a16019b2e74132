import Foundation
import Testing
import TestSupport

@Test func thePaintingsTourHeartsSurviveARestartAndNewsIsShownClean() throws {
    let home = try temporaryDirectory("e2e-paintings")
    let image = home.appendingPathComponent("painting.jpg")
    try Data(try quadrantJPEG(width: 120, height: 90)).write(to: image)
    let museum = try TestServer(rijksmuseumImage: image)
    let added = try runArtmapBinary(["painters", "add", "Johannes Vermeer", "--rijks-base", museum.base], home: home)
    #expect(added.status == 0, "\(added.output)")
    // No start-up sync (it would reach for the campus service); the news comes from the stand-in.
    #expect(try runArtmapBinary(["config", "set", "sync.at_start", "no"], home: home).status == 0)
    #expect(try runArtmapBinary(["config", "set", "news.url", museum.base + "/news.txt"], home: home).status == 0)
    #expect(try runArtmapBinary(["config", "set", "slideshow.interval", "1"], home: home).status == 0)

    let tmux = try TmuxSession(columns: 140, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--collection", "rijksmuseum"]))
    var screen = try tmux.waitFor { $0.contains { $0.contains("N news ●") } }
    try tmux.send("N")
    screen = try tmux.waitFor { $0.contains { $0.contains("Late opening on Friday") } }
    #expect(screen.contains { $0.contains("the Night Watch") && $0.contains("gallery until 22:00.") })
    #expect(!screen.joined().contains("[31m"), "escape sequences from the news are cleaned")
    try tmux.send("Escape")
    screen = try tmux.waitFor { !$0.contains { $0.contains("Late opening") } }

    // Heart the first painting in the table, then the slideshow moves on by itself every second.
    try tmux.send("Tab", "Down", "f")
    screen = try tmux.waitFor { $0.contains { $0.contains("♥ The Milkmaid") } }
    try tmux.send("Down", "Down", "f")
    screen = try tmux.waitFor { $0.filter { $0.contains("♥ ") }.count >= 2 && $0.contains { $0.contains("F favourites") } }
    try tmux.send("S")
    screen = try tmux.waitFor { $0.contains { $0.contains("1/2 ·") && $0.contains("every 1 s") } }
    screen = try tmux.waitFor { $0.contains { $0.contains("2/2 ·") } }
    try tmux.send("Escape", "q")
    screen = try tmux.waitFor { $0.contains { $0.contains("EXITED-0") } }

    // Restart: the hearts are still there.
    try tmux.type("clear; " + artmapCommandLine(home: home, arguments: ["--collection", "rijksmuseum", "--offline"]))
    screen = try tmux.waitFor { $0.contains { $0.contains("♥ The Milkmaid") } }
    try tmux.send("F")
    screen = try tmux.waitFor { $0.contains { $0.contains("Favourites (2 of 50)") } }
    try tmux.send("Escape", "q")
    _ = try tmux.waitFor { $0.filter { $0.contains("EXITED-0") }.count >= 1 }
}

@Test func aNewsServerSendingAChunkOfTwoToTheSixtyThreeBytesDoesNotStopTheView() throws {
    let home = try temporaryDirectory("e2e-news-chunk")
    let server = try TestServer()
    #expect(try runArtmapBinary(["config", "set", "sync.at_start", "no"], home: home).status == 0)
    #expect(try runArtmapBinary(["config", "set", "news.url", server.serviceURL("chunkbomb")], home: home).status == 0)
    let tmux = try TmuxSession(columns: 120, rows: 36)
    try tmux.type(artmapCommandLine(home: home, arguments: []))
    _ = try tmux.waitFor { $0.contains { $0.contains("31 artworks") } }
    // The view asks for the news when it starts; the news overlay shows why there is none once the answer is read.
    try tmux.send("N")
    let news = try tmux.waitFor { $0.contains { $0.contains("No news: the news fetch failed") } }
    let text = news.joined(separator: " ").replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("the connection was lost before the response was complete"), "\(news)")
    try tmux.send("Escape", "q")
    let screen = try tmux.waitFor { $0.contains { $0.contains("EXITED-") } }
    #expect(screen.contains { $0.contains("EXITED-0") }, "\(screen)")
}
