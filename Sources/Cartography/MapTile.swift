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
    /// south-west first; cells past the poles are left out.
    public static func covering(_ center: Coordinate, radius: Double) -> [MapTile] {
        let north = Geodesic.direct(from: center, bearing: 0, distance: radius).latitude
        let south = Geodesic.direct(from: center, bearing: 180, distance: radius).latitude
        let east = Geodesic.direct(from: center, bearing: 90, distance: radius).longitude
        let west = Geodesic.direct(from: center, bearing: 270, distance: radius).longitude
        let rows = Int((max(-90, south) * perDegree).rounded(.down))...Int((min(89.999_999, north) * perDegree).rounded(.down))
        // Across the antimeridian the east edge comes out below the west one: go round.
        let eastUnwrapped = east < west ? east + 360 : east
        let columns = Int((west * perDegree).rounded(.down))...Int((eastUnwrapped * perDegree).rounded(.down))
        var tiles: [MapTile] = []
        for row in rows {
            for column in columns {
                let wrapped = column >= 18_000 ? column - 36_000 : column
                tiles.append(MapTile(row: row, column: wrapped))
            }
        }
        return tiles.sorted()
    }
}
