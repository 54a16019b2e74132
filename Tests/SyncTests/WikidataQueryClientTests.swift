import Cartography
import Catalog
import Foundation
import Testing
import TestSupport
@testable import Sync

private let kluuvi = FeatureBounds(south: 60.16, north: 60.18, west: 24.93, east: 24.96)

/// The waits asked of the back-off, recorded and not slept.
private final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: [Double] = []
    var all: [Double] { lock.withLock { seconds } }
    func add(_ value: Double) { lock.withLock { seconds.append(value) } }
}

private func client(_ server: TestServer, waits: Waits) throws -> WikidataQueryClient {
    let backoff = ServiceBackoff(attempts: 3, firstDelay: 5, maxDelay: 60) { waits.add($0) }
    return WikidataQueryClient(endpoint: try #require(URL(string: server.sparqlURL)), http: CurlHTTPClient(), backoff: backoff)
}

@Test func theQueryServiceIsAskedOnceForABoxPolitelyAndItsItemsRead() async throws {
    let server = try TestServer(wikidataQueryService: ())
    try server.setWikidataItems(WikidataItems.kluuvi)
    let waits = Waits()
    let items = try await client(server, waits: waits).items(in: kluuvi, languages: ["sv"])
    #expect(items.map(\.id) == ["Q11853360", "Q130000001", "Q130000002", "Q130000003", "Q130000004", "Q130000005", "Q523268", "Q7797830"])
    let havis = try #require(items.first { $0.id == "Q523268" })
    #expect(havis.image == "File:Havis Amanda 2.jpg" && havis.inception == "1908" && havis.materials == ["bronze", "granite"])
    #expect(havis.kinds == ["sculpture"] && havis.labels["sv"] == "Havis Amanda")
    let log = try server.wikidataLog()
    #expect(log.count == 1)
    let userAgent = try #require(log.first?["ua"] as? String)
    #expect(userAgent.hasPrefix("artmap/\(ArtmapVersion.current) (") && userAgent.contains("@"), "names artmap, its version and a contact: \(userAgent)")
    #expect((log.first?["accept"] as? String) == "application/sparql-results+json")
    #expect(waits.all.isEmpty)
    let query = WikidataQueryClient.query(for: kluuvi, languages: ["sv"])
    #expect(query.contains("SERVICE wikibase:box") && query.contains("\"Point(24.9300000 60.1600000)\"^^geo:wktLiteral"))
    #expect(query.contains("MINUS { ?item wdt:P576 [] . }") && query.contains("wd:Q557141") && query.contains("wikibase:language \"sv,en,mul\""))
}

@Test func aTooManyRequestsAnswerIsWaitedOutForItsRetryAfterNeverLessAndAServerErrorBackedOff() async throws {
    let server = try TestServer(wikidataQueryService: ())
    try server.setWikidataItems(WikidataItems.kluuvi)
    try server.scriptWikidata(["429:42", "500", "ok"])
    let waits = Waits()
    let items = try await client(server, waits: waits).items(in: kluuvi, languages: [])
    #expect(items.count == 8)
    #expect(waits.all == [42, 10], "Retry-After's 42 s in full, then the back-off's second step")
    // A Retry-After past what artmap waits is not waited at all, and never asked sooner.
    try server.scriptWikidata(["429:3600"])
    let refused = await #expect(throws: SyncError.self) { _ = try await client(server, waits: Waits()).items(in: kluuvi, languages: []) }
    #expect(refused?.message.contains("it asks to wait 3600 s, so Wikidata is left out of this fetch") == true, "\(String(describing: refused))")
    #expect(try server.wikidataLog().count == 4)
}

@Test func answersThatAreNotTheFormatAreClearMessages() async throws {
    let server = try TestServer(wikidataQueryService: ())
    try server.setWikidataItems(WikidataItems.kluuvi)
    let expected = ["html": "an HTML page", "truncated": "not JSON", "noitem": "has no item", "nocoord": "has no coordinates",
                    "nonpoint": "not a WKT Point", "otherhost": "not a file on commons.wikimedia.org", "hugelabel": "1000000 characters long"]
    for (mode, words) in expected.sorted(by: { $0.key < $1.key }) {
        try server.scriptWikidata([mode])
        let error = await #expect(throws: SyncError.self) { _ = try await client(server, waits: Waits()).items(in: kluuvi, languages: []) }
        #expect(error?.message.contains(words) == true && error?.message.hasPrefix("Wikidata Query Service (") == true, "\(mode): \(String(describing: error))")
    }
    try server.scriptWikidata(["huge"])
    let huge = await #expect(throws: SyncError.self) { _ = try await client(server, waits: Waits()).items(in: kluuvi, languages: []) }
    #expect(huge?.message.contains("limit") == true, "\(String(describing: huge))")
}
