import Cartography
import Catalog
import Foundation
import Geo
import Testing

import TestSupport

// Issue 31, item 3: public-art CSV read as cities export it (RFC 4180, a BOM, `;` or tab, positions in three
// shapes), and item 2: columns chosen by what they hold, for CSV and GeoJSON alike.

private let fixtures = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/publicart")

private func records(_ text: String, delimiter: Character = ",", limits: CSVReader.Limits = .init()) throws -> [CSVReader.Record] {
    var reader = CSVReader(bytes: Array(text.utf8), delimiter: UInt8(ascii: delimiter.unicodeScalars.first ?? ","), limits: limits)
    var out: [CSVReader.Record] = []
    while let record = try reader.next() { out.append(record) }
    return out
}

private func csvFile(_ text: String, name: String = "art.csv") throws -> String {
    let file = try temporaryDirectory("csv").appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
}

@Test func theReaderFollowsRFC4180QuotesDoubledQuotesDelimitersAndLineEndsInsideFields() throws {
    let text = "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\nplain,\"\",last\nend,\"3\r\nlines\n!\",z"
    let read = try records(text)
    #expect(read.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["plain", "", "last"], ["end", "3\r\nlines\n!", "z"]])
    #expect(read.map(\.line) == [1, 2, 4, 5], "each record names the physical line it starts on")
    // A quote inside an unquoted field is kept as written; a lone CR ends a record as old exports do.
    #expect(try records("a\"b,c\rd,e").map(\.fields) == [["a\"b", "c"], ["d", "e"]])
}

@Test func theDelimiterIsSniffedFromTheFirstRecordsAndContentIsRecognised() throws {
    #expect(CSVReader.sniff(Array("a;b;c\n1;2,5;3\n4;5;6\n".utf8)) == UInt8(ascii: ";"))
    #expect(CSVReader.sniff(Array("a\tb\n1\t\"x,y,z\"\n".utf8)) == 0x09)
    #expect(CSVReader.sniff(Array("title,artist\n\"A; B\",C\n".utf8)) == UInt8(ascii: ","))
    #expect(CSVReader.looksLikeCSV(Array("<?xml version=\"1.0\"?><plist/>".utf8)) == nil)
    #expect(CSVReader.looksLikeCSV(Array("{\"a\":1,\"b\":2}".utf8)) == nil)
    #expect(CSVReader.looksLikeCSV(Array("just one line of prose\n".utf8)) == nil)
    #expect(CSVReader.looksLikeCSV(try Data(contentsOf: fixtures.appendingPathComponent("detroit-tab-export.txt"))) == 0x09)
}

@Test func anUnclosedQuoteOrAnOversizedRecordIsRefusedNamingTheLineWithinTheReadersBound() throws {
    let unclosed = try #require(throws: CartographyError.self) { try records("a,b\n1,2\n3,\"never\nclosed,4\n") }
    #expect(unclosed.message == "line 3: a quoted field opened on line 3 is never closed")
    // The bound stops a runaway quote before the rest of the file is held: 1 KB here, 16 MB by default.
    let runaway = "a,b\n\"" + String(repeating: "x,y\n", count: 2_000)
    let capped = try #require(throws: CartographyError.self) { try records(runaway, limits: .init(recordBytes: 1_024)) }
    #expect(capped.message.hasPrefix("line 2: a quoted field opened on line 2 runs past"))
    let wide = try #require(throws: CartographyError.self) { try records("a,b,c,d\n", limits: .init(fields: 3)) }
    #expect(wide.message == "line 1: a record of more than 3 fields")
}

@Test func aSocrataCSVKeepsItsFullTitlesFullNamesYearsPhotosAndPlaces() throws {
    let result = try CSVImporter.run(path: fixtures.appendingPathComponent("seattle-socrata.csv").path, collection: "seattle")
    let art = result.artworks
    #expect(art.map(\.id) == ["PR-1", "PR-2", "PR-3", "PR-4"])
    #expect(art.map(\.title) == ["Artesian Well (Bench 1)", "Artesian Well (Valve plate)", "Artesian Well (Bench 2)", "\"Sound\", Garden"])
    #expect(art.map(\.artist) == ["Mags Harries & Lajos Heder", "Mags Harries & Lajos Heder", "Ann Lee; Bo Chan", "Doug Hollis, Jr"])
    #expect(art.map(\.year) == ["1998", "1998", "1957-60", "1983"])
    #expect(art[0].information == "Date: 1998-06-01", "the year is shown, the whole date kept")
    #expect(art.map(\.type) == ["Sculpture", "Sculpture", "Mural", "Sculpture"])
    #expect(art.map(\.imageFileName) == ["https://photos.example.org/pr1.jpg", "https://photos.example.org/pr2.png", "",
                                         "https://upload.wikimedia.org/wikipedia/commons/a/ab/Sound_Garden"])
    #expect(art[0].coordinate.latitude == 47.6065 && art[0].coordinate.longitude == -122.33312)
    #expect(art[2].coordinate.latitude == 47.6097 && art[2].coordinate.longitude == -122.3422, "from the Geolocation text")
    #expect(art[2].locationNotes == "Pike Pl, Seattle, WA")
    #expect(art[0].building == "1000 4th Ave, Seattle, WA", "two artworks at one point are one place, named by the address")
}

@Test func aSemicolonExportWithWKTPointsAndATabExportNamedTxtAreRead() throws {
    let amsterdam = try CSVImporter.run(path: fixtures.appendingPathComponent("amsterdam-semicolon.csv").path, collection: "a")
    #expect(amsterdam.artworks.map(\.title) == ["Gate of Winds", "Boat; Dock"])
    #expect(amsterdam.artworks.map(\.year) == ["1971", "c. 1927"])
    #expect(amsterdam.artworks.map(\.type) == ["beeld", "reliëf"])
    #expect(amsterdam.artworks[0].imageFileName == "http://img.example.nl/gate.jpeg")
    #expect(amsterdam.artworks[0].coordinate.longitude == 4.8952 && amsterdam.artworks[0].coordinate.latitude == 52.3731)
    #expect(amsterdam.notes == ["CSV line 4: no position (geometry (WKT POINT) empty or not numbers); skipped"])
    let detroit = try CSVImporter.run(path: fixtures.appendingPathComponent("detroit-tab-export.txt").path, collection: "d")
    #expect(detroit.artworks.map(\.artist) == ["Maya Ross", "Tim Yu"], "first and last joined when that is all there is")
    #expect(detroit.artworks.map(\.year) == ["2004", "2010"])
    #expect(detroit.artworks.map(\.information) == ["Date: 06/15/2004", "Date: 2010-09-01"])
    #expect(detroit.artworks.map(\.type) == ["Mural", "Fountain"])
    #expect(detroit.artworks.map(\.imageFileName) == ["https://cdn.example.com/img/1", "https://cdn.example.com/img/2"])
    #expect(detroit.artworks[1].coordinate.latitude == 42.34 && detroit.artworks[1].coordinate.longitude == -83.05)
}

@Test func theSurveySaysWhyEachColumnWonAndWhatCameSecond() throws {
    let survey = try CSVImporter.survey(path: fixtures.appendingPathComponent("seattle-socrata.csv").path)
    let plan = try CSVImporter.plan(survey, options: .init(), path: "s")
    #expect(survey.delimiterName == "comma" && survey.records == 4)
    #expect(survey.positions.summary == "latitude and longitude (numbers), else Geolocation (\"(lat, lon)\" in the text)")
    let lines = plan.fields.summary
    #expect(lines.contains("title       ← List_Title (by name; the most distinct, longest titles: 4 distinct values, 22 characters on average; runner-up Title: 3 distinct values, 11 characters on average)"))
    #expect(lines.contains("artist      ← Artist_Full_Name (by name: 3 values; a full-name column goes before first and last name parts (used where it is empty); runner-up First_Name + Last_Name)"))
    #expect(lines.contains("year        ← Art_Year (by name: 4 of 4 values hold a year (1 whole date, kept in the notes))"))
    #expect(lines.contains("type        ← discipline (by name: 4 values)"))
    #expect(lines.contains("photo       ← Photo_Website_URL (by name: 3 of 3 values are image URLs)"))
    #expect(lines.contains("address     ← Geolocation (the text before its \"(lat, lon)\")"))
    #expect(!lines.contains { $0.contains("latitude") }, "position columns fill no other field")
}

@Test func geoJSONGetsTheSameChoicesAsCSV() throws {
    func feature(_ i: Int, _ properties: String) -> String {
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.3\#(i),47.6]},"properties":{\#(properties)}}"#
    }
    let features = [
        feature(1, #""Title":"(Bench)","List_Title":"Artesian Well (Bench 1)","Artist_Full_Name":"Mags Harries & Lajos Heder","First_Name":"Mags; Lajos","Last_Name":"Harries; Heder","YearInstalled":"1998-06-01T00:00:00.000","imagefile":"https://x.example/a.JPG","Object_Type":"Sculpture""#),
        feature(2, #""Title":"(Valve plate)","List_Title":"Artesian Well (Valve plate)","First_Name":"Ann","Last_Name":"Lee","YearInstalled":1957,"Object_Type":"Mural""#),
        feature(3, #""Title":"(Bench)","List_Title":"Artesian Well (Bench 2)","Artist_Full_Name":"Jo Smith","YearInstalled":"1980s","spare":"https://y.example/p/2.webp""#),
    ]
    let data = Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    let result = try GeoJSONImporter.run(data: data, path: "x.geojson", collection: "c", sink: RecordingSink())
    #expect(result.artworks.map(\.title) == ["Artesian Well (Bench 1)", "Artesian Well (Valve plate)", "Artesian Well (Bench 2)"])
    #expect(result.artworks.map(\.artist) == ["Mags Harries & Lajos Heder", "Ann Lee", "Jo Smith"])
    #expect(result.artworks.map(\.year) == ["1998", "1957", "1980s"])
    #expect(result.artworks.map(\.type) == ["Sculpture", "Mural", ""])
    #expect(result.artworks.map(\.imageFileName) == ["https://x.example/a.JPG", "", ""])
    // With only first and last names, the ";"-joined lists pair up.
    let parts = try PublicArtFields.choose(profiles: ["First_Name", "Last_Name", "TitleOfWork"].map { ColumnProfile(name: $0) })
    let artwork = parts.artwork(id: "1", properties: ["First_Name": "Mags; Lajos", "Last_Name": "Harries; Heder", "TitleOfWork": "Well"],
                                at: Coordinate(clampingLatitude: 1, longitude: 2), collection: "c")
    #expect(artwork.artist == "Mags Harries; Lajos Heder" && artwork.title == "Well")
    // A column of image URLs under no photo name is found by its values.
    var unnamed = ColumnProfile(name: "col7")
    for i in 1...3 { unnamed.add("https://upload.wikimedia.org/x/\(i)") }
    let byValue = try PublicArtFields.choose(profiles: [ColumnProfile(name: "title"), unnamed])
    #expect(byValue.columns[.photo] == "col7")
    #expect(byValue.choices[.photo]?.reason == "by its values: 3 of 3 values are image URLs")
}

@Test func badCSVFilesAreRefusedNamingTheFormatAndTheLine() throws {
    let noPositions = try #require(throws: CartographyError.self) {
        try CSVImporter.run(path: try csvFile("title,artist\nA,B\n"), collection: "c")
    }
    #expect(noPositions.message.hasPrefix("CSV line 1: no positions: artmap looks for latitude and longitude columns, easting and northing columns, "
        + "a WKT POINT column, a GeoJSON geometry column, a \"lat, lon\" column or \"(lat, lon)\""))
    let unclosed = try #require(throws: CartographyError.self) {
        try CSVImporter.run(path: try csvFile("title,lat,lon\nA,1,2\n\"B,1,2\n"), collection: "c")
    }
    #expect(unclosed.message == "CSV line 3: a quoted field opened on line 3 is never closed")
    let outside = try #require(throws: CartographyError.self) {
        try CSVImporter.run(path: try csvFile("title,latitude,longitude\nA,1.0e8,9.0e7\nB,x,y\n"), collection: "c")
    }
    #expect(outside.message == "CSV: no usable records (2 in the file): line 2 has 90000000.0, 100000000.0 (x, y), not a longitude and latitude; "
        + "outside Web Mercator's range too: reproject the file to EPSG:4326")
    // Metres are read as Web Mercator when every position says so (with a note), or when --crs says so.
    let inferred = try CSVImporter.run(path: try csvFile("title,y,x\nA,6867869.9,544931.2\n"), collection: "c")
    #expect(abs(inferred.artworks[0].coordinate.latitude - 52.3731) < 0.001)
    #expect(inferred.notes.first?.hasPrefix("every position lies outside longitude/latitude range but inside Web Mercator's") == true)
    let forced = try CSVImporter.run(path: try csvFile("title,y,x\nA,1,1\n"), collection: "c", options: .init(crs: .webMercator))
    #expect(abs(forced.artworks[0].coordinate.latitude) < 0.001)
    let extra = try CSVImporter.run(path: try csvFile("title,lat,lon\nA,1,2\nB,1,2,3,4\n"), collection: "c")
    #expect(extra.notes == ["CSV line 3: 5 fields where the header has 3; skipped"])
}
