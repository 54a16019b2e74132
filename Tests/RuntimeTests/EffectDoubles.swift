import App
import Catalog
import Cells
import Imaging
import Foundation
import Store
import Sync
@testable import Runtime

/// What a handler answered, in order: every answer is posted, whether read at once on the loop or found later in
/// the background (issue 45, item 2: never reduced in the middle of `perform`).
final class RecordedReplies: ActionSink, @unchecked Sendable {
    private let lock = NSLock()
    private var later: [Action] = []

    func post(_ action: Action) { lock.withLock { later.append(action) } }
    var posted: [Action] { lock.withLock { later } }

    /// Waits (up to a minute, checking often, never blocking a thread the background work needs) until `count`
    /// actions were posted.
    func waitForPosted(_ count: Int, timeout: TimeInterval = 60) async throws -> [Action] {
        let deadline = Date().addingTimeInterval(timeout)
        while posted.count < count && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        return posted
    }
}

/// A store whose every read and write fails, for the handlers' error paths.
final class FailingStore: StoreAccess, @unchecked Sendable {
    struct Broken: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
    var isReadOnly = false
    var savesSettingsElsewhere = false
    func read<T>(_ work: (CatalogStore) throws -> T) throws -> T { throw Broken() }
    func write<T>(_ work: (CatalogStore) throws -> T) throws -> T { throw Broken() }
    func connectionForLongWork() throws -> CatalogStore { throw Broken() }
}

/// A clock that runs nothing by itself: a test moves it (`advance`) or fires what is waiting.
final class ManualClock: EffectClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date
    private var waiting: [(due: Date, seconds: Double, work: @Sendable () -> Void)] = []
    init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) { time = now }
    var now: Date { lock.withLock { time } }
    func after(_ seconds: Double, _ work: @escaping @Sendable () -> Void) {
        lock.withLock { waiting.append((time.addingTimeInterval(seconds), seconds, work)) }
    }
    var delays: [Double] { lock.withLock { waiting.map(\.seconds) } }
    func fireAll() {
        let due = lock.withLock { () -> [@Sendable () -> Void] in
            defer { waiting = [] }
            return waiting.map(\.work)
        }
        due.forEach { $0() }
    }
    /// Moves the time on by `seconds`, running the timers that come due, in order.
    func advance(by seconds: Double) {
        let due = lock.withLock { () -> [@Sendable () -> Void] in
            time = time.addingTimeInterval(seconds)
            let ready = waiting.filter { $0.due <= time }.sorted { $0.due < $1.due }
            waiting.removeAll { $0.due <= time }
            return ready.map(\.work)
        }
        due.forEach { $0() }
    }
}

/// The dependencies of a test's handler: `store` shared (its connection the writer), the rest doubles or given.
func dependencies(_ store: CatalogStore, http: any HTTPClient = CannedHTTP(status: 404, body: ""), clock: any EffectClock = ManualClock(),
                  browser: any WebPageOpening = RecordingBrowser(), pictures: any PictureDecoding = PlainDecoder()) -> Dependencies {
    Dependencies(store: SharedStore(store), http: http, clock: clock, browser: browser, pictures: pictures)
}

/// The dependencies with a store that fails every read and write.
func failingDependencies(readOnly: Bool = false) -> Dependencies {
    let store = FailingStore()
    store.isReadOnly = readOnly
    return Dependencies(store: store, http: CannedHTTP(status: 404, body: ""), clock: ManualClock(), browser: RecordingBrowser(), pictures: PlainDecoder())
}

/// An HTTP client answering one fixed response and recording what was asked.
final class CannedHTTP: HTTPClient, @unchecked Sendable {
    let status: Int
    let body: String
    private let lock = NSLock()
    private var asked: [URL] = []
    init(status: Int, body: String) {
        self.status = status
        self.body = body
    }
    func get(_ url: URL, maxBytes: Int, timeout: TimeInterval, accept: String) async throws -> HTTPResponse {
        lock.withLock { asked.append(url) }
        return HTTPResponse(status: status, contentType: "text/plain", body: Data(body.utf8))
    }
    var urls: [URL] { lock.withLock { asked } }
}

/// A browser that records the pages it was asked to open.
final class RecordingBrowser: WebPageOpening, @unchecked Sendable {
    let unavailable: String?
    private let lock = NSLock()
    private var pages: [String] = []
    init(unavailable: String? = nil) { self.unavailable = unavailable }
    func open(_ url: String) throws { lock.withLock { pages.append(url) } }
    var opened: [String] { lock.withLock { pages } }
}

/// A store in a temporary file (background work opens its own connections by path) holding `artworks`.
func storeHolding(_ artworks: [Artwork], collection: String = "campus") throws -> (store: CatalogStore, path: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-effects-\(UUID().uuidString).sqlite").path
    let store = try CatalogStore(path: path)
    _ = try store.merge(artworks, into: collection, full: false)
    return (store, path)
}

func artwork(_ id: String, _ title: String = "Untitled") -> Artwork {
    Artwork(id: id, title: title, artist: "Someone", coordinate: .ashtonBuilding, collection: "campus")
}

/// A test's answer that was not the one expected: thrown, so the test fails saying what came instead.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A decoder that makes a small plain picture of the size asked for, or fails, recording the files it read.
final class PlainDecoder: PictureDecoding, @unchecked Sendable {
    let fails: Bool
    private let lock = NSLock()
    private var read: [String] = []
    private var sizes: [String] = []
    init(fails: Bool = false) { self.fails = fails }
    func decode(path: String, artwork: Artwork, screen: (width: Int, height: Int)?) throws -> Picture {
        lock.withLock {
            read.append(path)
            sizes.append(screen.map { "\($0.width)×\($0.height)" } ?? "whole")
        }
        if fails { throw Unexpected("not a JPEG or PNG file") }
        let pixels = RGBAImage(width: 4, height: 3, filledWith: RGB(200, 40, 40))
        return Picture(artwork: artwork.key, fileName: artwork.imageFileName,
                       decoded: DecodedImage(format: .png, originalWidth: 4, originalHeight: 3, orientation: .normal, pixels: pixels))
    }
    var paths: [String] { lock.withLock { read } }
    /// The size each decode was held to ("whole" when none).
    var screens: [String] { lock.withLock { sizes } }
}

/// A rate limiter on a `ManualClock`: a turn sooner than `interval` after the last one let go waits (parked) until the
/// test moves the clock that far; records the interval asked and when each turn was let go, by that clock.
final class ClockLimiter: RequestLimiter, @unchecked Sendable {
    let clock: ManualClock
    private let lock = NSLock()
    private var lastTurn: Date?
    private var waitingNow = 0
    private var asked: [TimeInterval] = []
    private var released: [Date] = []
    init(clock: ManualClock) { self.clock = clock }

    func waitTurn(interval: TimeInterval) async throws {
        let delay = lock.withLock { () -> TimeInterval in
            asked.append(interval)
            let now = clock.now
            let turn = lastTurn.map { max(now, $0.addingTimeInterval(interval)) } ?? now
            lastTurn = turn
            if turn > now { waitingNow += 1 }
            return turn.timeIntervalSince(now)
        }
        if delay > 0 {
            await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in clock.after(delay) { resume.resume() } }
            lock.withLock { waitingNow -= 1 }
        }
        lock.withLock { released.append(clock.now) }
    }

    /// The turns waiting for the clock now.
    var parked: Int { lock.withLock { waitingNow } }
    /// The interval each turn asked for.
    var intervals: [TimeInterval] { lock.withLock { asked } }
    /// When each turn was let go, by the manual clock.
    var letGo: [Date] { lock.withLock { released } }

    /// Waits (up to a minute, checking often) until `count` turns are parked on the clock.
    func waitForParked(_ count: Int, timeout: TimeInterval = 60) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while parked < count && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
    }
}
