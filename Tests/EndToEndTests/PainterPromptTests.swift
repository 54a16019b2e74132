import Foundation
import Testing
import TestSupport

/// Issue 16, item 10: with no painters the screen says "Press + and type a name"; doing exactly that must
/// search for (and save) the name, not "+name".
@Test func pressingPlusAsThePaintersScreenSaysKeepsThePlusOutOfTheName() throws {
    let home = try temporaryDirectory("e2e-painter-plus")
    let image = home.appendingPathComponent("painting.jpg")
    try Data(try quadrantJPEG(width: 120, height: 90)).write(to: image)
    let museum = try TestServer(rijksmuseumImage: image)
    #expect(try runArtmapBinary(["config", "set", "sync.at_start", "no"], home: home).status == 0)

    let tmux = try TmuxSession(columns: 140, rows: 40)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--rijks-base", museum.base]))
    try tmux.require("the view", { $0.contains { $0.contains("q quit") } })
    try tmux.send("p")
    try tmux.require("the empty painters screen", { $0.contains { $0.contains("No painters yet. Press + and type a name") } })
    try tmux.send("+")
    try tmux.tmux(["send-keys", "-t", "main", "-l", "Johannes Vermeer"])
    var screen = try tmux.require("the name typed", { $0.contains { $0.contains("Search the museum: Johannes Vermeer") } })
    #expect(!screen.joined().contains("+Johannes"))
    try tmux.send("Enter")
    screen = try tmux.require("the painter found", { $0.contains { $0.contains("Johannes Vermeer: 4 paintings with images") } })
    try tmux.send("Enter")
    screen = try tmux.require("the painter added", { $0.contains { $0.contains(" Johannes Vermeer — ") } })
    #expect(!screen.joined().contains("+Johannes"))
    try tmux.send("Escape", "q")
    try tmux.require("the exit", { $0.contains { $0.contains("EXITED-0") } })
    // Saved under the name typed.
    let listed = try runArtmapBinary(["painters"], home: home)
    #expect(listed.output.contains("Johannes Vermeer") && !listed.output.contains("+Johannes"), "\(listed.output)")
}
