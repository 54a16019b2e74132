import Cartography
import Catalog
import Foundation
import Geo
import Store

extension MapFetcher {
    /// One answer of a fetch in order.
    private enum Answer: Sendable {
        case artworks(Data)
        /// The artworks' question failed (after its retries): the boxes that arrive are still stored.
        case artworksFailed(SyncError)
        case block(Int, Data)
        /// A box's question failed.
        case failed(SyncError)
    }

    /// A fetch around a point in the order of issue 30: the artworks of the whole radius in one small question and the
    /// streets of the area on screen in another, sent together (the artworks' first) since Overpass gives an address two
    /// slots; the rest of the radius after, never more than two in flight. The artworks are stored as soon as they land
    /// and before any street (a box that lands first waits for them); each box's answer is split into its tiles and
    /// stored when it lands. A failure keeps what arrived: a box that fails while the artworks' answer is on its way
    /// waits for it, so that the artworks are kept; when the artworks' question fails, the boxes that arrived (and the
    /// one in flight) are stored with the artworks their own answers hold, no other box is asked, and the failure is
    /// thrown after (issue 43: the streets that had arrived were dropped).
    func fetchInOrder(_ plan: FetchPlan, tiles: [MapTile], stale: [MapTile], request: MapFetchRequest, store: CatalogStore,
                      report: inout MapFetchReport, progress: @escaping @Sendable (MapFetchProgress) -> Void) async throws {
        let overpass = OverpassClient(endpoints: request.services.overpass, http: http, backoff: backoff)
        // The answers' folder, made before the first question (a fetch killed while waiting leaves it; the next sweeps it).
        let folder = try Self.privateFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocks = plan.blocks
        var arrivals = InOrderArrivals(fetcher: self, store: store, folder: folder, request: request, blocks: blocks,
                                       staleCount: stale.count, progress: progress)
        let waiting: @Sendable (String) -> Void = { progress(.waiting($0)) }
        progress(.step("fetching the art around you", done: 1, total: arrivals.total))
        // Opened (finished) when the artworks' query is sent: the screen's box is sent after it.
        let (artworksSent, sending) = AsyncStream.makeStream(of: Void.self)
        let artworkQuery = OverpassClient.artworkQuery(for: FetchPlan.artworkBoxes(of: tiles))
        var artworksFailure: SyncError?
        try await withThrowingTaskGroup(of: Answer.self) { group in
            group.addTask {
                defer { sending.finish() }
                do {
                    return .artworks(try await overpass.fetch(query: artworkQuery, waiting: waiting, asking: { sending.finish() }))
                } catch let error as SyncError {
                    return .artworksFailed(error)
                }
            }
            var next = 0
            func ask() {
                guard next < blocks.count else { return }
                let index = next, block = blocks[index]
                next += 1
                group.addTask {
                    if index == 0 { for await _ in artworksSent {} }
                    try Task.checkCancellation()
                    do {
                        return .block(index, try await overpass.fetch(query: OverpassClient.query(for: block.bounds), waiting: waiting))
                    } catch let error as SyncError {
                        return .failed(error)
                    }
                }
            }
            // Two in flight: the artworks' query and the screen's box; each answer frees a slot for the next box.
            ask()
            var failure: SyncError?
            while let answer = try await group.next() {
                try Task.checkCancellation()
                switch answer {
                case .artworks(let data): try arrivals.artworks(data)
                case .artworksFailed(let error):
                    artworksFailure = error
                    try arrivals.artworksFailed()
                case .block(let index, let data): try arrivals.block(index, answer: data)
                case .failed(let error): failure = error
                }
                // The artworks failed: what is in flight is stored as it lands, nothing more is asked.
                if artworksFailure != nil { continue }
                // A failed box ends the fetch once the artworks are stored (the only other question in flight before).
                if let failure {
                    if arrivals.artworksStored { throw failure }
                    continue
                }
                ask()
            }
        }
        if let artworksFailure { throw artworksFailure }
        arrivals.summarise(into: &report)
        if request.maxAgeDays > 0 { evictStale(olderThan: request.maxAgeDays, keeping: tiles, store: store, report: &report) }
    }

    /// Stores one box's answer as its tiles, in one transaction.
    func storeBlock(_ block: FetchPlan.Block, answer data: Data, folder: URL, store: CatalogStore) throws -> TileReplaceReport {
        // A box of open sea or empty land answers a document without elements: its tiles are stored as fetched, empty.
        let hasNodes = data.range(of: Data("<node".utf8)) != nil
        let splitter = BlockSplitter(tiles: block.tiles)
        var artworks: [Artwork] = []
        var notes: [String] = []
        if hasNodes {
            let file = folder.appendingPathComponent("block-\(block.tiles[0].row)-\(block.tiles[0].column).osm")
            try data.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            do {
                let result = try OSMImporter.run(path: file.path, collection: CollectionID.osm.name, sink: splitter)
                let inside = Set(block.tiles)
                artworks = result.artworks.filter { inside.contains(MapTile(containing: $0.coordinate)) }
                notes = result.notes
            } catch let error as CartographyError {
                throw SyncError(url: nil, "Overpass API: the answer for tiles \(block.tiles[0])… is not map data artmap can read (\(error.message)); nothing more was stored")
            }
        }
        do {
            var report = try store.replaceTiles(block.tiles.enumerated().map { index, tile in
                TileContents(tile: tile) { sink in
                    var result = try splitter.replay(tile, into: sink)
                    if index == 0 {
                        result.artworks = artworks
                        result.notes = notes
                    }
                    return result
                }
            }, fetchedAt: CatalogStore.isoTime(Date()), maxEdges: budget.edges)
            report.tiles = block.tiles.count
            return report
        } catch let error as StoreError {
            throw SyncError(url: nil, "cannot store the fetched map: \(error); nothing more was stored")
        }
    }
}

/// What a fetch in order has stored so far, in the order the user sees it: the artworks first, then each box of
/// streets as it lands; a box that lands before the artworks waits for them (held, not stored).
private struct InOrderArrivals {
    let fetcher: MapFetcher
    let store: CatalogStore
    let folder: URL
    let request: MapFetchRequest
    let blocks: [FetchPlan.Block]
    let staleCount: Int
    let progress: @Sendable (MapFetchProgress) -> Void
    /// The artworks' question, then one per box.
    var total: Int { 1 + blocks.count }
    private(set) var artworksStored = false
    /// The artworks' question failed: boxes are stored without waiting for it.
    private var artworksFailedToArrive = false
    private var held: [Int: Data] = [:]
    /// The ids stored before this fetch wrote anything, and what the artworks' answer stored.
    private var before: Set<String> = []
    private var first = MergeReport()
    private var spent = FetchBudget.Spent()
    private var stored = TileReplaceReport()
    private var storedAny = false
    private var fetched = 0
    private var done = 1
    /// Elements of the answers skipped for a number out of range, and the first of them.
    private var skipped = 0
    private var firstSkipped: String?

    init(fetcher: MapFetcher, store: CatalogStore, folder: URL, request: MapFetchRequest, blocks: [FetchPlan.Block], staleCount: Int,
         progress: @escaping @Sendable (MapFetchProgress) -> Void) {
        self.fetcher = fetcher
        self.store = store
        self.folder = folder
        self.request = request
        self.blocks = blocks
        self.staleCount = staleCount
        self.progress = progress
    }

    /// The artworks' answer: stored at once (merged, never removing), then the boxes that landed before it.
    mutating func artworks(_ data: Data) throws {
        let answer = try FetchPlan.artworks(fromJSON: data)
        let artworks = answer.artworks
        skipped += answer.skipped
        firstSkipped = answer.firstSkipped ?? firstSkipped
        try Task.checkCancellation()
        try request.beforeWriting?()
        // What the fetch found new is counted against the ids stored before it began.
        before = Set(try store.ids(collection: CollectionID.osm.name))
        if !artworks.isEmpty {
            do {
                first = try store.storeFetchedArtworks(artworks)
            } catch let error as StoreError {
                throw SyncError(url: nil, "cannot store the fetched artworks: \(error); nothing was stored")
            }
        }
        artworksStored = true
        progress(.artworksStored(artworks.count))
        if !blocks.isEmpty {
            progress(.step(blocks.count > 1 ? "fetching the streets around you" : "fetching the streets", done: 2, total: total))
        }
        for index in held.keys.sorted() {
            if let answer = held.removeValue(forKey: index) { try storeBlock(index, answer: answer) }
        }
    }

    /// The artworks' question failed: the boxes held for it are stored now (each with the artworks its own answer
    /// holds), and those still to land when they land.
    mutating func artworksFailed() throws {
        artworksFailedToArrive = true
        guard !held.isEmpty else { return }
        try Task.checkCancellation()
        try request.beforeWriting?()
        for index in held.keys.sorted() {
            if let answer = held.removeValue(forKey: index) { try storeBlock(index, answer: answer) }
        }
    }

    /// A box's answer: counted against the budget now, stored now or, before the artworks are, when they are.
    mutating func block(_ index: Int, answer data: Data) throws {
        try fetcher.budget.take(data, into: &spent, tiles: staleCount)
        if artworksFailedToArrive { try request.beforeWriting?() }
        if artworksStored || artworksFailedToArrive {
            try storeBlock(index, answer: data)
        } else {
            held[index] = data
        }
    }

    private mutating func storeBlock(_ index: Int, answer data: Data) throws {
        let block = blocks[index]
        // Elements with numbers out of range are left out and counted, not let through to libosmium (issue 43).
        let checked = FetchPlan.withoutBadNumbers(data)
        skipped += checked.skipped
        if firstSkipped == nil { firstSkipped = checked.firstSkipped }
        let part = try fetcher.storeBlock(block, answer: checked.data, folder: folder, store: store)
        storedAny = true
        stored.absorb(part)
        fetched += block.tiles.count
        done += 1
        progress(.tilesStored(block.tiles))
        if done < total { progress(.step("fetching the streets further out", done: done + 1, total: total)) }
    }

    /// The fetch's counts: the artworks' answer stored them first and the streets' answers stored them again (placed
    /// in their buildings now), so each artwork is counted once, new when it was not stored before this fetch. Both
    /// write only what differs (`storeFetchedArtworks` keeps a way's stored point against Overpass's rounded centre),
    /// so a fetch of unchanged data touches nothing and says so, not "1 changed".
    func summarise(into report: inout MapFetchReport) {
        var stored = stored
        let seen = stored.artworks.new + stored.artworks.changed + stored.artworks.unchanged
        let touched = Set(first.touchedIDs).union(stored.artworks.touchedIDs)
        let new = touched.subtracting(before).count
        let changed = touched.intersection(before).count
        stored.artworks.new = new
        stored.artworks.changed = changed
        stored.artworks.unchanged = max(0, seen - new - changed)
        report.fetched += fetched
        report.skippedElements = skipped
        report.firstSkipped = firstSkipped
        if storedAny { report.stored = stored }
    }
}

extension TileReplaceReport {
    /// Adds what one box's answer stored to the fetch's running count (the totals are the latest box's).
    mutating func absorb(_ part: TileReplaceReport) {
        tiles += part.tiles
        features += part.features
        edges += part.edges
        totalFeatures = part.totalFeatures
        totalEdges = part.totalEdges
        notes += part.notes
        artworks.new += part.artworks.new
        artworks.changed += part.artworks.changed
        artworks.unchanged += part.artworks.unchanged
        artworks.removed += part.artworks.removed
        artworks.touchedIDs += part.artworks.touchedIDs
    }
}
