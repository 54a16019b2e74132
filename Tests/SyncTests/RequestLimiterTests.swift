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

/// The waits a limiter asked for, on a clock that stands still.
private final class Sleeps: @unchecked Sendable {
    private let lock = NSLock()
    private var taken: [TimeInterval] = []
    func sleep(_ seconds: TimeInterval) { lock.withLock { taken.append(seconds) } }
    var seconds: [TimeInterval] { lock.withLock { taken } }
}

/// One limiter shared by several searches (the view's) reserves each turn before waiting for it: three asked at the
/// same moment go a second apart, not together; a kept time far ahead is not waited for.
@Test func theStoreLimiterReservesEachTurnSoSearchesAskedTogetherGoASecondApart() async throws {
    let store = try CatalogStore(path: try temporaryDirectory("limiter-turns").appendingPathComponent("s.sqlite").path)
    let sleeps = Sleeps()
    let limiter = StoreRequestLimiter(store: store, key: StoreRequestLimiter.nominatimKey, now: { 1_000 },
                                      sleep: { sleeps.sleep($0) })
    for _ in 0..<3 { try await limiter.waitTurn(interval: 1) }
    #expect(sleeps.seconds.map { ($0 * 100).rounded() } == [110, 210], "the first at once, then a second apart: \(sleeps.seconds)")
    #expect(try store.setting(StoreRequestLimiter.nominatimKey) == "1002.0", "the last turn reserved")
    try store.setSetting(StoreRequestLimiter.nominatimKey, "999999999")
    try await limiter.waitTurn(interval: 1)
    #expect(sleeps.seconds.count == 2, "a time far ahead is not waited for")
    #expect(try store.setting(StoreRequestLimiter.nominatimKey) == "1000.0")
}

/// A search woken late (a loaded machine: the clock is past its turn when the sleep ends) moves the kept time to when
/// it goes, so the next waits a whole second from the request the service saw, not from the turn it was given.
@Test func aSearchWokenLateCountsTheNextTurnFromWhenItWent() async throws {
    let store = try CatalogStore(path: try temporaryDirectory("limiter-late").appendingPathComponent("s.sqlite").path)
    final class Clock: @unchecked Sendable { var time: TimeInterval = 1_000 }
    let clock = Clock()
    try store.setSetting(StoreRequestLimiter.nominatimKey, "999.5")
    // The sleep ends 0.7 s past the turn (1000.5): the request goes at 1001.3.
    let limiter = StoreRequestLimiter(store: store, key: StoreRequestLimiter.nominatimKey, now: { clock.time },
                                      sleep: { clock.time += $0 + 0.7 })
    try await limiter.waitTurn(interval: 1)
    let kept = try #require(try store.setting(StoreRequestLimiter.nominatimKey).flatMap(Double.init))
    #expect(abs(kept - 1001.3) < 1e-6, "\(kept)")
}
