import Foundation
import Geo
@testable import Cartography

/// A street grid 60 m apart at (x, y) from a corner at `origin`; node ids from `firstID`.
func streetGrid(width: Int, height: Int, origin: GeoPoint = GeoPoint(latitude: 60.17, longitude: 24.9), firstID: Int64 = 1,
                keep: (Int, Int, Bool) -> Bool = { _, _, _ in true }) -> (edges: [WalkEdge], point: (Int, Int) -> GeoPoint, id: (Int, Int) -> Int64) {
    let lat = 60.0 / 111_320, lon = 60.0 / (111_320 * cos(origin.latitude * .pi / 180))
    let point = { (x: Int, y: Int) in GeoPoint(latitude: origin.latitude + Double(y) * lat, longitude: origin.longitude + Double(x) * lon) }
    let id = { (x: Int, y: Int) in firstID + Int64(y * (width + 1) + x) }
    var edges: [WalkEdge] = []
    for y in 0...height {
        for x in 0...width {
            for (dx, dy, east) in [(1, 0, true), (0, 1, false)] where x + dx <= width && y + dy <= height && keep(x, y, east) {
                let a = point(x, y), b = point(x + dx, y + dy)
                edges.append(WalkEdge(from: id(x, y), to: id(x + dx, y + dy), fromPoint: a, toPoint: b,
                                      metres: Geodesic.distance(from: a.coordinate, to: b.coordinate), street: east ? "Row \(y)" : "Column \(x)"))
            }
        }
    }
    return (edges, point, id)
}
