import Foundation
import Testing
@testable import ArtmapCLI

import TestSupport

// Issue 31, item 4: an export carries every field artmap holds, and `artmap import` of a GeoJSON or CSV export
// gives the same list: titles, artists, years, positions (exactly, so to 1e-7°), photos, places.

private let publicArt = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/publicart")

@Test(arguments: ["geojson", "csv", "gpx"])
func anExportImportsBackAsTheSameList(format: String) async throws {
    let home = try temporaryDirectory()
    let source = publicArt.appendingPathComponent("seattle-socrata.csv").path
    #expect(await runArtmap(["import", "--no-images", "--collection", "first", source], home: home).status == 0)
    let file = home.appendingPathComponent("export.\(format)")
    #expect(await runArtmap(["export", "--format", format, "--collection", "first", "-o", file.path], home: home).status == 0)
    let again = await runArtmap(["import", "--no-images", "--collection", "again", file.path], home: home)
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.contains("4 artworks (4 new, 0 changed, 0 removed)"))
    // The list (titles, artists, years, positions, places by name) is the same.
    let list = ["list", "--json", "--at", "47.61,-122.34", "--collection"]
    let before = await runArtmap(list + ["first"], home: home)
    let after = await runArtmap(list + ["again"], home: home)
    #expect(before.out.contains("\"name\":\"1000 4th Ave, Seattle, WA\""))
    // Each artwork names its collection, which differs by design.
    #expect(after.out.replacingOccurrences(of: "\"collection\":\"again\"", with: "\"collection\":\"first\"") == before.out)
    // And every field, photos and addresses among them: the two collections export alike but for their names.
    let first = await runArtmap(["export", "--format", "csv", "--collection", "first"], home: home).out
    let second = await runArtmap(["export", "--format", "csv", "--collection", "again"], home: home).out
    #expect(first.contains("https://upload.wikimedia.org/wikipedia/commons/a/ab/Sound_Garden"))
    #expect(first.contains("\"Pike Pl, Seattle, WA\""))
    #expect(second.replacingOccurrences(of: ",again,", with: ",first,") == first)
}

@Test func aGPXExportCarriesEveryFieldInItsExtensions() async throws {
    let home = try temporaryDirectory()
    #expect(await runArtmap(["import", "--no-images", "--collection", "first", publicArt.appendingPathComponent("seattle-socrata.csv").path], home: home).status == 0)
    let gpx = await runArtmap(["export", "--format", "gpx", "--collection", "first"], home: home).out
    #expect(gpx.contains("xmlns:artmap=\"urn:artmap:gpx-extensions:1\""))
    #expect(gpx.contains("<extensions><artmap:id>PR-3</artmap:id><artmap:artist>Ann Lee; Bo Chan</artmap:artist><artmap:year>1957-60</artmap:year>"
        + "<artmap:address>Pike Pl, Seattle, WA</artmap:address><artmap:collection>first</artmap:collection></extensions>"))
    #expect(gpx.contains("<artmap:photo>https://photos.example.org/pr1.jpg</artmap:photo>"))
}

/// A phone's saved places (GPX waypoints without artmap's extensions) import as places; a bad file changes nothing.
@Test func gpxWaypointsImportAndABadGPXImportsNothing() async throws {
    let home = try temporaryDirectory()
    let places = home.appendingPathComponent("Saved Places.gpx")
    try """
    <?xml version="1.0"?>
    <gpx version="1.1" creator="a phone" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="53.4062" lon="-2.9661"><name>Mural by the steps</name><cmt>bright blue</cmt><link href="https://example.org/mural"/></wpt>
      <wpt lat="53.4063" lon="-2.9662"><name>Bench sculpture</name><type>sculpture</type></wpt>
      <trk><trkseg><trkpt lat="53.40" lon="-2.96"/></trkseg></trk>
    </gpx>
    """.write(to: places, atomically: true, encoding: .utf8)
    let imported = await runArtmap(["import", places.path], home: home)
    #expect(imported.status == 0 && imported.out.contains("into 'saved-places': 2 artworks (2 new, 0 changed, 0 removed)"), "\(imported.out)\(imported.err)")
    let list = await runArtmap(["list", "--collection", "saved-places", "--json"], home: home)
    #expect(list.out.contains("\"id\":\"wpt/1\",\"title\":\"Mural by the steps\"") && list.out.contains("\"id\":\"wpt/2\""), "\(list.out)")
    let show = await runArtmap(["export", "--format", "csv", "--collection", "saved-places"], home: home)
    #expect(show.out.contains("https://example.org/mural") && show.out.contains("bright blue") && show.out.contains("sculpture"), "\(show.out)")

    let before = await runArtmap(["list", "--collection", "saved-places", "--json"], home: home).out
    try "<gpx><wpt lat=\"53.4\" lon=\"-2.9\"><name>fine</name></wpt><wpt lat=\"north\" lon=\"-2.9\"/></gpx>"
        .write(to: places, atomically: true, encoding: .utf8)
    let bad = await runArtmap(["import", places.path], home: home)
    #expect(bad.status == 1 && bad.err.contains("<wpt> needs numeric lat and lon attributes (got lat=\"north\"") && bad.err.contains("nothing was imported"), "\(bad.err)")
    #expect(await runArtmap(["list", "--collection", "saved-places", "--json"], home: home).out == before, "the store is as it was")
}
