import Cartography
import Catalog
import Foundation
import Geo
import Store

/// Where the OpenStreetMap services are.
public struct OSMServices: Sendable {
    public var overpass: [URL]
    public var wikidata: URL
    public var commons: URL
    public var nominatim: URL
    /// The Wikidata Query Service (issue 46: public art of its own); nil leaves Wikidata's art out of a fetch.
    public var sparql: URL?

    public init(overpass: [URL], wikidata: URL, commons: URL, nominatim: URL, sparql: URL? = nil) {
        self.overpass = overpass
        self.wikidata = wikidata
        self.commons = commons
        self.nominatim = nominatim
        self.sparql = sparql
    }
}

/// What one fetch should do.
public struct MapFetchRequest: Sendable {
    public var storePath: String
    public var center: Coordinate
    /// Metres around `center`.
    public var radius: Double
    /// Tiles fetched within this many days are not asked for again.
    public var maxAgeDays: Double
    public var services: OSMServices
    public var imageCache: ImageCache
    public var downloadPictures = true
    /// False: no tile is asked for, only the pictures of what the store holds.
    public var fetchTiles = true
    /// True: image references looked up before without a picture are asked again (`fetch --pictures`, `s` in the view);
    /// else only those never looked up are.
    public var lookAgain = false
    /// These tiles instead of those around `center` (a refresh of what is stored).
    public var tiles: [MapTile]?
    /// Metres around `center` that the first streets' question covers (the area on screen); the rest follows.
    public var screenRadius = 400.0
    /// The reader's languages, for Wikidata's labels (issue 46).
    public var languages = ReaderLanguages.current
    /// Called before anything is written (waits for the store's integrity check).
    public var beforeWriting: (@Sendable () throws -> Void)?

    public init(storePath: String, center: Coordinate, radius: Double, maxAgeDays: Double, services: OSMServices, imageCache: ImageCache) {
        self.storePath = storePath
        self.center = center
        self.radius = radius
        self.maxAgeDays = maxAgeDays
        self.services = services
        self.imageCache = imageCache
    }
}

/// What a fetch reports while it runs.
public enum MapFetchProgress: Sendable, Equatable {
    case tile(done: Int, total: Int)
    /// A service is busy and artmap waits ("Overpass API is busy …; asking again in 2 s").
    case waiting(String)
    case storing(tiles: Int)
    case pictures(Int)
    case images(done: Int, total: Int)
    /// A fetch around a point: which of its questions is awaited ("fetching the art around you", 1 of 3).
    case step(String, done: Int, total: Int)
    /// The artworks' answer is stored (this many artworks): the table can show them.
    case artworksStored(Int)
    /// A streets' answer is stored in these tiles: the map can draw them.
    case tilesStored([MapTile])

    /// One short line.
    public var text: String {
        switch self {
        case .step(let what, let done, let total): return "\(what) … \(done) of \(total)"
        case .artworksStored(let count): return "\(count) artwork\(count == 1 ? "" : "s") around you; fetching the streets"
        case .tilesStored(let tiles): return "stored \(tiles.count) tile\(tiles.count == 1 ? "" : "s") of streets"
        case .tile(let done, let total): return "fetching the map: tile \(done + 1) of \(total)"
        case .waiting(let text): return text
        case .storing(let tiles): return "storing \(tiles) tile\(tiles == 1 ? "" : "s")"
        case .pictures(let count): return "finding \(count) picture\(count == 1 ? "" : "s") (Wikidata, Commons)"
        case .images(let done, let total): return "pictures \(done)/\(total)"
        }
    }
}

/// The outcome of a fetch.
public struct MapFetchReport: Sendable, Equatable {
    /// Tiles around the point, and how many of them were asked for (the rest were fresh).
    public var tiles = 0, fetched = 0
    public var stored: TileReplaceReport?
    /// Tiles fetched elsewhere longer ago than the age limit, removed after this fetch stored its own.
    public var evicted = 0
    /// Why old tiles could not be removed (the fetch itself was stored; the store is as it was before the removal).
    public var evictionFailure: String?
    /// Image references asked of Wikidata and Commons, and how many of them have a picture.
    public var picturesAsked = 0
    public var picturesFound = 0
    /// Why some artworks have no picture ("the Wikidata item Q1 has no image (P18)"), and pictures that failed.
    public var pictureProblems: [String] = []
    public var imagesCached = 0
    public var imageFailures: [String] = []
    /// Elements of Overpass's answers (JSON and XML) skipped for an id, a ref or a position out of range (1e19, 1e999),
    /// and the first of them.
    public var skippedElements = 0
    public var firstSkipped: String?
    /// Whether pictures were looked for (false with `--no-pictures` and in the view): then the summary names them.
    public var downloadedPictures = false
    /// Wikidata's part (issue 46): queries asked, items the answers gave, what conflation did, or why it was left out.
    public var wikidataQueries = 0, wikidataItems = 0
    public var conflation: ConflationReport?
    public var wikidataProblem: String?

    public init() {}

    /// "; Wikidata: 3 items fetched; 12 Wikidata items: …", or why Wikidata was left out; "" when it had no part.
    public var wikidataSummary: String {
        var parts: [String] = []
        if wikidataQueries > 0 { parts.append("Wikidata asked \(wikidataQueries == 1 ? "once" : "\(wikidataQueries) times"), \(wikidataItems) item\(wikidataItems == 1 ? "" : "s") found") }
        if let conflation, conflation.items > 0 { parts.append(conflation.summary) }
        if let wikidataProblem { parts.append("Wikidata left out: \(wikidataProblem)") }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
    }

    /// What `fetch --pictures` did: "looked up 3 pictures (2 found, 1 without); 2 pictures downloaded, 1 failed".
    public var picturesSummary: String {
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        let looked = picturesAsked == 0 ? "no picture left to look up"
            : "looked up \(plural(picturesAsked, "picture")) (\(picturesFound) found, \(picturesAsked - picturesFound) without)"
        let failed = imageFailures.isEmpty ? "" : ", \(imageFailures.count) failed"
        return looked + "; " + plural(imagesCached, "picture") + " downloaded" + failed
    }

    /// "1 tile", "4 tiles".
    static func tiles(_ count: Int) -> String { "\(count) tile\(count == 1 ? "" : "s")" }

    /// What this fetch stored, never the store's totals: "fetched 2 tiles (2 more were up to date): 5120 map features,
    /// 3300 walking edges, 65 artworks (65 new, 0 changed, 0 removed); 4 pictures cached"; "nothing here: …" when
    /// the tiles asked hold nothing; "the map around here is up to date …" when no tile was asked.
    public var summary: String {
        let pictures = imagesCached > 0 ? "; \(imagesCached) picture\(imagesCached == 1 ? "" : "s") cached" : ""
        guard let stored else {
            return "the map around here is up to date (\(Self.tiles(tiles)) fetched within the age limit); "
                + (wikidataQueries > 0 ? "only Wikidata was asked" : "nothing was asked") + pictures + wikidataSummary
        }
        let merge = stored.artworks
        let count = merge.new + merge.changed + merge.unchanged
        let fresh = tiles - fetched
        let upToDate = fresh > 0 ? " (\(fresh) more \(fresh == 1 ? "was" : "were") up to date)" : ""
        let head: String
        if stored.features == 0 && stored.edges == 0 && count == 0 {
            head = "nothing here: OpenStreetMap has no streets, buildings or artworks in the \(Self.tiles(fetched)) asked\(upToDate)"
                + (merge.removed > 0 ? "; \(merge.removed) artwork\(merge.removed == 1 ? "" : "s") stored before removed" : "")
                + pictures
        } else {
            head = "fetched \(Self.tiles(fetched))\(upToDate): \(stored.features) map feature\(stored.features == 1 ? "" : "s"), "
                + "\(stored.edges) walking edge\(stored.edges == 1 ? "" : "s"), "
                + "\(count) artwork\(count == 1 ? "" : "s") (\(merge.new) new, \(merge.changed) changed, \(merge.removed) removed)"
                + (downloadedPictures ? "; \(imagesCached) picture\(imagesCached == 1 ? "" : "s") cached" : "")
        }
        let skipped = skippedElements == 0 ? ""
            : "; skipped \(skippedElements) element\(skippedElements == 1 ? "" : "s") of Overpass's answer with an id or a position out of range"
                + (firstSkipped.map { " (\($0))" } ?? "")
        return head + skipped + wikidataSummary
            + (evicted > 0 ? "; \(evicted) tile\(evicted == 1 ? "" : "s") elsewhere older than the age limit removed" : "")
            + (evictionFailure.map { "; old tiles elsewhere could not be removed (\($0))" } ?? "")
    }
}

extension MapFetchReport {
    /// What the view says when a fetch ends (issue 50): what there is to see, in a person's words ("65 artworks around
    /// here; the streets for walking are loaded"); the counts of map features and walking edges stay `fetch`'s.
    public var spoken: String {
        guard let stored else { return "the map around here is up to date" }
        let merge = stored.artworks
        let count = merge.new + merge.changed + merge.unchanged
        if stored.features == 0 && stored.edges == 0 && count == 0 { return summary }
        // Fetched again with nothing different: "up to date" says so; else the new and changed among them.
        let news = [merge.new > 0 ? "\(merge.new) new" : nil, merge.changed > 0 ? "\(merge.changed) changed" : nil].compactMap { $0 }
        let upToDate = merge.new == 0 && merge.changed == 0 && merge.removed == 0
        let what = upToDate ? ", up to date" : (merge.new == count ? "" : " (" + news.joined(separator: ", ") + ")")
        var parts = [count == 0 ? "OpenStreetMap has no artworks around here"
                        : "\(count) artwork\(count == 1 ? "" : "s") around here" + (news.isEmpty && !upToDate ? "" : what)]
        if stored.edges > 0 {
            parts.append("the streets for walking are loaded")
        } else if stored.features > 0 {
            parts.append("the map is drawn, but it has no streets to walk along")
        }
        if merge.removed > 0 { parts.append("\(merge.removed) no longer in OpenStreetMap, removed") }
        if skippedElements > 0 { parts.append("\(skippedElements) unreadable element\(skippedElements == 1 ? "" : "s") skipped") }
        return parts.joined(separator: "; ")
    }
}

/// Fetches the streets and artworks around a point from the Overpass API, tile by tile (only tiles older
/// than the age limit), stores them all in one transaction (nothing is written unless every tile arrived and
/// read), then finds the new artworks' pictures through Wikidata and Commons and caches them as a sync does.
public struct MapFetcher: Sendable {
    let http: HTTPClient
    private let limits: SyncLimits
    let backoff: ServiceBackoff
    let budget: FetchBudget
    /// The widest fetch, in metres around the point.
    public static let maxRadius = 5_000.0
    /// The most tiles one fetch asks for: a fetch of `maxRadius` up to 80° of latitude (583); nearer a pole a
    /// fetch must be smaller.
    public static let maxTiles = MapTile.maxCount(radius: maxRadius)

    public init(http: HTTPClient = CurlHTTPClient(), limits: SyncLimits = SyncLimits(), backoff: ServiceBackoff = ServiceBackoff(),
                budget: FetchBudget = FetchBudget()) {
        self.http = http
        self.limits = limits
        self.backoff = backoff
        self.budget = budget
    }

    /// Fetches the stale tiles the request covers (the artworks first and the streets by boxes around a point, tile by
    /// tile for a refresh of named tiles), stores them, then finds and downloads the pictures.
    public func run(_ request: MapFetchRequest, progress: @escaping @Sendable (MapFetchProgress) -> Void = { _ in }) async throws -> MapFetchReport {
        let store = try CatalogStore(path: request.storePath)
        Self.removeAbandonedFolders()
        var report = MapFetchReport()
        let tiles = try Self.tilesToAsk(request)
        report.tiles = tiles.count
        let stale = request.fetchTiles ? try store.staleTiles(tiles, maxAgeDays: request.maxAgeDays) : []
        if !stale.isEmpty, request.tiles == nil,
           let plan = FetchPlan.plan(stale: stale, center: request.center, screenRadius: min(request.screenRadius, request.radius)) {
            try await fetchInOrder(plan, tiles: tiles, stale: stale, request: request, store: store, report: &report, progress: progress)
        } else if !stale.isEmpty {
            try await fetchTileByTile(stale, tiles: tiles, request: request, store: store, report: &report, progress: progress)
        }
        // Wikidata's art (issue 46): its items around the same tiles, then one list with OSM's.
        await fetchWikidata(request, tiles: tiles, store: store, report: &report, progress: progress)
        guard request.downloadPictures else { return report }
        report.downloadedPictures = true
        do {
            try await fetchPictures(request, store: store, report: &report, progress: progress)
        } catch is CancellationError {
            // Stopped after the map was stored: what was stored stays, the rest of the pictures come next time.
            report.pictureProblems.append("stopped before every picture was found and downloaded; the next fetch goes on")
        }
        return report
    }

    /// The tiles a request covers: those it names (a refresh of what is stored), or those around its point, never more
    /// than `maxTiles` (a refusal says what radius fits here; nothing is asked).
    static func tilesToAsk(_ request: MapFetchRequest) throws -> [MapTile] {
        if let given = request.tiles {
            // A refresh of what is stored names its tiles: the same cap on the requests.
            guard given.count <= maxTiles else {
                throw SyncError(url: nil, "\(given.count) tiles asked at once, more than the \(maxTiles) a fetch may ask Overpass for; nothing was asked")
            }
            return given
        }
        let radius = min(request.radius, maxRadius)
        let count = MapTile.coveringCount(request.center, radius: radius)
        guard count <= maxTiles else {
            // Cells are 0.01° of longitude, which narrow to nothing at the poles: the count, not the radius, bounds the requests.
            let smaller = MapTile.largestRadius(around: request.center, within: radius, cap: maxTiles)
            throw SyncError(url: nil, "a fetch of \(Int(radius)) m here (\(request.center)) takes \(count) tiles of 0.01°, more than the \(maxTiles) "
                + "a fetch may ask Overpass for (tiles narrow towards the pole); "
                + (smaller.flatMap { $0 >= 10 ? "give --radius \($0) or less here" : nil } ?? "artmap cannot fetch the map this near the pole")
                + "; nothing was asked")
        }
        return MapTile.covering(request.center, radius: radius)
    }

    /// A refresh of named tiles: one question per stale tile, every answer saved to a private folder, then all stored in
    /// one transaction (nothing is written unless every tile arrived and read), then old tiles elsewhere evicted.
    private func fetchTileByTile(_ stale: [MapTile], tiles: [MapTile], request: MapFetchRequest, store: CatalogStore,
                                 report: inout MapFetchReport, progress: @escaping @Sendable (MapFetchProgress) -> Void) async throws {
        let folder = try Self.privateFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try await downloadTiles(stale, into: folder, request: request, report: &report, progress: progress)
        try Task.checkCancellation()
        try request.beforeWriting?()
        progress(.storing(tiles: files.count))
        report.stored = try storeTiles(files, in: store)
        report.fetched = files.count
        // The store does not grow forever: tiles elsewhere not fetched again within the age limit go (a fetch
        // there brings them back). An age limit of 0 asks every tile again and evicts nothing.
        if request.maxAgeDays > 0 { evictStale(olderThan: request.maxAgeDays, keeping: tiles, store: store, report: &report) }
    }

    /// Asks Overpass for each tile in turn and writes each answer with elements to `folder`; a tile whose answer holds
    /// none (open sea, empty land) comes back without a file, to be stored as fetched and empty.
    private func downloadTiles(_ stale: [MapTile], into folder: URL, request: MapFetchRequest, report: inout MapFetchReport,
                               progress: @escaping @Sendable (MapFetchProgress) -> Void) async throws -> [(MapTile, String?)] {
        let overpass = OverpassClient(endpoints: request.services.overpass, http: http, backoff: backoff)
        var files: [(MapTile, String?)] = []
        var spent = FetchBudget.Spent()
        for (index, tile) in stale.enumerated() {
            try Task.checkCancellation()
            progress(.tile(done: index, total: stale.count))
            let answer = try await overpass.fetch(tile) { progress(.waiting($0)) }
            try budget.take(answer, into: &spent, tiles: stale.count)
            // Elements with numbers out of range are left out and counted, not let through to libosmium (issue 43).
            let checked = FetchPlan.withoutBadNumbers(answer)
            report.skippedElements += checked.skipped
            if report.firstSkipped == nil { report.firstSkipped = checked.firstSkipped }
            let data = checked.data
            guard data.range(of: Data("<node".utf8)) != nil else {
                files.append((tile, nil))
                continue
            }
            let file = folder.appendingPathComponent("tile-\(tile.row)-\(tile.column).osm")
            try data.write(to: file)
            files.append((tile, file.path))
        }
        return files
    }

    /// Stores the downloaded tiles in one transaction: an answer artmap cannot read, or a store that refuses, stores nothing.
    private func storeTiles(_ files: [(MapTile, String?)], in store: CatalogStore) throws -> TileReplaceReport {
        do {
            return try store.replaceTiles(files.map { tile, path in
                TileContents(tile: tile) { sink in
                    guard let path else { return MapImportResult() }
                    do {
                        return try OSMImporter.run(path: path, collection: CollectionID.osm.name, sink: sink)
                    } catch let error as CartographyError {
                        throw SyncError(url: nil, "Overpass API: the answer for tile \(tile) is not map data artmap can read (\(error.message)); nothing was stored")
                    }
                }
            }, fetchedAt: CatalogStore.isoTime(Date()), maxEdges: budget.edges)
        } catch let error as StoreError {
            throw SyncError(url: nil, "cannot store the fetched map: \(error); nothing was stored")
        }
    }

    /// Tiles older than the age allowed go (not those just asked), and the totals say so.
    func evictStale(olderThan days: Double, keeping tiles: [MapTile], store: CatalogStore, report: inout MapFetchReport) {
        do {
            report.evicted = try store.evictFetchedTiles(olderThan: days, keeping: Set(tiles))
        } catch {
            report.evictionFailure = "\(error)"
        }
        if report.evicted > 0, let counts = try? store.fetchedLayerCounts() {
            report.stored?.totalFeatures = counts.features
            report.stored?.totalEdges = counts.edges
        }
    }

    /// Finds the pictures of the stored artworks and downloads them into the image cache.
    private func fetchPictures(_ request: MapFetchRequest, store: CatalogStore, report: inout MapFetchReport,
                               progress: @escaping @Sendable (MapFetchProgress) -> Void) async throws {
        try await findPictures(store: store, services: request.services, lookAgain: request.lookAgain, report: &report, progress: progress)
        let resolved = try store.resolvedPictures()
        let engine = SyncEngine(http: http, limits: limits)
        for collection in Self.pictureCollections {
            try await cacheImages(collection, engine: engine, resolved: resolved, request: request, store: store, report: &report, progress: progress)
        }
    }

    /// The collections whose pictures a fetch finds: OSM's artworks and Wikidata's own (issue 46).
    static let pictureCollections = [CollectionID.osm.name, Conflation.collection]

    private func cacheImages(_ collection: String, engine: SyncEngine, resolved: [String: ResolvedPicture], request: MapFetchRequest,
                             store: CatalogStore, report: inout MapFetchReport,
                             progress: @escaping @Sendable (MapFetchProgress) -> Void) async throws {
        let images = try await engine.cacheImages(collection: collection, cache: request.imageCache, store: store,
                                                  progress: { step in
            if case .images(let done, let total) = step { progress(.images(done: done, total: total)) }
        }, imageURL: { artwork in
            guard let thumb = resolved[artwork.imageFileName]?.thumbURL, !thumb.isEmpty else { return nil }
            return try? SyncSource.checkedURL(thumb, allowFile: false)
        }, skipping: { artwork in
            // No picture to download (the item has none): not a failure of this fetch.
            resolved[artwork.imageFileName].map { $0.thumbURL.isEmpty } ?? true
        })
        report.imagesCached += images.imagesCached
        report.imageFailures += images.imageFailures
    }

    /// Resolves the references of the collection's artworks that were never resolved (and, with `lookAgain`, those
    /// that had no picture), and saves what was found.
    private func findPictures(store: CatalogStore, services: OSMServices, lookAgain: Bool, report: inout MapFetchReport,
                              progress: @Sendable (MapFetchProgress) -> Void) async throws {
        let known = try store.resolvedPictures()
        let wanted = Set(try Self.pictureCollections.flatMap { try store.artworks(collection: $0, fields: .view, languages: []) }.map(\.imageFileName))
            .filter { !$0.isEmpty && (known[$0] == nil || (lookAgain && known[$0]?.thumbURL.isEmpty == true)) }
        guard !wanted.isEmpty else { return }
        progress(.pictures(wanted.count))
        let client = WikimediaClient(wikidata: services.wikidata, commons: services.commons, http: http)
        do {
            let found = try await client.resolve(Array(wanted))
            try store.savePictures(found, at: CatalogStore.isoTime(Date()))
            try store.savePictures(found, collection: Conflation.collection, at: CatalogStore.isoTime(Date()))
            report.picturesAsked = wanted.count
            report.picturesFound = found.filter { !$0.thumbURL.isEmpty }.count
            report.pictureProblems = found.compactMap { $0.problem.isEmpty ? nil : "\($0.reference): \($0.problem)" }.sorted()
        } catch let error as SyncError {
            report.pictureProblems.append("\(error)")
        }
    }

    /// The name of every fetch's download folder begins with this, then the fetching process's id.
    static let folderPrefix = "artmap-fetch-"

    /// A folder only this user can read, for the answers before they are stored. Its name carries this process's
    /// id, so that a later fetch can tell a folder left by a fetch that was killed (`removeAbandonedFolders`).
    static func privateFolder(in parent: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let folder = parent.appendingPathComponent("\(folderPrefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SyncError(url: nil, "cannot make a temporary folder for the fetched map (\(folder.path)): \(SystemReason.of(error))")
        }
        return folder
    }

    /// Removes the download folders that fetches killed before they could clean up (kill -9, a power cut) left in
    /// `parent`: this user's real folders (not links) named `artmap-fetch-PID-…` whose process no longer runs.
    /// Returns how many went. Folders of running fetches, of other users and of other names are left alone.
    @discardableResult
    public static func removeAbandonedFolders(in parent: URL = FileManager.default.temporaryDirectory) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(folderPrefix) {
            let rest = name.dropFirst(folderPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0, pid != getpid() else { continue }
            // Alive (or someone else's, EPERM): not abandoned.
            if kill(pid, 0) == 0 || errno != ESRCH { continue }
            let path = parent.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        }
        return removed
    }
}
