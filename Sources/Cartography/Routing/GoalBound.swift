import Foundation
import Geo

/// A*'s lower bound on the metres from a node to the goal, cheap enough to take for every edge relaxed.
/// Within a region a few degrees across, away from the poles and the antimeridian, it is a scaled plane
/// distance: hav θ = hav Δφ + cos φ₁ cos φ₂ hav Δλ ≥ hav Δφ + c hav Δλ (c the least cos² in the region's
/// latitudes), θ = 2 asin √hav θ ≥ 2 √hav θ and sin y ≥ y (1 − y²/6), so θ ≥ s √(Δφ² + c Δλ²) with
/// s = 1 − D²/24 (D the region's widest span, radians). It is a norm of the difference, so it bounds every
/// edge too and A* stays exact with a closed set. Elsewhere the great circle itself (`Router.lowerBound`).
struct GoalBound {
    private let goalLatitude: Double, goalLongitude: Double
    /// Radians per degree times the sphere's radius times s, and the same times √c for longitudes.
    private let latitudeScale: Double, longitudeScale: Double
    private let planar: Bool
    private let goalVector: (Double, Double, Double)

    /// The bound towards `goal` for nodes within `region` (which must hold every node the search may meet).
    init(goal: Coordinate, region: FeatureBounds) {
        goalLatitude = goal.latitude
        goalLongitude = goal.longitude
        goalVector = SpatialIndex.unitVector(goal)
        let south = min(region.south, goal.latitude), north = max(region.north, goal.latitude)
        let west = min(region.west, goal.longitude), east = max(region.east, goal.longitude)
        let radians = Double.pi / 180
        let span = max(north - south, east - west) * radians
        let farthest = max(abs(south), abs(north))
        planar = span.isFinite && farthest.isFinite && east - west <= 5 && north - south <= 5 && farthest <= 80
        let c = cos(min(90, farthest + 1e-9) * radians)
        let s = 1 - span * span / 24
        latitudeScale = Router.lowerBoundRadius * radians * s
        longitudeScale = latitudeScale * c
    }

    @inline(__always)
    func metres(_ point: GeoPoint) -> Double {
        if planar {
            let y = (point.latitude - goalLatitude) * latitudeScale, x = (point.longitude - goalLongitude) * longitudeScale
            return (x * x + y * y).squareRoot()
        }
        let v = SpatialIndex.unitVector(point.coordinate)
        let dot = max(-1, min(1, v.0 * goalVector.0 + v.1 * goalVector.1 + v.2 * goalVector.2))
        return acos(dot) * Router.lowerBoundRadius
    }
}

/// A binary min-heap of (priority, node) for A*, one flat array, sifted by moving a hole.
struct MinHeap {
    private struct Entry {
        var priority: Double
        var node: Int32
    }
    private var entries: [Entry] = []

    init(capacity: Int = 0) { entries.reserveCapacity(capacity) }

    var isEmpty: Bool { entries.isEmpty }

    mutating func push(_ priority: Double, _ node: Int) {
        entries.append(Entry(priority: priority, node: Int32(node)))
        entries.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            let moving = heap[child]
            while child > 0 {
                let parent = (child - 1) >> 1
                guard moving.priority < heap[parent].priority else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = moving
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let last = entries.popLast() else { return nil }
        guard !entries.isEmpty else { return (last.priority, Int(last.node)) }
        return entries.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            let count = heap.count
            var parent = 0
            while true {
                let left = 2 * parent + 1
                if left >= count { break }
                let right = left + 1
                let smaller = right < count && heap[right].priority < heap[left].priority ? right : left
                guard heap[smaller].priority < last.priority else { break }
                heap[parent] = heap[smaller]
                parent = smaller
            }
            heap[parent] = last
            return (top.priority, Int(top.node))
        }
    }
}
