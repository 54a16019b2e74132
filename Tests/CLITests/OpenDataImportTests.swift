import Foundation
import Testing
@testable import ArtmapCLI

import TestSupport

private let publicArt = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/publicart")

@Test func dryRunShowsTheChosenColumnsAndTheFirstThreeRecordsAndSavesNothing() async throws {
    let home = try temporaryDirectory()
    let file = publicArt.appendingPathComponent("arcgis-hub-public-art.geojson").path
    let result = await runArtmap(["import", "--dry-run", file], home: home)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "arcgis-hub-public-art.geojson: 6 features")
    #expect(lines.dropFirst().first == "coordinate system: EPSG:4326 (longitude/latitude); every position lies in longitude/latitude range")
    #expect(lines.contains { $0.hasPrefix("  title       ← TITLE (") })
    #expect(lines.contains { $0.hasPrefix("  artist      ← ARTIST (") })
    #expect(lines.contains { $0.hasPrefix("  year        ← YEAR_INSTALLED (") })
    #expect(lines.contains { $0.hasPrefix("  address     ← LOCATION (") })
    #expect(lines.contains { $0.hasPrefix("  photo       ← PHOTOURL (") })
    #expect(lines.contains("  description (none)"))
    #expect(lines.contains("would import 5 artworks and 0 map features into 'arcgis-hub-public-art'; first records:"))
    #expect(lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") && $0.contains(": ") && !$0.contains("←") }.map { $0.trimmingCharacters(in: .whitespaces) }
        == ["1: Harbour Light", "2: Chairs for Spring", "3: Chairs for Summer"])
    #expect(lines.contains("    building: Harbour Green Park, 1199 Cordova St W"))
    #expect(lines.last == "nothing was saved (--dry-run)")
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("data/artmap/artmap.sqlite").path), "the store is not even opened")
}

@Test func aMercatorFileIsImportedWithOneLineSayingSoAndABadCrsOptionIsAUsageError() async throws {
    let home = try temporaryDirectory()
    let file = publicArt.appendingPathComponent("mercator-no-crs.geojson").path
    let result = await runArtmap(["import", "--no-images", "--collection", "amsterdam", file], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.split(separator: "\n").filter { $0.contains("EPSG:3857") }.count == 1)
    let list = await runArtmap(["list", "--json", "--collection", "amsterdam", "--at", "52.3731,4.8952", "--nearest", "1"], home: home)
    #expect(list.out.contains("\"title\":\"Gate of Winds\""))
    let bad = await runArtmap(["import", "--crs", "ESRI:54030", file], home: home)
    #expect(bad.status == 2)
    #expect(bad.err.contains("option --crs takes an EPSG code (EPSG:4326 or CRS84, EPSG:3857, EPSG:28992…), not 'ESRI:54030'"))
    // Forced to longitude/latitude, the file is refused with the reason and the store keeps what it had.
    let forced = await runArtmap(["import", "--crs", "EPSG:4326", "--collection", "amsterdam", file], home: home)
    #expect(forced.status == 1)
    #expect(forced.err.contains("mercator-no-crs.geojson: no usable features (3 in the file): coordinates out of range: feature 1 has [544931.17, 6867869.91]"))
    #expect(forced.err.contains("nothing was imported"))
    let again = await runArtmap(["list", "--json", "--collection", "amsterdam", "--at", "52.3731,4.8952", "--nearest", "1"], home: home)
    #expect(again.out == list.out)
}

@Test func fieldOverridesComeFromTheCommandLineAndMalformedOnesAreUsageErrors() async throws {
    let home = try temporaryDirectory()
    let file = publicArt.appendingPathComponent("socrata-public-art.geojson").path
    let dry = await runArtmap(["import", "--dry-run", "--field", "title=site_address,artist=materials", file], home: home)
    #expect(dry.status == 0, "\(dry.err)")
    #expect(dry.out.contains("  PA-0412: 101 Marine Dr"))
    #expect(dry.out.contains("    artist: stone"))
    for bad in ["title", "colour=title", "=x"] {
        let refused = await runArtmap(["import", "--dry-run", "--field", bad, file], home: home)
        #expect(refused.status == 2, "\(bad)")
    }
    let missing = await runArtmap(["import", "--dry-run", "--field", "title=TITLE", file], home: home)
    #expect(missing.status == 1)
    #expect(missing.err.contains("--field title=TITLE: the file has no property 'TITLE' (it has: registryid, title_of_work"))
}

@Test func photoURLsAreCachedFromTheLoopbackStandInAndTheDetailShowsThem() async throws {
    let home = try temporaryDirectory()
    let images = try temporaryDirectory("images")
    let png = PNGWriter.encode(width: 8, height: 8, colorType: .rgb) { x, y in [x * 30, y * 30, 200] }
    try Data(png).write(to: images.appendingPathComponent("tide-pool.png"))
    try Data(PNGWriter.bomb(width: 50_000, height: 50_000)).write(to: images.appendingPathComponent("bomb.png"))
    let server = try TestServer(images: images)
    let base = "http://127.0.0.1:\(server.port)"
    let features = [
        ("P-1", "Tide Pool", "\(base)/ok/artwork_images/tide-pool.png"),
        ("P-2", "Not A Picture", "\(base)/badimages/artwork_images/page.png"),
        ("P-3", "Far Away", "http://example.org/photo.jpg"),
        ("P-4", "Bomb", "\(base)/ok/artwork_images/bomb.png"),
    ].enumerated().map { i, record in
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.41\#(i),37.80]},"properties":{"registryid":"\#(record.0)","title":"\#(record.1)","photo_url":"\#(record.2)"}}"#
    }
    let file = home.appendingPathComponent("photos.geojson")
    try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: file)
    let result = await runArtmap(["import", file.path], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("4 artworks (4 new, 0 changed, 0 removed)"))
    #expect(result.out.contains("; 2 photos cached"), "the picture and the bomb (refused when decoded, as a sync's)")
    #expect(result.err.contains("page.png: not a JPEG, PNG or GIF image"))
    #expect(result.err.contains("artwork P-3:"), "plain http off loopback is refused before any connection")
    #expect(!(try server.requestLog()).contains { $0.contains("photo.jpg") })
    let shown = await runArtmap(["show", "P-1", "--collection", "photos", "--width", "16", "--height", "8", "--colors", "none"], home: home)
    #expect(shown.status == 0, "\(shown.err)")
    #expect(!shown.out.isEmpty)
    let bomb = await runArtmap(["show", "P-4", "--collection", "photos", "--width", "16", "--height", "8"], home: home)
    #expect(bomb.status == 1)
    #expect(bomb.err.contains("too large"))
}

@Test func artworksSharingAPointAreListedAsOnePlaceNamedByTheirAddressAfterTheImport() async throws {
    let home = try temporaryDirectory()
    let file = publicArt.appendingPathComponent("arcgis-hub-public-art.geojson").path
    let result = await runArtmap(["import", "--no-images", "--collection", "city", file], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("5 artworks (5 new, 0 changed, 0 removed)"))
    let list = await runArtmap(["list", "--json", "--collection", "city", "--at", "49.2902,-123.12195"], home: home)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [String: Any])
    let buildings = try #require(json["buildings"] as? [[String: Any]])
    let nearest = try #require(buildings.first)
    #expect(nearest["name"] as? String == "Harbour Green Park, 1199 Cordova St W", "the store keeps the address the importer named the place by")
    #expect((nearest["artworks"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.sorted() == ["Chairs for Autumn", "Chairs for Spring", "Chairs for Summer"])
    #expect(buildings.count == 3)
}
