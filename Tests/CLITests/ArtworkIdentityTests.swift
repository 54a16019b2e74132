import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 29, item 4: an id is found in whichever collection holds it; one held by two is refused with both named.
@Test func idsAreFoundInWhicheverCollectionHoldsThemAndTwoHoldersAreNamed() async throws {
    let home = try temporaryDirectory("identity")
    // Two small collections beside the campus: 'harbour' holds its own id and one the campus also has (40).
    let records: (String, String) -> String = { id, title in
        """
        {"id":"\(id)","title":"\(title)","artist":"A. Maker","yearOfWork":"1999","Information":"","lat":"53.4060","long":"-2.9660",
         "locationNotes":"Quay","fileName":"","lastModified":"2020-01-01 00:00:00","location":"Quay","enabled":"1"}
        """
    }
    let file = home.appendingPathComponent("Harbour.json")
    try "{\"artworks\":[\(records("harbour-1", "Anchor")),\(records("40", "Not The Campus's Abstract"))]}".write(to: file, atomically: true, encoding: .utf8)
    let imported = await runArtmap(["import", file.path], home: home)
    #expect(imported.status == 0 && imported.out.contains("into 'harbour'"), "\(imported.out)\(imported.err)")

    // Only the harbour holds harbour-1: favourites and route find it there without --collection.
    let added = await runArtmap(["favourites", "add", "harbour-1"], home: home)
    #expect(added.status == 0, "\(added.err)")
    let favourites = await runArtmap(["favourites", "list", "--json"], home: home)
    #expect(favourites.out.contains("\"collection\":\"harbour\"") && favourites.out.contains("\"id\":\"harbour-1\""), "\(favourites.out)")
    let route = await runArtmap(["route", "--to", "harbour-1", "--json"], home: home)
    #expect(!route.err.contains("no artwork"), "found in the harbour: \(route.err)")
    #expect(await runArtmap(["favourites", "remove", "harbour-1"], home: home).status == 0)

    // 40 is in both: refused with both named, and --collection (any case) says which.
    for arguments in [["route", "--to", "40"], ["favourites", "add", "40"], ["show", "40"], ["export", "--format", "geojson", "--route-to", "40"]] {
        let result = await runArtmap(arguments, home: home)
        #expect(result.status == 1, "\(arguments): \(result.err)")
        #expect(result.err.contains("the id '40' is in the collections 'campus' and 'harbour'; say which with --collection NAME"), "\(arguments): \(result.err)")
    }
    let chosen = await runArtmap(["favourites", "add", "40", "--collection", "HARBOUR"], home: home)
    #expect(chosen.status == 0, "\(chosen.err)")
    let list = await runArtmap(["favourites", "list", "--json"], home: home)
    #expect(list.out.contains("Not The Campus's Abstract"), "\(list.out)")
    let missing = await runArtmap(["route", "--to", "nowhere-9"], home: home)
    #expect(missing.status == 1 && missing.err.contains("no artwork with id 'nowhere-9' in any collection"), "\(missing.err)")
}

/// Issue 29, item 6: `list` shows an artwork that is a place of its own as one line, not under its own title.
@Test func listShowsAnArtworkThatIsItsOwnPlaceAsOneLine() async throws {
    let home = try temporaryDirectory("own-place")
    let file = home.appendingPathComponent("park.json")
    let record: (String, String, String) -> String = { id, title, lat in
        """
        {"id":"\(id)","title":"\(title)","artist":"B. Founder","yearOfWork":"2001","Information":"","lat":"\(lat)","long":"-2.9665",
         "locationNotes":"","fileName":"","lastModified":"2020-01-01 00:00:00","enabled":"1"}
        """
    }
    // Two untitled works 55 m apart, with neither building nor notes: two places (never joined by title), each its artwork.
    try "{\"artworks\":[\(record("p1", "(untitled)", "53.4066")),\(record("p2", "(untitled)", "53.4071"))]}".write(to: file, atomically: true, encoding: .utf8)
    #expect(await runArtmap(["import", file.path], home: home).status == 0)
    let list = await runArtmap(["list", "--collection", "park"], home: home)
    #expect(list.status == 0, "\(list.err)")
    #expect(list.out.contains("2 artworks in 2 buildings"), "\(list.out)")
    let lines = list.out.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("(untitled) · B. Founder · 2001  [p") }.count == 2, "\(list.out)")
    #expect(!lines.contains { $0.contains("— 1 artwork,") }, "no group line repeats the title: \(list.out)")
}
