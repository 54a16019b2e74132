import Cartography
import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import Store

/// A street of `segments` ways along a latitude, all named `name`, from `longitude` eastwards.
private func street(_ name: String, id: Int, at latitude: Double, from longitude: Double, segments: Int = 1) -> [MapFeature] {
    (0..<segments).map { i in
        let west = longitude + Double(i) * 0.001
        return MapFeature(sourceID: "way/\(id * 100 + i)", kind: .street, name: name,
                          parts: [[GeoPoint(latitude: latitude, longitude: west), GeoPoint(latitude: latitude, longitude: west + 0.001)]])
    }
}

private func building(_ name: String, id: Int, south: Double, west: Double) -> MapFeature {
    let ring = [GeoPoint(latitude: south, longitude: west), GeoPoint(latitude: south, longitude: west + 0.0002),
                GeoPoint(latitude: south + 0.0002, longitude: west + 0.0002), GeoPoint(latitude: south + 0.0002, longitude: west),
                GeoPoint(latitude: south, longitude: west)]
    return MapFeature(sourceID: "way/\(id)", kind: .building, name: name, parts: [ring])
}

/// A store with a base layer of `features` and the artworks given.
private func store(features: [MapFeature], artworks: [Artwork] = []) throws -> CatalogStore {
    let store = try CatalogStore(path: ":memory:")
    _ = try store.importMap(source: "town", file: "town.osm", collection: "town") { sink in
        for feature in features { try sink.add(feature) }
        var result = MapImportResult()
        result.features = features.count
        return result
    }
    if !artworks.isEmpty { _ = try store.merge(artworks, into: "art", full: false) }
    return store
}

@Test func aPlaceSearchFindsNamesStartingWithTheQueryExactOnesFirstOncePerNameArtworksBeforeFeatures() throws {
    let store = try store(features: street("Bold Street", id: 1, at: 53.40, from: -2.98, segments: 40)
        + street("Boldon Road", id: 2, at: 53.41, from: -2.98)
        + street("BOLD", id: 3, at: 53.42, from: -2.98)
        + [building("Bolder House", id: 4, south: 53.43, west: -2.97), building("Old Bold Mill", id: 5, south: 53.44, west: -2.97)],
        artworks: [Artwork(id: "a1", title: "Bold Figure", coordinate: .ashtonBuilding, collection: "art"),
                   Artwork(id: "a2", title: "Bold Figure", coordinate: .ashtonBuilding, collection: "art"),
                   Artwork(id: "a3", title: "Unbold", coordinate: .ashtonBuilding, collection: "art")])
    let found = try store.places(named: "bold", limit: 10)
    // "BOLD" is the query in other letters: first. Then the rest in name order, artworks before map features;
    // the forty segments of Bold Street are one place, the two Bold Figures one; a name with the query
    // inside it (Old Bold Mill, Unbold) is not a match.
    #expect(found.map(\.name) == ["BOLD", "Bold Figure", "Bold Street", "Bolder House", "Boldon Road"])
    #expect(found.map(\.category) == ["map", "artwork", "map", "map", "map"])
    #expect(found[2].type == "street" && found[3].type == "building")
    // A street's place is the middle of its own segment's box, as stored.
    #expect(abs(found[2].coordinate.latitude - 53.40) < 1e-9)
    #expect(try store.places(named: "bold", limit: 2).map(\.name) == ["BOLD", "Bold Figure"])
    #expect(try store.places(named: "  Bolder House ", limit: 5).map(\.name) == ["Bolder House"])
    #expect(try store.places(named: "bolt", limit: 5).isEmpty)
}

@Test func aPlaceSearchTakesPercentUnderscoreAndQuotesAsThemselves() throws {
    let store = try store(features: street("100% Street", id: 1, at: 53.40, from: -2.98) + street("1000 Street", id: 2, at: 53.41, from: -2.98)
        + street("A_B Lane", id: 3, at: 53.42, from: -2.98) + street("AXB Lane", id: 4, at: 53.43, from: -2.98)
        + street("O'Connell Street", id: 5, at: 53.44, from: -2.98))
    #expect(try store.places(named: "100%", limit: 5).map(\.name) == ["100% Street"])
    #expect(try store.places(named: "a_b", limit: 5).map(\.name) == ["A_B Lane"])
    #expect(try store.places(named: "o'connell", limit: 5).map(\.name) == ["O'Connell Street"])
}

@Test func aPlaceSearchReadsTheNamesThroughTheirIndexesNeverEveryRow() throws {
    let store = try store(features: street("Bold Street", id: 1, at: 53.40, from: -2.98))
    for (pair, index) in [(CatalogStore.featureNamesSQL, "map_features_name"), (CatalogStore.artworkNamesSQL, "artworks_title")] {
        for sql in [pair.first, pair.next] {
            let plan = try store.database.rows("EXPLAIN QUERY PLAN " + sql, [.text("bo"), .text("bo\u{10FFFF}")]).compactMap { $0.last?.text }
            #expect(plan.contains { $0.contains("USING INDEX \(index)") }, "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN") || $0.contains("TEMP B-TREE") }, "\(plan)")
        }
        // The plan reads the same either way; the program says where each seek starts: the first at the prefix, each
        // later one after the last name found, so the rows of a name of many (a street's segments) are passed over by
        // the seek and never walked again for the next name (the review of the change found them walked every time).
        func opcodes(_ sql: String) throws -> [String] {
            try store.database.rows("EXPLAIN " + sql, [.text("bo"), .text("bo\u{10FFFF}")]).compactMap { $0[1].text }
        }
        #expect(try opcodes(pair.first).contains("SeekGE"))
        let next = try opcodes(pair.next)
        #expect(next.contains("SeekGT") && !next.contains("SeekGE"), "\(next)")
    }
}

@Test func aPlaceSearchAfterANameOfManyRowsFindsTheNextNamesEachOnce() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.database.execute("""
        INSERT INTO collections(name) VALUES ('t');
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
        INSERT INTO artworks(collection, id, title, latitude, longitude) SELECT 't', 'a' || i, CASE WHEN i % 2 = 0 THEN 'Bold' ELSE 'BOLD' END, 60, 25 FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
        INSERT INTO artworks(collection, id, title, latitude, longitude) SELECT 't', 'b' || i, 'Bold ' || printf('%02d', i), 60, 25 FROM n;
        """)
    let found = try store.places(named: "bold", limit: 50).map(\.name)
    #expect(found.count == 50 && Set(found).count == 50)
    #expect(found.first?.lowercased() == "bold" && found[1] == "Bold 01" && found[49] == "Bold 49", "\(found)")
}

@Test func aStoreOfSchemaFourteenGainsTheNameIndexesAndItsPlacesAreFoundAfter() throws {
    let folder = try temporaryDirectory("place-search")
    let path = folder.appendingPathComponent("artmap.sqlite").path
    do {
        let store = try store(features: street("Bold Street", id: 1, at: 53.40, from: -2.98))
        try store.database.execute("VACUUM INTO '\(path)'")
    }
    do {
        let old = try CatalogStore(path: path)
        try old.database.execute("DROP INDEX map_features_name; DROP INDEX artworks_title; PRAGMA user_version = 14")
    }
    let store = try CatalogStore(path: path)
    #expect(try store.database.userVersion == Schema.currentVersion)
    #expect(try Schema.hasIndex("map_features_name", in: store.database) && Schema.hasIndex("artworks_title", in: store.database))
    #expect(try store.places(named: "bold", limit: 5).map(\.name) == ["Bold Street"])
}

@Test func anImportMakesTheNameIndexAgainAndAReImportFindsTheNewNamesOnly() throws {
    let store = try store(features: street("Bold Street", id: 1, at: 53.40, from: -2.98))
    _ = try store.importMap(source: "town", file: "town.osm", collection: "town") { sink in
        for feature in street("Hope Street", id: 7, at: 53.40, from: -2.97) { try sink.add(feature) }
        var result = MapImportResult()
        result.features = 1
        return result
    }
    #expect(try Schema.hasIndex("map_features_name", in: store.database))
    #expect(try store.places(named: "bold", limit: 5).isEmpty)
    #expect(try store.places(named: "hope", limit: 5).map(\.name) == ["Hope Street"])
}

@Test func aFetchedTilesCopiesInItsNeighboursAreFoundThroughTheIdsOfFetchedTilesAloneAndAnImportsIdsAreNotIndexed() throws {
    let store = try store(features: street("Bold Street", id: 1, at: 53.40, from: -2.98, segments: 3))
    for sql in [CatalogStore.neighbourCopiesSQL, CatalogStore.neighbourCopiesBoxesSQL] {
        let plan = try store.database.rows("EXPLAIN QUERY PLAN " + sql, [.text("osm/1/2")]).compactMap { $0.last?.text }
        #expect(plan.contains { $0.contains("USING INDEX map_features_source_id (source_id=?)") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN map_features") || $0.hasPrefix("SCAN f") }, "\(plan)")
    }
    // The index holds fetched tiles' rows alone: the imported town's three rows are in the table, not in it.
    let sql = try store.database.scalar("SELECT sql FROM sqlite_schema WHERE name = 'map_features_source_id'")?.text
    #expect(sql?.hasSuffix("WHERE source LIKE 'osm/%'") == true, "\(sql ?? "no index")")
    #expect(try store.database.scalar("SELECT COUNT(*) FROM map_features")?.integer == 3)
}
