import Cartography
import Catalog
import Foundation
import Geo
import Testing

import TestSupport

private let fixtures = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/publicart")

private func importFixture(_ name: String, options: GeoJSONImporter.Options = .init()) throws -> MapImportResult {
    let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
    return try GeoJSONImporter.run(data: data, path: name, collection: "city", sink: RecordingSink(), options: options)
}

private func featureCollection(_ features: [String], extra: String = "") -> Data {
    Data(#"{"type":"FeatureCollection",\#(extra)"features":[\#(features.joined(separator: ","))]}"#.utf8)
}

@Test func anArcGISHubExportKeepsItsArtistsYearsAddressesAndNamesASharedPointByItsAddress() throws {
    let result = try importFixture("arcgis-hub-public-art.geojson")
    #expect(result.artworks.map(\.id) == ["1", "2", "3", "4", "5"], "OBJECTID is the id; the null geometry is skipped")
    #expect(result.notes.contains("feature 6: no geometry; skipped"))
    let light = try #require(result.artworks.first)
    #expect(light.title == "Harbour Light")
    #expect(light.artist == "Mira Okafor")
    #expect(light.year == "2004")
    #expect(light.type == "Sculpture")
    #expect(light.information == "Material: Stainless steel")
    #expect(light.locationNotes == "1100 Waterfront Rd W")
    #expect(light.imageFileName == "https://example.org/photos/harbour-light.jpg")
    #expect(light.building == nil, "one artwork alone at its point keeps its own name")
    let chairs = result.artworks.filter { $0.title.hasPrefix("Chairs for") }
    #expect(chairs.count == 3)
    #expect(chairs.allSatisfy { $0.building == "Harbour Green Park, 1199 Cordova St W" })
    // Grouped for the table and the map, the three are one place named by the address, not by one of them.
    let names = Building.group(result.artworks).map(\.name)
    #expect(names.contains("Harbour Green Park, 1199 Cordova St W"))
    #expect(!names.contains("Chairs for Spring"))
    let mural = result.artworks[4]
    #expect(mural.artist == "" && mural.year == "" && mural.imageFileName == "", "nulls and an empty photo are empty fields")
}

@Test func aSocrataExportJoinsFirstAndLastNamesAndCutsDateTimesToDates() throws {
    let result = try importFixture("socrata-public-art.geojson")
    #expect(result.artworks.map(\.id) == ["PA-0412", "PA-0413", "PA-0414"])
    #expect(result.artworks.map(\.artist) == ["Ana Lindqvist", "Samuel Achebe-Ford", "Hélène Marchetti"])
    #expect(result.artworks.map(\.title) == ["Tide Pool", "Ribbon", "Waiting Figures"])
    // The year is shown; the whole date is kept in the notes (issue 31, item 2).
    #expect(result.artworks.map(\.year) == ["1987", "2011", "1993"])
    #expect(result.artworks[0].information == "Granite basin with a bronze rim.\nDate: 1987-01-01\nMaterial: stone")
    #expect(result.artworks[0].imageFileName == "https://example.org/img/PA-0412.jpg")
    #expect(result.artworks[1].building == "Civic Center Plaza" && result.artworks[2].building == "Civic Center Plaza")
    #expect(result.artworks[0].building == nil)
    let fields = try GeoJSONImporter.plan(try GeoJSONImporter.survey(Data(contentsOf: fixtures.appendingPathComponent("socrata-public-art.geojson")), path: "s"),
                                          options: .init(), path: "s").fields
    #expect(fields.summary.contains("artist      ← first_name + last_name (first and last name columns joined: 3 and 3 values, no full-name column)"))
    #expect(fields.summary.contains("address     ← site_address (by name: 3 values)"))
    #expect(fields.summary.contains("photo       ← jpg_url (by name: 1 of 1 values are image URLs)"))
}

@Test func webMercatorWithoutACrsMemberIsDetectedConvertedAndSaidOnce() throws {
    let result = try importFixture("mercator-no-crs.geojson")
    #expect(result.artworks.map(\.title) == ["Gate of Winds", "Bench for Two", "Blue Wall"])
    let gate = try #require(result.artworks.first)
    #expect(abs(gate.coordinate.latitude - 52.37310) < 1e-6 && abs(gate.coordinate.longitude - 4.89520) < 1e-6)
    #expect(result.notes.filter { $0.contains("EPSG:3857") }.count == 1)
    #expect(result.notes.first?.contains("every position lies outside longitude/latitude range but inside Web Mercator's") == true)
}

@Test func aCrsMemberIsHonouredWithoutAGuess() throws {
    let result = try importFixture("mercator-crs-member.geojson")
    let bench = try #require(result.artworks.dropFirst().first)
    #expect(abs(bench.coordinate.latitude - 52.36330) < 1e-6 && abs(bench.coordinate.longitude - 4.88370) < 1e-6)
    #expect(result.notes.isEmpty, "a stated system needs no note")
    // A crs member naming longitude/latitude is honoured too: metres are then out of range, feature 1 named.
    let stated = featureCollection([#"{"type":"Feature","properties":{"title":"A"},"geometry":{"type":"Point","coordinates":[544935.1,6866384.5]}}"#],
                                   extra: #""crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"#)
    #expect(throws: CartographyError("no usable features (1 in the file): coordinates out of range: feature 1 has [544935.1, 6866384.5], not a longitude and latitude; if the file is in Web Mercator metres, give --crs EPSG:3857", file: "x")) {
        try GeoJSONImporter.run(data: stated, path: "x", collection: "c", sink: RecordingSink())
    }
    // Any other EPSG code is read through PROJ (issue 48): the British National Grid's 530000, 180000 is in London.
    let british = featureCollection([#"{"type":"Feature","properties":{"title":"A"},"geometry":{"type":"Point","coordinates":[530000,180000]}}"#],
                                    extra: #""crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::27700"}},"#)
    let london = try #require(try GeoJSONImporter.run(data: british, path: "x", collection: "c", sink: RecordingSink()).artworks.first)
    #expect(abs(london.coordinate.latitude - 51.5) < 0.01 && abs(london.coordinate.longitude - -0.13) < 0.02, "\(london.coordinate)")
}

@Test func crsForcesTheSystemAndPositionsOutsideBothRangesAreRefusedNamingTheFirstBadFeature() throws {
    // Forced to longitude/latitude, the Mercator file has nothing usable and says which feature first.
    let forced = try #require(throws: CartographyError.self) {
        try importFixture("mercator-no-crs.geojson", options: .init(crs: .lonLat))
    }
    #expect(forced.message.hasPrefix("no usable features (3 in the file): coordinates out of range: feature 1 has [544931.17, 6867869.91], not a longitude and latitude; if the file is in Web Mercator metres, give --crs EPSG:3857"))
    // Forced to Web Mercator, a longitude/latitude file lands near the Gulf of Guinea: the user asked for it.
    let odd = try importFixture("socrata-public-art.geojson", options: .init(crs: .webMercator))
    #expect(odd.artworks.allSatisfy { abs($0.coordinate.latitude) < 0.01 })
    // Neither system: every position is outside longitude/latitude and one is outside Web Mercator too.
    let wild = featureCollection([
        #"{"type":"Feature","properties":{"title":"A"},"geometry":{"type":"Point","coordinates":[544935.1,6866384.5]}}"#,
        #"{"type":"Feature","properties":{"title":"B"},"geometry":{"type":"Point","coordinates":[9.0e7,1.0e8]}}"#,
    ])
    let refused = try #require(throws: CartographyError.self) {
        try GeoJSONImporter.run(data: wild, path: "x", collection: "c", sink: RecordingSink())
    }
    #expect(refused.message == "no usable features (2 in the file): coordinates out of range: feature 1 has [544935.1, 6866384.5], not a longitude and latitude; feature 2 has [90000000.0, 100000000.0], outside Web Mercator's range too: reproject the file to EPSG:4326")
}

@Test func fieldOverridesPickTheColumnAndAreCheckedAgainstTheFile() throws {
    let result = try importFixture("arcgis-hub-public-art.geojson", options: .init(fields: ["title": "neighbourhood", "address": "STATUS"]))
    #expect(result.artworks.first?.title == "Downtown")
    #expect(result.artworks.first?.locationNotes == "In place")
    let missing = try #require(throws: CartographyError.self) {
        try importFixture("arcgis-hub-public-art.geojson", options: .init(fields: ["artist": "MAKER"]))
    }
    #expect(missing.message.hasPrefix("--field artist=MAKER: the file has no property 'MAKER' (it has: OBJECTID, TITLE, ARTIST,"))
    #expect(throws: CartographyError.self) { try importFixture("arcgis-hub-public-art.geojson", options: .init(fields: ["colour": "TITLE"])) }
}

@Test func columnsAreChosenCaseInsensitivelyByTheNamesCityDatasetsUse() throws {
    let fields = try PublicArtFields.choose(keys: ["Artwork_Title", "CREATOR", "Start_Date", "SiteAddress", "Image_URL", "Medium", "Art_Type", "OBJECTID"])
    let properties = ["Artwork_Title": "Arc", "CREATOR": "Lee Wu", "Start_Date": "1971-1973", "SiteAddress": "5 Quay St",
                      "Image_URL": "https://example.org/a.png", "Medium": "steel", "Art_Type": "sculpture", "OBJECTID": "7"]
    let artwork = fields.artwork(id: "7", properties: properties, at: Coordinate(clampingLatitude: 1, longitude: 2), collection: "c")
    #expect(artwork.title == "Arc" && artwork.artist == "Lee Wu" && artwork.year == "1971-1973")
    #expect(artwork.locationNotes == "5 Quay St" && artwork.imageFileName == "https://example.org/a.png" && artwork.type == "sculpture")
    #expect(fields.columns[.id] == "OBJECTID")
    // A photo that is not a web address is kept as a note, never fetched.
    let local = fields.artwork(id: "8", properties: ["Image_URL": "file:///etc/passwd"], at: Coordinate(clampingLatitude: 1, longitude: 2), collection: "c")
    #expect(local.imageFileName == "" && local.information == "Image: file:///etc/passwd")
    #expect(local.title == "(untitled)")
}

/// Issue 43, item 6: a repeated id is kept as `A-1#2`, `A-1#3` (no longer `feature/N`, which another record may give).
@Test func repeatedRecordIdsAreKeptWithANumberSoNoRecordReplacesAnother() throws {
    let data = featureCollection((1...3).map { i in
        #"{"type":"Feature","properties":{"ID":"A-1","TITLE":"T\#(i)"},"geometry":{"type":"Point","coordinates":[2.\#(i),53.4]}}"#
    })
    let result = try GeoJSONImporter.run(data: data, path: "x", collection: "c", sink: RecordingSink())
    #expect(result.artworks.map(\.id) == ["A-1", "A-1#2", "A-1#3"])
    #expect(result.notes.contains("features 1 and 3 share id 'A-1': kept both, as 'A-1' and 'A-1#3'"), "\(result.notes)")
}

/// An OpenStreetMap element met twice in a GeoJSON export is one artwork (as in an .osm file), not `node/1#2`.
@Test func anOpenStreetMapElementTwiceIsOneArtwork() throws {
    let data = featureCollection((1...2).map { i in
        #"{"type":"Feature","id":"node/1","properties":{"tourism":"artwork","name":"Hare \#(i)"},"geometry":{"type":"Point","coordinates":[2.1,53.4]}}"#
    })
    let result = try GeoJSONImporter.run(data: data, path: "x", collection: "c", sink: RecordingSink())
    #expect(result.artworks.map(\.id) == ["node/1"] && result.artworks.first?.title == "Hare 2")
    #expect(!result.notes.contains { $0.contains("share id") }, "\(result.notes)")
}
