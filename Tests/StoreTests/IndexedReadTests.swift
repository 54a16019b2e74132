import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import Store

// Issue 49: a list near a point and a collection's list read only what they show. SQLite's own plan for each
// statement says which index it reads: these fail the day one of them becomes a scan of the artworks table, or reads
// a box through an index that holds other collections' entries.

/// SQLite's plan for `sql` (its detail lines), with `values` bound.
private func plan(_ store: CatalogStore, _ sql: String, _ values: [SQLValue]) throws -> [String] {
    try store.database.rows("EXPLAIN QUERY PLAN " + sql, values).compactMap { $0.last?.text }
}

/// A store with a small collection beside a big one in the same streets, as a city's fetched art beside an import.
private func storeWithTwoCollections(analyzed: Bool = false) throws -> (CatalogStore, small: [Artwork], big: [Artwork]) {
    let store = try CatalogStore(path: ":memory:")
    let small = gridArtworks(400, around: .ashtonBuilding, collection: "small")
    let big = gridArtworks(6000, around: .ashtonBuilding, collection: "big")
    _ = try store.merge(big, into: "big", full: false)
    _ = try store.merge(small, into: "small", full: false)
    // A user's file has no statistics; with them (sqlite_stat1) the planner must choose the same.
    if analyzed { try store.database.execute("ANALYZE") }
    return (store, small, big)
}

private let box = CatalogStore.box(around: .ashtonBuilding, halfMetres: 300)

@Test(arguments: [false, true])
func aCollectionsListIsReadFromItsListingIndexAloneNeverTheTable(analyzed: Bool) throws {
    let (store, _, _) = try storeWithTwoCollections(analyzed: analyzed)
    let lines = try plan(store, CatalogStore.collectionSQL(.listing), [.text("small")])
    #expect(lines == ["SEARCH artworks USING COVERING INDEX artworks_listing (collection=?)"], "\(lines)")
}

@Test(arguments: [false, true])
func aBoxOfOneCollectionIsReadThroughThatCollectionsPositionIndex(analyzed: Bool) throws {
    let (store, _, _) = try storeWithTwoCollections(analyzed: analyzed)
    let index = try store.boxIndex()
    #expect(index == Schema.collectionPositionIndex)
    for sql in [CatalogStore.boxSQL(.listing, index: index), CatalogStore.boxSQL(.view, index: index), CatalogStore.boxCountSQL(index: index)] {
        let lines = try plan(store, sql, CatalogStore.boxValues("small", box))
        #expect(lines.contains { $0.hasPrefix("SEARCH artworks USING") && $0.contains("INDEX artworks_collection_position (collection=? AND latitude>? AND latitude<?)") },
                "\(sql): \(lines)")
        #expect(!lines.contains { $0.contains("SCAN") }, "\(sql): \(lines)")
    }
    for column in ["latitude", "longitude"] {
        let lines = try plan(store, CatalogStore.medianSQL(column, index: index), [.text("small"), .integer(1)])
        #expect(lines.first { $0.hasPrefix("SEARCH artworks") }?.contains("artworks_collection_position (collection=?)") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("SCAN") }, "\(lines)")
    }
}

@Test func aBoxOfOneCollectionHoldsExactlyItsArtworksWithinTheBox() throws {
    let (store, small, _) = try storeWithTwoCollections()
    let found = try #require(try store.artworks(collection: "small", fields: .listing, near: .ashtonBuilding, metres: 300))
    let expected = small.filter { a in
        a.coordinate.latitude >= box.south && a.coordinate.latitude <= box.north
            && a.coordinate.longitude >= box.west && a.coordinate.longitude <= box.east
    }
    #expect(!expected.isEmpty && expected.count < small.count)
    #expect(found.map(\.id) == expected.map(\.id).sorted(), "\(found.count) found, \(expected.count) in the box")
    #expect(found.allSatisfy { $0.collection == "small" })
    // Several collections: each read in its box, an element held by two kept once.
    let both = try #require(try store.artworks(collections: ["small", "big"], fields: .listing, near: .ashtonBuilding, metres: 300))
    #expect(both.count > found.count && both.allSatisfy { a in
        a.coordinate.latitude >= box.south && a.coordinate.latitude <= box.north
    })
}

@Test func aStoreMigratedFromThirteenGainsTheIndexesAndOneDroppedByHandIsMadeAgain() throws {
    let folder = try temporaryDirectory("indexed-reads")
    let path = folder.appendingPathComponent("artmap.sqlite").path
    do {
        let store = try CatalogStore(path: path)
        try store.database.execute("DROP INDEX artworks_collection_position; DROP INDEX artworks_listing; PRAGMA user_version = 13")
    }
    let store = try CatalogStore(path: path)
    #expect(try store.database.userVersion == Schema.currentVersion)
    #expect(try Schema.hasIndex(Schema.collectionPositionIndex, in: store.database) && Schema.hasIndex("artworks_listing", in: store.database))
    try store.database.execute("DROP INDEX artworks_collection_position")
    let again = try CatalogStore(path: path)
    #expect(try Schema.hasIndex(Schema.collectionPositionIndex, in: again.database))
}

@Test func theCollectionsHoldingAnIdAreFoundByKeyNeverByScanningTheArtworks() throws {
    let (store, _, _) = try storeWithTwoCollections()
    _ = try store.merge([Artwork(id: "7", title: "Seven", coordinate: .ashtonBuilding, collection: "campus")], into: "campus", full: false)
    #expect(try store.collections(holding: "7") == ["campus", "big", "small"])
    #expect(try store.collections(holding: "6500").isEmpty)
    let lines = try plan(store, CatalogStore.holdingSQL, [.text("7"), .text("campus")])
    #expect(lines.contains { $0.hasPrefix("SEARCH artworks USING") && $0.contains("(collection=? AND id=?)") }, "\(lines)")
    #expect(!lines.contains { $0.contains("SCAN artworks") }, "\(lines)")
}
