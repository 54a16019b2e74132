import Foundation
import Store
import Testing
@testable import Sync

/// Answers every request from a table by path prefix and records what was asked.
private final class RecordingClient: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [URL] = []
    let answer: @Sendable (URL) -> HTTPResponse

    init(answer: @escaping @Sendable (URL) -> HTTPResponse) {
        self.answer = answer
    }

    var requests: [URL] { lock.withLock { asked } }

    func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse {
        lock.withLock { asked.append(url) }
        return answer(url)
    }
}

private func query(_ url: URL, _ name: String) -> String? {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
}

private func json(_ object: Any) -> HTTPResponse {
    // Test data only: serialising a dictionary of plain values cannot fail.
    HTTPResponse(status: 200, contentType: "application/json", body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
}

@Test func wikidataItemsAndCommonsFilesGoFiftyARequest() async throws {
    let client = RecordingClient { url in
        if url.path.hasPrefix("/wikidata") {
            let ids = (query(url, "ids") ?? "").split(separator: "|").map(String.init)
            var entities: [String: Any] = [:]
            for id in ids {
                entities[id] = ["id": id, "claims": ["P18": [["mainsnak": ["datavalue": ["value": "Statue \(id).jpg", "type": "string"]], "rank": "normal"]]]]
            }
            return json(["entities": entities, "success": 1])
        }
        let titles = (query(url, "titles") ?? "").split(separator: "|").map(String.init)
        var pages: [String: Any] = [:]
        for (i, title) in titles.enumerated() {
            pages[String(i + 1)] = ["title": title, "imageinfo": [["mime": "image/jpeg", "thumburl": "https://upload.example.org/\(i).jpg",
                                                                 "descriptionurl": "https://commons.wikimedia.org/wiki/\(title)",
                                                                 "extmetadata": ["Artist": ["value": "<span>A&#39;s &amp; B</span>"],
                                                                                 "LicenseShortName": ["value": "CC0"]]]]]
        }
        return json(["query": ["pages": pages]])
    }
    let wikimedia = WikimediaClient(wikidata: try #require(URL(string: "https://example.org/wikidata")),
                                    commons: try #require(URL(string: "https://example.org/commons")), http: client)
    let references = (1...120).map { "wikidata:Q\($0)" }
    let found = try await wikimedia.resolve(references)
    #expect(found.count == 120)
    #expect(found.allSatisfy { !$0.thumbURL.isEmpty && $0.artist == "A's & B" && $0.licence == "CC0" })
    let wikidata = client.requests.filter { $0.path.hasPrefix("/wikidata/w/api.php") }
    let commons = client.requests.filter { $0.path.hasPrefix("/commons/w/api.php") }
    #expect(wikidata.map { (query($0, "ids") ?? "").split(separator: "|").count } == [50, 50, 20])
    #expect(commons.map { (query($0, "titles") ?? "").split(separator: "|").count } == [50, 50, 20])
    #expect(commons.allSatisfy { query($0, "iiurlwidth") == "1200" && query($0, "iiprop") == "url|size|mime|extmetadata" })
}

@Test func retryAfterIsHonouredAndBoundedAndWithoutItTheWaitDoubles() {
    let backoff = ServiceBackoff()
    #expect(backoff.delay(afterAttempt: 1, retryAfter: "2") == 2)
    #expect(backoff.delay(afterAttempt: 1, retryAfter: "86400") == 60)
    #expect(backoff.delay(afterAttempt: 1, retryAfter: nil) == 5)
    #expect(backoff.delay(afterAttempt: 3, retryAfter: "soon") == 20)
}

@Test func anOverpassAnswerIsJudgedDataBusyOrFailed() {
    func judge(_ status: Int, _ body: String) -> OverpassClient.Judgement {
        OverpassClient.judge(HTTPResponse(status: status, contentType: "", body: Data(body.utf8)))
    }
    let osm = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\" generator=\"Overpass API\"><node id=\"1\" lat=\"1\" lon=\"1\"/></osm>\n"
    #expect(judge(200, osm) == .data(Data(osm.utf8)))
    #expect(judge(200, String(osm.prefix(60))) == .failed("the answer ends before </osm> (cut short)"))
    #expect(judge(200, "<osm><remark> runtime error: Query ran out of memory in \"query\" at line 4. </remark></osm>")
            == .busy("runtime error: Query ran out of memory in \"query\" at line 4."))
    #expect(judge(200, "{\"elements\":[],\"remark\": \"runtime error: Query timed out in \\\"query\\\" at line 4 after 2 seconds.\"}")
            == .busy("runtime error: Query timed out in \"query\" at line 4 after 2 seconds."))
    #expect(judge(429, "<html>rate_limited</html>") == .busy("HTTP 429, too many requests"))
    #expect(judge(400, "<p><strong style=\"color:#FF0000\">Error</strong>: line 1: parse error: ';' expected - ')' found. </p>")
            == .failed("the query was refused (HTTP 400): line 1: parse error: ';' expected - ')' found."))
    #expect(judge(200, "<!DOCTYPE html><html><body>maintenance</body></html>") == .failed("answered an HTML page instead of map data"))
    // Issue 35 (found by the Overpass fuzz target): the head of an answer that is not OSM XML is quoted cleaned.
    #expect(judge(200, "[{\"name\":\"Rijk\u{05}\u{05}\u{1B}]0;title\u{07}smuseum\"}]")
            == .failed("the answer is not osm xml (starts with '[{\"name\":\"rijksmuseum\"}]')".replacingOccurrences(of: "osm xml", with: "OSM XML")))
}

/// A wait that is not a number (or, scaled, past any bound) returns instead of trapping at its conversion to nanoseconds.
@Test func aBackOffWaitThatIsNotANumberDoesNotTrap() async throws {
    try await ServiceBackoff.sleep(.nan)
    try await ServiceBackoff.sleep(.infinity)
    try await ServiceBackoff.sleep(-.infinity)
    try await ServiceBackoff.sleep(-5)
}
