import Catalog
import Foundation
import Geo
import Store

/// Issue 46: conflating N OpenStreetMap artworks with N Wikidata items nearby (a quarter by id, a quarter the same
/// name 20 m away, a quarter another name 30 m away, a quarter far from any), against reading the same rows from the
/// store; at 5,000, 10,000 and 20,000 to show it grows linearly (a spatial index, not pairs).
func conflationBench() throws {
    print("== Wikidata conflation (issue 46)")
    var perPair: [Double] = []
    for count in [5_000, 10_000, 20_000] {
        let (osm, items) = conflationData(count)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-conflation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try CatalogStore(path: folder.appendingPathComponent("store.sqlite").path)
        _ = try store.merge(osm, into: CollectionID.osm.name, full: true, source: .openStreetMap)
        try store.storeWikidataItems(items, tiles: [], fetchedAt: "2026-01-01T00:00:00Z")
        var start = now()
        let read = try store.artworks(collection: CollectionID.osm.name, languages: [])
        let readItems = try store.wikidataItems()
        let reading = now() - start
        start = now()
        let result = Conflation.conflate(osm: read, items: readItems)
        let pure = now() - start
        start = now()
        let report = try store.conflateWikidata()
        let stored = now() - start
        perPair.append(pure / Double(count))
        print(String(format: "%6d + %6d: conflate %.3f s (%.2f× reading the same rows, %.3f s); with the store's read and write %.3f s; "
                        + "%d by id, %d by name, %d alone",
                     count, count, pure, pure / max(reading, 1e-9), reading, stored, result.byID, result.byName, report.alone))
    }
    if let first = perPair.first, let last = perPair.last {
        print(String(format: "per pair: %.1f µs at 5,000, %.1f µs at 20,000 (%@)", first * 1e6, last * 1e6,
                     last < first * 1.5 ? "linear" : "growing faster than linear"))
    }
}

/// N OSM artworks spread over 20 × 20 km of Helsinki, and N items placed as the bench's comment says.
func conflationData(_ count: Int) -> ([Artwork], [WikidataItem]) {
    var rng = SplitMix(state: 46)
    var osm: [Artwork] = []
    var items: [WikidataItem] = []
    for index in 0..<count {
        let lat = Double.random(in: 60.10...60.28, using: &rng), lon = Double.random(in: 24.80...25.16, using: &rng)
        var artwork = Artwork(id: "node/\(index + 1)", title: "Artwork \(index)", artist: "Artist \(index % 500)",
                              coordinate: Coordinate(clampingLatitude: lat, longitude: lon), collection: CollectionID.osm.name)
        let id = "Q\(1_000_000 + index)"
        var item: WikidataItem
        switch index % 4 {
        case 0:
            artwork.wikidata = id
            item = WikidataItem(id: id, latitude: lat + 0.0004, longitude: lon)
            item.labels = ["en": "Work \(index)"]
        case 1:
            item = WikidataItem(id: id, latitude: lat + 0.00018, longitude: lon)
            item.labels = ["en": "Artwork \(index)", "sv": "Konstverk \(index)"]
            item.creatorLabels = ["Artist \(index % 500)"]
        case 2:
            item = WikidataItem(id: id, latitude: lat, longitude: lon + 0.0005)
            item.labels = ["en": "Another \(index)"]
        default:
            item = WikidataItem(id: id, latitude: Double.random(in: 60.10...60.28, using: &rng), longitude: Double.random(in: 24.80...25.16, using: &rng))
            item.labels = ["en": "Lone \(index)"]
        }
        item.inception = "19\(index % 100)"
        osm.append(artwork)
        items.append(item)
    }
    return (osm, items)
}
