import Geo

/// The imported base layer in memory, read-only and shared: features in a grid by zoom band, so a frame
/// asks only for what is in view and big enough for the zoom, and the walking graph for routes.
public final class BaseMap: Sendable {
    public let features: [MapFeature]
    public let graph: WalkGraph
    /// The sources imported ("helsinki"), for the attribution line.
    public let sources: [String]
    private let boxes: [FeatureBounds]
    private let bands: [Band]

    /// One grid per zoom band: kinds still drawn at `coarsest` metres per cell and finer.
    private struct Band: Sendable {
        let coarsest: Double
        let cells: [Int: [Int32]]
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
    public init(features: [MapFeature], boxes: [FeatureBounds], graph: WalkGraph, sources: [String]) {
        precondition(boxes.count == features.count, "a box for every feature")
        self.features = features
        self.graph = graph
        self.sources = sources
        self.boxes = boxes
        var cellsByBand = Array(repeating: [Int: [Int32]](), count: Self.bandLimits.count)
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
                for column in columns { cellsByBand[band][Self.key(row, column), default: []].append(Int32(index)) }
            }
        }
        bands = Self.bandLimits.indices.map { Band(coarsest: Self.bandLimits[$0], cells: cellsByBand[$0], large: largeByBand[$0]) }
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
            if rows.count * columnRange.count <= band.cells.count {
                for row in rows {
                    for column in columnRange {
                        // Columns past ±180 (a view across the antimeridian) look up their wrapped twin too.
                        for wrapped in [column, column - Self.cellsAround, column + Self.cellsAround] {
                            if let list = band.cells[Self.key(row, wrapped)] { found.append(contentsOf: list) }
                        }
                    }
                }
            } else {
                for list in band.cells.values { found.append(contentsOf: list) }
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

    /// The box of feature `index`.
    public func bounds(of index: Int) -> FeatureBounds { boxes[index] }

    static let cellsAround = Int((360 / cellDegrees).rounded())

    static func cell(_ degrees: Double) -> Int { Int((degrees / cellDegrees).rounded(.down)) }
    static func key(_ row: Int, _ column: Int) -> Int { row &* 1_000_003 &+ column }

    static func meets(_ a: FeatureBounds, _ b: FeatureBounds) -> Bool {
        guard a.south <= b.north, a.north >= b.south else { return false }
        for shift in [0.0, 360, -360] where a.west + shift <= b.east && a.east + shift >= b.west { return true }
        return false
    }
}
