import Cells
import App
import Cartography
import Catalog
import Geo

/// The walking route on the map: the way along the ways solid, the straight walks from the start and to the
/// target dotted; without a route along the ways, a dotted straight line. A screen shown beside the map (an art
/// walk) draws its own paths instead, with `drawLeg`.
enum RouteLayer {
    static func draw(_ state: MainScene, _ frame: MapFrame, on canvas: inout MapCanvas) {
        if StackViews.drawPaths(state.beside, frame, on: &canvas) { return }
        guard let route = state.route else { return }
        drawLeg(from: route.start, along: route.walk?.points ?? [], to: route.target, frame, on: &canvas)
    }

    /// One walk from `start` to `target` along `points` (none: a dotted straight line).
    static func drawLeg(from start: Coordinate, along walk: [GeoPoint], to target: Coordinate, _ frame: MapFrame, on canvas: inout MapCanvas) {
        let start = frame.dot(start), target = frame.dot(target)
        guard let first = walk.first, let last = walk.last else {
            canvas.line(.route, start.x, start.y, target.x, target.y, dashed: true)
            return
        }
        let points = BaseLayer.simplified(walk.map(frame.dot))
        for i in points.indices.dropFirst() {
            canvas.line(.route, points[i - 1].x, points[i - 1].y, points[i].x, points[i].y)
        }
        let a = frame.dot(first), b = frame.dot(last)
        canvas.line(.route, start.x, start.y, a.x, a.y, dashed: true)
        canvas.line(.route, b.x, b.y, target.x, target.y, dashed: true)
    }
}
