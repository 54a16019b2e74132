import Foundation
import TestSupport
import Testing
@testable import ArtmapCLI

// Issue 49: a list within a radius reads only the art near its point (the collection's position index), and shows
// exactly what the list of the whole collection shows within that radius: the same buildings, grouped the same way.

/// A building as a list shows it: its name, distance and artworks' ids.
private func shown(_ list: ListJSON) -> [String] {
    list.buildings.map { b in "\(b.name) \(String(format: "%.1f", b.distance_m)) \(b.artworks.map(\.id))" }
}

private func list(_ arguments: [String], home: URL) async throws -> ListJSON {
    let result = await runArtmap(["list", "--json"] + arguments, home: home)
    #expect(result.status == 0, "\(result.err)")
    return try JSONDecoder().decode(ListJSON.self, from: Data(result.out.utf8))
}

@Test func aListWithinARadiusShowsWhatTheWholeListShowsWithinIt() async throws {
    let campus = try temporaryDirectory("list-near-campus")
    let helsinki = try await helsinkiHome("list-near-helsinki")
    let cases: [(URL, String, [Double])] = [
        (campus, "53.406566,-2.966531", [30, 150, 400]),
        (campus, "53.403219,-2.965829", [100, 1_000]),
        (helsinki, "60.1699,24.9449", [100, 300, 800, 2_500]),
        (helsinki, "60.1631,24.9120", [500]),
    ]
    var nonEmpty = 0
    for (home, point, radii) in cases {
        let whole = try await list(["--at", point], home: home)
        for radius in radii {
            let near = try await list(["--at", point, "--radius", String(radius)], home: home)
            let expected = whole.buildings.filter { $0.distance_m <= radius }
            #expect(shown(near) == shown(ListJSON(reference: whole.reference, buildings: expected)), "\(point) within \(radius) m")
            if !near.buildings.isEmpty { nonEmpty += 1 }
            // With --nearest too: the nearest within the radius.
            let two = try await list(["--at", point, "--radius", String(radius), "--nearest", "2"], home: home)
            #expect(shown(two) == Array(shown(near).prefix(2)))
        }
    }
    #expect(nonEmpty >= 8, "the radii hold art")
}

@Test func aListWithinARadiusSaysWhenMoreLiesFurther() async throws {
    let home = try temporaryDirectory("list-near-text")
    let near = await runArtmap(["list", "--at", "53.406566,-2.966531", "--radius", "60"], home: home)
    #expect(near.status == 0, "\(near.err)")
    let first = near.out.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasSuffix("buildings near 53.406566,-2.966531 (--at) (more further away)") && !first.hasPrefix("31 "), "\(near.out)")
    let all = await runArtmap(["list", "--at", "53.406566,-2.966531", "--radius", "50000"], home: home)
    #expect(all.out.hasPrefix("31 artworks in 13 buildings near 53.406566,-2.966531 (--at)\n"), "\(all.out)")
}

@Test func aListWithNothingWithinItsRadiusNamesTheNearestAndTheRadiusThatListsIt() async throws {
    let home = try temporaryDirectory("list-near-nothing")
    // About a kilometre north of the campus's art.
    let point = "53.416,-2.966531"
    let empty = await runArtmap(["list", "--at", point, "--radius", "100"], home: home)
    #expect(empty.status == 0, "\(empty.err)")
    let lines = empty.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "0 artworks in 0 buildings near 53.416000,-2.966531 (--at) (more further away)", "\(empty.out)")
    let last = try #require(lines.last)
    #expect(last.hasPrefix("nothing within 100 m of here: the nearest is "), "\(empty.out)")
    // The radius it names lists that place first, and the whole list agrees it is the nearest.
    let reach = try #require(last.split(separator: " ").last { $0.allSatisfy(\.isNumber) }.map(String.init))
    let named = String(last.dropFirst("nothing within 100 m of here: the nearest is ".count).prefix { $0 != "," })
    let listed = await runArtmap(["list", "--at", point, "--radius", reach], home: home)
    let firstPlace = try #require(listed.out.split(separator: "\n").dropFirst().first.map(String.init))
    #expect(firstPlace.hasPrefix(named), "\(named) in \(listed.out.prefix(400))")
    let whole = await runArtmap(["list", "--at", point, "--nearest", "1"], home: home)
    #expect(whole.out.split(separator: "\n").dropFirst().first.map(String.init) == firstPlace)
    // JSON stays the documented shape: no line of text in it.
    let json = await runArtmap(["list", "--at", point, "--radius", "100", "--json"], home: home)
    #expect(json.out.hasPrefix("{\"reference\":") && !json.out.contains("nothing within"))
}

@Test func aListWithinARadiusShowsTheOneCollectionWithArtInItThoughAnotherHasMoreAround() async throws {
    let home = try temporaryDirectory("list-near-one")
    // A mural 60 m from the Ashton Building, in a collection of its own beside the campus's 31 artworks.
    let file = home.appendingPathComponent("art.osm")
    try """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="test">
          <node id="4417000002" version="1" lat="53.4070" lon="-2.9660"><tag k="tourism" v="artwork"/><tag k="name" v="Blue Mural"/><tag k="artwork_type" v="mural"/></node>
        </osm>
        """.write(to: file, atomically: true, encoding: .utf8)
    let imported = await runArtmap(["import", file.path, "--collection", "art"], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    let near = await runArtmap(["list", "--at", "53.4070,-2.9660", "--radius", "20"], home: home)
    #expect(near.status == 0, "\(near.err)")
    #expect(near.out.hasPrefix("1 artwork in 1 building near 53.407000,-2.966000 (--at)"), "\(near.out)")
    #expect(near.out.contains("Blue Mural") && !near.out.contains("nothing within"), "\(near.out)")
}
