import Geo

/// The imported base layer in memory, read-only and shared: features in a grid by zoom band, so a frame
/// asks only for what is in view and big enough for the zoom, and the walking graph for routes.
public final class BaseMap: Sendable {
    public let features: [MapFeature]
    public let graph: WalkGraph
    /// The sources imported ("helsinki"), for the attribution line.
    public let sources: [String]
    /// The tiles the map was built from, when the view built it from the store's tiles (else nil).
    public let coverage: MapCoverage?
    private let boxes: [FeatureBounds]
    private let bands: [Band]
    /// The landmarks (museums, galleries), few in any map: drawn as symbols without drawing the rest again.
    private let landmarkIndices: [Int]
    /// The boxes of long lines' stretches (`stretches(of:part:)`), by feature, then part.
    private let stretchBoxes: [Int: [[FeatureBounds]]]

    /// Points a stretch of a long line holds (a line of more than twice as many is cut into stretches).
    public static let stretchPoints = 16

    /// One grid per zoom band: kinds still drawn at `coarsest` metres per cell and finer.
    private struct Band: Sendable {
        let coarsest: Double
        let cells: CellLists
        /// Features spanning more grid cells than is worth listing: checked on every query of the band.
        let large: [Int32]
    }

    static let cellDegrees = 0.01
    static let bandLimits: [Double] = [20, 60, 300, 20_000]

    public convenience init(features: [MapFeature], graph: WalkGraph, sources: [String]) {
        self.init(features: features, boxes: features.map(\.bounds), graph: graph, sources: sources)
    }

    /// A map of `features` whose boxes are known already (`boxes[i]` is `features[i].bounds`): the view
    /// rebuilds its map from tiles whose features' boxes were found when they were read.
    public init(features: [MapFeature], boxes: [FeatureBounds], graph: WalkGraph, sources: [String], coverage: MapCoverage? = nil) {
        precondition(boxes.count == features.count, "a box for every feature")
        self.coverage = coverage
        self.features = features
        self.graph = graph
        self.sources = sources
        self.boxes = boxes
        landmarkIndices = features.indices.filter { features[$0].kind == .landmark }
        var stretches: [Int: [[FeatureBounds]]] = [:]
        for (index, feature) in features.enumerated() where !feature.kind.isArea {
            guard feature.parts.contains(where: { $0.count > 2 * Self.stretchPoints }) else { continue }
            stretches[index] = feature.parts.map(Self.stretchBoxes)
        }
        stretchBoxes = stretches
        var entriesByBand = Array(repeating: [CellLists.Entry](), count: Self.bandLimits.count)
        var largeByBand = Array(repeating: [Int32](), count: Self.bandLimits.count)
        for (index, feature) in features.enumerated() {
            let band = Self.bandLimits.firstIndex { $0 >= feature.kind.coarsestMetresPerCell } ?? Self.bandLimits.count - 1
            let box = boxes[index]
            guard !box.isEmpty else { continue }
            let rows = Self.cell(box.south)...Self.cell(box.north)
            let columns = Self.cell(box.west)...Self.cell(box.east)
            if rows.count * columns.count > 64 {
                largeByBand[band].append(Int32(index))
                continue
            }
            for row in rows {
                for column in columns { entriesByBand[band].append(CellLists.Entry(row: row, column: column, index: Int32(index))) }
            }
        }
        bands = Self.bandLimits.indices.map { Band(coarsest: Self.bandLimits[$0], cells: CellLists(entriesByBand[$0]), large: largeByBand[$0]) }
    }

    /// An empty map: no features, no graph.
    public static let empty = BaseMap(features: [], graph: WalkGraph(edges: []), sources: [])

    public var isEmpty: Bool { features.isEmpty }

    /// Indices of the features whose boxes meet `view` and that are drawn at `metresPerCell`, in
    /// ascending order (stable draw order). The cost follows what is in view, not what was imported.
    public func features(in view: FeatureBounds, metresPerCell: Double) -> [Int] {
        var found: [Int32] = []
        let rows = Self.cell(view.south)...Self.cell(view.north)
        let columnRange = Self.cell(view.west)...Self.cell(view.east)
        for band in bands where band.coarsest >= metresPerCell {
            if rows.count * columnRange.count <= band.cells.listCount {
                for row in rows {
                    for column in columnRange {
                        // Columns past ±180 (a view across the antimeridian) look up their wrapped twin too.
                        band.cells.append(row: row, column: column, to: &found)
                        band.cells.append(row: row, column: column - Self.cellsAround, to: &found)
                        band.cells.append(row: row, column: column + Self.cellsAround, to: &found)
                    }
                }
            } else {
                band.cells.appendAll(to: &found)
            }
            found.append(contentsOf: band.large)
        }
        found.sort()
        var result: [Int] = []
        result.reserveCapacity(found.count)
        var previous: Int32 = -1
        for index in found where index != previous {
            previous = index
            let i = Int(index)
            guard features[i].kind.coarsestMetresPerCell >= metresPerCell, Self.meets(boxes[i], view) else { continue }
            result.append(i)
        }
        return result
    }

    /// Indices of the landmarks whose boxes meet `view` and that are drawn at `metresPerCell`, ascending.
    public func landmarks(in view: FeatureBounds, metresPerCell: Double) -> [Int] {
        landmarkIndices.filter { features[$0].kind.coarsestMetresPerCell >= metresPerCell && Self.meets(boxes[$0], view) }
    }

    /// The boxes of part `part` of line `index` cut into stretches: stretch `k` holds the points
    /// `k * stretchPoints ... (k + 1) * stretchPoints` (the segments ending after its first point). Empty for
    /// a short line or an area. Found when the map is built (beside the run loop, in the view), so a strip
    /// drawn after a pan skips a long street's stretches that cannot reach it without looking at their points.
    public func stretches(of index: Int, part: Int) -> [FeatureBounds] {
        guard let parts = stretchBoxes[index], part >= 0, part < parts.count else { return [] }
        return parts[part]
    }

    private static func stretchBoxes(_ points: [GeoPoint]) -> [FeatureBounds] {
        guard points.count > 2 * stretchPoints else { return [] }
        var boxes: [FeatureBounds] = []
        boxes.reserveCapacity((points.count + stretchPoints - 1) / stretchPoints)
        var start = 0
        while start < points.count - 1 {
            var box = FeatureBounds(south: .infinity, north: -.infinity, west: .infinity, east: -.infinity)
            for p in points[start...min(points.count - 1, start + stretchPoints)] {
                box.south = min(box.south, p.latitude)
                box.north = max(box.north, p.latitude)
                box.west = min(box.west, p.longitude)
                box.east = max(box.east, p.longitude)
            }
            boxes.append(box)
            start += stretchPoints
        }
        return boxes
    }

    /// The box of feature `index`.
    public func bounds(of index: Int) -> FeatureBounds { boxes[index] }

    static let cellsAround = Int((360 / cellDegrees).rounded())

    static func cell(_ degrees: Double) -> Int { Int((degrees / cellDegrees).rounded(.down)) }

    static func meets(_ a: FeatureBounds, _ b: FeatureBounds) -> Bool {
        guard a.south <= b.north, a.north >= b.south else { return false }
        for shift in [0.0, 360, -360] where a.west + shift <= b.east && a.east + shift >= b.west { return true }
        return false
    }
}

/// Feature indices listed by grid cell (row, column), built in one go: over the entries' extent as flat
/// arrays (a count pass, then a fill, no hashing) when that extent is not much larger than the entries,
/// else in a dictionary (features imported far apart). The view builds a map whenever tiles arrive (beside
/// its run loop), so the build is on the way of every pan.
struct CellLists: Sendable {
    /// One feature in one cell.
    struct Entry {
        let row: Int
        let column: Int
        let index: Int32
    }

    /// The flat layout: cell (row, column) lists `indices[starts[c] ..< starts[c + 1]]`, where
    /// c = (row - firstRow) * columns + (column - firstColumn).
    private struct Flat: Sendable {
        let firstRow: Int
        let firstColumn: Int
        let rows: Int
        let columns: Int
        let starts: [Int32]
        let indices: [Int32]
    }

    private let flat: Flat?
    private let spread: [Int: [Int32]]
    /// Cells with a list (a query over more cells than this reads every list instead).
    let listCount: Int

    init(_ entries: [Entry]) {
        guard let first = entries.first else {
            flat = nil
            spread = [:]
            listCount = 0
            return
        }
        var (top, bottom, left, right) = (first.row, first.row, first.column, first.column)
        for entry in entries {
            top = min(top, entry.row)
            bottom = max(bottom, entry.row)
            left = min(left, entry.column)
            right = max(right, entry.column)
        }
        let rows = bottom - top + 1, columns = right - left + 1
        if rows <= 1 << 20, columns <= 1 << 20, rows * columns <= 4 * entries.count + 4096 {
            var starts = [Int32](repeating: 0, count: rows * columns + 1)
            for entry in entries { starts[(entry.row - top) * columns + (entry.column - left) + 1] += 1 }
            var filled = 0
            for c in 1..<starts.count {
                if starts[c] > 0 { filled += 1 }
                starts[c] += starts[c - 1]
            }
            var next = starts
            var indices = [Int32](repeating: 0, count: entries.count)
            for entry in entries {
                let c = (entry.row - top) * columns + (entry.column - left)
                indices[Int(next[c])] = entry.index
                next[c] += 1
            }
            flat = Flat(firstRow: top, firstColumn: left, rows: rows, columns: columns, starts: starts, indices: indices)
            spread = [:]
            listCount = filled
        } else {
            var lists: [Int: [Int32]] = [:]
            for entry in entries { lists[Self.key(entry.row, entry.column), default: []].append(entry.index) }
            flat = nil
            spread = lists
            listCount = lists.count
        }
    }

    /// Appends the list of cell (row, column), if any.
    func append(row: Int, column: Int, to found: inout [Int32]) {
        if let flat {
            let r = row - flat.firstRow, c = column - flat.firstColumn
            guard r >= 0, r < flat.rows, c >= 0, c < flat.columns else { return }
            let cell = r * flat.columns + c
            let from = Int(flat.starts[cell]), to = Int(flat.starts[cell + 1])
            if from < to { found.append(contentsOf: flat.indices[from..<to]) }
        } else if let list = spread[Self.key(row, column)] {
            found.append(contentsOf: list)
        }
    }

    /// Appends every list (a feature in several cells, several times).
    func appendAll(to found: inout [Int32]) {
        if let flat {
            found.append(contentsOf: flat.indices)
        } else {
            for list in spread.values { found.append(contentsOf: list) }
        }
    }

    private static func key(_ row: Int, _ column: Int) -> Int { row &* 1_000_003 &+ column }
}

/// The store's tiles a map was built from, within one reading of the store's map (`reading` changes when the
/// map is read afresh, after a fetch): two maps of one reading that both hold every tile covering an area
/// hold the same features there, as each tile holds every feature whose box meets it.
public struct MapCoverage: Sendable {
    public let reading: Int
    public let tiles: Set<MapTileKey>

    /// The tiles of reading `reading`.
    public init(reading: Int, tiles: Set<MapTileKey>) {
        self.reading = reading
        self.tiles = tiles
    }

    /// Whether both coverages are of one reading and hold every tile of `band` covering `area`.
    public func sameFeatures(as other: MapCoverage, in area: FeatureBounds, band: Int) -> Bool {
        guard reading == other.reading else { return false }
        let covering = MapTiling.tiles(covering: area, band: band)
        return !covering.isEmpty && covering.allSatisfy { tiles.contains($0) && other.tiles.contains($0) }
    }
}
