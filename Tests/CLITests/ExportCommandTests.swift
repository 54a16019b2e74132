import Catalog
import Foundation
import Store
import Testing
@testable import ArtmapCLI

import TestSupport

private let gpxSchema = repositoryRoot.appendingPathComponent("Tests/CLITests/Schemas/gpx-1.1-subset.xsd").path
private let osmFixtures = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures")

private func storePath(_ home: URL) -> String { home.appendingPathComponent("data/artmap/artmap.sqlite").path }

/// Runs a program to completion, capturing what it prints.
private func captured(_ argv: [String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = argv
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
}

/// A collection whose texts a CSV or XML writer could get wrong: commas, quotes, line ends, markup, a formula.
private func importAwkwardCollection(home: URL) async throws {
    let records: [[String: String]] = [
        ["id": "a1", "title": "Tea, \"Two\" & <Three>", "artist": "=HYPERLINK(\"http://x\")", "yearOfWork": "1971-1973",
         "Information": "Line one\nline two\u{1B}[31m red", "lat": "53.4055", "long": "-2.9655", "locationNotes": "Quad",
         "fileName": "", "lastModified": "2020-01-01 00:00:00", "location": "Victoria Building"],
        ["id": "a2", "title": "Plain", "artist": "Ann Smith", "yearOfWork": "", "Information": "", "lat": "-33.9",
         "long": "151.2", "locationNotes": "", "fileName": "", "lastModified": "2020-01-01 00:00:00"],
    ]
    let file = home.appendingPathComponent("awkward.json")
    try JSONSerialization.data(withJSONObject: ["artworks": records]).write(to: file)
    let imported = await runArtmap(["import", file.path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
}

@Test func exportingACollectionAsGeoJSONAndImportingItBackGivesTheSameArtworks() async throws {
    let home = try temporaryDirectory()
    let file = home.appendingPathComponent("campus.geojson")
    let exported = await runArtmap(["export", "--format", "geojson", "-o", file.path], home: home)
    #expect(exported.status == 0, "\(exported.err)")
    let back = await runArtmap(["import", "--no-images", "--collection", "back", file.path], home: home)
    #expect(back.status == 0, "\(back.err)")
    let store = try CatalogStore(path: storePath(home))
    let original = try store.artworks(collection: "campus").sorted { $0.id < $1.id }
    let returned = try store.artworks(collection: "back").sorted { $0.id < $1.id }
    #expect(original.count > 20)
    #expect(returned.map(\.id) == original.map(\.id))
    for (a, b) in zip(original, returned) {
        #expect(b.title == a.title && b.artist == a.artist && b.year == a.year && b.type == a.type, "\(a.id)")
        #expect(b.coordinate == a.coordinate, "\(a.id): positions are written exactly")
        #expect(b.building == a.building, "\(a.id)")
        #expect(b.webPage == a.webPage, "\(a.id)")
        #expect(b.imageFileName == a.imageFileName && b.locationNotes == DisplayText.clean(a.locationNotes), "\(a.id): photos and notes go both ways")
        #expect(b.information == DisplayText.clean(a.information), "\(a.id): the description, cleaned")
    }
    // The document is RFC 7946: longitude first, a Point per artwork, the documented properties.
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let features = try #require(json["features"] as? [[String: Any]])
    let first = try #require(features.first)
    let geometry = try #require(first["geometry"] as? [String: Any])
    let coordinates = try #require(geometry["coordinates"] as? [Double])
    let artwork = try #require(original.first { $0.id == first["id"] as? String })
    #expect(coordinates == [artwork.coordinate.longitude, artwork.coordinate.latitude])
    #expect((first["properties"] as? [String: String]).map { Array($0.keys).sorted() }
        == ["address", "artist", "building", "collection", "description", "id", "photo", "title", "type", "web_page", "year"])
}

@Test func gpxExportsValidateAgainstTheGPXSchemaAndARouteIsATrack() async throws {
    let home = try temporaryDirectory()
    try await importAwkwardCollection(home: home)
    let waypoints = home.appendingPathComponent("awkward.gpx")
    #expect(await runArtmap(["export", "--format", "gpx", "--collection", "awkward", "-o", waypoints.path], home: home).status == 0)
    let checked = try captured(["xmllint", "--noout", "--schema", gpxSchema, waypoints.path])
    #expect(checked.status == 0, "\(checked.err)")
    let text = try String(contentsOf: waypoints, encoding: .utf8)
    #expect(text.contains("<name>Tea, &quot;Two&quot; &amp; &lt;Three&gt;</name>"))
    #expect(text.contains("<desc>Line one line two red</desc>"), "line ends folded, the escape sequence removed")
    #expect(!text.contains("\u{1B}"))
    // The schema does fail a file that breaks it (a longitude of 180 is outside GPX's range).
    let broken = home.appendingPathComponent("broken.gpx")
    try Data(text.replacingOccurrences(of: "lon=\"151.2\"", with: "lon=\"180\"").utf8).write(to: broken)
    #expect(try captured(["xmllint", "--noout", "--schema", gpxSchema, broken.path]).status != 0)

    #expect(await runArtmap(["import", osmFixtures.appendingPathComponent("helsinki.osm.pbf").path], home: home).status == 0)
    let routeFile = home.appendingPathComponent("walk.gpx")
    let route = await runArtmap(["export", "--format", "gpx", "--route-to", "node/5284003021", "--collection", "helsinki",
                                 "--from", "60.1699,24.9449", "-o", routeFile.path], home: home)
    #expect(route.status == 0, "\(route.err)")
    #expect(route.err.contains("wrote 1 artwork and the route"))
    let routeChecked = try captured(["xmllint", "--noout", "--schema", gpxSchema, routeFile.path])
    #expect(routeChecked.status == 0, "\(routeChecked.err)")
    let walk = await runArtmap(["route", "--from", "60.1699,24.9449", "--to", "node/5284003021", "--collection", "helsinki", "--json"], home: home)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(walk.out.utf8)) as? [String: Any])
    let geometry = try #require(json["geometry"] as? [[Double]])
    let gpx = try String(contentsOf: routeFile, encoding: .utf8)
    #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == geometry.count, "a track point for every point of the walk")
    #expect(gpx.components(separatedBy: "<wpt ").count - 1 == 1)
    // As GeoJSON, the walk is a LineString of the same points after the artwork's Point.
    let asGeoJSON = await runArtmap(["export", "--format", "geojson", "--route-to", "node/5284003021", "--collection", "helsinki",
                                     "--from", "60.1699,24.9449"], home: home)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(asGeoJSON.out.utf8)) as? [String: Any])
    let routeFeatures = try #require(document["features"] as? [[String: Any]])
    let kinds = routeFeatures.compactMap { ($0["geometry"] as? [String: Any])?["type"] as? String }
    #expect(kinds == ["Point", "LineString"])
    let line = try #require((routeFeatures.last?["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
    #expect(line.map { [$0[1], $0[0]] } == geometry, "longitude first, every point of the walk")
    // No route: nothing is written.
    let nowhere = home.appendingPathComponent("nowhere.gpx")
    let far = await runArtmap(["export", "--format", "gpx", "--route-to", "node/5284003021", "--collection", "helsinki", "-o", nowhere.path], home: home)
    #expect(far.status == 1)
    #expect(far.err.contains("no walking route: the start (the built-in Ashton Building, Liverpool — set yours with 'artmap config set location.home PLACE' or pass --from) is 1846 km outside the imported area (import an extract that covers it); nothing was written"), "\(far.err)")
    #expect(!FileManager.default.fileExists(atPath: nowhere.path))
}

@Test func csvExportsReadBackByPythonsCSVModuleFieldForField() async throws {
    let home = try temporaryDirectory()
    try await importAwkwardCollection(home: home)
    let result = await runArtmap(["export", "--format", "csv", "--collection", "awkward"], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("id,title,artist,year,latitude,longitude,building,address,collection,web_page,type,photo,description,name\r\n"))
    let file = home.appendingPathComponent("awkward.csv")
    try Data(result.out.utf8).write(to: file)
    let script = """
        import csv, json, sys
        with open(sys.argv[1], newline="", encoding="utf-8") as f:
            print(json.dumps(list(csv.reader(f, strict=True))))
        """
    let read = try captured(["python3", "-c", script, file.path])
    #expect(read.status == 0, "\(read.err)")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(read.out.utf8)) as? [[String]])
    #expect(rows.count == 3)
    #expect(rows.allSatisfy { $0.count == 14 })
    let tea = try #require(rows.first { $0.first == "a1" })
    #expect(tea[1] == "Tea, \"Two\" & <Three>")
    #expect(tea[2] == "'=HYPERLINK(\"http://x\")", "a formula is not run by the spreadsheet")
    #expect(tea[3] == "1971-1973")
    #expect(tea[4] == "53.4055" && tea[5] == "-2.9655")
    #expect(tea[6] == "Victoria Building" && tea[8] == "awkward")
    #expect(tea[12] == "Line one line two red")
}

@Test func favouritesExportFromEveryCollectionAndBadChoicesAreUsageErrors() async throws {
    let home = try temporaryDirectory()
    try await importAwkwardCollection(home: home)
    #expect(await runArtmap(["favourites", "add", "a2", "--collection", "awkward"], home: home).status == 0)
    let favourites = await runArtmap(["export", "--favourites", "--format", "geojson"], home: home)
    #expect(favourites.status == 0, "\(favourites.err)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(favourites.out.utf8)) as? [String: Any])
    let features = try #require(json["features"] as? [[String: Any]])
    #expect(features.compactMap { $0["id"] as? String } == ["a2"])
    for bad in [["export"], ["export", "--format", "kml"], ["export", "--format", "csv", "--favourites", "--collection", "x"],
                ["export", "--format", "csv", "--from", "1,2"]] {
        #expect(await runArtmap(bad, home: home).status == 2, "\(bad)")
    }
    let missing = await runArtmap(["export", "--format", "csv", "--collection", "nope"], home: home)
    #expect(missing.status == 1)
    #expect(missing.err.contains("there is no collection 'nope'"))
}
