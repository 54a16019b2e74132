import Cells
import App
import Cartography
import Geo
import TerminalTypes

/// Where the map is drawn and how coordinates land on it: the inner area, its centre cell, and the
/// projection to cells and to braille dots (2×4 a cell, square on the ground).
struct MapFrame: Sendable {
    let inner: Rect
    let centerX: Int
    let centerY: Int
    let metresPerCell: Double
    let projection: MapProjection
    var dotMetres: Double { metresPerCell / 2 }
    /// The kept base layer's dots: the anchor's dots (see `anchorDot`) of the canvas's first dot, whole.
    let originDotX: Int
    let originDotY: Int
    /// What is left of the centre's offset from the anchor after the whole dots (zero after pans by whole
    /// cells at one zoom): part of what a kept base layer must share to be shifted.
    let originFraction: (x: Double, y: Double)

    init(_ state: MainScene, inner: Rect) {
        self.inner = inner
        centerX = inner.x + inner.width / 2
        centerY = inner.y + inner.height / 2
        metresPerCell = state.metresPerCell
        projection = state.projection
        let ox = projection.east / (metresPerCell / 2), oy = -projection.north / (metresPerCell / 2)
        let wholeX = ox.isFinite && abs(ox) < 1e12 ? ox.rounded(.down) : 0, wholeY = oy.isFinite && abs(oy) < 1e12 ? oy.rounded(.down) : 0
        originDotX = Int(wholeX)
        originDotY = Int(wholeY)
        originFraction = (ox.isFinite ? ox - wholeX : 0, oy.isFinite ? oy - wholeY : 0)
    }

    /// A coordinate in dots of the map's anchor, placed so that `floor(dot) - originDot` is the canvas dot:
    /// the same value whichever cells are in view, so a strip drawn after a pan matches a whole drawing.
    func anchorDot(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let p = projection.anchored.project(coordinate)
        return (p.east / dotMetres + (Double((centerX - inner.x) * 2) + 0.5 - originFraction.x),
                -p.north / dotMetres + (Double((centerY - inner.y) * 4) + 1.5 - originFraction.y))
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
