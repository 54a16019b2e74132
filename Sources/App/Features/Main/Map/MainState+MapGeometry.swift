import Catalog
import Foundation
import Geo

/// Where the map's cells lie on the ground: a coordinate's cell, a cell's coordinate, the box of a block of cells,
/// and the buildings on a cell.
extension MainState {
    /// The cell offset (from the map centre) of a coordinate at the current zoom.
    public func cellOffset(of coordinate: Coordinate) -> (x: Int, y: Int) { map.cellOffset(of: coordinate) }

    /// The coordinate under a cell offset.
    public func coordinate(atCellX x: Int, y: Int) -> Coordinate { map.coordinate(atCellX: x, y: y) }

    /// Buildings whose marker sits on a cell offset, nearest first (indices into `ranked`). Asks the spatial
    /// index for the cell's neighbourhood instead of projecting every building.
    public func buildings(atCellX x: Int, y: Int) -> [Int] {
        let around = boundingBox(cellsFromX: x - 1, toX: x + 1, fromY: y - 1, toY: y + 1)
        return catalog.buildingIndices(inside: around)
            .compactMap { rankPosition(ofBuilding: catalog.buildings[$0].key) }
            .filter { cellOffset(of: ranked[$0].building.coordinate) == (x, y) }
            .sorted()
    }

    /// The box of coordinates covering the map cells from (x0, y0) to (x1, y1) (offsets from the centre).
    /// Across the antimeridian west > east (as `BoundingBox` says), not the rest of the globe.
    public func boundingBox(cellsFromX x0: Int, toX x1: Int, fromY y0: Int, toY y1: Int) -> BoundingBox {
        let corners = [coordinate(atCellX: x0, y: y0), coordinate(atCellX: x1, y: y1),
                       coordinate(atCellX: x0, y: y1), coordinate(atCellX: x1, y: y0)]
        let south = corners.map(\.latitude).min() ?? 0, north = corners.map(\.latitude).max() ?? 0
        // The corners' longitudes seen from the centre's: a box astride ±180 has corners either side of it.
        let centre = mapCenter.longitude
        let offsets = corners.map { corner -> Double in
            let offset = corner.longitude - centre
            return offset - 360 * (offset / 360).rounded()
        }
        let west = centre + (offsets.min() ?? 0), east = centre + (offsets.max() ?? 0)
        // Wider than half the globe (far out, or near a pole): every longitude.
        guard east - west < 180 else { return BoundingBox(south: south, north: north, west: -180, east: 180) }
        guard west < -180 || east > 180 else {
            return BoundingBox(south: south, north: north, west: corners.map(\.longitude).min() ?? 0, east: corners.map(\.longitude).max() ?? 0)
        }
        func wrapped(_ longitude: Double) -> Double { longitude - 360 * ((longitude + 180) / 360).rounded(.down) }
        return BoundingBox(south: south, north: north, west: wrapped(west), east: wrapped(east))
    }

    /// The building under the map cursor, if any.
    public var buildingUnderCursor: Int? { buildings(atCellX: cursorX, y: cursorY).first }

    /// Half the map's inner size, in cells, as the furthest the cursor may go from the centre.
    public var mapHalfExtent: (x: Int, y: Int) { MapState.halfExtent(of: layout.mapInner) }
}
