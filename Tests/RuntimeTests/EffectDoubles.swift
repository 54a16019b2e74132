import App
import Catalog
import Cells
import Imaging
import Foundation
import Store
import Sync
@testable import Runtime

/// What a handler answered, at once and from the background, in order.
final class RecordedReplies: ActionSink, @unchecked Sendable {
    private let lock = NSLock()
    private var now: [Action] = []
    private var later: [Action] = []

    var reply: EffectReply { EffectReply(now: { [self] action in lock.withLock { now.append(action) } }, later: self) }
    func post(_ action: Action) { lock.withLock { later.append(action) } }
    var answeredNow: [Action] { lock.withLock { now } }
    var posted: [Action] { lock.withLock { later } }

    /// Waits (up to a generous bound, checking often, never blocking a thread the background work needs) until
    /// `count` actions were posted from the background. The bound is long on purpose: in the whole suite, tests that
    /// block the two cooperative threads (the tmux ones) can hold a handler's task back for minutes.
    func waitForPosted(_ count: Int, timeout: TimeInterval = 900) async throws -> [Action] {
        let deadline = Date().addingTimeInterval(timeout)
        while posted.count < count && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        return posted
    }
}

/// A store whose every call fails, for the handlers' error paths.
final class FailingStore: StoreAccess {
    struct Broken: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
    var isReadOnly = false
    var savesSettingsElsewhere = false
    func artworks(collection: String, fields: ArtworkFields, ids: [String]?) throws -> [Artwork] { throw Broken() }
    func artworks(collections: [String], fields: ArtworkFields) throws -> [Artwork] { throw Broken() }
    func setting(_ key: String) throws -> String? { throw Broken() }
    func setSetting(_ key: String, _ value: String?) throws { throw Broken() }
    func changes(since: String) throws -> [(collection: String, id: String, title: String)] { throw Broken() }
    func favourites() throws -> [ArtworkKey] { throw Broken() }
    func favouriteArtworks() throws -> [Artwork] { throw Broken() }
    func addFavourite(_ artwork: ArtworkKey) throws -> FavouriteOutcome { throw Broken() }
    func removeFavourite(_ artwork: ArtworkKey) throws -> Bool { throw Broken() }
    func seenMarks() throws -> [SeenMark] { throw Broken() }
    func markSeen(_ keys: [ArtworkKey], how: SeenHow, at date: Date) throws -> Int { throw Broken() }
    func unmarkSeen(_ key: ArtworkKey) throws -> Bool { throw Broken() }
    func cachedImages() throws -> [CachedImage] { throw Broken() }
    func cachedImagePath(_ artwork: ArtworkKey) throws -> String? { throw Broken() }
    func touchCachedImage(_ artwork: ArtworkKey) throws { throw Broken() }
    func resolvedPicture(_ reference: String) throws -> ResolvedPicture? { throw Broken() }
}

/// A clock that runs nothing by itself: a test fires what is waiting.
final class ManualClock: EffectClock, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [(seconds: Double, work: @Sendable () -> Void)] = []
    func after(_ seconds: Double, _ work: @escaping @Sendable () -> Void) { lock.withLock { waiting.append((seconds, work)) } }
    var delays: [Double] { lock.withLock { waiting.map(\.seconds) } }
    func fireAll() { for item in lock.withLock({ waiting }) { item.work() } }
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
