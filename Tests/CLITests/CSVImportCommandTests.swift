import Foundation
import Testing
@testable import ArtmapCLI

import TestSupport

// Issue 31, item 3 through the command: a CSV is recognised (by name or by content), --dry-run says why each
// column won, an import fills the list, and a bad file names file, format and line and changes nothing.

private let publicArt = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/publicart")

@Test func aCSVDryRunShowsEachChoiceWithItsReasonAndRunnerUpAndSavesNothing() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["import", "--dry-run", publicArt.appendingPathComponent("seattle-socrata.csv").path], home: home)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "seattle-socrata.csv: CSV, 4 records (comma-separated, 12 columns); positions from latitude and longitude (numbers), "
        + "else Geolocation (\"(lat, lon)\" in the text)")
    #expect(lines.dropFirst().first == "coordinate system: EPSG:4326 (longitude/latitude); every position lies in longitude/latitude range")
    #expect(lines.contains("  title       ← List_Title (by name; the most distinct, longest titles: 4 distinct values, 22 characters on average; "
        + "runner-up Title: 3 distinct values, 11 characters on average)"))
    #expect(lines.contains { $0.hasPrefix("  artist      ← Artist_Full_Name (") && $0.hasSuffix("runner-up First_Name + Last_Name)") })
    #expect(lines.contains("would import 4 artworks and 0 map features into 'seattle-socrata'; first records:"))
    #expect(lines.contains("  PR-1: Artesian Well (Bench 1)"))
    #expect(lines.contains("    artist: Mags Harries & Lajos Heder"))
    #expect(lines.contains("    year: 1998"))
    #expect(lines.contains("    address: 1000 4th Ave, Seattle, WA"))
    #expect(lines.last == "nothing was saved (--dry-run)")
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("data/artmap/artmap.sqlite").path))
}

@Test func aCSVNamedTxtIsImportedByItsContentAndListed() async throws {
    let home = try temporaryDirectory()
    let file = publicArt.appendingPathComponent("detroit-tab-export.txt").path
    let imported = await runArtmap(["import", "--no-images", "--collection", "detroit", file], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(imported.out.contains("2 artworks (2 new, 0 changed, 0 removed)"))
    let list = await runArtmap(["list", "--json", "--collection", "detroit", "--at", "42.34,-83.05", "--nearest", "1"], home: home)
    #expect(list.out.contains("\"title\":\"Cold Spring\""))
    #expect(list.out.contains("\"artist\":\"Tim Yu\""))
}

@Test func aBrokenCSVNamesFileFormatAndLineAndLeavesTheStoreAsItWas() async throws {
    let home = try temporaryDirectory()
    let good = publicArt.appendingPathComponent("amsterdam-semicolon.csv").path
    let directory = try temporaryDirectory("csv")
    let bad = directory.appendingPathComponent("amsterdam-semicolon.csv")
    try Data("ObjectNr;TitleOfWork;geometry\n12;Gate;POINT (4.8 52.3)\n13;\"Never closed;POINT (4.9 52.4)\n".utf8).write(to: bad)
    #expect(await runArtmap(["import", "--no-images", "--collection", "ams", good], home: home).status == 0)
    let before = await runArtmap(["list", "--json", "--collection", "ams"], home: home)
    // Another file into the collection needs --replace; broken, it still leaves the store as it was.
    let refused = await runArtmap(["import", "--no-images", "--collection", "ams", "--replace", bad.path], home: home)
    #expect(refused.status == 1)
    #expect(refused.err.contains("amsterdam-semicolon.csv: CSV line 3: a quoted field opened on line 3 is never closed; nothing was imported"))
    let after = await runArtmap(["list", "--json", "--collection", "ams"], home: home)
    #expect(after.out == before.out)
    // A file that is neither CSV nor a property list says what was tried.
    let prose = directory.appendingPathComponent("notes")
    try Data("just a line of prose\n".utf8).write(to: prose)
    let neither = await runArtmap(["import", prose.path], home: home)
    #expect(neither.status == 1)
    #expect(neither.err.contains("not a file artmap reads: tried CSV (no comma, semicolon or tab splits line 1 into columns) and a property list"))
}
