import Cartography
import Catalog
import Foundation
import Geo
import Store
import Testing

// Issue 46: an artwork's names are stored by language and read in the reader's; what is written back is the source's name.

@Test func titlesAreReadInTheReadersLanguageAndTheSourceNameIsWhatIsStored() throws {
    let store = try CatalogStore(path: ":memory:")
    let tags = ["tourism": "artwork", "name": "Kolme seppää", "name:sv": "Tre smeder", "name:en": "The Three Smiths", "wikidata": "Q7797830"]
    let artwork = MapTags.artwork(id: "node/1380976595", tags: tags, at: Coordinate(clampingLatitude: 60.1687, longitude: 24.941), collection: "osm")
    #expect(artwork.wikidata == "Q7797830")
    _ = try store.merge([artwork], into: "osm", full: true)
    let swedish = try #require(try store.artworks(collection: "osm", languages: ["sv"]).first)
    #expect(swedish.title == "Tre smeder" && swedish.name == "Kolme seppää")
    #expect(try store.artworks(collection: "osm", languages: ["en-gb"]).first?.title == "The Three Smiths")
    #expect(try store.artworks(collection: "osm", languages: ["ja"]).first?.title == "Kolme seppää")
    // Written back as read in Swedish: the stored name stays the source's.
    let report = try store.merge([swedish], into: "osm", full: false)
    #expect(report.changed == 0 && report.unchanged == 1)
    #expect(try store.artworks(collection: "osm", languages: []).first?.title == "Kolme seppää")
}

@Test func aStreetIsLabelledInTheReadersLanguage() {
    let tags = ["highway": "residential", "name": "Aleksanterinkatu", "name:sv": "Alexandersgatan", "name:ru": "Александровская улица"]
    let properties = MapTags.nameProperties(tags)
    #expect(properties == ["name:sv": "Alexandersgatan", "name:ru": "Александровская улица"])
    #expect(MapTags.label("Aleksanterinkatu", properties: properties, languages: ["sv-fi"]) == "Alexandersgatan")
    #expect(MapTags.label("Aleksanterinkatu", properties: properties, languages: ["de"]) == "Aleksanterinkatu")
    #expect(MapTags.nameProperties(["highway": "service", "name:sv": "x"]).isEmpty, "a feature without a name has no label to change")
}
