import Geo

/// One tile of the base layer as the view reads it from the store: a zoom band and a cell of that band's
/// grid (rows from the south pole, columns from the antimeridian).
public struct MapTileKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let band: Int
    public let row: Int
    public let column: Int

    /// The tile at `row` and `column` of `band`'s grid.
    public init(band: Int, row: Int, column: Int) {
        self.band = band
        self.row = row
        self.column = column
    }

    /// Band, then row, then column.
    public static func < (a: MapTileKey, b: MapTileKey) -> Bool { (a.band, a.row, a.column) < (b.band, b.row, b.column) }
    public var description: String { "\(band)/\(row)/\(column)" }
}

/// A feature as stored, with its row id: a large feature read with several tiles is kept once.
public struct StoredMapFeature: Sendable {
    public let id: Int64
    public let feature: MapFeature
    /// The feature's box, found once as it is read (beside the run loop), not each time a map is built.
    public let bounds: FeatureBounds

    /// `feature`, stored under row `id`.
    public init(id: Int64, feature: MapFeature) {
        self.id = id
        self.feature = feature
        bounds = feature.bounds
    }
}

/// The tiles the view reads the base layer by: one band per coarsest zoom a kind is drawn at, so a band
/// reads exactly the kinds drawn at its zooms, each band a grid of tiles a fraction of a screen wide.
public enum MapTiling {
    /// The bands' coarsest zoom in metres per cell: every distinct `FeatureKind.coarsestMetresPerCell`.
    public static let bandLimits: [Double] = Array(Set(FeatureKind.allCases.map(\.coarsestMetresPerCell))).sorted()
    /// Tile size in degrees per band: about 1 km at street level, hundreds of km for the motorways.
    public static let tileDegrees: [Double] = [0.01, 0.01, 0.03, 0.15, 0.5, 1.0, 8.0]

    /// The band read at `metresPerCell`.
    public static func band(metresPerCell: Double) -> Int {
        bandLimits.firstIndex { $0 >= metresPerCell } ?? bandLimits.count - 1
    }

    /// The kinds drawn at every zoom of `band`: those drawn at its coarsest zoom.
    public static func kinds(band: Int) -> [FeatureKind] {
        FeatureKind.allCases.filter { $0.coarsestMetresPerCell >= bandLimits[band] }
    }

    static func columnsAround(_ band: Int) -> Int { Int((360 / tileDegrees[band]).rounded()) }

    /// The tiles of `band` that meet `view` (east may pass 180 when the view crosses the antimeridian),
    /// columns wrapped round the globe, in ascending order.
    public static func tiles(covering view: FeatureBounds, band: Int) -> [MapTileKey] {
        let size = tileDegrees[band]
        let around = columnsAround(band)
        let rows = Int(((max(-90, view.south) + 90) / size).rounded(.down))...Int(((min(90, view.north) + 90) / size).rounded(.down))
        let first = Int(((view.west + 180) / size).rounded(.down)), last = Int(((view.east + 180) / size).rounded(.down))
        guard first <= last, rows.lowerBound <= rows.upperBound else { return [] }
        // Each column once, wrapped round the globe, ascending (sorted only when the view wraps).
        var columns = (first...min(last, first + around - 1)).map { ((($0 % around) + around) % around) }
        if columns.first != first || columns.last != min(last, first + around - 1) { columns.sort() }
        var tiles: [MapTileKey] = []
        tiles.reserveCapacity(rows.count * columns.count)
        for row in rows {
            for column in columns { tiles.append(MapTileKey(band: band, row: row, column: column)) }
        }
        return tiles
    }

    /// The area of `tile`.
    public static func bounds(of tile: MapTileKey) -> FeatureBounds {
        let size = tileDegrees[tile.band]
        return FeatureBounds(south: Double(tile.row) * size - 90, north: Double(tile.row + 1) * size - 90,
                             west: Double(tile.column) * size - 180, east: Double(tile.column + 1) * size - 180)
    }
}
