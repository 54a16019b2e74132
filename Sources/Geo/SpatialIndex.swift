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
    // Tree nodes in build order: node i holds the point `order[i]` at (xs[i], ys[i], zs[i]).
    private var order: [Int32]
    private var xs: [Double]
    private var ys: [Double]
    private var zs: [Double]
    private var axes: [UInt8]
    private static let leafSize = 6

    /// Builds the tree once; O(n log n).
    public init(points: [Coordinate]) {
        coordinates = points
        let n = points.count
        var vx = [Double](repeating: 0, count: n)
        var vy = vx, vz = vx
        for (i, p) in points.enumerated() {
            let v = SpatialIndex.unitVector(p)
            vx[i] = v.0; vy[i] = v.1; vz[i] = v.2
        }
        var idx = (0..<n).map { Int32($0) }
        var nodeAxes = [UInt8](repeating: 0, count: n)
        // Iterative build with an explicit stack of ranges.
        var stack: [(Int, Int)] = [(0, n)]
        while let (lo, hi) = stack.popLast() {
            if hi - lo <= SpatialIndex.leafSize { continue }
            var minV = (Double.infinity, Double.infinity, Double.infinity)
            var maxV = (-Double.infinity, -Double.infinity, -Double.infinity)
            for k in lo..<hi {
                let p = Int(idx[k])
                minV = (min(minV.0, vx[p]), min(minV.1, vy[p]), min(minV.2, vz[p]))
                maxV = (max(maxV.0, vx[p]), max(maxV.1, vy[p]), max(maxV.2, vz[p]))
            }
            let spread = (maxV.0 - minV.0, maxV.1 - minV.1, maxV.2 - minV.2)
            let axis: UInt8 = spread.0 >= spread.1 && spread.0 >= spread.2 ? 0 : (spread.1 >= spread.2 ? 1 : 2)
            let mid = (lo + hi) / 2
            let key: [Double] = axis == 0 ? vx : (axis == 1 ? vy : vz)
            SpatialIndex.select(&idx, lo: lo, hi: hi - 1, k: mid, key: key)
            nodeAxes[mid] = axis
            stack.append((lo, mid))
            stack.append((mid + 1, hi))
        }
        order = idx
        xs = idx.map { vx[Int($0)] }
        ys = idx.map { vy[Int($0)] }
        zs = idx.map { vz[Int($0)] }
        axes = nodeAxes
    }

    /// Number of points indexed.
    public var count: Int { order.count }

    /// The `k` nearest points, nearest first.
    public func nearest(to query: Coordinate, count k: Int) -> [Neighbor] {
        guard k > 0, !order.isEmpty else { return [] }
        let q = SpatialIndex.unitVector(query)
        var heap = BoundedMaxHeap(capacity: k)
        nearestSearch(q, 0, order.count, &heap)
        return heap.sortedAscending().map { Neighbor(index: Int(order[$0.node]), distance: SpatialIndex.metres(chordSquared: $0.key)) }
    }

    /// Every point within `radius` metres, nearest first.
    public func within(radius: Double, of query: Coordinate) -> [Neighbor] {
        guard radius >= 0, !order.isEmpty else { return [] }
        let q = SpatialIndex.unitVector(query)
        let angle = min(radius / SpatialIndex.earthRadius, Double.pi)
        let chord = 2 * sin(angle / 2)
        let limit = chord * chord * (1 + 1e-12) + 1e-18
        var found: [(node: Int, key: Double)] = []
        radiusSearch(q, limit, 0, order.count, &found)
        return found.sorted { $0.key < $1.key }
            .map { Neighbor(index: Int(order[$0.node]), distance: SpatialIndex.metres(chordSquared: $0.key)) }
    }

    /// Every point inside a latitude/longitude box (which may cross the antimeridian), in index order.
    public func inside(_ box: BoundingBox) -> [Int] {
        guard !order.isEmpty, box.south <= box.north else { return [] }
        let bounds = SpatialIndex.enclosingBox(box)
        var found: [Int] = []
        boxSearch(bounds, box, 0, order.count, &found)
        return found.sorted()
    }

    // MARK: - Searches

    private func nearestSearch(_ q: (Double, Double, Double), _ lo: Int, _ hi: Int, _ heap: inout BoundedMaxHeap) {
        if hi - lo <= SpatialIndex.leafSize {
            for i in lo..<hi { heap.offer(node: i, key: chordSquared(q, i)) }
            return
        }
        let mid = (lo + hi) / 2
        heap.offer(node: mid, key: chordSquared(q, mid))
        let diff = component(q, axes[mid]) - coordinate(mid, axes[mid])
        if diff < 0 {
            nearestSearch(q, lo, mid, &heap)
            if !heap.isFull || diff * diff < heap.worst { nearestSearch(q, mid + 1, hi, &heap) }
        } else {
            nearestSearch(q, mid + 1, hi, &heap)
            if !heap.isFull || diff * diff < heap.worst { nearestSearch(q, lo, mid, &heap) }
        }
    }

    private func radiusSearch(_ q: (Double, Double, Double), _ limit: Double, _ lo: Int, _ hi: Int,
                              _ found: inout [(node: Int, key: Double)]) {
        if hi - lo <= SpatialIndex.leafSize {
            for i in lo..<hi {
                let d = chordSquared(q, i)
                if d <= limit { found.append((i, d)) }
            }
            return
        }
        let mid = (lo + hi) / 2
        let d = chordSquared(q, mid)
        if d <= limit { found.append((mid, d)) }
        let diff = component(q, axes[mid]) - coordinate(mid, axes[mid])
        if diff < 0 || diff * diff <= limit { radiusSearch(q, limit, lo, mid, &found) }
        if diff >= 0 || diff * diff <= limit { radiusSearch(q, limit, mid + 1, hi, &found) }
    }

    private func boxSearch(_ bounds: (min: (Double, Double, Double), max: (Double, Double, Double)),
                           _ box: BoundingBox, _ lo: Int, _ hi: Int, _ found: inout [Int]) {
        if hi - lo <= SpatialIndex.leafSize {
            for i in lo..<hi where box.contains(coordinates[Int(order[i])]) { found.append(Int(order[i])) }
            return
        }
        let mid = (lo + hi) / 2
        if box.contains(coordinates[Int(order[mid])]) { found.append(Int(order[mid])) }
        let axis = axes[mid]
        let split = coordinate(mid, axis)
        if component(bounds.min, axis) <= split { boxSearch(bounds, box, lo, mid, &found) }
        if component(bounds.max, axis) >= split { boxSearch(bounds, box, mid + 1, hi, &found) }
    }

    // MARK: - Geometry

    @inline(__always) private func chordSquared(_ q: (Double, Double, Double), _ i: Int) -> Double {
        let dx = q.0 - xs[i], dy = q.1 - ys[i], dz = q.2 - zs[i]
        return dx * dx + dy * dy + dz * dz
    }

    @inline(__always) private func coordinate(_ i: Int, _ axis: UInt8) -> Double {
        axis == 0 ? xs[i] : (axis == 1 ? ys[i] : zs[i])
    }

    @inline(__always) private func component(_ v: (Double, Double, Double), _ axis: UInt8) -> Double {
        axis == 0 ? v.0 : (axis == 1 ? v.1 : v.2)
    }

    static func unitVector(_ c: Coordinate) -> (Double, Double, Double) {
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

    // Hoare-style quickselect: after it, idx[k] holds the k-th smallest key in [lo, hi].
    private static func select(_ idx: inout [Int32], lo: Int, hi: Int, k: Int, key: [Double]) {
        var lo = lo, hi = hi
        while hi > lo {
            let pivot = key[Int(idx[(lo + hi) / 2])]
            var i = lo, j = hi
            while i <= j {
                while key[Int(idx[i])] < pivot { i += 1 }
                while key[Int(idx[j])] > pivot { j -= 1 }
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
