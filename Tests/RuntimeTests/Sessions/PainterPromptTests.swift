import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 16, item 10: with no painters the screen says "Press + and type a name"; doing exactly that must
/// search for (and save) the name, not "+name".
@Test func pressingPlusAsThePaintersScreenSaysKeepsThePlusOutOfTheName() async throws {
    let home = try temporaryDirectory("e2e-painter-plus")
    let image = home.appendingPathComponent("painting.jpg")
    try Data(try quadrantJPEG(width: 120, height: 90)).write(to: image)
    let museum = try await offThePool { try TestServer(rijksmuseumImage: image) }
    #expect(try await runArtmap(["config", "set", "sync.at_start", "no"], home: home).status == 0)

    let view = try await ViewDriver(home: home, arguments: ["--rijks-base", museum.base], columns: 140, rows: 40)
    try await view.waitFor("the view", { $0.contains { $0.contains("q quit") } })
    try view.send("p")
    try await view.waitFor("the empty painters screen", { $0.contains { $0.contains("No painters yet. Press + and type a name") } })
    try view.send("+")
    view.typeText("Johannes Vermeer")
    var screen = try await view.waitFor("the name typed", { $0.contains { $0.contains("Search the museum: Johannes Vermeer") } })
    #expect(!screen.joined().contains("+Johannes"))
    try view.send("Enter")
    screen = try await view.waitFor("the painter found", { $0.contains { $0.contains("Johannes Vermeer: 4 paintings with images") } })
    try view.send("Enter")
    screen = try await view.waitFor("the painter added", { $0.contains { $0.contains(" Johannes Vermeer — ") } })
    #expect(!screen.joined().contains("+Johannes"))
    try await view.quit(after: "Escape")
    // Saved under the name typed.
    let listed = try await runArtmap(["painters"], home: home)
    #expect(listed.output.contains("Johannes Vermeer") && !listed.output.contains("+Johannes"), "\(listed.output)")
}
