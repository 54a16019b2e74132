import Foundation

/// Landmarks for A*'s second lower bound (ALT): in every component, the nodes nearest the four corners of its
/// box, and each node's walk to each of them, stored beside its component. For a landmark L and the target t,
/// |d(L,t) − d(L,n)| ≤ d(n,t) (the triangle inequality) and it changes along an edge by no more than the edge,
/// so A* may take it with the plane bound: on a street grid it is the walk itself, and a route across a city
/// reads the tiles along its way instead of every tile between its ends.
public enum WalkLandmarks {
    /// Landmarks per component (the corners south-west, south-east, north-west, north-east).
    public static let count = 4
    /// Bytes per node of a piece's stored components: the component's key and size, then the walks.
    public static let componentBytesPerNode = 12 + 8 * count
    /// Bytes per node of components stored without landmarks (before schema v9).
    public static let plainComponentBytesPerNode = 12

    /// The walks from every node to its component's landmarks, `count` per node (infinity where a node
    /// cannot reach one: never within a component). `roots` holds each node's component (a node number).
    static func measure(roots: [Int32], latitudes: [Double], longitudes: [Double],
                        edgeFrom: [Int32], edgeTo: [Int32], edgeMetres: [Double]) -> [Double] {
        let n = roots.count
        guard n > 0 else { return [] }
        // Each component's box, then its node nearest each corner (longitudes scaled at the box's middle).
        var component: [Int32: Int] = [:]
        var boxes: [(south: Double, north: Double, west: Double, east: Double)] = []
        for i in 0..<n {
            let latitude = latitudes[i], longitude = longitudes[i]
            if let c = component[roots[i]] {
                boxes[c].south = min(boxes[c].south, latitude)
                boxes[c].north = max(boxes[c].north, latitude)
                boxes[c].west = min(boxes[c].west, longitude)
                boxes[c].east = max(boxes[c].east, longitude)
            } else {
                component[roots[i]] = boxes.count
                boxes.append((latitude, latitude, longitude, longitude))
            }
        }
        var chosen = [Int32](repeating: -1, count: boxes.count * count)
        var nearest = [Double](repeating: .infinity, count: boxes.count * count)
        for i in 0..<n {
            let c = component[roots[i]]!, box = boxes[c]
            let scale = cos((box.south + box.north) / 2 * .pi / 180)
            for corner in 0..<count {
                let y = latitudes[i] - (corner < 2 ? box.south : box.north)
                let x = (longitudes[i] - (corner % 2 == 0 ? box.west : box.east)) * scale
                let squared = x * x + y * y
                if squared < nearest[c * count + corner] {
                    nearest[c * count + corner] = squared
                    chosen[c * count + corner] = Int32(i)
                }
            }
        }
        let (offsets, targets, lengths) = compressedRows(nodes: n, edgeFrom: edgeFrom, edgeTo: edgeTo, edgeMetres: edgeMetres)
        // One Dijkstra per corner from that corner's landmark of every component at once: components never
        // meet, so each node gets the walk to its own component's landmark.
        var result = [Double](repeating: .infinity, count: n * count)
        var distance = [Double](repeating: .infinity, count: n)
        var heap = MinHeap(capacity: 1 << 12)
        for corner in 0..<count {
            for i in 0..<n { distance[i] = .infinity }
            for c in 0..<boxes.count {
                let source = Int(chosen[c * count + corner])
                distance[source] = 0
                heap.push(0, source)
            }
            offsets.withUnsafeBufferPointer { offsets in
            targets.withUnsafeBufferPointer { targets in
            lengths.withUnsafeBufferPointer { lengths in
            distance.withUnsafeMutableBufferPointer { distance in
                while let (metres, node) = heap.pop() {
                    guard metres <= distance[node] else { continue }
                    for slot in Int(offsets[node])..<Int(offsets[node + 1]) {
                        let next = Int(targets[slot]), candidate = metres + lengths[slot]
                        if candidate < distance[next] {
                            distance[next] = candidate
                            heap.push(candidate, next)
                        }
                    }
                }
            }}}}
            for i in 0..<n { result[i * count + corner] = distance[i] }
        }
        return result
    }

    /// The edges as compressed rows, both directions: node i's neighbours are `targets[offsets[i]..<offsets[i + 1]]`.
    private static func compressedRows(nodes n: Int, edgeFrom: [Int32], edgeTo: [Int32],
                                       edgeMetres: [Double]) -> (offsets: [Int32], targets: [Int32], lengths: [Double]) {
        let m = edgeFrom.count
        var offsets = [Int32](repeating: 0, count: n + 1)
        for e in 0..<m {
            offsets[Int(edgeFrom[e]) + 1] += 1
            offsets[Int(edgeTo[e]) + 1] += 1
        }
        for i in 0..<n { offsets[i + 1] += offsets[i] }
        var targets = [Int32](repeating: 0, count: 2 * m), lengths = [Double](repeating: 0, count: 2 * m)
        var fill = offsets
        for e in 0..<m {
            let a = Int(edgeFrom[e]), b = Int(edgeTo[e])
            targets[Int(fill[a])] = Int32(b)
            lengths[Int(fill[a])] = edgeMetres[e]
            fill[a] += 1
            targets[Int(fill[b])] = Int32(a)
            lengths[Int(fill[b])] = edgeMetres[e]
            fill[b] += 1
        }
        return (offsets, targets, lengths)
    }
}
