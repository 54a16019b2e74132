import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 29, item 3, in the view: the campus and two collections beside it that share an OpenStreetMap element are
/// shown together (that element once), the detail names an artwork's collection, and `n` narrows to one.
@Test func theViewShowsEveryCollectionNearTogetherEachElementOnce() async throws {
    let home = try temporaryDirectory("near-view")
    let record: (String, String, String) -> String = { id, title, lat in
        """
        {"id":"\(id)","title":"\(title)","artist":"A. Maker","yearOfWork":"1999","Information":"","lat":"\(lat)","long":"-2.9660",
         "locationNotes":"Quay","fileName":"","lastModified":"2020-01-01 00:00:00","location":"Quay","enabled":"1"}
        """
    }
    let files = [("harbour", [record("node/7001", "Anchor", "53.4060"), record("harbour-2", "Rope Bench", "53.4061")]),
                 ("quay", [record("node/7001", "Anchor, as fetched", "53.4060"), record("quay-3", "Tide Gauge", "53.4062")])]
    for (name, records) in files {
        let file = home.appendingPathComponent("\(name).json")
        try "{\"artworks\":[\(records.joined(separator: ","))]}".write(to: file, atomically: true, encoding: .utf8)
        let imported = try await runArtmap(["import", file.path], home: home)
        #expect(imported.status == 0, "\(imported.output)")
    }
    let view = try await ViewDriver(home: home, arguments: ["--offline"], columns: 120, rows: 40)
    var screen = try await view.waitFor { boxTop($0, "34 artworks in 14 buildings") != nil }
    #expect(screen[0].contains("campus + harbour + quay"), "\(screen[0])")
    #expect(screen.contains { $0.contains("Quay (3)") }, "the shared element once: \(screen.joined(separator: "\n"))")
    #expect(!screen.contains { $0.contains("Anchor, as fetched") })
    // The quay's own artwork: its detail says where it is from.
    try view.send("Tab")
    for _ in 0..<30 { try view.send("Down") }
    screen = try await view.waitFor { $0.contains { $0.contains("Tide Gauge") && $0.contains("A. Maker") } }
    try view.send("Escape", "Tab", "/")
    view.typeText("Tide")
    try view.send("Enter")
    try view.send("Enter", "Tab", "Down", "Enter")
    screen = try await view.waitFor { boxTop($0, "Artwork") != nil }
    #expect(screen.contains { $0.contains("Collection: quay") }, "\(screen.joined(separator: "\n"))")
    // n: the campus alone, then back to everything near (after harbour, quay).
    // Esc closes the detail, Esc clears the filter (under a filter n is the next match, issue 50), then n.
    try view.send("Escape", "Escape", "Escape")
    screen = try await view.waitFor { !statusLine($0).contains("filter") && boxTop($0, "34 artworks in 14 buildings") != nil }
    try view.send("n")
    screen = try await view.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil }
    try view.send("n", "n", "n")
    screen = try await view.waitFor { boxTop($0, "34 artworks in 14 buildings") != nil }
    #expect(screen.contains { $0.contains("all 3 collections near here together (1 of ") && $0.contains("): campus, harbour, quay") }, "\(screen.joined(separator: "\n"))")
    try view.send("q")
}
