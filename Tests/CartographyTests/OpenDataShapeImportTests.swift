import Cartography
import Catalog
import Foundation
import Geo
import Testing

import TestSupport

// Issue 48: files of the shapes cities publish, imported as they come (no options): at least 97% of the rows placed,
// within 5 m of the file's own latitude/longitude where it has both, and the titles, artists, years and addresses kept,
// with no field reading "None", holding a tag or an entity, or taking its year from a file-date column.

private let fixtures = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/opendata")

private func rows(_ name: String, delimiter: Character = ",") throws -> Int {
    var reader = CSVReader(bytes: Array(try Data(contentsOf: fixtures.appendingPathComponent(name))),
                           delimiter: UInt8(ascii: delimiter.unicodeScalars.first ?? ","))
    var count = -1
    while try reader.next() != nil { count += 1 }
    return count
}

private func csv(_ name: String) throws -> MapImportResult {
    try CSVImporter.run(path: fixtures.appendingPathComponent(name).path, collection: "city")
}

/// The positions a fixture's generator started from (latitude longitude per line).
private func expected(_ name: String) throws -> [Coordinate] {
    try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map { line in
        let parts = line.split(separator: " ").compactMap { Double($0) }
        return try Coordinate(latitude: parts[0], longitude: parts[1])
    }
}

/// Every field clean: no placeholder, no tag, no entity.
private func expectClean(_ artworks: [Artwork], sourceLocation: SourceLocation = #_sourceLocation) {
    for artwork in artworks {
        for value in [artwork.title, artwork.artist, artwork.year, artwork.type, artwork.information, artwork.locationNotes] {
            #expect(!["None", "null", "NULL", "N/A", "n.v.t."].contains(value), "\(artwork.id): \(value)", sourceLocation: sourceLocation)
            #expect(!value.contains("None …") && !value.contains("Material: None"), "\(artwork.id): \(value)", sourceLocation: sourceLocation)
            #expect(value.range(of: #"<[a-zA-Z/][^>]*>"#, options: .regularExpression) == nil, "\(artwork.id): \(value)", sourceLocation: sourceLocation)
            #expect(value.range(of: #"&[a-zA-Z#0-9]+;"#, options: .regularExpression) == nil, "\(artwork.id): \(value)", sourceLocation: sourceLocation)
        }
    }
}

/// At least `share` of the artworks have the field filled.
private func expectKept(_ artworks: [Artwork], _ field: KeyPath<Artwork, String>, _ name: String, share: Double = 0.95,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    let kept = artworks.filter { !$0.title.hasPrefix("(untitled)") || field != \Artwork.title }.filter { !$0[keyPath: field].isEmpty }.count
    #expect(Double(kept) >= share * Double(artworks.count), "\(name): \(kept) of \(artworks.count)", sourceLocation: sourceLocation)
}

@Test func aTorontoLikeFileWithAPythonStyleMultiPointGeometryColumnIsPlaced() throws {
    let result = try csv("toronto-geometry.csv")
    let total = try rows("toronto-geometry.csv")
    #expect(Double(result.artworks.count) >= 0.97 * Double(total), "\(result.artworks.count) of \(total) placed; \(result.notes)")
    let first = try #require(result.artworks.first)
    #expect(abs(first.coordinate.longitude - -79.375184) < 1e-6 && abs(first.coordinate.latitude - 43.627913) < 1e-6)
    #expect(first.information.hasPrefix("Steel & glass\non the plaza"))
    expectKept(result.artworks, \.title, "title", share: 1)
    expectKept(result.artworks, \.year, "year", share: 1)
    expectKept(result.artworks, \.locationNotes, "address", share: 1)
    expectClean(result.artworks)
    let survey = try CSVImporter.survey(path: fixtures.appendingPathComponent("toronto-geometry.csv").path)
    #expect(survey.positions.summary == "geometry (GeoJSON geometry as text)")
}

@Test func aMelbourneLikeFileWithLatLonInOneColumnWithoutBracketsIsPlacedLatitudeFirst() throws {
    let result = try csv("melbourne-coordinates.csv")
    #expect(result.artworks.count == (try rows("melbourne-coordinates.csv")))
    #expect(result.artworks.allSatisfy { (-37.9 ... -37.7).contains($0.coordinate.latitude) && (144.9 ... 145.0).contains($0.coordinate.longitude) })
    let survey = try CSVImporter.survey(path: fixtures.appendingPathComponent("melbourne-coordinates.csv").path)
    #expect(survey.positions.summary.hasPrefix("Co-ordinates (\"lat, lon\" in one column: "))
    #expect(survey.positions.summary.contains("second numbers beyond ±90°, so latitude first"))
    expectKept(result.artworks, \.title, "title", share: 1)
    expectKept(result.artworks, \.artist, "artist", share: 1)
    expectKept(result.artworks, \.year, "year", share: 1)
    expectClean(result.artworks)
}

@Test func aDutchRDNewGeoJSONWithACrsMemberLandsWithin5mOfItsOwnLatitudeAndLongitude() throws {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("nijmegen-rd.geojson"))
    let result = try GeoJSONImporter.run(data: data, path: "nijmegen-rd.geojson", collection: "city", sink: RecordingSink())
    #expect(result.artworks.count == 30, "\(result.notes)")
    #expect(result.notes.isEmpty, "a stated system needs no note")
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let features = try #require(object["features"] as? [[String: Any]])
    for (artwork, feature) in zip(result.artworks, features) {
        let properties = try #require(feature["properties"] as? [String: Any])
        let own = try Coordinate(latitude: try #require(properties["LAT"] as? Double), longitude: try #require(properties["LON"] as? Double))
        #expect(Geodesic.distance(from: artwork.coordinate, to: own) < 5, "\(artwork.id): \(Geodesic.distance(from: artwork.coordinate, to: own)) m")
    }
    // The design's reference point: RD New (187819.81, 428894.43) is the file's own 51.8476591, 5.86350779.
    let first = try #require(result.artworks.first)
    #expect(abs(first.coordinate.latitude - 51.8476591) < 2e-6 && abs(first.coordinate.longitude - 5.86350779) < 2e-6)
    expectKept(result.artworks, \.title, "title", share: 1)
    expectKept(result.artworks, \.artist, "artist", share: 1)
    #expect(result.artworks.map(\.year) == (1951...1980).map(String.init), "the year is Jaar, never DD_BRONBESTAND")
    expectKept(result.artworks, \.locationNotes, "address", share: 1)
    #expect(first.information.hasPrefix("Een beeld van een geëmancipeerde vrouw.\nBrons."))
    #expect(result.artworks[1].information == "Material: brons", "n.v.t. is empty")
    expectClean(result.artworks)
    let plan = try GeoJSONImporter.plan(try GeoJSONImporter.survey(data, path: "n"), options: .init(), path: "n")
    #expect(plan.system.label == "EPSG:28992 (Amersfoort / RD New)")
    #expect(plan.system.why == "its crs member urn:ogc:def:crs:EPSG::28992")
}

@Test func aDutchSemicolonCSVWithBreedtegraadAndDecimalCommasKeepsItsTextAndNotTheFileDate() throws {
    let result = try csv("utrecht-kunst.csv")
    #expect(result.artworks.count == 40, "\(result.notes)")
    #expect(result.artworks.allSatisfy { (52.0 ... 52.2).contains($0.coordinate.latitude) && (5.0 ... 5.2).contains($0.coordinate.longitude) })
    expectKept(result.artworks, \.title, "title", share: 1)
    #expect(result.artworks.map(\.year) == (1931...1970).map(String.init), "Jaar, not DD_BRONBESTAND or DD_BIJGEWERKT")
    expectKept(result.artworks, \.locationNotes, "address", share: 1)
    #expect(result.artworks[0].information.hasPrefix("Beeld aan de gracht – één van de oudste."))
    #expect(result.artworks[2].information == "Material: brons", "NULL is empty")
    #expect(result.artworks.filter { $0.artist.isEmpty }.count == result.artworks.filter { $0.artist == "" }.count)
    expectClean(result.artworks)
    let survey = try CSVImporter.survey(path: fixtures.appendingPathComponent("utrecht-kunst.csv").path)
    let fields = try CSVImporter.plan(survey, options: .init(), path: "u").fields
    #expect(fields.columns[.title] == "TITEL" && fields.columns[.artist] == "KUNSTENAAR" && fields.columns[.year] == "Jaar")
    #expect(fields.columns[.address] == "LOCATIE" && fields.columns[.description] == "INHOUD" && fields.columns[.material] == "MATERIAAL")
    #expect(survey.positions.summary == "BREEDTEGRAAD and LENGTEGRAAD (numbers)")
    #expect(fields.summary.contains("year        ← Jaar (by name: 40 of 40 values hold a year; left out DD_BRONBESTAND, DD_BIJGEWERKT: the file's date, not the work's)"),
            "\(fields.summary)")
}

@Test func aDutchCSVWithOnlyRDXAndRDYIsReadInRDNewByItsColumnNames() throws {
    let result = try csv("amsterdam-rd.csv")
    let own = try expected("amsterdam-rd.expected")
    #expect(result.artworks.count == own.count, "\(result.notes)")
    for (artwork, point) in zip(result.artworks, own) {
        #expect(Geodesic.distance(from: artwork.coordinate, to: point) < 5, "\(artwork.id): \(Geodesic.distance(from: artwork.coordinate, to: point)) m")
    }
    let survey = try CSVImporter.survey(path: fixtures.appendingPathComponent("amsterdam-rd.csv").path)
    let plan = try CSVImporter.plan(survey, options: .init(), path: "a")
    #expect(plan.system.label == "EPSG:28992 (Amersfoort / RD New)" && plan.system.why == "the columns RD_X and RD_Y name it")
    #expect(plan.fields.columns[.title] == "KUNSTWERKNAAM" && plan.fields.columns[.artist] == "Kunstenaar(s)")
    #expect(plan.fields.columns[.address] == "Toponiem" && plan.fields.columns[.description] == "Omschrijving")
    #expect(result.artworks[0].information == "Een monument. Zie ook hier.")
    expectClean(result.artworks)
}

@Test func anIrishFileKeepsItsArtistInNameBesideTitleItsDescriptioAndItsITMPositions() throws {
    let result = try csv("galway-public-art.csv")
    let own = try expected("galway-public-art.expected")
    #expect(result.artworks.count == own.count, "\(result.notes)")
    for (artwork, point) in zip(result.artworks, own) {
        #expect(Geodesic.distance(from: artwork.coordinate, to: point) < 5, "\(artwork.id): \(Geodesic.distance(from: artwork.coordinate, to: point)) m")
    }
    let survey = try CSVImporter.survey(path: fixtures.appendingPathComponent("galway-public-art.csv").path)
    let plan = try CSVImporter.plan(survey, options: .init(), path: "g")
    #expect(plan.fields.columns[.title] == "Title" && plan.fields.columns[.artist] == "Name" && plan.fields.columns[.description] == "Descriptio")
    #expect(plan.system.label == "EPSG:2157 (IRENET95 / Irish Transverse Mercator)")
    #expect(result.artworks[0].title == "Garden Tree 1" && result.artworks[0].artist == "Rowan Gillespie")
    #expect(result.artworks[0].information == "A piece on the prom. None of it is lost.", "None inside text stays")
    #expect(result.artworks[3].information.isEmpty, "a lone None is empty")
    expectClean(result.artworks)
}
