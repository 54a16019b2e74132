import Catalog
import Foundation
import Store

/// Limits that keep a misbehaving server from hanging or flooding artmap.
public struct SyncLimits: Sendable {
    public var requestTimeout: TimeInterval = 30
    public var maxBodyBytes = 50 * 1024 * 1024
    public var imageTimeout: TimeInterval = 30
    public var maxImageBytes = 20 * 1024 * 1024
    public var parallelImages = 4
    /// The image cache's size limit; the least recently used images go past it.
    public var imageCacheBytes = 500 * 1024 * 1024

    public init() {}

    /// The limits, with `ARTMAP_SYNC_TIMEOUT` (seconds) overriding both timeouts for tests of slow servers.
    public static func fromEnvironment(_ environment: [String: String]) -> SyncLimits {
        var limits = SyncLimits()
        if let text = environment["ARTMAP_SYNC_TIMEOUT"], let seconds = Double(text), seconds > 0 {
            limits.requestTimeout = seconds
            limits.imageTimeout = seconds
        }
        return limits
    }
}

/// What one sync should do.
public struct SyncRequest: Sendable {
    public var storePath: String
    public var source: SyncSource
    public var collection: String
    /// Ask for everything (`lastUpdate=1970-01-01`) and remove what the response no longer has.
    public var full: Bool
    public var downloadImages: Bool
    public var imageCache: ImageCache
    /// Called before anything is written: waits for the store's integrity check. True when the store was
    /// found damaged and replaced; the sync then starts again on the new store.
    public var beforeWriting: (@Sendable () throws -> Bool)?

    public init(storePath: String, source: SyncSource, collection: String = Artwork.defaultCollection,
                full: Bool = false, downloadImages: Bool = true, imageCache: ImageCache) {
        self.storePath = storePath
        self.source = source
        self.collection = collection
        self.full = full
        self.downloadImages = downloadImages
        self.imageCache = imageCache
    }
}

/// Progress a sync reports while it runs, for a terminal line or the status bar.
public enum SyncProgress: Sendable, Equatable {
    case fetching(String)
    case received(records: Int, skipped: Int)
    case images(done: Int, total: Int)

    /// One short line.
    public var text: String {
        switch self {
        case .fetching(let url): return "fetching \(url)"
        case .received(let records, let skipped): return "received \(records) records" + (skipped > 0 ? " (\(skipped) skipped)" : "")
        case .images(let done, let total): return "images \(done)/\(total)"
        }
    }
}

/// The outcome of a sync, as counts.
public struct SyncReport: Sendable, Equatable {
    public var received = 0
    public var merge = MergeReport()
    public var skipped: [SkippedRecord] = []
    public var imagesCached = 0
    public var imageFailures: [String] = []
    /// Why each image that failed did, by artwork id (the view says it where the picture would be).
    public var imageFailureReasons: [String: String] = [:]
    /// Least recently used images removed to keep the cache within its limit.
    public var imagesEvicted = 0
    /// Records kept with text cut to the field limits.
    public var notes: [String] = []
    /// Records dated after now ("id: lastModified"): kept, but never used as the date of the next request.
    public var futureDated: [String] = []

    public init() {}

    /// What the view's status line says, the problem first: "3 images failed (HTTP 404), 28 cached · synced 31
    /// artworks: 3 new, 1 changed" or "up to date: the service sent 1 artwork, none new or changed".
    public var headline: String {
        var parts: [String] = []
        if let first = imageFailures.first {
            let reason = first.split(separator: ": ").last.map(String.init) ?? first
            parts.append("\(imageFailures.count) image\(imageFailures.count == 1 ? "" : "s") failed (\(reason)), \(imagesCached) cached")
        }
        let artworks = "\(received) artwork\(received == 1 ? "" : "s")"
        if merge.new + merge.changed + merge.removed == 0 {
            parts.append("up to date: the service sent \(artworks), none new or changed")
        } else {
            parts.append("synced \(artworks): \(merge.new) new, \(merge.changed) changed, \(merge.removed) removed")
        }
        if !skipped.isEmpty { parts.append("\(skipped.count) skipped") }
        if imageFailures.isEmpty, imagesCached > 0 { parts.append("\(imagesCached) image\(imagesCached == 1 ? "" : "s") cached") }
        return parts.joined(separator: " · ")
    }

    /// "synced 31 artworks: 3 new, 1 changed, 0 removed, 0 skipped; 28 images cached, 3 failed".
    public var summary: String {
        var text = "synced \(received) artwork\(received == 1 ? "" : "s"): \(merge.new) new, \(merge.changed) changed, "
            + "\(merge.removed) removed, \(skipped.count) skipped"
        if imagesCached > 0 || !imageFailures.isEmpty {
            text += "; \(imagesCached) image\(imagesCached == 1 ? "" : "s") cached, \(imageFailures.count) failed"
        }
        if imagesEvicted > 0 {
            text += "; \(imagesEvicted) least recently used image\(imagesEvicted == 1 ? "" : "s") removed (cache limit)"
        }
        return text
    }
}

/// Keeps a collection in step with the campus service: fetch what changed since the newest record the
/// store holds, merge it in one transaction, then fetch missing images. A failure before the commit leaves
/// the store exactly as it was; image failures never fail the sync.
public struct SyncEngine: Sendable {
    private let http: HTTPClient
    private let limits: SyncLimits

    public init(http: HTTPClient = CurlHTTPClient(), limits: SyncLimits = SyncLimits()) {
        self.http = http
        self.limits = limits
    }

    public func run(_ request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncReport {
        let store = try CatalogStore(path: request.storePath)
        // Never ask for a day after today: one record dated 2999 would otherwise hide every later change.
        let lastUpdate: String
        if request.full {
            lastUpdate = "1970-01-01"
        } else {
            let newest = try store.newestLastModified(collection: request.collection)
            lastUpdate = newest.isEmpty ? "1970-01-01" : min(String(newest.prefix(10)), SyncEngine.today())
        }
        let url = request.source.requestURL(lastUpdate: lastUpdate)
        let shownURL = url.absoluteString
        progress(.fetching(shownURL))

        let response = try await http.get(url, maxBytes: limits.maxBodyBytes, timeout: limits.requestTimeout)
        guard response.status == 200 else {
            throw SyncError(url: shownURL, "HTTP \(response.status) \(SyncEngine.reason(response.status))")
        }
        // A full sync compares the stored artworks with the response's: they are read on another core while
        // the body is decoded (a record takes at least ~100 bytes, which bounds how many the body can hold).
        let readAhead = request.full ? store.readAheadForMerge(collection: request.collection, expectedRecords: response.body.count / 100) : nil
        let decoded: DecodedCatalog
        do {
            decoded = try ServiceRecordDecoder.decode(response.body, collection: request.collection,
                                                      expectedClass: request.source.classKey)
        } catch {
            throw SyncError(url: shownURL, "\(error)")
        }
        if request.full && decoded.artworks.isEmpty {
            let why = decoded.skipped.first.map { "; e.g. record \($0.index + 1): \($0.reason)" } ?? ""
            throw SyncError(url: shownURL, "the response has no valid records (\(decoded.skipped.count) skipped\(why)); nothing was changed or removed")
        }
        progress(.received(records: decoded.artworks.count, skipped: decoded.skipped.count))

        var report = SyncReport()
        report.received = decoded.artworks.filter(\.enabled).count
        report.skipped = decoded.skipped
        report.notes = decoded.notes
        let now = SyncEngine.timestamp()
        report.futureDated = decoded.artworks.filter { $0.lastModified > now }.map { "\($0.id): \($0.lastModified)" }
        if let beforeWriting = request.beforeWriting, try beforeWriting() {
            var again = request
            again.beforeWriting = nil
            return try await run(again, progress: progress)
        }
        do {
            report.merge = try store.merge(decoded.artworks, into: request.collection, full: request.full,
                                           presentIDs: Set(decoded.skipped.compactMap(\.id)),
                                           syncSource: request.source.service.absoluteString,
                                           syncTime: ISO8601DateFormatter().string(from: Date()), readAhead: readAhead,
                                           source: .service(url: request.source.service.absoluteString, imageBase: request.source.imageBase.absoluteString))
        } catch let error as StoreError {
            throw SyncError(url: nil, "\(error)")
        }
        if request.downloadImages {
            try await fetchImages(collection: request.collection, cache: request.imageCache, store: store, report: &report,
                                  progress: progress) { request.source.imageURL(fileName: $0.imageFileName) }
            report.imagesEvicted = try request.imageCache.evict(store: store, maxBytes: limits.imageCacheBytes)
        }
        return report
    }

    /// The reason phrase for common HTTP statuses (the server's own is not trusted for display).
    static func reason(_ status: Int) -> String {
        switch status {
        case 400: return "bad request"
        case 401: return "unauthorized"
        case 403: return "forbidden"
        case 404: return "not found"
        case 410: return "gone"
        case 429: return "too many requests"
        case 500: return "internal server error"
        case 502: return "bad gateway"
        case 503: return "service unavailable"
        case 504: return "gateway timeout"
        case 300..<400: return "redirection with no usable location"
        default: return "unexpected status"
        }
    }

    /// Today in UTC, as the service writes dates (YYYY-MM-DD).
    static func today() -> String { String(timestamp().prefix(10)) }

    /// Now in UTC, as the service writes times (YYYY-MM-DD HH:MM:SS).
    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date())
    }

    /// Caches the images of a collection whose artworks name their images by full URL (the paintings'
    /// IIIF URLs), as a sync does, then keeps the cache within its limit.
    /// `imageURL` finds an artwork's URL another way (fetched OpenStreetMap artworks name their pictures by
    /// reference); `skipping` leaves out artworks known to have no picture.
    public func cacheImages(collection: String, cache: ImageCache, store: CatalogStore,
                            progress: @escaping @Sendable (SyncProgress) -> Void = { _ in },
                            imageURL: (@Sendable (Artwork) -> URL?)? = nil,
                            skipping: @escaping @Sendable (Artwork) -> Bool = { _ in false }) async throws -> SyncReport {
        var report = SyncReport()
        try await fetchImages(collection: collection, cache: cache, store: store, report: &report, progress: progress, skipping: skipping) { artwork in
            if let imageURL { return imageURL(artwork) }
            guard let url = URL(string: artwork.imageFileName), (try? SyncSource.checkedURL(artwork.imageFileName, allowFile: false)) != nil else { return nil }
            return url
        }
        report.imagesEvicted = try cache.evict(store: store, maxBytes: limits.imageCacheBytes)
        return report
    }

    /// Downloads images missing from the cache (or whose record changed), up to `parallelImages` at once.
    private func fetchImages(collection: String, cache: ImageCache, store: CatalogStore, report: inout SyncReport,
                             progress: @escaping @Sendable (SyncProgress) -> Void,
                             skipping: @Sendable (Artwork) -> Bool = { _ in false },
                             imageURL: @escaping @Sendable (Artwork) -> URL?) async throws {
        let wanted = try store.artworksNeedingImages(collection: collection) {
            cache.fileURL(artworkID: $0.id, fileName: $0.imageFileName, lastModified: $0.lastModified)
        }.filter { !skipping($0) }
        guard !wanted.isEmpty else { return }
        progress(.images(done: 0, total: wanted.count))
        var done = 0
        try await withThrowingTaskGroup(of: (String, ImageOutcome).self) { group in
            var pending = wanted[...]
            func launch() {
                guard let artwork = pending.popFirst() else { return }
                group.addTask { (artwork.id, await self.download(artwork, url: imageURL(artwork), cache: cache)) }
            }
            for _ in 0..<max(1, limits.parallelImages) { launch() }
            while let (id, outcome) = try await group.next() {
                done += 1
                switch outcome {
                case .cached(let artwork, let file, let bytes):
                    try store.recordCachedImage(artwork, path: file.path, byteCount: bytes)
                    report.imagesCached += 1
                case .failed(let message):
                    report.imageFailures.append(message)
                    report.imageFailureReasons[id] = message.components(separatedBy: ": ").last ?? message
                }
                progress(.images(done: done, total: wanted.count))
                launch()
            }
        }
    }

    private enum ImageOutcome: Sendable {
        case cached(Artwork, URL, Int)
        case failed(String)
    }

    private func download(_ artwork: Artwork, url: URL?, cache: ImageCache) async -> ImageOutcome {
        guard let url else {
            return .failed("artwork \(artwork.id): the image name cannot be made into a URL")
        }
        do {
            let response = try await http.get(url, maxBytes: limits.maxImageBytes, timeout: limits.imageTimeout)
            guard response.status == 200 else {
                return .failed("\(url.absoluteString): HTTP \(response.status)")
            }
            guard ImageCache.looksLikeImage(response.body) else {
                return .failed("\(url.absoluteString): not a JPEG, PNG or GIF image")
            }
            let file = cache.fileURL(artworkID: artwork.id, fileName: artwork.imageFileName, lastModified: artwork.lastModified)
            try cache.store(response.body, at: file)
            return .cached(artwork, file, response.body.count)
        } catch {
            return .failed("\(error)")
        }
    }
}
