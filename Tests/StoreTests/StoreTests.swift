import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import Store

func sample(_ id: String, title: String = "T", lastModified: String = "2017-11-22 12:22:31") -> Artwork {
    Artwork(id: id, title: title, artist: "A", year: "1964", coordinate: Coordinate(clampingLatitude: 53.4, longitude: -2.9),
            building: "B", locationNotes: "B, inside", imageFileName: "x y.png", lastModified: lastModified)
}

@Test func roundTripsEveryField() throws {
    let store = try CatalogStore(path: ":memory:")
    var a = sample("1")
    a.information = "Desc ✓"
    a.thumbnail = "t.png"
    a.type = "Painting"
    let report = try store.merge([a], into: "campus", full: false)
    #expect(report.new == 1)
    let back = try store.artworks(collection: "campus")
    #expect(back == [a])
}

@Test func mergeCountsNewChangedRemovedAndKeepsTheRest() throws {
    let store = try CatalogStore(path: ":memory:")
    _ = try store.merge([sample("1"), sample("2"), sample("3")], into: "campus", full: false)
    try store.database.run("INSERT INTO favourites(collection, artwork_id) VALUES ('campus', '1')")
    var disabled = sample("3")
    disabled.enabled = false
    let report = try store.merge([sample("1"), sample("2", title: "Renamed"), disabled, sample("4")], into: "campus", full: false)
    #expect(report.new == 1)
    #expect(report.changed == 1)
    #expect(report.removed == 1)
    #expect(report.unchanged == 1)
    #expect(try store.artworks(collection: "campus").map(\.id) == ["1", "2", "4"])
    #expect(try store.database.scalar("SELECT COUNT(*) FROM favourites")?.integer == 1)
    let full = try store.merge([sample("1")], into: "campus", full: true)
    #expect(full.removed == 2)
    #expect(try store.artworks(collection: "campus").map(\.id) == ["1"])
    #expect(try store.database.scalar("SELECT COUNT(*) FROM favourites")?.integer == 1)
}

@Test func transactionRollsBackOnThrow() throws {
    let store = try CatalogStore(path: ":memory:")
    _ = try store.merge([sample("1")], into: "campus", full: false)
    struct Boom: Error {}
    #expect(throws: Boom.self) {
        try store.database.inTransaction {
            try store.database.run("DELETE FROM artworks")
            throw Boom()
        }
    }
    #expect(try store.artworks(collection: "campus").count == 1)
    // A nested failure rolls back only its own part.
    try store.database.inTransaction {
        try store.database.run("INSERT INTO settings(key, value) VALUES ('a', '1')")
        _ = try? store.database.inTransaction { () throws -> Void in
            try store.database.run("INSERT INTO settings(key, value) VALUES ('b', '2')")
            throw Boom()
        }
    }
    #expect(try store.setting("a") == "1")
    #expect(try store.setting("b") == nil)
}

@Test func errorsCarryCodeMessageAndSQL() throws {
    let store = try CatalogStore(path: ":memory:")
    do {
        try store.database.run("SELECT * FROM no_such_table")
        Issue.record("expected an error")
    } catch let error as StoreError {
        #expect(error.code == 1)
        #expect(error.message.contains("no_such_table"))
        #expect(error.sql == "SELECT * FROM no_such_table")
    }
}

@Test func migratesAVersionOneFileAndKeepsItsData() throws {
    let dir = try temporaryDirectory()
    let path = dir.appendingPathComponent("old.sqlite").path
    do {
        let db = try Database(path: path)
        try db.execute(Schema.migrations[0])
        try db.execute("PRAGMA user_version = 1")
        try db.execute("INSERT INTO collections(name) VALUES ('campus')")
        try db.execute("INSERT INTO artworks(collection, id, title, latitude, longitude) VALUES ('campus', '9', 'Old', 53.4, -2.9)")
    }
    let store = try CatalogStore(path: path)
    #expect(try store.database.userVersion == Schema.currentVersion)
    let works = try store.artworks(collection: "campus")
    #expect(works.map(\.title) == ["Old"])
    #expect(works[0].thumbnail == "")
    #expect(try store.syncState() == nil)
    #expect(try store.database.scalar("PRAGMA journal_mode")?.text == "wal")
}

@Test func refusesAFileFromANewerArtmap() throws {
    let dir = try temporaryDirectory()
    let path = dir.appendingPathComponent("new.sqlite").path
    do {
        let db = try Database(path: path)
        try db.execute("PRAGMA user_version = 99")
    }
    #expect(throws: StoreError.self) { try CatalogStore(path: path) }
}

@Test func createsMissingFolders() throws {
    let dir = try temporaryDirectory().appendingPathComponent("a/b/c")
    _ = try CatalogStore(path: dir.appendingPathComponent("s.sqlite").path)
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.sqlite").path))
}

@Test func settingsAndSyncState() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.setSetting("source", "https://example.invalid/x")
    #expect(try store.setting("source") == "https://example.invalid/x")
    try store.setSetting("source", nil)
    #expect(try store.setting("source") == nil)
    _ = try store.merge([sample("1", lastModified: "2017-11-22 12:22:31"), sample("2", lastModified: "2018-01-05 10:00:00")],
                        into: "campus", full: false, syncSource: "http://127.0.0.1:1/data.php", syncTime: "2026-11-29T10:00:00Z")
    let state = try #require(try store.syncState())
    #expect(state.newestLastModified == "2018-01-05 10:00:00")
    #expect(state.lastSuccess == "2026-11-29T10:00:00Z")
}

@Test func seedsOnlyAnEmptyStore() throws {
    let seed = seedFile
    let store = try CatalogStore(path: ":memory:")
    #expect(try store.seedIfEmpty([(seed, "campus")]) == 31)
    #expect(try store.seedIfEmpty([(seed, "campus")]) == 0)
    #expect(try store.artworkCount(collection: "campus") == 31)
}

@Test func badSeedLeavesTheStoreEmpty() throws {
    let dir = try temporaryDirectory()
    let good = dir.appendingPathComponent("good.json")
    let bad = dir.appendingPathComponent("bad.json")
    try Data(#"[{"id":"1","lat":"1","long":"1","lastModified":"2017-11-22 12:22:31"}]"#.utf8).write(to: good)
    try Data("not json".utf8).write(to: bad)
    let store = try CatalogStore(path: ":memory:")
    #expect(throws: StoreError.self) { try store.seedIfEmpty([(good, "good"), (bad, "bad")]) }
    #expect(try store.isEmpty)
}

@Test func plistSeedsFillTheirOwnCollection() throws {
    let store = try CatalogStore(path: ":memory:")
    let loaded = try store.seedIfEmpty([(seedFile, "campus"), (repositoryRoot.appendingPathComponent("Resources/examples/coffee.plist"), "coffee")])
    #expect(loaded == 34)
    #expect(try store.collectionNames() == ["campus", "coffee"])
    #expect(try store.artworks(collection: "coffee").map(\.title) == ["Library café", "Guild coffee bar", "Square kiosk"])
}

@Test func aFullMergeRemovesIdsWithQuotesBackslashesAndControlsAndKeepsTheRest() throws {
    let store = try CatalogStore(path: ":memory:")
    let odd = ["a\"b", "c\\d", "e\u{1}f", "ü ñ", "plain"]
    _ = try store.merge(odd.map { sample($0) }, into: "c", full: true)
    let report = try store.merge([sample("plain")], into: "c", full: true)
    #expect(report.removed == 4)
    #expect(try store.artworks(collection: "c").map(\.id) == ["plain"])
}

@Test func eachChoiceOfFieldsReadsWhatItSays() throws {
    let store = try CatalogStore(path: ":memory:")
    var named = sample("1")
    named.information = "Long description"
    named.type = "Mural"
    named.webPage = "https://example.org/1"
    var unnamed = sample("2")
    unnamed.building = nil
    _ = try store.merge([named, unnamed], into: "campus", full: false)
    let all = try store.artworks(collection: "campus")
    #expect(all == [named, unnamed])
    let view = try store.artworks(collection: "campus", fields: .view)
    #expect(view.map(\.imageFileName) == ["x y.png", "x y.png"])
    #expect(view[0].webPage == "https://example.org/1")
    #expect(view.allSatisfy { $0.information.isEmpty && $0.type.isEmpty && $0.lastModified.isEmpty })
    // Location notes only where they name the building.
    #expect(view.map(\.locationNotes) == ["", "B, inside"])
    let listing = try store.artworks(collection: "campus", fields: .listing)
    #expect(listing.allSatisfy { $0.imageFileName.isEmpty && $0.webPage.isEmpty && $0.information.isEmpty })
    #expect(listing.map(\.title) == ["T", "T"] && listing.map(\.building) == ["B", nil])
    #expect(try store.artworks(collection: "campus", ids: ["2"]) == [unnamed])
}

/// Issue 16, item 13: the data version a view polls changes when another connection removes a favourite (and
/// not for the connection's own writes), and a fresh read shows the removal.
@Test func anotherConnectionsFavouriteRemovalChangesTheDataVersion() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-dataversion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("store.sqlite").path
    let view = try CatalogStore(path: path)
    _ = try view.merge([sample("1"), sample("2")], into: "campus", full: false)
    let ids = ["1", "2"]
    for id in ids { #expect(try view.addFavourite(ArtworkKey(collection: "campus", id: id)) == .added) }
    let before = try view.dataVersion()
    #expect(try view.dataVersion() == before, "its own writes and reads leave it alone")

    let other = try CatalogStore(path: path)
    #expect(try other.removeFavourite(ArtworkKey(collection: "campus", id: ids[0])))
    #expect(try view.dataVersion() != before)
    #expect(try view.favouriteArtworks().map(\.id) == [ids[1]])
}
