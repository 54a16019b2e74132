import Foundation
import Testing
import TestSupport
@testable import Sync

/// The museum stand-in (no picture is fetched by the client, so any bytes serve as its image).
private func museum() throws -> TestServer {
    let image = try temporaryDirectory("museum").appendingPathComponent("painting.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: image)
    return try TestServer(rijksmuseumImage: image)
}

private func client(_ server: TestServer, limits: MuseumLimits = MuseumLimits()) throws -> RijksmuseumClient {
    RijksmuseumClient(bases: try RijksmuseumBases(base: server.base), museumLimits: limits)
}

private func searches(_ server: TestServer) throws -> Int {
    try server.requestLog().filter { $0.hasPrefix("/search/collection") }.count
}

@Test func aNextThatPointsToItsOwnPageEndsAtOnce() async throws {
    let server = try museum()
    let fetch = try await client(server).paintings(of: "Loop Painter")
    #expect(fetch.paintings.count == 5)
    #expect(fetch.notes.contains("stopped paging at search page 1: its next page was already read (a loop)"), "\(fetch.notes)")
    #expect(try searches(server) == 1)
}

@Test func theSameIdOnEveryPageIsCountedOnceAndPagingStops() async throws {
    let server = try museum()
    let fetch = try await client(server).paintings(of: "Same Id")
    #expect(fetch.paintings.map(\.id) == ["SK-C-5"])
    #expect(fetch.notes.contains("stopped paging at search page 2: it added no new painting (the museum repeats itself)"), "\(fetch.notes)")
    #expect(try searches(server) == 2)
    #expect(try server.requestLog().filter { $0.hasPrefix("/id/1000 ") }.count == 1, "the object is asked for once")
}

/// Issue 43, 12: a page naming 100,000 ids still fetched 20,000 objects (63 s, one request each). A painter's works are
/// capped at what the museum can hold for one maker, and a page naming more is refused before any object is asked.
@Test func aPageOfAHundredThousandIdsIsRefusedBeforeAnyObjectIsAsked() async throws {
    let server = try museum()
    #expect(MuseumLimits().maxPaintings == 3_000)
    do {
        let fetch = try await client(server).paintings(of: "Many Ids")
        Issue.record("a page of 100,000 ids was read: \(fetch.paintings.count) paintings")
    } catch let error as SyncError {
        #expect(error.message == "search page 1 names 100000 objects, more than the 3000 paintings artmap takes for one painter "
            + "(more than the museum holds for one maker); not believable, so nothing was fetched")
    }
    #expect(try server.requestLog().filter { $0.hasPrefix("/id/") }.isEmpty)
    #expect(try searches(server) == 1)
}

/// Ids past the cap over several pages are not read: the first ones are kept, with a note.
@Test func idsPastTheCapOverSeveralPagesAreNotRead() async throws {
    let server = try museum()
    var limits = MuseumLimits()
    limits.maxPaintings = 150
    let fetch = try await client(server, limits: limits).paintings(of: "Rembrandt van Rijn")
    #expect(fetch.paintings.count == 150)
    #expect(fetch.notes.contains("the museum lists more than 150 paintings (artmap's limit); only the first 150 are fetched"), "\(fetch.notes)")
    #expect(try searches(server) == 2)
}

@Test func theRequestCapStopsAFetch() async throws {
    let server = try museum()
    var limits = MuseumLimits()
    limits.maxRequests = 3
    do {
        _ = try await client(server, limits: limits).paintings(of: "Rembrandt van Rijn")
        Issue.record("230 paintings need more than 3 requests")
    } catch let error as SyncError {
        #expect(error.message == "artmap's limit of 3 requests for one painter was reached; nothing more is asked")
    }
}

@Test(arguments: [("Negative Total", "-9223372036854775808"), ("Huge Total", "1e+300")])
func anUnbelievableTotalIsReplacedByWhatWasFound(painter: String, shown: String) async throws {
    let server = try museum()
    let fetch = try await client(server).paintings(of: painter)
    #expect(fetch.total == 2)
    #expect(fetch.notes.first?.hasPrefix("the museum's count of paintings (\(shown))") == true, "\(fetch.notes)")
    #expect(fetch.notes.first?.hasSuffix(") is not believable; the paintings found are counted instead") == true)
    do {
        _ = try await client(server).count(painter: painter)
        Issue.record("an unbelievable count is not a count")
    } catch let error as SyncError {
        #expect(error.message.hasSuffix("is not a believable number; try again later"), "\(error)")
    }
}

@Test func linksOutsideTheMuseumsHostsAreNotFollowed() async throws {
    let server = try museum()
    let fetch = try await client(server).paintings(of: "Foreign Links")
    #expect(fetch.paintings.map(\.id).sorted() == ["SK-X-9001", "SK-X-9002"])
    #expect(fetch.paintings.allSatisfy { $0.imageFileName.isEmpty }, "no picture from another host or port")
    #expect(fetch.skipped == ["https://evil.example/id/9000: the museum's answer links outside its own hosts (http://127.0.0.1:\(server.port)); not followed"])
    #expect(fetch.notes.contains("stopped paging at search page 1: its next page https://evil.example/search/collection?pageToken=1 is outside the museum's hosts"), "\(fetch.notes)")
    #expect(fetch.notes.contains("object SK-X-9001: its picture link https://evil.example/29001 is outside the museum's hosts; no picture"))
    #expect(fetch.notes.contains("object SK-X-9002: its picture link http://127.0.0.1:1/iiif/IMG9002/full/max/0/default.jpg is outside the museum's hosts; no picture"))
}

@Test func theMuseumsOwnBasesFollowOnlyTheirHostsOverHttps() throws {
    let museum = RijksmuseumBases.museum
    #expect(try museum.followed(try #require(URL(string: "https://id.rijksmuseum.nl/200"))).absoluteString == "https://id.rijksmuseum.nl/200")
    #expect(try museum.followed(try #require(URL(string: "https://iiif.micr.io/X/full/max/0/default.jpg"))).host == "iiif.micr.io")
    for refused in ["http://id.rijksmuseum.nl/200", "https://evil.example/1", "http://127.0.0.1:8080/id/1", "https://id.rijksmuseum.nl:8443/1",
                    "https://user@id.rijksmuseum.nl/1"] {
        #expect(throws: SyncError.self, "\(refused)") { try museum.followed(try #require(URL(string: refused))) }
    }
    let local = try RijksmuseumBases(base: "http://127.0.0.1:9")
    #expect(try local.followed(try #require(URL(string: "https://id.rijksmuseum.nl/7"))).absoluteString == "http://127.0.0.1:9/id/7")
    #expect(throws: SyncError.self) { try local.followed(try #require(URL(string: "http://127.0.0.1:10/id/7"))) }
}

@Test func thePageCapStopsPagingAndKeepsWhatWasFound() async throws {
    let server = try museum()
    var limits = MuseumLimits()
    limits.maxSearchPages = 2
    let fetch = try await client(server, limits: limits).paintings(of: "Rembrandt van Rijn")
    #expect(fetch.paintings.count == 200)
    #expect(fetch.total == 230, "the museum's own count is believable and kept")
    #expect(fetch.notes == ["stopped after 2 search pages (artmap's limit); the 200 paintings found are kept"])
    #expect(try searches(server) == 2)
}

@Test func twoIdsForOneObjectNumberAreOnePainting() async throws {
    let server = try museum()
    let fetch = try await client(server).paintings(of: "Twin Ids")
    #expect(fetch.paintings.map(\.id) == ["SK-C-5"])
    #expect(fetch.notes == ["1 object repeated an object number already read; counted once"])
}
