import Catalog
import Foundation
import Testing
import TestSupport
@testable import Store

@Test func aFullMergeTakesTheFavouritesOfWhatGoesAndLeavesEnforcementOn() throws {
    let store = try CatalogStore(path: try temporaryDirectory().appendingPathComponent("s.sqlite").path)
    _ = try store.merge((1...5).map { sample("\($0)") }, into: "campus", full: false)
    for id in ["1", "4"] { try store.database.run("INSERT INTO favourites(collection, artwork_id) VALUES ('campus', ?1)", [.text(id)]) }
    let report = try store.merge([sample("1"), sample("2")], into: "campus", full: true)
    #expect(report.removed == 3)
    #expect(try store.database.rows("SELECT artwork_id FROM favourites").map { $0[0].text } == ["1"])
    #expect(try store.database.scalar("PRAGMA foreign_keys")?.integer == 1)
    // Enforcement is back: a favourite of a missing artwork is refused.
    #expect(throws: StoreError.self) {
        try store.database.run("INSERT INTO favourites(collection, artwork_id) VALUES ('campus', 'missing')")
    }
}

@Test func aReadAheadGivesTheSameMergeAsReadingInside() throws {
    let folder = try temporaryDirectory()
    var reports: [MergeReport] = []
    for useReadAhead in [false, true] {
        let store = try CatalogStore(path: folder.appendingPathComponent("same-\(useReadAhead).sqlite").path)
        _ = try store.merge((1...40).map { sample("\($0)") }, into: "campus", full: false)
        let batch = (1...30).map { sample("\($0)", title: $0 % 3 == 0 ? "Changed" : "T") } + [sample("41")]
        let readAhead = useReadAhead ? store.readAheadForMerge(collection: "campus", expectedRecords: batch.count) : nil
        reports.append(try store.merge(batch, into: "campus", full: true, readAhead: readAhead))
        #expect(try store.ids(collection: "campus") == ((1...30).map { "\($0)" } + ["41"]).sorted())
    }
    #expect(reports[0].new == 1 && reports[0].changed == 10 && reports[0].unchanged == 20 && reports[0].removed == 10)
    #expect(reports[0] == reports[1])
}

@Test func aReadAheadIsDroppedWhenAnotherConnectionCommittedSince() throws {
    let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
    let store = try CatalogStore(path: path)
    _ = try store.merge([sample("1"), sample("2"), sample("3")], into: "campus", full: false)
    let readAhead = try #require(store.readAheadForMerge(collection: "campus", expectedRecords: 3))
    // The read-ahead has finished reading three artworks before another process removes one.
    #expect(readAhead.takeArtworks()?.count == 3)
    let other = try CatalogStore(path: path)
    try other.database.run("DELETE FROM artworks WHERE id = '3'")
    // Trusting the read-ahead would call "3" unchanged and never write it back.
    let report = try store.merge([sample("1"), sample("2"), sample("3")], into: "campus", full: true, readAhead: readAhead)
    #expect(report.new == 1 && report.unchanged == 2)
    #expect(try store.ids(collection: "campus") == ["1", "2", "3"])
}

@Test func theIntegrityCheckBesideAWriterSeesWhatItCommitted() throws {
    let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
    let store = try CatalogStore(path: path)
    _ = try store.merge((1...200).map { sample("\($0)") }, into: "campus", full: false)
    // Still in the write-ahead log, not yet in the main file.
    #expect(StoreIntegrityCheck(path: path).problem() == nil)
    #expect(try CatalogStore(readerBeside: path).ids(collection: "campus").count == 200)
}

@Test func aReadAheadForASmallBatchReadsOnlyTheIds() throws {
    let store = try CatalogStore(path: try temporaryDirectory().appendingPathComponent("s.sqlite").path)
    _ = try store.merge((1...40).map { sample("\($0)") }, into: "campus", full: false)
    // Two records over forty: the merge will read those two rows itself, so the read-ahead does not read all forty.
    let readAhead = try #require(store.readAheadForMerge(collection: "campus", expectedRecords: 2))
    #expect(readAhead.takeIDs()?.count == 40)
    #expect(readAhead.takeArtworks() == nil)
    let report = try store.merge([sample("1"), sample("41")], into: "campus", full: true, readAhead: readAhead)
    #expect(report.new == 1 && report.unchanged == 1 && report.removed == 39)
    #expect(try store.ids(collection: "campus") == ["1", "41"])
}
