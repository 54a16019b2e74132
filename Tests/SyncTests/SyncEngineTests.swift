import Catalog
import Foundation
import Store
import Testing
import TestSupport
@testable import Sync

/// A sync against the test server, with a store and cache of its own.
struct SyncFixture {
    let directory: URL
    let server: TestServer
    var storePath: String { directory.appendingPathComponent("artmap.sqlite").path }
    var cache: ImageCache { ImageCache(directory: directory.appendingPathComponent("images")) }

    init() throws {
        directory = try temporaryDirectory("sync")
        server = try TestServer()
    }

    func sync(_ mode: String = "ok", classKey: String = "artworks", full: Bool = false, images: Bool = true,
              limits: SyncLimits = SyncLimits()) async throws -> SyncReport {
        let request = SyncRequest(storePath: storePath, source: try SyncSource(service: server.serviceURL(mode, classKey: classKey)),
                                  full: full, downloadImages: images, imageCache: cache)
        return try await SyncEngine(limits: limits).run(request)
    }

    /// Every row of every table, for before/after comparisons.
    func dump() throws -> [String] {
        let store = try CatalogStore(path: storePath)
        var lines: [String] = []
        for table in ["collections", "artworks", "settings", "sync_state", "favourites", "image_cache"] {
            for row in try store.database.rows("SELECT * FROM \(table) ORDER BY 1, 2") {
                lines.append(table + ": " + row.map { "\($0)" }.joined(separator: " | "))
            }
        }
        return lines
    }
}

@Test func firstSyncOf2017ShapeGroupsIntoBuildingsAndCachesImages() async throws {
    let f = try SyncFixture()
    let report = try await f.sync("2017")
    #expect(report.received == 31)
    #expect(report.merge.new == 31)
    #expect(report.imagesCached == 31)
    #expect(report.imageFailures.isEmpty)
    #expect(report.summary == "synced 31 artworks: 31 new, 0 changed, 0 removed, 0 skipped; 31 images cached, 0 failed")
    let store = try CatalogStore(path: f.storePath)
    let artworks = try store.artworks()
    #expect(artworks.allSatisfy { $0.building == nil })
    let buildings = CatalogQuery(artworks: artworks).buildings
    #expect(buildings.first { $0.name == "Electrical Engineering Building" }?.artworks.count == 9)
    let files = try FileManager.default.contentsOfDirectory(atPath: f.cache.directory.path)
    #expect(files.count == 31)
    let wardrop = try #require(try store.cachedImagePath(ArtworkKey(collection: "campus", id: "37")))
    #expect(ImageCache.looksLikeImage(try Data(contentsOf: URL(fileURLWithPath: wardrop))))
    let log = try f.server.requestLog()
    #expect(log.contains("/2017/artworksOnCampus/data.php?class=artworks&lastUpdate=1970-01-01"))
    #expect(log.contains("/2017/artwork_images/Wardrop%201%20by%20Robyn%20Denny.jpg"))
}

@Test func incrementalSyncAsksForChangesSinceTheNewestRecord() async throws {
    let f = try SyncFixture()
    _ = try await f.sync(images: false)
    let store = try CatalogStore(path: f.storePath)
    try store.database.run("INSERT INTO favourites(collection, artwork_id) VALUES ('campus', '37')")
    var records = try seedRecords()
    records[0]["title"] = "Entrance (restored)"
    records[0]["lastModified"] = "2018-03-01 10:00:00"
    records[1]["enabled"] = "0"
    records[1]["lastModified"] = "2018-03-02 10:00:00"
    var added = records[2]
    added["id"] = "99"
    added["lastModified"] = "2018-03-03 10:00:00"
    records.append(added)
    try f.server.setRecords(records)
    let report = try await f.sync(images: false)
    #expect(report.merge.new == 1)
    #expect(report.merge.changed == 1)
    #expect(report.merge.removed == 1)
    // The server sends what changed after 2017-12-01, which includes the record of that day itself.
    #expect(report.received == 3)
    #expect(report.merge.unchanged == 1)
    #expect(try f.server.requestLog().last == "/ok/artworksOnCampus/data.php?class=artworks&lastUpdate=2017-12-01")
    #expect(try store.artworks().first { $0.id == "34" }?.title == "Entrance (restored)")
    #expect(try store.artworks().count == 31)
    #expect(try store.database.scalar("SELECT COUNT(*) FROM favourites")?.integer == 1)
    #expect(try store.syncState()?.newestLastModified == "2018-03-03 10:00:00")
    // The next incremental sync asks from the new newest date and finds nothing new.
    let again = try await f.sync(images: false)
    #expect(again.merge.new == 0 && again.merge.changed == 0)
    #expect(try f.server.requestLog().last == "/ok/artworksOnCampus/data.php?class=artworks&lastUpdate=2018-03-03")
}

@Test func fullSyncRemovesWhatTheServiceNoLongerHas() async throws {
    let f = try SyncFixture()
    _ = try await f.sync(images: false)
    try f.server.setRecords(Array(try seedRecords().prefix(20)))
    let incremental = try await f.sync(images: false)
    #expect(incremental.merge.removed == 0)
    let full = try await f.sync(full: true, images: false)
    #expect(full.merge.removed == 11)
    #expect(try CatalogStore(path: f.storePath).artworks().count == 20)
}

@Test(arguments: ["campus_artworks", "campusart"])
func everyClassKeyIsAccepted(key: String) async throws {
    let f = try SyncFixture()
    let report = try await f.sync(classKey: key, images: false)
    #expect(report.merge.new == 31)
}

@Test func bareArrayAndLaterShapeAreAccepted() async throws {
    let f = try SyncFixture()
    var records = try seedRecords()
    for i in records.indices {
        records[i]["ImagefileName"] = records[i]["fileName"]
        records[i]["fileName"] = nil
        records[i]["type"] = "Painting"
        records[i]["thumbnail"] = "thumb.png"
    }
    try f.server.setRecords(records)
    let report = try await f.sync("bare")
    #expect(report.merge.new == 31)
    #expect(report.imagesCached == 31)
    let works = try CatalogStore(path: f.storePath).artworks()
    #expect(works.allSatisfy { $0.type == "Painting" && !$0.imageFileName.isEmpty && $0.thumbnail == "thumb.png" })
}

@Test(arguments: [("500", "HTTP 500"), ("html", "HTML"), ("truncated", "not valid JSON"), ("wrongtypes", "is not an array of records"),
                  ("huge", "limit"), ("slow", "timed out")])
func aMisbehavingServerLeavesTheStoreExactlyAsItWas(mode: String, expected: String) async throws {
    let f = try SyncFixture()
    _ = try await f.sync(images: false)
    try f.server.setRecords(try seedRecords().map { var r = $0; r["lastModified"] = "2019-01-01 00:00:00"; r["title"] = "X"; return r })
    let before = try f.dump()
    var limits = SyncLimits()
    limits.requestTimeout = 2
    do {
        _ = try await f.sync(mode, full: true, limits: limits)
        Issue.record("\(mode) should fail")
    } catch let error as SyncError {
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.description.contains("http://127.0.0.1:\(f.server.port)/\(mode)/"))
    }
    #expect(try f.dump() == before)
}

@Test func refusedConnectionNamesTheURL() async throws {
    let f = try SyncFixture()
    let request = SyncRequest(storePath: f.storePath, source: try SyncSource(service: "http://127.0.0.1:1/data.php"),
                              imageCache: f.cache)
    do {
        _ = try await SyncEngine().run(request)
        Issue.record("expected a failure")
    } catch {
        #expect("\(error)" == "http://127.0.0.1:1/data.php?lastUpdate=1970-01-01: connection refused")
    }
}

@Test func invalidRecordsAreSkippedWithReasonsNotFatal() async throws {
    let f = try SyncFixture()
    let report = try await f.sync("nan", images: false)
    #expect(report.skipped.count == 3)
    #expect(report.merge.new == 28)
    #expect(report.summary.contains("3 skipped"))
    let dupes = try await SyncFixture().sync("dupes", images: false)
    #expect(dupes.skipped.map(\.reason) == ["duplicate id", "duplicate id", "duplicate id"])
}

@Test func hostileFileNamesStayInsideTheCache() async throws {
    let f = try SyncFixture()
    let report = try await f.sync("hostile")
    #expect(report.merge.new == 31)
    let files = try FileManager.default.contentsOfDirectory(atPath: f.cache.directory.path)
    #expect(files.count == report.imagesCached)
    #expect(files.allSatisfy { !$0.contains("passwd") && !$0.hasPrefix(".") })
    let stored = try CatalogStore(path: f.storePath).artworks()
    #expect(stored.contains { $0.title.contains("\u{1B}]0;pwned") }, "the raw title is kept; cleaning happens on display")
}

@Test func failedImagesAreReportedAndRetriedNextTime() async throws {
    let f = try SyncFixture()
    var records = try seedRecords()
    records[5]["fileName"] = "Missing picture.jpg"
    try f.server.setRecords(records)
    let first = try await f.sync()
    #expect(first.imagesCached == 30)
    #expect(first.imageFailures.count == 1)
    #expect(first.imageFailures[0].contains("Missing%20picture.jpg: HTTP 404"))
    #expect(first.summary.hasSuffix("30 images cached, 1 failed"))
    let second = try await f.sync()
    #expect(second.imageFailures.count == 1, "only the failed image is tried again")
    #expect(second.imagesCached == 0)
    let badImages = try SyncFixture()
    let report = try await badImages.sync("badimages")
    #expect(report.imagesCached == 0)
    #expect(report.imageFailures.first?.contains("not a JPEG, PNG or GIF") == true)
    #expect(report.merge.new == 31, "image failures never fail the catalogue sync")
}

@Test func aRemovedImageFileIsFetchedAgain() async throws {
    let f = try SyncFixture()
    _ = try await f.sync()
    let path = try #require(try CatalogStore(path: f.storePath).cachedImagePath(ArtworkKey(collection: "campus", id: "40")))
    try FileManager.default.removeItem(atPath: path)
    let again = try await f.sync()
    #expect(again.imagesCached == 1)
    #expect(FileManager.default.fileExists(atPath: path))
}
