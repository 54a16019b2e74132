import Cartography
import Foundation
import Geo
import TerminalTypes

/// Tiles of the base layer the view asks the store for (see `Effect.readMapTiles`); `generation` tells a
/// late answer from a current one.
public struct MapTileRequest: Hashable, Sendable {
    public let generation: Int
    public let tiles: [MapTileKey]

    /// A request for `tiles`, numbered `generation`.
    public init(generation: Int, tiles: [MapTileKey]) {
        self.generation = generation
        self.tiles = tiles
    }
}

/// What the store answered for a `MapTileRequest`.
public struct MapTileResult: Sendable {
    public let generation: Int
    public let tiles: [MapTileKey: [StoredMapFeature]]
    /// Tiles not read (a newer request came first, or the read failed): asked again when still wanted.
    public let skipped: [MapTileKey]

    /// The store's answer for the request numbered `generation`.
    public init(generation: Int, tiles: [MapTileKey: [StoredMapFeature]], skipped: [MapTileKey] = []) {
        self.generation = generation
        self.tiles = tiles
        self.skipped = skipped
    }
}

/// The map to build from the tiles kept (see `Effect.buildMap`): built beside the run loop, so a pan that
/// brings tiles in does not wait for the map's grid to be made again.
public struct MapBuildRequest: Hashable, Sendable {
    public let generation: Int
    /// The tiles, in ascending order, and their features as read.
    let tiles: [MapTileKey]
    let features: [[StoredMapFeature]]
    let graph: WalkGraph
    let sources: [String]
    /// The reading of the store's map the tiles belong to (`MapTileCache.reading`).
    let reading: Int

    /// The map: each feature once (the copy of the first tile holding it), in stored order.
    public func build() -> BaseMap {
        var seen = Set<Int64>()
        var found: [StoredMapFeature] = []
        found.reserveCapacity(features.reduce(0) { $0 + $1.count })
        // In tile order, so a feature read with several tiles is taken from the same tile each time while that
        // tile is wanted: the next map shares its geometry with this one (cheap to compare when drawing).
        for list in features {
            for stored in list where seen.insert(stored.id).inserted { found.append(stored) }
        }
        found.sort { $0.id < $1.id }
        return BaseMap(features: found.map(\.feature), boxes: found.map(\.bounds), graph: graph, sources: sources,
                       coverage: MapCoverage(reading: reading, tiles: Set(tiles)))
    }

    /// Requests are told apart by their number and tiles (the features are what those tiles held).
    public static func == (a: MapBuildRequest, b: MapBuildRequest) -> Bool { a.generation == b.generation && a.tiles == b.tiles }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        hasher.combine(tiles)
    }
}

/// A map built for a `MapBuildRequest`.
public struct MapBuildResult: Sendable {
    public let generation: Int
    public let map: BaseMap

    /// The map built for the request numbered `generation`.
    public init(generation: Int, map: BaseMap) {
        self.generation = generation
        self.map = map
    }
}

/// The base layer read per view: decoded tiles kept within a bound (least recently wanted first out),
/// the tiles the view wants now, and those asked of the store and not yet answered.
public struct MapTileCache: Sendable {
    /// Feature entries kept at most, beyond the tiles in view (a large feature counts once per tile).
    public static let defaultCapacity = 60_000
    /// True when the base layer comes from the store tile by tile (else `MapState.baseMap` is fixed).
    public internal(set) var readsFromStore = false
    public internal(set) var sources: [String] = []
    public internal(set) var capacity = MapTileCache.defaultCapacity
    /// Kept through `insert` and `trim` only, which keep `featureCount`.
    public private(set) var tiles: [MapTileKey: [StoredMapFeature]] = [:]
    public internal(set) var wanted: Set<MapTileKey> = []
    /// `wanted` in ascending order, as last asked (a pan that keeps it asks for nothing).
    var wantedInOrder: [MapTileKey] = []
    public internal(set) var pending: Set<MapTileKey> = []
    public internal(set) var generation = 0
    /// Answers to reads numbered at or below this were asked before the store's map was read afresh: dropped.
    public internal(set) var readsFrom = 0
    /// The last map build asked for, and the last one drawn: a build still to come while they differ.
    public internal(set) var buildsAsked = 0
    public internal(set) var buildsApplied = 0
    /// Which reading of the store's map the tiles belong to: a new one after the map changed in the store.
    public internal(set) var reading = 0
    /// True when the reader skipped tiles since the tiles wanted were last checked for what is missing.
    var skippedSince = false
    var lastUse: [MapTileKey: Int] = [:]
    var clock = 0
    var lastView: ViewKey?

    /// What decides the tiles wanted: where the map is, its zoom and its size.
    struct ViewKey: Equatable, Sendable {
        let centre: Coordinate
        let zoom: Int
        let width: Int
        let height: Int
    }

    /// True while a map build asked for has not come back.
    public var isBuilding: Bool { buildsAsked > buildsApplied }

    /// Feature entries held.
    public private(set) var featureCount = 0

    /// A cache that reads `sources`' base layer from the store.
    public init(sources: [String], capacity: Int = MapTileCache.defaultCapacity) {
        readsFromStore = !sources.isEmpty
        self.sources = sources
        self.capacity = capacity
    }

    /// A cache that reads nothing (the map is fixed, or nothing was imported).
    public init() {}

    /// Keeps `features` for `tile`, then drops the least recently wanted tiles not in view past the bound.
    mutating func insert(_ tile: MapTileKey, _ features: [StoredMapFeature]) {
        featureCount += features.count - (tiles[tile]?.count ?? 0)
        tiles[tile] = features
        clock += 1
        lastUse[tile] = clock
        trim()
    }

    /// Drops the least recently wanted tiles not in view while more than `capacity` entries are held.
    mutating func trim() {
        guard featureCount > capacity else { return }
        for old in tiles.keys.filter({ !wanted.contains($0) }).sorted(by: { (lastUse[$0] ?? 0) < (lastUse[$1] ?? 0) }) {
            guard featureCount > capacity else { break }
            featureCount -= tiles[old]?.count ?? 0
            tiles[old] = nil
            lastUse[old] = nil
        }
    }
}

extension MainState {
    /// How far around the visible area the view reads ahead, as a share of the view on each side.
    static let readAhead = 0.5

    /// After any action: when the map moved, zoomed or changed size, the tiles it now wants; the map is
    /// rebuilt from those already kept, and those missing are asked of the store, both in the background.
    mutating func wantMapArea() -> [Effect] {
        guard map.tiles.readsFromStore else { return [] }
        let inner = layout.mapInner
        let view = MapTileCache.ViewKey(centre: mapCenter, zoom: zoomIndex, width: inner.width, height: inner.height)
        guard view != map.tiles.lastView, inner.width > 0, inner.height > 0 else { return [] }
        map.tiles.lastView = view
        let margin = (x: Int(Double(inner.width) * (0.5 + Self.readAhead)) + 1, y: Int(Double(inner.height) * (0.5 + Self.readAhead)) + 1)
        let box = boundingBox(cellsFromX: -margin.x, toX: margin.x, fromY: -margin.y, toY: margin.y)
        let area = FeatureBounds(south: box.south, north: box.north, west: box.west, east: box.crossesAntimeridian ? box.east + 360 : box.east)
        let wanted = MapTiling.tiles(covering: area, band: MapTiling.band(metresPerCell: metresPerCell))
        var effects: [Effect] = []
        // A pan within the tiles already wanted changes nothing to draw from.
        if wanted != map.tiles.wantedInOrder {
            let wantedSet = Set(wanted)
            map.tiles.wantedInOrder = wanted
            let arriving = wantedSet.subtracting(map.tiles.wanted)
            map.tiles.wanted = wantedSet
            map.tiles.clock += 1
            for tile in wanted where map.tiles.tiles[tile] != nil { map.tiles.lastUse[tile] = map.tiles.clock }
            map.tiles.trim()
            // Only tiles kept already change what can be drawn now; those still to be read are drawn when they
            // arrive (`mapTilesRead` builds), and tiles left behind are outside the view: building the map
            // once a tile instead of twice is a third of a pan's cost in a city.
            if arriving.contains(where: { map.tiles.tiles[$0] != nil }) { effects.append(buildBaseMap()) }
        } else if !map.tiles.skippedSince {
            // The same tiles, all read or asked already: nothing to ask (most keys of a pan).
            return effects
        }
        map.tiles.skippedSince = false
        let missing = wanted.filter { map.tiles.tiles[$0] == nil && !map.tiles.pending.contains($0) }
        guard !missing.isEmpty else { return effects }
        map.tiles.generation += 1
        map.tiles.pending.formUnion(missing)
        return effects + [.readMapTiles(MapTileRequest(generation: map.tiles.generation, tiles: missing))]
    }

    /// Takes in tiles read from the store: those the view still wants are kept and drawn (once the map is built
    /// again); the rest (the view has moved on) are dropped.
    mutating func mapTilesRead(_ result: MapTileResult) -> [Effect] {
        guard result.generation > map.tiles.readsFrom else { return [] }
        var changed = false
        for tile in result.skipped { map.tiles.pending.remove(tile) }
        if !result.skipped.isEmpty {
            map.tiles.lastView = nil
            map.tiles.skippedSince = true
        }
        for (tile, features) in result.tiles.sorted(by: { $0.key < $1.key }) {
            map.tiles.pending.remove(tile)
            guard map.tiles.wanted.contains(tile) else { continue }
            map.tiles.insert(tile, features)
            changed = true
        }
        return changed ? [buildBaseMap()] : []
    }

    /// Takes in a map built beside the run loop, unless a later one was drawn already.
    mutating func mapBuilt(_ result: MapBuildResult) {
        guard result.generation > map.tiles.buildsApplied, result.generation <= map.tiles.buildsAsked else { return }
        map.tiles.buildsApplied = result.generation
        map.baseMap = result.map
    }

    /// The store's map changed (a fetch stored tiles): read `sources` from it afresh, tile by tile.
    mutating func readMapFromStore(sources: [String]) {
        let builds = map.tiles.buildsAsked, reading = map.tiles.reading, generation = map.tiles.generation
        map.tiles = MapTileCache(sources: sources, capacity: map.tiles.capacity)
        // A read or a build asked for the old tiles and still to come is not taken (the reader numbers on from
        // the last request: a number restarting at 1 would look overtaken); maps built from now on are of
        // another reading (not compared by their tiles with the old ones).
        map.tiles.generation = generation
        map.tiles.readsFrom = generation
        map.tiles.buildsAsked = builds
        map.tiles.buildsApplied = builds
        map.tiles.reading = reading + 1
        map.baseMap = BaseMap(features: [], graph: WalkGraph(edges: []), sources: sources)
    }

    /// The build of the map the views draw: the features of the wanted tiles kept so far, each once, in
    /// stored order (`MapBuildRequest.build`, run beside the run loop; `mapBuilt` takes it in).
    private mutating func buildBaseMap() -> Effect {
        map.tiles.buildsAsked += 1
        let kept = map.tiles.wantedInOrder.filter { map.tiles.tiles[$0] != nil }
        return .buildMap(MapBuildRequest(generation: map.tiles.buildsAsked, tiles: kept, features: kept.map { map.tiles.tiles[$0] ?? [] },
                                         graph: map.baseMap.graph, sources: map.tiles.sources, reading: map.tiles.reading))
    }
}
