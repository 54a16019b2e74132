import Geo

/// Straight walks across a pedestrian area: every pair of its ring's nodes that see each other inside the
/// area (the segment between them crosses no side and its middle lies inside), so a route crosses a square
/// the way a person does instead of walking round its edge.
enum AreaCrossing {
    /// The pairs of positions in `ring` (closed: first == last; the last point is not used) joined by a
    /// straight walk inside the area, sides excluded. Empty above `OSMLimits.areaCrossingNodes` nodes,
    /// where only the outline is walked.
    static func pairs(_ ring: [GeoPoint]) -> [(Int, Int)] {
        let n = ring.count - 1
        guard n >= 4, n <= OSMLimits.areaCrossingNodes, ring.first == ring.last else { return [] }
        let box = FeatureBounds(ring)
        let projection = LocalProjection(center: Coordinate(clampingLatitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2))
        let xy = ring.dropLast().map { projection.project($0.coordinate) }.map { (x: $0.east, y: $0.north) }
        func cross(_ o: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        /// Whether segments p1p2 and q1q2 cross at a point inside both (touching ends do not count).
        func properlyCross(_ p1: (x: Double, y: Double), _ p2: (x: Double, y: Double), _ q1: (x: Double, y: Double), _ q2: (x: Double, y: Double)) -> Bool {
            let d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2), d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2)
            return ((d1 > 1e-9 && d2 < -1e-9) || (d1 < -1e-9 && d2 > 1e-9)) && ((d3 > 1e-9 && d4 < -1e-9) || (d3 < -1e-9 && d4 > 1e-9))
        }
        func inside(_ p: (x: Double, y: Double)) -> Bool {
            var result = false
            var previous = xy[n - 1]
            for current in xy {
                if (current.y > p.y) != (previous.y > p.y) {
                    let t = (p.y - current.y) / (previous.y - current.y)
                    if p.x < current.x + t * (previous.x - current.x) { result.toggle() }
                }
                previous = current
            }
            return result
        }
        var pairs: [(Int, Int)] = []
        for i in 0..<n {
            for j in stride(from: i + 2, to: n, by: 1) where !(i == 0 && j == n - 1) {
                let a = xy[i], b = xy[j]
                // A node passed exactly on the way blocks the sight line: walking through it is walked through its edges.
                var blocked = false
                for k in 0..<n {
                    let q1 = xy[k], q2 = xy[(k + 1) % n]
                    if properlyCross(a, b, q1, q2) { blocked = true; break }
                    if k != i, k != j, abs(cross(a, b, q1)) < 1e-6,
                       (q1.x - a.x) * (q1.x - b.x) + (q1.y - a.y) * (q1.y - b.y) < 0 { blocked = true; break }
                }
                if !blocked, inside(((a.x + b.x) / 2, (a.y + b.y) / 2)) { pairs.append((i, j)) }
            }
        }
        return pairs
    }
}
