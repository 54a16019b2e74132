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

/// The base layer read per view: decoded tiles kept within a bound (least recently wanted first out),
/// the tiles the view wants now, and those asked of the store and not yet answered.
public struct MapTileCache: Sendable {
    /// Feature entries kept at most, beyond the tiles in view (a large feature counts once per tile).
    public static let defaultCapacity = 60_000
    /// True when the base layer comes from the store tile by tile (else `MainState.baseMap` is fixed).
    public internal(set) var readsFromStore = false
    public internal(set) var sources: [String] = []
    public internal(set) var capacity = MapTileCache.defaultCapacity
    public internal(set) var tiles: [MapTileKey: [StoredMapFeature]] = [:]
    public internal(set) var wanted: Set<MapTileKey> = []
    /// `wanted` in ascending order, as last asked (a pan that keeps it asks for nothing).
    var wantedInOrder: [MapTileKey] = []
    public internal(set) var pending: Set<MapTileKey> = []
    public internal(set) var generation = 0
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

    /// Feature entries held.
    public var featureCount: Int { tiles.values.reduce(0) { $0 + $1.count } }

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
        tiles[tile] = features
        clock += 1
        lastUse[tile] = clock
        trim()
    }

    /// Drops the least recently wanted tiles not in view while more than `capacity` entries are held.
    mutating func trim() {
        var count = featureCount
        guard count > capacity else { return }
        for old in tiles.keys.filter({ !wanted.contains($0) }).sorted(by: { (lastUse[$0] ?? 0) < (lastUse[$1] ?? 0) }) {
            guard count > capacity else { break }
            count -= tiles[old]?.count ?? 0
            tiles[old] = nil
            lastUse[old] = nil
        }
    }
}

extension MainState {
    /// How far around the visible area the view reads ahead, as a share of the view on each side.
    static let readAhead = 0.5

    /// After any action: when the map moved, zoomed or changed size, the tiles it now wants; the map is
    /// rebuilt from those already kept, and those missing are asked of the store in the background.
    mutating func wantMapArea() -> [Effect] {
        guard mapTiles.readsFromStore else { return [] }
        let inner = layout.mapInner
        let view = MapTileCache.ViewKey(centre: mapCenter, zoom: zoomIndex, width: inner.width, height: inner.height)
        guard view != mapTiles.lastView, inner.width > 0, inner.height > 0 else { return [] }
        mapTiles.lastView = view
        let margin = (x: Int(Double(inner.width) * (0.5 + Self.readAhead)) + 1, y: Int(Double(inner.height) * (0.5 + Self.readAhead)) + 1)
        let box = boundingBox(cellsFromX: -margin.x, toX: margin.x, fromY: -margin.y, toY: margin.y)
        let area = FeatureBounds(south: box.south, north: box.north, west: box.west, east: box.crossesAntimeridian ? box.east + 360 : box.east)
        let wanted = MapTiling.tiles(covering: area, band: MapTiling.band(metresPerCell: metresPerCell))
        // A pan within the tiles already wanted changes nothing to draw from.
        if wanted != mapTiles.wantedInOrder {
            let wantedSet = Set(wanted)
            mapTiles.wantedInOrder = wanted
            let arriving = wantedSet.subtracting(mapTiles.wanted)
            mapTiles.wanted = wantedSet
            mapTiles.clock += 1
            for tile in wanted where mapTiles.tiles[tile] != nil { mapTiles.lastUse[tile] = mapTiles.clock }
            mapTiles.trim()
            // Only tiles kept already change what can be drawn now; those still to be read are drawn when they
            // arrive (`mapTilesRead` rebuilds), and tiles left behind are outside the view: building the map
            // once a tile instead of twice is a third of a pan's cost in a city.
            if arriving.contains(where: { mapTiles.tiles[$0] != nil }) { rebuildBaseMap() }
        }
        let missing = wanted.filter { mapTiles.tiles[$0] == nil && !mapTiles.pending.contains($0) }
        guard !missing.isEmpty else { return [] }
        mapTiles.generation += 1
        mapTiles.pending.formUnion(missing)
        return [.readMapTiles(MapTileRequest(generation: mapTiles.generation, tiles: missing))]
    }

    /// Takes in tiles read from the store: those the view still wants are kept and drawn; the rest (the view
    /// has moved on) are dropped.
    mutating func mapTilesRead(_ result: MapTileResult) {
        var changed = false
        for tile in result.skipped { mapTiles.pending.remove(tile) }
        if !result.skipped.isEmpty { mapTiles.lastView = nil }
        for (tile, features) in result.tiles.sorted(by: { $0.key < $1.key }) {
            mapTiles.pending.remove(tile)
            guard mapTiles.wanted.contains(tile) else { continue }
            mapTiles.insert(tile, features)
            changed = true
        }
        if changed { rebuildBaseMap() }
    }

    /// The store's map changed (a fetch stored tiles): read `sources` from it afresh, tile by tile.
    mutating func readMapFromStore(sources: [String]) {
        mapTiles = MapTileCache(sources: sources, capacity: mapTiles.capacity)
        baseMap = BaseMap(features: [], graph: WalkGraph(edges: []), sources: sources)
    }

    /// The map the views draw: the features of the wanted tiles kept so far, each once, in stored order.
    private mutating func rebuildBaseMap() {
        var seen = Set<Int64>()
        var found: [StoredMapFeature] = []
        // In tile order, so a feature read with several tiles is taken from the same tile each time while that
        // tile is wanted: the rebuilt map shares its geometry with the last one (cheap to compare when drawing).
        for tile in mapTiles.wantedInOrder {
            for stored in mapTiles.tiles[tile] ?? [] where seen.insert(stored.id).inserted { found.append(stored) }
        }
        found.sort { $0.id < $1.id }
        baseMap = BaseMap(features: found.map(\.feature), boxes: found.map(\.bounds), graph: baseMap.graph, sources: mapTiles.sources)
    }
}
