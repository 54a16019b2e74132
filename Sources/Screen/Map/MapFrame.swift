import App
import Cartography
import Geo
import TerminalTypes

/// Where the map is drawn and how coordinates land on it: the inner area, its centre cell, and the
/// projection to cells and to braille dots (2×4 a cell, square on the ground).
struct MapFrame {
    let inner: Rect
    let centerX: Int
    let centerY: Int
    let metresPerCell: Double
    let projection: LocalProjection
    var dotMetres: Double { metresPerCell / 2 }

    init(_ state: MainScene, inner: Rect) {
        self.inner = inner
        centerX = inner.x + inner.width / 2
        centerY = inner.y + inner.height / 2
        metresPerCell = state.metresPerCell
        projection = state.projection
    }

    /// A coordinate in dot coordinates of the canvas (origin at the inner area's top-left dot).
    func dot(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let p = projection.project(coordinate)
        return (Double((centerX - inner.x) * 2) + 0.5 + p.east / dotMetres, Double((centerY - inner.y) * 4) + 1.5 - p.north / dotMetres)
    }

    func dot(_ point: GeoPoint) -> (x: Double, y: Double) { dot(point.coordinate) }

    /// The screen cell of a coordinate, the same cell a marker there would take.
    func cell(_ coordinate: Coordinate) -> (x: Int, y: Int) {
        let p = projection.project(coordinate)
        return (centerX + Int((p.east / metresPerCell).rounded()), centerY + Int((-p.north / (2 * metresPerCell)).rounded()))
    }
}
