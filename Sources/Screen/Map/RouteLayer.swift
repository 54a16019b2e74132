import Cells
import App
import Catalog
import Geo

/// target dotted; without a route along the ways, a dotted straight line.
enum RouteLayer {
    static func draw(_ state: MainScene, _ frame: MapFrame, on canvas: inout MapCanvas) {
        guard let route = state.route else { return }
        let start = frame.dot(route.start), target = frame.dot(route.target)
        guard let walk = route.walk, let first = walk.points.first, let last = walk.points.last else {
            canvas.line(.route, start.x, start.y, target.x, target.y, dashed: true)
            return
        }
        let points = BaseLayer.simplified(walk.points.map(frame.dot))
        for i in points.indices.dropFirst() {
            canvas.line(.route, points[i - 1].x, points[i - 1].y, points[i].x, points[i].y)
        }
        let a = frame.dot(first), b = frame.dot(last)
        canvas.line(.route, start.x, start.y, a.x, a.y, dashed: true)
        canvas.line(.route, b.x, b.y, target.x, target.y, dashed: true)
    }
}
