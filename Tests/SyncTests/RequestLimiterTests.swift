import Foundation
import Store
import Sync
import Testing
import TestSupport

/// Answers every request with one Nominatim place, counting the requests.
private final class OnePlace: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var asked = 0
    func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse {
        lock.withLock { asked += 1 }
        let body = #"[{"lat":"60.17","lon":"24.94","name":"Mikonkatu","display_name":"Mikonkatu, Helsinki"}]"#
        return HTTPResponse(status: 200, contentType: "application/json", body: Data(body.utf8))
    }
}

/// Records each turn asked of it.
private final class TurnsTaken: RequestLimiter, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var intervals: [TimeInterval] = []
    func waitTurn(interval: TimeInterval) async throws { lock.withLock { intervals.append(interval) } }
}

/// Nominatim is paced by the limiter it is given (one turn a search, a second apart), and writes no store itself;
/// the store's limiter keeps the time of the last request in the store it was given.
@Test func nominatimWaitsItsTurnFromItsLimiterAndTheStoreLimiterKeepsTheTime() async throws {
    let http = OnePlace()
    let turns = TurnsTaken()
    let client = NominatimClient(base: try #require(URL(string: "http://127.0.0.1:9/nominatim")), http: http)
    let found = try await client.search("Mikonkatu", limit: 1, limiter: turns)
    _ = try await client.search("Mikonkatu", limit: 1, limiter: turns)
    #expect(found.first?.name == "Mikonkatu")
    #expect(turns.intervals == [1, 1] && http.asked == 2)

    let store = try CatalogStore(path: try temporaryDirectory("limiter").appendingPathComponent("s.sqlite").path)
    #expect(try store.setting(StoreRequestLimiter.nominatimKey) == nil)
    try await StoreRequestLimiter(store: store, key: StoreRequestLimiter.nominatimKey).waitTurn(interval: 0)
    let kept = try #require(try store.setting(StoreRequestLimiter.nominatimKey).flatMap(Double.init))
    #expect(kept > 0)
}
