import Foundation

/// Landmarks for A*'s second lower bound (ALT): in every component, the nodes nearest the four corners of its
/// box, and each node's walk to each of them, stored beside its component. For a landmark L and the target t,
/// |d(L,t) − d(L,n)| ≤ d(n,t) (the triangle inequality) and it changes along an edge by no more than the edge,
/// so A* may take it with the plane bound: on a street grid it is the walk itself, and a route across a city
/// reads the tiles along its way instead of every tile between its ends.
public enum WalkLandmarks {
    /// Landmarks per component (the corners south-west, south-east, north-west, north-east; a stored node's four
    /// walks have their lengths in one byte: `WalkComponentsWriter`).
    public static let count = 4
    /// Bytes per node of a piece's stored components: the component's key and size, then the walks.
    public static let componentBytesPerNode = 12 + 8 * count
    /// Bytes per node of components stored without landmarks (before schema v9).
    public static let plainComponentBytesPerNode = 12

    /// Each component's landmarks, `count` node numbers per component in corner order: the nodes nearest the
    /// corners of the component's box (longitudes scaled at the box's middle). `roots` holds each node's
    /// component (a node number).
    static func choose(roots: [Int32], latitudes: [Double], longitudes: [Double]) -> [Int32] {
        let n = roots.count
        guard n > 0 else { return [] }
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
        return chosen
    }

    /// The walks from every node to its component's landmarks (`choose`), `count` per node (infinity where a
    /// node cannot reach one: never within a component), over the graph's rows.
    static func measure(landmarks chosen: [Int32], rows: WalkRows) -> [Double] {
        let n = rows.nodeCount
        guard n > 0 else { return [] }
        let components = chosen.count / count
        // One Dijkstra per corner from that corner's landmark of every component at once: components never
        // meet, so each node gets the walk to its own component's landmark. Each corner's distances are kept in
        // place in the result (node i's at i × count + corner), not in an array of their own.
        var result = [Double](repeating: .infinity, count: n * count)
        var heap = MinHeap(capacity: 1 << 12)
        for corner in 0..<count {
            for c in 0..<components {
                let source = Int(chosen[c * count + corner])
                result[source * count + corner] = 0
                heap.push(0, source)
            }
            rows.offsets.withUnsafeBufferPointer { offsets in
            rows.targets.withUnsafeBufferPointer { targets in
            rows.lengths.withUnsafeBufferPointer { lengths in
            result.withUnsafeMutableBufferPointer { result in
                while let (metres, node) = heap.pop() {
                    guard metres <= result[node * count + corner] else { continue }
                    for slot in Int(offsets[node])..<Int(offsets[node + 1]) {
                        let next = Int(targets[slot]), candidate = metres + lengths[slot]
                        if candidate < result[next * count + corner] {
                            result[next * count + corner] = candidate
                            heap.push(candidate, next)
                        }
                    }
                }
            }}}}
        }
        return result
    }
}

/// A walking graph's edges as compressed rows, both directions: node i's neighbours are
/// `targets[offsets[i]..<offsets[i + 1]]`, at `lengths` of the same slots.
struct WalkRows {
    let nodeCount: Int
    let offsets: [Int32]
    let targets: [Int32]
    let lengths: [Double]

    /// The rows of `edges`, which are emptied block by block as they are placed (the rows and the whole edge
    /// list are never held at once past the first block).
    init(nodes n: Int, edges: inout WalkEdgeColumns) {
        nodeCount = n
        // Each node's count, summed into where its row ends; then each edge placed at its ends' rows from the
        // end backwards, which leaves every offset at its row's start (no second array of positions).
        var offsets = [Int32](repeating: 0, count: n + 1)
        edges.forEach { a, b, _ in
            offsets[Int(a)] += 1
            offsets[Int(b)] += 1
        }
        for i in 1..<max(n, 1) { offsets[i] += offsets[i - 1] }
        offsets[n] = n > 0 ? offsets[n - 1] : 0
        let slots = 2 * edges.count
        var targets = [Int32](repeating: 0, count: slots), lengths = [Double](repeating: 0, count: slots)
        edges.consume { a, b, metres in
            offsets[Int(a)] -= 1
            targets[Int(offsets[Int(a)])] = b
            lengths[Int(offsets[Int(a)])] = metres
            offsets[Int(b)] -= 1
            targets[Int(offsets[Int(b)])] = a
            lengths[Int(offsets[Int(b)])] = metres
        }
        self.offsets = offsets
        self.targets = targets
        self.lengths = lengths
    }
}

/// Edges (two node numbers and a length) in blocks of a fixed size: a graph of millions grows a block at a time,
/// never copied whole as an array that doubles would be (the labeller's peak), and goes once the rows are built.
struct WalkEdgeColumns {
    private static let blockSize = 1 << 16
    private var from: [[Int32]] = [], to: [[Int32]] = [], metres: [[Double]] = []
    private(set) var count = 0

    mutating func append(_ a: Int32, _ b: Int32, _ length: Double) {
        if count % Self.blockSize == 0 {
            from.append([]); from[from.count - 1].reserveCapacity(Self.blockSize)
            to.append([]); to[to.count - 1].reserveCapacity(Self.blockSize)
            metres.append([]); metres[metres.count - 1].reserveCapacity(Self.blockSize)
        }
        from[from.count - 1].append(a)
        to[to.count - 1].append(b)
        metres[metres.count - 1].append(length)
        count += 1
    }

    func forEach(_ body: (Int32, Int32, Double) -> Void) {
        for block in from.indices {
            let a = from[block], b = to[block], m = metres[block]
            for i in a.indices { body(a[i], b[i], m[i]) }
        }
    }

    /// Visits every edge, last block first, freeing each block once visited; empty after.
    mutating func consume(_ body: (Int32, Int32, Double) -> Void) {
        while let a = from.popLast(), let b = to.popLast(), let m = metres.popLast() {
            for i in a.indices { body(a[i], b[i], m[i]) }
        }
        count = 0
    }
}
