import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 47, item 2, in the whole view run in process: an OpenStreetMap artwork's detail says what it lacks, N opens
/// the editor, the words typed and Enter send the note at once to the notes API's stand-in (online, with a token), and
/// the status line says it was sent.
@Test func nOnADetailSendsTheNoteWithTheWordsTheElementAndTheToken() async throws {
    let home = try temporaryDirectory("note-view")
    let file = home.appendingPathComponent("harbour.json")
    try """
        {"artworks":[{"id":"node/7001","title":"Anchor","artist":"","yearOfWork":"","Information":"","lat":"53.4060","long":"-2.9660",
         "locationNotes":"","fileName":"","lastModified":"2020-01-01 00:00:00"}]}
        """.write(to: file, atomically: true, encoding: .utf8)
    #expect(try await runArtmap(["import", file.path], home: home).status == 0)
    let server = try await offThePool { try TestServer(notesAPI: ()) }
    for (key, value) in [("sync.at-start", "no"), ("osm.auto-fetch", "off"), ("osm.api-url", server.base), ("osm.token", "view-token-0123456789")] {
        let set = try await runArtmap(["config", "set", key, value], home: home)
        #expect(set.status == 0, "\(set.output)")
    }
    let view = try await ViewDriver(home: home, arguments: ["--collection", "harbour", "--at", "53.4060,-2.9660"], columns: 120, rows: 40)
    _ = try await view.waitFor { $0.contains { $0.contains("Anchor") } }
    try view.send("Tab", "Enter")
    var screen = try await view.waitFor { boxTop($0, "Artwork") != nil }
    #expect(screen.contains { $0.contains("no artist recorded — press N to tell OpenStreetMap") }, "\(screen.joined(separator: "\n"))")
    try view.send("N")
    view.typeText("The anchor came from the Cutty Sark")
    screen = try await view.waitFor { $0.contains { $0.contains("Note to OpenStreetMap: The anchor came from the Cutty Sark▏") } }
    try view.send("Enter")
    screen = try await view.waitFor { statusLine($0).contains("sent: note 1000") }
    // Each POST as its form and Authorization header (plain strings, to cross back from the thread).
    let posted = try await offThePool {
        try server.notesLog().filter { $0["method"] as? String == "POST" }.map { entry in
            ((entry["form"] as? [String: String]) ?? [:], entry["authorization"] as? String ?? "")
        }
    }
    try #require(posted.count == 1)
    let form = posted[0].0
    #expect(form["text"] == "The anchor came from the Cutty Sark\n\nnode/7001 https://www.openstreetmap.org/node/7001\n#artmap")
    #expect(form["lat"] == "53.4060000" && form["lon"] == "-2.9660000")
    #expect(posted[0].1 == "Bearer view-token-0123456789")
    try view.send("Escape", "q")
}
