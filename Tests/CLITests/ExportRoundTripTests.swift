import Foundation
import Testing
@testable import ArtmapCLI

import TestSupport

// Issue 31, item 4: an export carries every field artmap holds, and `artmap import` of a GeoJSON or CSV export
// gives the same list: titles, artists, years, positions (exactly, so to 1e-7°), photos, places.

private let publicArt = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/publicart")

@Test(arguments: ["geojson", "csv"])
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
