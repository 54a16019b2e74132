import Foundation
import Geo

/// The fixed grid the walking graph is stored in (0.005°, about 550 m north–south): an edge is kept in
/// every tile its box meets, so reading the tiles of a box gives every edge with a point inside it.
public enum WalkTiling {
    public static let degrees = 0.005
    /// 180° / `degrees` rows and 360° / `degrees` columns, written out: a constant divisor is a multiplication, where
    /// one computed at start was two integer divisions in every node's tile (a corridor's read).
    static let rows: Int64 = 36_000
    static let columns: Int64 = 72_000
    /// Edges whose box meets more tiles than this are kept once under `longEdges`, read with every corridor.
    public static let maximumTilesPerEdge = 64
    /// The tile key of the stored long edges.
    public static let longEdges: Int64 = -1

    static func row(_ latitude: Double) -> Int64 { max(0, min(rows - 1, Int64(((latitude + 90) / degrees).rounded(.down)))) }
    static func column(_ longitude: Double) -> Int64 { Int64(((longitude + 180) / degrees).rounded(.down)) }
    static func key(_ row: Int64, _ column: Int64) -> Int64 {
        row * columns + ((column % columns) + columns) % columns
    }

    /// Whether a stored point can be a node's (finite, within ±90° and ±180°): anything else is damage, and
    /// has no tile (the conversion to a row or column would trap).
    @inline(__always)
    public static func isOnGlobe(_ latitude: Double, _ longitude: Double) -> Bool {
        abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// The tile holding a point.
    public static func tile(of point: GeoPoint) -> Int64 { key(row(point.latitude), column(point.longitude)) }

    /// The tiles an edge between `a` and `b` is kept in (its box's), or `[longEdges]` for a long one.
    public static func tiles(from a: GeoPoint, to b: GeoPoint) -> [Int64] {
        var tiles: [Int64] = []
        forEachTile(from: a, to: b) { tiles.append($0); return true }
        return tiles
    }

    /// Calls `body` with each tile of `tiles(from:to:)`, in the same order, until it answers false; allocates
    /// nothing (a corridor asks this of every edge that crosses a tile's side).
    @inline(__always)
    public static func forEachTile(from a: GeoPoint, to b: GeoPoint, _ body: (Int64) -> Bool) {
        let ta = tile(of: a), tb = tile(of: b)
        if ta == tb {
            _ = body(ta)
            return
        }
        var bLongitude = b.longitude
        while bLongitude - a.longitude > 180 { bLongitude -= 360 }
        while a.longitude - bLongitude > 180 { bLongitude += 360 }
        let rows = row(min(a.latitude, b.latitude))...row(max(a.latitude, b.latitude))
        let columns = column(min(a.longitude, bLongitude))...column(max(a.longitude, bLongitude))
        if rows.count * columns.count > maximumTilesPerEdge {
            _ = body(longEdges)
            return
        }
        for r in rows {
            for c in columns where !body(key(r, c)) { return }
        }
    }

    /// The box of points no further than `metres` (on the lower-bound sphere, so never too small) from `centre`.
    public static func box(around centre: Coordinate, metres: Double) -> FeatureBounds {
        let angle = metres / Router.lowerBoundRadius
        let degreesOff = angle * 180 / .pi
        let south = centre.latitude - degreesOff, north = centre.latitude + degreesOff
        if south <= -90 || north >= 90 || angle >= .pi / 2 {
            return FeatureBounds(south: max(-90, south), north: min(90, north), west: -180, east: 180)
        }
        let ratio = sin(angle) / cos(centre.latitude * .pi / 180)
        let spread = ratio >= 1 ? 180 : asin(ratio) * 180 / .pi
        return FeatureBounds(south: south, north: north, west: centre.longitude - spread, east: centre.longitude + spread)
    }
}

/// The tiles read so far, as rectangles of rows and columns (columns unwrapped): which tiles a box still
/// needs, and whether a tile was read (to take each edge from one tile only).
public struct WalkTileSet: Sendable {
    struct Rectangle: Sendable, Equatable {
        var rows: ClosedRange<Int64>, columns: ClosedRange<Int64>
        func contains(row: Int64, column: Int64) -> Bool {
            rows.contains(row) && (columns.contains(column) || columns.contains(column + WalkTiling.columns)
                                   || columns.contains(column - WalkTiling.columns))
        }
    }
    private(set) var rectangles: [Rectangle] = []
    /// Tiles read one by one (by a search reaching them), apart from the rectangles.
    private(set) var singles = Set<Int64>()
    /// Whether the long edges were read (with the first box).
    public private(set) var hasLongEdges = false
    /// Every tile (for a graph read whole).
    public private(set) var isEverything = false

    public init() {}

    public static var everything: WalkTileSet {
        var set = WalkTileSet()
        set.isEverything = true
        set.hasLongEdges = true
        return set
    }

    static func rectangle(_ box: FeatureBounds) -> Rectangle {
        let west = WalkTiling.column(box.west)
        let east = max(west, min(WalkTiling.column(box.east), west + WalkTiling.columns - 1))
        return Rectangle(rows: WalkTiling.row(box.south)...WalkTiling.row(box.north), columns: west...east)
    }

    public func contains(_ tile: Int64) -> Bool {
        if isEverything { return true }
        if tile == WalkTiling.longEdges { return hasLongEdges }
        if singles.contains(tile) { return true }
        let row = tile / WalkTiling.columns, column = tile % WalkTiling.columns
        return rectangles.contains { $0.contains(row: row, column: column) }
    }

    /// Whether every tile of `box` was read.
    public func covers(_ box: FeatureBounds) -> Bool {
        if isEverything { return true }
        guard !box.isEmpty else { return true }
        let wanted = Self.rectangle(box)
        return rectangles.contains { $0.rows.contains(wanted.rows.lowerBound) && $0.rows.contains(wanted.rows.upperBound)
            && $0.columns.contains(wanted.columns.lowerBound) && $0.columns.contains(wanted.columns.upperBound) }
    }

    /// Adds one tile; false when it was read before.
    public mutating func add(tile: Int64) -> Bool {
        guard !contains(tile) else { return false }
        singles.insert(tile)
        return true
    }

    /// Adds the tiles of `box`; returns the key ranges of those not read before (with the long edges the first time).
    public mutating func add(_ box: FeatureBounds) -> [ClosedRange<Int64>] {
        guard !box.isEmpty, !isEverything else { return [] }
        let new = Self.rectangle(box)
        var ranges: [ClosedRange<Int64>] = []
        if !hasLongEdges {
            ranges.append(WalkTiling.longEdges...WalkTiling.longEdges)
            hasLongEdges = true
        }
        for row in new.rows {
            // The columns of this row not yet read: the new span minus the spans read before.
            var free: [ClosedRange<Int64>] = [new.columns]
            for old in rectangles where old.rows.contains(row) {
                for shift in [-WalkTiling.columns, 0, WalkTiling.columns] {
                    let taken = (old.columns.lowerBound + shift)...(old.columns.upperBound + shift)
                    free = free.flatMap { span -> [ClosedRange<Int64>] in
                        guard span.overlaps(taken) else { return [span] }
                        var rest: [ClosedRange<Int64>] = []
                        if span.lowerBound < taken.lowerBound { rest.append(span.lowerBound...(taken.lowerBound - 1)) }
                        if span.upperBound > taken.upperBound { rest.append((taken.upperBound + 1)...span.upperBound) }
                        return rest
                    }
                }
            }
            for span in free {
                let low = ((span.lowerBound % WalkTiling.columns) + WalkTiling.columns) % WalkTiling.columns
                let high = low + (span.upperBound - span.lowerBound)
                if high < WalkTiling.columns {
                    ranges.append(WalkTiling.key(row, low)...WalkTiling.key(row, high))
                } else {
                    ranges.append(WalkTiling.key(row, low)...WalkTiling.key(row, WalkTiling.columns - 1))
                    ranges.append(WalkTiling.key(row, 0)...WalkTiling.key(row, high - WalkTiling.columns))
                }
            }
        }
        rectangles.append(new)
        guard !singles.isEmpty else { return ranges }
        // Tiles a search read one by one are not read again: the ranges are cut around them.
        return ranges.flatMap { range -> [ClosedRange<Int64>] in
            var rest: [ClosedRange<Int64>] = []
            var low = range.lowerBound
            for tile in singles.filter({ range.contains($0) }).sorted() {
                if low < tile { rest.append(low...(tile - 1)) }
                low = tile + 1
            }
            if low <= range.upperBound { rest.append(low...range.upperBound) }
            return rest
        }
    }
}
