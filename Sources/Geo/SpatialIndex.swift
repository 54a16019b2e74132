import Foundation

/// A static k-d tree over points stored as unit vectors, so distances wrap correctly across the
/// antimeridian and over the poles. Answers nearest-k, within-radius and bounding-box queries in
/// O(log n + k). Distances here are great-circle distances on the mean-radius sphere; callers that need
/// ellipsoidal distances refine the candidates (see `Catalog`).
public struct SpatialIndex: Sendable {
    /// One answer: the position of the point in the array given to `init`, and its distance in metres.
    public struct Neighbor: Sendable, Equatable {
        public let index: Int
        public let distance: Double
    }

    /// Mean Earth radius (IUGG) used to turn angles into metres.
    public static let earthRadius = 6_371_008.8

    private let coordinates: [Coordinate]
    // A bucket k-d tree. Points live only in leaves: `order[i]` is the caller's index of the point whose
    // vector is xyz[3i ..< 3i+3]; a subtree's points are contiguous. Inner nodes, numbered heap-style from
    // 1, hold only a split axis and value, so a descent touches a small array and then one leaf's run.
    private let order: [Int32]
    private let xyz: [Double]
    private let splitAxes: [UInt8]
    private let splitValues: [Double]
    static let leafSize = 16

    /// Builds the tree once; O(n log n).
    public init(points: [Coordinate]) {
        coordinates = points
        let n = points.count
        var vectors = [Double](repeating: 0, count: 3 * n)
        for (i, p) in points.enumerated() {
            let v = SpatialIndex.unitVector(p)
            vectors[3 * i] = v.0
            vectors[3 * i + 1] = v.1
            vectors[3 * i + 2] = v.2
        }
        var idx = (0..<n).map { Int32($0) }
        var depth = 0
        while (n >> depth) > SpatialIndex.leafSize { depth += 1 }
        let nodeCount = 2 << depth
        var axes = [UInt8](repeating: 0, count: nodeCount)
        var values = [Double](repeating: 0, count: nodeCount)
        var stack: [(node: Int, lo: Int, hi: Int)] = [(1, 0, n)]
        while let (node, lo, hi) = stack.popLast() {
            if hi - lo <= SpatialIndex.leafSize { continue }
            var minV = [Double.infinity, .infinity, .infinity], maxV = [-Double.infinity, -.infinity, -.infinity]
            for k in lo..<hi {
                let p = 3 * Int(idx[k])
                for c in 0..<3 {
                    minV[c] = min(minV[c], vectors[p + c])
                    maxV[c] = max(maxV[c], vectors[p + c])
                }
            }
            let spread = (0..<3).map { maxV[$0] - minV[$0] }
            let axis = spread[0] >= spread[1] && spread[0] >= spread[2] ? 0 : (spread[1] >= spread[2] ? 1 : 2)
            let mid = (lo + hi) / 2
            SpatialIndex.select(&idx, lo: lo, hi: hi - 1, k: mid, vectors: vectors, axis: axis)
            axes[node] = UInt8(axis)
            values[node] = vectors[3 * Int(idx[mid]) + axis]
            stack.append((2 * node, lo, mid))
            stack.append((2 * node + 1, mid, hi))
        }
        var interleaved = [Double](repeating: 0, count: 3 * n)
        for i in 0..<n {
            let p = 3 * Int(idx[i])
            interleaved[3 * i] = vectors[p]
            interleaved[3 * i + 1] = vectors[p + 1]
            interleaved[3 * i + 2] = vectors[p + 2]
        }
        order = idx
        xyz = interleaved
        splitAxes = axes
        splitValues = values
    }

    /// Number of points indexed.
    public var count: Int { order.count }

    /// The `k` nearest points, nearest first.
    public func nearest(to query: Coordinate, count k: Int) -> [Neighbor] {
        guard k > 0, !order.isEmpty else { return [] }
        var heap = BoundedMaxHeap(capacity: min(k, order.count))
        withSearch(query) { $0.nearest(1, 0, order.count, &heap) }
        return heap.sortedAscending().map { Neighbor(index: Int(order[$0.node]), distance: SpatialIndex.metres(chordSquared: $0.key)) }
    }

    /// Every point within `radius` metres, nearest first.
    public func within(radius: Double, of query: Coordinate) -> [Neighbor] {
        guard radius >= 0, !order.isEmpty else { return [] }
        let angle = min(radius / SpatialIndex.earthRadius, Double.pi)
        let chord = 2 * sin(angle / 2)
        let limit = chord * chord * (1 + 1e-12) + 1e-18
        var found: [(node: Int, key: Double)] = []
        withSearch(query) { $0.within(limit, 1, 0, order.count, &found) }
        return found.sorted { $0.key < $1.key }
            .map { Neighbor(index: Int(order[$0.node]), distance: SpatialIndex.metres(chordSquared: $0.key)) }
    }

    /// Every point inside a latitude/longitude box (which may cross the antimeridian), in index order.
    public func inside(_ box: BoundingBox) -> [Int] {
        guard !order.isEmpty, box.south <= box.north else { return [] }
        let bounds = SpatialIndex.enclosingBox(box)
        var candidates: [Int] = []
        withSearch(.ashtonBuilding) { $0.box(bounds, 1, 0, order.count, &candidates) }
        return candidates.map { Int(order[$0]) }.filter { box.contains(coordinates[$0]) }.sorted()
    }

    private func withSearch(_ query: Coordinate, _ body: (inout TreeSearch) -> Void) {
        xyz.withUnsafeBufferPointer { points in
            splitAxes.withUnsafeBufferPointer { axes in
                splitValues.withUnsafeBufferPointer { values in
                    var search = TreeSearch(q: SpatialIndex.unitVector(query), points: points, axes: axes, values: values)
                    body(&search)
                }
            }
        }
    }

    // MARK: - Geometry

    /// The point on the unit sphere for a coordinate (x towards 0°E, z towards the north pole).
    public static func unitVector(_ c: Coordinate) -> (Double, Double, Double) {
        let lat = c.latitude * Double.pi / 180, lon = c.longitude * Double.pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    static func metres(chordSquared: Double) -> Double {
        let chord = chordSquared.squareRoot()
        return 2 * asin(min(1, chord / 2)) * earthRadius
    }

    /// Great-circle distance on the mean sphere, the metric the index uses.
    public static func sphericalDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let p = unitVector(a), q = unitVector(b)
        let dx = p.0 - q.0, dy = p.1 - q.1, dz = p.2 - q.2
        return metres(chordSquared: dx * dx + dy * dy + dz * dz)
    }

    /// An axis-aligned 3-D box around the part of the sphere covered by a latitude/longitude box.
    static func enclosingBox(_ box: BoundingBox) -> (min: (Double, Double, Double), max: (Double, Double, Double)) {
        let rad = Double.pi / 180
        let south = max(-90, box.south) * rad, north = min(90, box.north) * rad
        let cosLatMin = min(cos(south), cos(north))
        let cosLatMax = (south <= 0 && north >= 0) ? 1.0 : max(cos(south), cos(north))
        var west = box.west, east = box.east
        if east < west { east += 360 }
        // Range of cos(lon) and sin(lon) over [west, east]: endpoints plus any quadrant crossings.
        var lons = [west, east]
        var k = (west / 90).rounded(.up) * 90
        while k <= east {
            lons.append(k)
            k += 90
        }
        west *= rad; east *= rad
        let cosValues = lons.map { cos($0 * rad) }, sinValues = lons.map { sin($0 * rad) }
        let cMin = cosValues.min() ?? -1, cMax = cosValues.max() ?? 1
        let sMin = sinValues.min() ?? -1, sMax = sinValues.max() ?? 1
        func range(_ lo: Double, _ hi: Double) -> (Double, Double) {
            let products = [lo * cosLatMin, lo * cosLatMax, hi * cosLatMin, hi * cosLatMax]
            return (products.min() ?? -1, products.max() ?? 1)
        }
        let xr = range(cMin, cMax), yr = range(sMin, sMax)
        let eps = 1e-12
        return ((xr.0 - eps, yr.0 - eps, sin(south) - eps), (xr.1 + eps, yr.1 + eps, sin(north) + eps))
    }

    // Hoare-style quickselect: after it, idx[k] holds the k-th smallest key in [lo, hi], smaller keys before it
    // and larger after.
    private static func select(_ idx: inout [Int32], lo: Int, hi: Int, k: Int, vectors: [Double], axis: Int) {
        var lo = lo, hi = hi
        @inline(__always) func key(_ i: Int) -> Double { vectors[3 * Int(idx[i]) + axis] }
        while hi > lo {
            let pivot = key((lo + hi) / 2)
            var i = lo, j = hi
            while i <= j {
                while key(i) < pivot { i += 1 }
                while key(j) > pivot { j -= 1 }
                if i <= j {
                    idx.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }
}

/// Descents over raw buffers: no bounds checks or reference counting in the hot loops.
private struct TreeSearch {
    let q: (Double, Double, Double)
    let points: UnsafeBufferPointer<Double>
    let axes: UnsafeBufferPointer<UInt8>
    let values: UnsafeBufferPointer<Double>

    @inline(__always) func distanceSquared(_ i: Int) -> Double {
        let base = points.baseAddress.unsafelyUnwrapped + 3 * i
        let dx = q.0 - base[0], dy = q.1 - base[1], dz = q.2 - base[2]
        return dx * dx + dy * dy + dz * dz
    }

    @inline(__always) func offset(_ node: Int) -> Double {
        let axis = axes[node]
        return (axis == 0 ? q.0 : (axis == 1 ? q.1 : q.2)) - values[node]
    }

    func nearest(_ node: Int, _ lo: Int, _ hi: Int, _ heap: inout BoundedMaxHeap) {
        if hi - lo <= SpatialIndex.leafSize {
            var worst = heap.isFull ? heap.worst : Double.infinity
            for i in lo..<hi {
                let d = distanceSquared(i)
                if d < worst {
                    heap.offer(node: i, key: d)
                    if heap.isFull { worst = heap.worst }
                }
            }
            return
        }
        let mid = (lo + hi) / 2
        let diff = offset(node)
        if diff < 0 {
            nearest(2 * node, lo, mid, &heap)
            if !heap.isFull || diff * diff < heap.worst { nearest(2 * node + 1, mid, hi, &heap) }
        } else {
            nearest(2 * node + 1, mid, hi, &heap)
            if !heap.isFull || diff * diff < heap.worst { nearest(2 * node, lo, mid, &heap) }
        }
    }

    func within(_ limit: Double, _ node: Int, _ lo: Int, _ hi: Int, _ found: inout [(node: Int, key: Double)]) {
        if hi - lo <= SpatialIndex.leafSize {
            for i in lo..<hi {
                let d = distanceSquared(i)
                if d <= limit { found.append((i, d)) }
            }
            return
        }
        let mid = (lo + hi) / 2
        let diff = offset(node)
        if diff < 0 || diff * diff <= limit { within(limit, 2 * node, lo, mid, &found) }
        if diff >= 0 || diff * diff <= limit { within(limit, 2 * node + 1, mid, hi, &found) }
    }

    func box(_ bounds: (min: (Double, Double, Double), max: (Double, Double, Double)),
             _ node: Int, _ lo: Int, _ hi: Int, _ found: inout [Int]) {
        if hi - lo <= SpatialIndex.leafSize {
            for i in lo..<hi {
                let p = points.baseAddress.unsafelyUnwrapped + 3 * i
                if p[0] >= bounds.min.0, p[0] <= bounds.max.0, p[1] >= bounds.min.1, p[1] <= bounds.max.1,
                   p[2] >= bounds.min.2, p[2] <= bounds.max.2 { found.append(i) }
            }
            return
        }
        let mid = (lo + hi) / 2
        let axis = axes[node], split = values[node]
        let low = axis == 0 ? bounds.min.0 : (axis == 1 ? bounds.min.1 : bounds.min.2)
        let high = axis == 0 ? bounds.max.0 : (axis == 1 ? bounds.max.1 : bounds.max.2)
        if low <= split { box(bounds, 2 * node, lo, mid, &found) }
        if high >= split { box(bounds, 2 * node + 1, mid, hi, &found) }
    }
}

/// A fixed-capacity max-heap keeping the k smallest keys seen.
struct BoundedMaxHeap {
    private(set) var items: [(node: Int, key: Double)] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    var isFull: Bool { items.count >= capacity }
    var worst: Double { items.first?.key ?? Double.infinity }

    mutating func offer(node: Int, key: Double) {
        if items.count < capacity {
            items.append((node, key))
            var c = items.count - 1
            while c > 0 {
                let p = (c - 1) / 2
                if items[p].key >= items[c].key { break }
                items.swapAt(p, c)
                c = p
            }
        } else if key < items[0].key {
            items[0] = (node, key)
            var p = 0
            while true {
                let l = 2 * p + 1, r = l + 1
                var largest = p
                if l < items.count && items[l].key > items[largest].key { largest = l }
                if r < items.count && items[r].key > items[largest].key { largest = r }
                if largest == p { break }
                items.swapAt(p, largest)
                p = largest
            }
        }
    }

    func sortedAscending() -> [(node: Int, key: Double)] {
        items.sorted { $0.key < $1.key }
    }
}
