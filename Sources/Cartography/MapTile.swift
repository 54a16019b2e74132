import Foundation
import Geo

/// A fixed 0.01° cell of the world: the unit artmap fetches from OpenStreetMap, remembers the fetch time of,
/// and replaces whole. Fixed cells (not boxes around wherever the user stood) make a second fetch of the
/// same area find every cell already there.
public struct MapTile: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Cells per degree.
    public static let perDegree = 100.0
    /// floor(latitude × 100) and floor(longitude × 100).
    public let row: Int, column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The cell holding a coordinate (a point on a cell's south or west edge belongs to it).
    public init(containing coordinate: Coordinate) {
        row = Int((coordinate.latitude * Self.perDegree).rounded(.down))
        column = Int((min(coordinate.longitude, 179.999_999) * Self.perDegree).rounded(.down))
    }

    public var south: Double { Double(row) / Self.perDegree }
    public var north: Double { Double(row + 1) / Self.perDegree }
    public var west: Double { Double(column) / Self.perDegree }
    public var east: Double { Double(column + 1) / Self.perDegree }

    /// The cell's box.
    public var bounds: FeatureBounds { FeatureBounds(south: south, north: north, west: west, east: east) }

    /// "6016/2494": the cell's name in the store (map sources are "osm/6016/2494").
    public var description: String { "\(row)/\(column)" }

    public static func < (a: MapTile, b: MapTile) -> Bool { (a.row, a.column) < (b.row, b.column) }

    /// Every cell meeting the box `radius` metres around `center` (north, south, east and west of it),
    /// south-west first; cells past the poles are left out. A circle holding a pole takes every longitude
    /// from its far edge to the pole (its north or south point, measured over the pole, is on the far side).
    public static func covering(_ center: Coordinate, radius: Double) -> [MapTile] {
        let (rows, columns) = span(center, radius: radius)
        var tiles: [MapTile] = []
        tiles.reserveCapacity(rows.count * columns.count)
        for row in rows {
            for column in columns {
                // Round the antimeridian either way: east of 180° (columns from 18,000) and west of -180° (the
                // direct geodesic's longitudes are not wrapped) are the tiles on the other side.
                let wrapped = column >= 18_000 ? column - 36_000 : column < -18_000 ? column + 36_000 : column
                tiles.append(MapTile(row: row, column: wrapped))
            }
        }
        return tiles.sorted()
    }

    /// How many cells `covering` gives, without making them.
    public static func coveringCount(_ center: Coordinate, radius: Double) -> Int {
        let (rows, columns) = span(center, radius: radius)
        return rows.count * columns.count
    }

    /// The rows and (unwrapped) columns of the box `radius` metres around `center`.
    static func span(_ center: Coordinate, radius: Double) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
        var north = Geodesic.direct(from: center, bearing: 0, distance: radius).latitude
        var south = Geodesic.direct(from: center, bearing: 180, distance: radius).latitude
        let east = Geodesic.direct(from: center, bearing: 90, distance: radius).longitude
        let west = Geodesic.direct(from: center, bearing: 270, distance: radius).longitude
        var allLongitudes = false
        if let pole = try? Coordinate(latitude: 90, longitude: center.longitude), Geodesic.distance(from: center, to: pole) <= radius {
            north = 90
            allLongitudes = true
        }
        if let pole = try? Coordinate(latitude: -90, longitude: center.longitude), Geodesic.distance(from: center, to: pole) <= radius {
            south = -90
            allLongitudes = true
        }
        let rows = Int((max(-90, south) * perDegree).rounded(.down))...Int((min(89.999_999, north) * perDegree).rounded(.down))
        if allLongitudes { return (rows, -18_000...17_999) }
        // Across the antimeridian the east edge comes out below the west one: go round.
        let eastUnwrapped = east < west ? east + 360 : east
        let columns = Int((west * perDegree).rounded(.down))...Int((eastUnwrapped * perDegree).rounded(.down))
        return (rows, columns)
    }

    /// The highest latitude at which a fetch of any radius is never refused for its tile count.
    public static let fullLatitude = 80.0

    /// The most cells a box of `radius` metres takes up to `fullLatitude`, where a cell of 0.01° of longitude is
    /// 194 m wide (583 at 5,000 m, against 110 at the equator). Nearer a pole the cells narrow to nothing
    /// (48,240 at 89.9° N): a fetch caps its count at this bound for its largest radius.
    public static func maxCount(radius: Double) -> Int {
        let rowMetres = 110_574.0 / perDegree
        let columnMetres = 111_320.0 * cos(fullLatitude * .pi / 180) / perDegree
        let rows = Int((2 * radius / rowMetres).rounded(.up)) + 1
        let columns = Int((2 * radius / columnMetres).rounded(.up)) + 1
        return rows * columns
    }

    /// The largest whole number of metres, at most `radius`, whose box around `center` takes at most `cap`
    /// cells; nil when not even 1 m does.
    public static func largestRadius(around center: Coordinate, within radius: Double, cap: Int) -> Int? {
        var low = 0, high = Int(radius)
        while low < high {
            let middle = (low + high + 1) / 2
            if coveringCount(center, radius: Double(middle)) <= cap { low = middle } else { high = middle - 1 }
        }
        return low >= 1 ? low : nil
    }
}
