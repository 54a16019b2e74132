import Foundation
import Imaging
import Testing
import TestSupport

/// A home whose store is synced, images included, from a stand-in service serving a quadrant photo for
/// "Abstract" (id 40, in the Electrical Engineering Building).
func homeWithAbstractPhoto() throws -> (URL, TestServer) {
    let home = try temporaryDirectory("e2e-pictures")
    let images = home.appendingPathComponent("served")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try Data(try quadrantJPEG(width: 640, height: 480)).write(to: images.appendingPathComponent("Abstract by Christopher Darton Watkins.jpg"))
    let server = try TestServer(images: images)
    let sync = try runArtmapBinary(["sync", "--source", server.serviceURL("ok")], home: home)
    #expect(sync.status == 0, "\(sync.output)")
    return (home, server)
}

/// From the main screen to Abstract's detail, through the building's list.
func openAbstractDetail(_ tmux: TmuxSession) throws -> [String] {
    _ = try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }
    try tmux.send("Tab")
    for _ in 0..<17 { try tmux.send("Down") }
    try tmux.send("Enter")
    _ = try tmux.waitFor { $0.contains { $0.contains("9 artworks · 58 m SE") } }
    try tmux.send("Down", "Enter")
    return try tmux.waitFor(timeout: 30) { $0.contains { $0.contains("640×480 px") } }
}

@Test(arguments: [(160, 45), (80, 60)])
func theDetailShowsARecognisablePictureAndTheViewerZoomsAndPans(columns: Int, rows: Int) throws {
    let (home, _) = try homeWithAbstractPhoto()
    let tmux = try TmuxSession(columns: columns, rows: rows)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline"]))
    let detail = try openAbstractDetail(tmux)
    #expect(detail.contains { $0.contains("640×480 px") }, "\(detail.joined(separator: "\n"))")
    let raw = try tmux.screenWithAttributes()
    let check = quadrantCheck(parseAnsiScreen(raw, width: columns))
    #expect(check.errors == [], "at \(columns)×\(rows): \(raw.prefix(12).joined(separator: "\n"))")
    let box = try #require(check.box)
    // 640×480 at a 1:2 cell: 8/3 as many columns as rows.
    #expect(abs(Double(box.width) / Double(box.height) - 8.0 / 3.0) < 0.4, "aspect kept: \(box)")
    let title = try #require(detail.firstIndex { $0.contains(" Abstract  ") })
    if columns > rows * 2 {
        #expect(title == box.y, "text beside the picture at \(columns)×\(rows)")
    } else {
        #expect(title > box.y + box.height, "text below the picture at \(columns)×\(rows)")
    }

    // The viewer fills the screen; + zooms, arrows pan over the same decoded pixels.
    try tmux.send("Enter")
    _ = try tmux.waitFor { $0.contains { $0.contains("zoom fit") } }
    let viewerScreen = try tmux.screen()
    let full = quadrantCheck(parseAnsiScreen(try tmux.screenWithAttributes(), width: columns))
    #expect(full.errors == [], "\(String(describing: full.box)) \(viewerScreen.joined(separator: "\n"))")
    #expect((full.box?.height ?? 0) >= rows - 3 || (full.box?.width ?? 0) >= columns - 3, "fills the screen: \(String(describing: full.box))")
    try tmux.send("+")
    _ = try tmux.waitFor { $0.contains { $0.contains("zoom 2× at 50%,50%") } }
    /// The colour shown at a cell of the screen now.
    func colour(atX x: Int, y: Int) -> RGB? {
        let cells = parseAnsiScreen((try? tmux.screenWithAttributes()) ?? [], width: columns)
        guard cells.indices.contains(y), cells[y].indices.contains(x) else { return nil }
        return cells[y][x].shownColor
    }
    // One key at a time, as a person presses them: each pan shows in the status line before the next.
    func press(_ key: String, until position: String) throws {
        try tmux.send(key)
        let screen = try tmux.waitFor(timeout: 60) { $0.contains { $0.contains("zoom 2× at \(position)") } }
        #expect(screen.contains { $0.contains("zoom 2× at \(position)") }, "\(key) did not reach \(position): \(screen.last { !$0.isEmpty } ?? "")")
    }
    try press("Left", until: "38%,50%")
    try press("Up", until: "38%,38%")
    try press("Left", until: "25%,38%")
    try press("Up", until: "25%,25%")
    let inRed = (x: columns / 4, y: rows / 4)
    _ = try tmux.waitFor(timeout: 60) { _ in (colour(atX: inRed.x, y: inRed.y)?.distance(to: quadrantColour(0, 0, 2, 2)) ?? 999) <= 70 }
    #expect((colour(atX: inRed.x, y: inRed.y)?.distance(to: quadrantColour(0, 0, 2, 2)) ?? 999) <= 70, "zoomed into the red quadrant")
    try press("Right", until: "38%,25%")
    try press("Right", until: "50%,25%")
    try press("Right", until: "63%,25%")
    try press("Right", until: "75%,25%")
    let right = (x: columns - 3, y: 2)
    _ = try tmux.waitFor(timeout: 60) { _ in (colour(atX: right.x, y: right.y)?.distance(to: quadrantColour(1, 0, 2, 2)) ?? 999) <= 70 }
    #expect((colour(atX: right.x, y: right.y)?.distance(to: quadrantColour(1, 0, 2, 2)) ?? 999) <= 70,
            "green comes in from the right: \(String(describing: colour(atX: right.x, y: right.y))) \(((try? tmux.screenWithAttributes()) ?? []).prefix(4).joined(separator: "\n").replacingOccurrences(of: "\u{1B}", with: "^["))")
    try tmux.send("0", "Escape", "Escape", "Escape", "q")
    let end = try tmux.waitFor { $0.contains { $0.hasPrefix("EXITED-") } }
    #expect(end.contains { $0.hasPrefix("EXITED-0") })
}

@Test func withoutColourThePictureIsDrawnInSymbolsOnly() throws {
    let (home, _) = try homeWithAbstractPhoto()
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--no-color"]))
    let screen = try openAbstractDetail(tmux)
    let raw = try tmux.screenWithAttributes().joined(separator: "\n")
    #expect(!raw.contains("38;5;") && !raw.contains("48;5;") && !raw.contains("38;2;"), "no colours with --no-color")
    let blocks = screen.joined().unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count
    #expect(blocks > 40, "the picture is drawn in block symbols (\(blocks))")
    try tmux.send("Escape", "Escape", "Escape", "q")
}
