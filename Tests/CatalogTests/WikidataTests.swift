import Catalog
import Foundation
import Geo
import Testing

// Issue 46: the reader's language, the strict SPARQL results reader, and conflation.

@Test func theReadersLanguageComesFromTheSettingThenLanguageThenTheLocaleVariables() {
    #expect(ReaderLanguages.resolve(environment: ["LANG": "sv_SE.UTF-8"], setting: nil) == ["sv-se"])
    #expect(ReaderLanguages.resolve(environment: ["LANGUAGE": "fi:sv", "LANG": "en_GB.UTF-8"], setting: nil) == ["fi", "sv"])
    #expect(ReaderLanguages.resolve(environment: ["LC_ALL": "C", "LANG": "sv_SE.UTF-8"], setting: nil) == [], "LC_ALL=C names no language")
    #expect(ReaderLanguages.resolve(environment: ["LC_MESSAGES": "ja_JP.eucJP", "LANG": "C.UTF-8"], setting: nil) == ["ja-jp"])
    #expect(ReaderLanguages.resolve(environment: ["LANGUAGE": "fi"], setting: "ru") == ["ru"], "the setting wins")
    #expect(ReaderLanguages.resolve(environment: ["LANG": "POSIX"], setting: "") == [])
    #expect(ReaderLanguages.fallbacks(["sv-se", "en"]) == ["sv-se", "sv", "en"])
}

@Test func anArtworkIsTitledInTheReadersLanguageAndKeepsItsSourceName() {
    var names = NameVariants()
    names.set("sv", "Havis Amanda")
    names.set("fi", "Haaviston Amanda\t\u{1B}[31m")
    var artwork = Artwork(id: "node/1", title: "Havis Amanda (fi)", coordinate: Coordinate(clampingLatitude: 60.16, longitude: 24.95))
    artwork.names = names.encoded
    #expect(NameVariants(encoded: artwork.names)["fi"] == "Haaviston Amanda", "control characters and tabs never reach the names")
    let swedish = artwork.titled(in: ["sv-se"])
    #expect(swedish.title == "Havis Amanda" && swedish.name == "Havis Amanda (fi)")
    #expect(artwork.titled(in: ["ja"]).title == "Havis Amanda (fi)" && artwork.titled(in: []).name == "Havis Amanda (fi)")
}

/// A WDQS answer in the real shape for these rows.
func sparqlAnswer(_ bindings: [[String: [String: String]]]) -> Data {
    let object: [String: Any] = ["head": ["vars": ["item", "itemLabel", "coord", "image"]], "results": ["bindings": bindings]]
    return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
}

func term(_ value: String, _ type: String = "literal", lang: String? = nil, datatype: String? = nil) -> [String: String] {
    var term = ["type": type, "value": value]
    term["xml:lang"] = lang
    term["datatype"] = datatype
    return term
}

@Test func aSPARQLAnswerGivesOneItemForItsRowsWithEveryFieldChecked() throws {
    let item = term("http://www.wikidata.org/entity/Q523268", "uri")
    let coord = term("Point(24.952222 60.167778)", datatype: "http://www.opengis.net/ont/geosparql#wktLiteral")
    let rows: [[String: [String: String]]] = [
        ["item": item, "coord": coord, "itemLabel": term("Havis Amanda", lang: "en"), "label": term("Havis Amanda", lang: "sv"),
         "creator": term("http://www.wikidata.org/entity/Q1394406", "uri"), "creatorLabel": term("Ville Vallgren", lang: "en"),
         "inception": term("1908-01-01T00:00:00Z", datatype: "http://www.w3.org/2001/XMLSchema#dateTime"),
         "materialLabel": term("bronze", lang: "en"), "kind": term("http://www.wikidata.org/entity/Q860861", "uri"),
         "image": term("http://commons.wikimedia.org/wiki/Special:FilePath/Havis%20Amanda%202.jpg", "uri"), "osmNode": term("2045937811")],
        ["item": item, "coord": coord, "label": term("Havis Amanda", lang: "fi"), "materialLabel": term("granite", lang: "en")],
    ]
    let items = try WikidataItem.items(from: try SPARQLResults.read(sparqlAnswer(rows)))
    let one = try #require(items.first)
    #expect(items.count == 1 && one.id == "Q523268")
    #expect(one.labels["sv"] == "Havis Amanda" && one.labels["fi"] == "Havis Amanda" && one.label(in: ["ja"]) == "Havis Amanda")
    #expect(one.creatorLabels == ["Ville Vallgren"] && one.inception == "1908" && one.materials == ["bronze", "granite"])
    #expect(one.image == "File:Havis Amanda 2.jpg" && one.osmElements == ["node/2045937811"])
    #expect(abs(one.latitude - 60.167778) < 1e-9 && abs(one.longitude - 24.952222) < 1e-9, "WKT gives the longitude first")
}

@Test func aSPARQLAnswerThatIsNotTheFormatIsRefusedWithWhy() throws {
    let item = term("http://www.wikidata.org/entity/Q1", "uri")
    let coord = term("Point(24.95 60.17)")
    func refusal(_ data: Data) -> String {
        do {
            _ = try WikidataItem.items(from: try SPARQLResults.read(data))
            return "read"
        } catch let error as CatalogError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
    #expect(refusal(Data("<!DOCTYPE html><html><body>Query timeout</body></html>".utf8)).contains("HTML page"))
    let whole = sparqlAnswer([["item": item, "coord": coord]])
    #expect(refusal(whole.prefix(whole.count / 2)).contains("not JSON"))
    #expect(refusal(sparqlAnswer([["coord": coord]])).contains("binding 1 has no item"))
    #expect(refusal(sparqlAnswer([["item": item]])).contains("has no coordinates"))
    #expect(refusal(sparqlAnswer([["item": item, "coord": term("LINESTRING(1 2, 3 4)")]])).contains("not a WKT Point"))
    #expect(refusal(sparqlAnswer([["item": item, "coord": term("Point(24.95 95)")]])).contains("not a longitude and latitude"))
    #expect(refusal(sparqlAnswer([["item": item, "coord": coord, "image": term("http://example.org/wiki/Special:FilePath/X.jpg", "uri")]]))
        .contains("not a file on commons.wikimedia.org"))
    #expect(refusal(sparqlAnswer([["item": item, "coord": coord, "itemLabel": term(String(repeating: "A", count: 1_000_000))]]))
        .contains("1000000 characters long"))
    #expect(refusal(sparqlAnswer(Array(repeating: ["item": item, "coord": coord], count: 100_000))).contains("100000 bindings"))
    #expect(refusal(Data(count: 50 * 1_048_576)).contains("50 MB"))
    #expect(refusal(sparqlAnswer([["item": term("http://example.org/Q1", "uri"), "coord": coord]])).contains("not a Wikidata entity"))
}

/// An OSM artwork as the fetch stores it.
func osmArtwork(_ id: String, _ title: String, _ lat: Double, _ lon: Double, artist: String = "", wikidata: String = "") -> Artwork {
    var artwork = Artwork(id: id, title: title, artist: artist, coordinate: Coordinate(clampingLatitude: lat, longitude: lon), collection: "osm")
    artwork.wikidata = wikidata
    return artwork
}

func item(_ id: String, _ label: String, _ lat: Double, _ lon: Double, creator: String = "", year: String = "", osm: [String] = []) -> WikidataItem {
    var item = WikidataItem(id: id, latitude: lat, longitude: lon)
    item.labels = ["en": label]
    if !creator.isEmpty { item.creatorLabels = [creator]; item.creators = ["Q9" + id.dropFirst()] }
    item.inception = year
    item.osmElements = osm
    item.image = "File:\(label).jpg"
    return item
}

@Test func conflationMergesByIdWhateverTheDistanceAndByNameNearbyAndKeepsTheRestApart() throws {
    // 0.0005° of latitude is about 56 m.
    let osm = [
        osmArtwork("node/1", "Havis Amanda", 60.1678, 24.9522, wikidata: "Q523268"),
        osmArtwork("node/2", "Statue of J. L. Runeberg", 60.1672, 24.9437, artist: "Walter Runeberg"),
        osmArtwork("node/3", "Three Smiths", 60.1688, 24.9405),
        osmArtwork("way/4", "(untitled) sculpture", 60.1700, 24.9500),
    ]
    let items = [
        item("Q523268", "Havis Amanda (Wikidata)", 60.1685, 24.9530, creator: "Ville Vallgren", year: "1908"),   // ~85 m off, by id
        item("Q1", "J. L. Runeberg", 60.1675, 24.9440, creator: "Walter Runeberg", year: "1885"),               // same name after "Statue of"
        item("Q2", "Bird Song", 60.1690, 24.9407, year: "1990"),                                                // near Three Smiths, another title
        item("Q3", "Lonely item", 60.1800, 24.9600),                                                            // no twin
        item("Q4", "Far element", 60.2000, 24.9000, osm: ["way/4"]),                                            // names the element
    ]
    let result = Conflation.conflate(osm: osm, items: items)
    #expect(result.byID == 2 && result.byName == 1)
    let byID = Dictionary(uniqueKeysWithValues: result.osm.map { ($0.id, $0) })
    let amanda = try #require(byID["node/1"])
    #expect(amanda.title == "Havis Amanda" && amanda.year == "1908" && amanda.artist == "Ville Vallgren", "OSM's title wins; Wikidata fills the rest")
    #expect(amanda.information.contains("Merged with Wikidata Q523268: same Wikidata id"))
    #expect(amanda.information.contains("From Wikidata: artist, year, picture"))
    let runeberg = try #require(byID["node/2"])
    #expect(runeberg.wikidata == "Q1" && runeberg.year == "1885")
    #expect(runeberg.information.contains("Merged with Wikidata Q1: same name, 37 m apart, same artist"), "\(runeberg.information)")
    #expect(byID["node/3"]?.wikidata == "", "a near pair with different titles stays two")
    #expect(byID["way/4"]?.wikidata == "Q4")
    #expect(result.alone.map(\.id) == ["Q2", "Q3"] && result.alone.allSatisfy { $0.collection == "wikidata" })
    #expect(result.alone.first?.imageFileName == "File:Bird Song.jpg" && result.alone.first?.wikidata == "Q2")
    // Conflating again what was written gives the same rows: a merge is taken back out before deciding again.
    let again = Conflation.conflate(osm: result.osm, items: items)
    #expect(again.osm == result.osm && again.alone == result.alone)
    #expect(Conflation.unmerged(amanda).year == "" && Conflation.unmerged(amanda).wikidata == "Q523268")
}

@Test func namesAreComparedWithoutCaseAccentsPunctuationOrKindWords() {
    #expect(Conflation.normalisedName("Statue of J.L. Runeberg") == Conflation.normalisedName("J. L. Runeberg") || Conflation.normalisedName("Statue of J.L. Runeberg") == "j l runeberg")
    #expect(Conflation.normalisedName("Aleksis Kiven patsas") == "aleksis kiven")
    #expect(Conflation.normalisedName("Monument to Café Ekberg!") == "cafe ekberg")
}

@Test func oneItemNeverMergesIntoTwoArtworksNorTwoItemsIntoOne() {
    let osm = [osmArtwork("node/1", "Fountain", 60.1700, 24.9500), osmArtwork("node/2", "Fountain", 60.1701, 24.9501)]
    let items = [item("Q1", "Fountain", 60.17005, 24.95005)]
    let result = Conflation.conflate(osm: osm, items: items)
    #expect(result.osm.filter { $0.wikidata == "Q1" }.count == 1 && result.alone.isEmpty)
    let two = Conflation.conflate(osm: [osm[0]], items: [item("Q1", "Fountain", 60.1700, 24.9500), item("Q2", "Fountain", 60.1702, 24.9500)])
    #expect(two.osm[0].wikidata == "Q1" && two.alone.map(\.id) == ["Q2"], "the nearer item is the one")
}
