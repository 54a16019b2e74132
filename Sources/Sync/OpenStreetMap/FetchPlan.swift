import Cartography
import Catalog
import Foundation
import Geo

/// The order of a fetch around a point (issue 30, "the first minute anywhere"): the artworks of the whole radius in
/// one small question, then the streets in as few questions as the service allows — one box for the area on screen,
/// then the rest of the radius in boxes of at most `maxBlockTiles` tiles, nearest first. Each box's answer is split
/// into the store's 0.01° tiles on arrival, so refreshing, ageing and evicting stay by tile.
public struct FetchPlan: Sendable, Equatable {
    /// One question for the streets: the box asked, and the stale tiles whose contents its answer gives.
    public struct Block: Sendable, Equatable {
        public var tiles: [MapTile]
        public var bounds: FeatureBounds
    }

    /// The most tiles one box may span: at 60° N about 3.3 × 2.2 km, an answer of a few MB in a dense centre.
    public static let maxBlockTiles = 25

    public var blocks: [Block]

    /// The blocks for `stale` tiles around `center`: those meeting `screenRadius` first (one box), then the rest.
    /// Across the antimeridian each side is planned alone (no box straddles ±180°; issue 43: such a fetch was asked
    /// tile by tile, 100 queries instead of about 6), the screen's boxes of both sides first. Nil round a pole (the
    /// tiles of every longitude: asked tile by tile, as before).
    public static func plan(stale: [MapTile], center: Coordinate, screenRadius: Double) -> FetchPlan? {
        guard !stale.isEmpty else { return FetchPlan(blocks: []) }
        let near = Set(MapTile.covering(center, radius: min(screenRadius, 5_000)))
        guard let sides = sides(of: stale) else { return nil }
        let planned = sides.map { plan(side: $0, near: near) }
        let rest = planned.flatMap(\.rest).sorted { a, b in distance(a.bounds, center) < distance(b.bounds, center) }
        return FetchPlan(blocks: planned.flatMap(\.first) + rest)
    }

    /// The tiles as one run of columns, or (across the antimeridian) two, east of it first; nil when a run is wider
    /// than 1,000 columns (round a pole).
    static func sides(of tiles: [MapTile]) -> [[MapTile]]? {
        func narrow(_ side: [MapTile]) -> Bool {
            let columns = side.map(\.column)
            guard let low = columns.min(), let high = columns.max() else { return true }
            return high - low < 1_000
        }
        if narrow(tiles) { return [tiles] }
        let sides = [tiles.filter { $0.column >= 0 }, tiles.filter { $0.column < 0 }]
        guard sides.allSatisfy(narrow) else { return nil }
        return sides.filter { !$0.isEmpty }
    }

    /// The boxes of the artworks' question for `tiles`: one, or one each side of the antimeridian.
    public static func artworkBoxes(of tiles: [MapTile]) -> [FeatureBounds] {
        (sides(of: tiles) ?? [tiles]).filter { !$0.isEmpty }.map { bounds(of: $0) }
    }

    /// One side's boxes: the screen's (one box) and the rest.
    private static func plan(side stale: [MapTile], near: Set<MapTile>) -> (first: [Block], rest: [Block]) {
        let first = stale.filter { near.contains($0) }
        let rest = stale.filter { !near.contains($0) }
        let head = first.isEmpty ? [] : [block(first)]
        guard !rest.isEmpty else { return (head, []) }
        if box(of: rest).count <= maxBlockTiles { return (head, [block(rest)]) }
        // A wide fetch: squares of 5 × 5 tiles, nearest first.
        var groups: [MapTile: [MapTile]] = [:]
        for tile in rest {
            let key = MapTile(row: Int((Double(tile.row) / 5).rounded(.down)), column: Int((Double(tile.column) / 5).rounded(.down)))
            groups[key, default: []].append(tile)
        }
        return (head, groups.values.map { block($0) })
    }

    private static func box(of tiles: [MapTile]) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>, count: Int) {
        let rows = tiles.map(\.row), columns = tiles.map(\.column)
        let r = (rows.min() ?? 0)...(rows.max() ?? 0), c = (columns.min() ?? 0)...(columns.max() ?? 0)
        return (r, c, r.count * c.count)
    }

    private static func block(_ tiles: [MapTile]) -> Block {
        let span = box(of: tiles)
        let bounds = FeatureBounds(south: Double(span.rows.lowerBound) / MapTile.perDegree, north: Double(span.rows.upperBound + 1) / MapTile.perDegree,
                                   west: Double(span.columns.lowerBound) / MapTile.perDegree, east: Double(span.columns.upperBound + 1) / MapTile.perDegree)
        return Block(tiles: tiles.sorted(), bounds: bounds)
    }

    private static func distance(_ box: FeatureBounds, _ center: Coordinate) -> Double {
        let lat = (box.south + box.north) / 2, lon = (box.west + box.east) / 2
        // Longitudes the short way round: a box just across the antimeridian is near, not 360° away.
        var across = lon - center.longitude
        if across > 180 { across -= 360 } else if across < -180 { across += 360 }
        let dy = lat - center.latitude, dx = across * cos(center.latitude * .pi / 180)
        return dx * dx + dy * dy
    }

    /// The box all `tiles` span together.
    public static func bounds(of tiles: [MapTile]) -> FeatureBounds { block(tiles).bounds }

    /// The tile holding a point (as `MapTile(containing:)`, without making a `Coordinate`).
    static func tile(of point: GeoPoint) -> MapTile {
        MapTile(row: Int((point.latitude * MapTile.perDegree).rounded(.down)),
                column: Int((min(point.longitude, 179.999_999) * MapTile.perDegree).rounded(.down)))
    }

    /// The artworks of an artworks' answer, and how many of its elements were skipped for a number out of range.
    public struct ArtworkAnswer: Sendable, Equatable {
        public var artworks: [Artwork] = []
        /// Elements whose id is not a whole number of 64 bits or whose position is not on the Earth (1e19, 1e999, NaN).
        public var skipped = 0
        /// The first skipped element, as the answer gave it ("node 1e+19"), for the message.
        public var firstSkipped: String?
    }

    /// The artworks of an `[out:json]` answer to `OverpassClient.artworkQuery`: nodes at their place, ways and
    /// relations at their `center`. Every number is checked before it is converted: an element whose id is not a
    /// whole 64-bit number or whose position is off the Earth is skipped and counted. Throws `SyncError` when the
    /// answer is not that JSON.
    public static func artworks(fromJSON data: Data) throws -> ArtworkAnswer {
        if data.first == UInt8(ascii: "<") {
            // OSM XML instead of JSON: read only when it holds no element (an empty area); else it is not what was asked.
            guard data.range(of: Data("<node".utf8)) == nil, data.range(of: Data("<way".utf8)) == nil,
                  data.range(of: Data("<relation".utf8)) == nil else {
                throw SyncError(url: nil, "Overpass API: the artworks' answer is OSM XML, not the JSON asked for")
            }
            return ArtworkAnswer()
        }
        let value: JSONValue
        do { value = try JSONValue.parse(data) } catch {
            throw SyncError(url: nil, "Overpass API: the artworks' answer is not JSON artmap can read (\(error))")
        }
        guard case .object(let root) = value, case .array(let elements)? = root["elements"] else {
            throw SyncError(url: nil, "Overpass API: the artworks' answer has no elements")
        }
        var answer = ArtworkAnswer()
        var found: [String: Artwork] = [:]
        for element in elements {
            guard case .object(let object) = element, case .string(let type)? = object["type"], case .number(let number)? = object["id"] else { continue }
            func skip() {
                answer.skipped += 1
                if answer.firstSkipped == nil { answer.firstSkipped = "\(DisplayText.clean(String(type.prefix(20)))) \(number)" }
            }
            // 1e19, -1e19, 1e300, 1e999 (infinite) and 1.5 are no element id: never converted, only counted.
            guard let id = Int64(exactly: number) else { skip(); continue }
            guard case .object(let tagObject)? = object["tags"] else { continue }
            var tags: [String: String] = [:]
            for (key, value) in tagObject.members { if case .string(let text) = value { tags[key] = text } }
            guard MapTags.isArtwork(tags) else { continue }
            var place = object
            if type != "node", case .object(let center)? = object["center"] { place = center }
            guard case .number(let lat)? = place["lat"], case .number(let lon)? = place["lon"] else { continue }
            guard let coordinate = try? Coordinate(latitude: lat, longitude: lon) else { skip(); continue }
            let key = "\(type)/\(id)"
            found[key] = MapTags.artwork(id: key, tags: tags, at: coordinate, collection: CollectionID.osm.name)
        }
        answer.artworks = found.keys.sorted().compactMap { found[$0] }
        return answer
    }
}

/// Holds what one box's answer builds, to hand out tile by tile: each feature to the stored tile holding its first
/// point among them, each walking edge to the stored tile of one of its ends; what lies only in tiles not being
/// stored (fresh ones, or the area on screen stored before) is left out.
final class BlockSplitter: MapImportSink {
    private let tiles: Set<MapTile>
    private(set) var features: [MapTile: [MapFeature]] = [:]
    private(set) var edges: [MapTile: [WalkEdge]] = [:]

    init(tiles: [MapTile]) { self.tiles = Set(tiles) }

    func add(_ feature: MapFeature) throws {
        for part in feature.parts {
            for point in part {
                let tile = FetchPlan.tile(of: point)
                if tiles.contains(tile) {
                    features[tile, default: []].append(feature)
                    return
                }
            }
        }
    }

    func add(_ edge: WalkEdge) throws {
        let from = FetchPlan.tile(of: edge.fromPoint), to = FetchPlan.tile(of: edge.toPoint)
        if tiles.contains(from) { edges[from, default: []].append(edge) } else if tiles.contains(to) { edges[to, default: []].append(edge) }
    }

    /// Replays one tile's share into the store's sink.
    func replay(_ tile: MapTile, into sink: MapImportSink) throws -> MapImportResult {
        var result = MapImportResult()
        for feature in features[tile] ?? [] { try sink.add(feature) }
        for edge in edges[tile] ?? [] { try sink.add(edge) }
        result.features = features[tile]?.count ?? 0
        result.edges = edges[tile]?.count ?? 0
        return result
    }
}
