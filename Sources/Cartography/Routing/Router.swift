import Foundation
import Geo

/// Shortest walks on a `WalkGraph`: A* with a great-circle lower bound, then steps named by street.
public enum Router {
    /// How far from the nearest imported way a start or target may be and still be routed.
    public static let maximumGap = 500.0

    /// The shortest walk from `start` to `target` along the graph.
    public static func route(in graph: WalkGraph, from start: Coordinate, to target: Coordinate) -> Result<WalkingRoute, RouteFailure> {
        guard graph.nodeCount > 0 else { return .failure(.noWalkingGraph) }
        guard let first = graph.nearestNode(to: start), let last = graph.nearestNode(to: target) else { return .failure(.noWalkingGraph) }
        guard first.metres <= maximumGap else { return .failure(.tooFarFromWays(metres: first.metres, what: "start")) }
        guard last.metres <= maximumGap else { return .failure(.tooFarFromWays(metres: last.metres, what: "target")) }
        guard let path = shortestPath(in: graph, from: first.node, to: last.node) else { return .failure(.unreachable) }
        let points = path.nodes.map { graph.points[$0] }
        return .success(WalkingRoute(points: points, metres: path.metres, steps: steps(graph: graph, path: path.nodes),
                                     startGap: first.metres, endGap: last.metres))
    }

    /// A* from node `source` to node `goal`: the node sequence and its length, or nil when unconnected.
    public static func shortestPath(in graph: WalkGraph, from source: Int, to goal: Int) -> (nodes: [Int], metres: Double)? {
        if source == goal { return ([source], 0) }
        let n = graph.nodeCount
        var best = [Double](repeating: .infinity, count: n)
        var previous = [Int32](repeating: -1, count: n)
        var closed = [Bool](repeating: false, count: n)
        let goalVector = SpatialIndex.unitVector(graph.points[goal].coordinate)
        // Great-circle distance on a sphere a little smaller than the Earth never exceeds the ellipsoidal
        // length of any path, so the bound stays admissible and the answer exact.
        func estimate(_ node: Int) -> Double {
            let v = SpatialIndex.unitVector(graph.points[node].coordinate)
            let dot = max(-1, min(1, v.0 * goalVector.0 + v.1 * goalVector.1 + v.2 * goalVector.2))
            return acos(dot) * 6_335_000
        }
        var heap = MinHeap()
        best[source] = 0
        heap.push(estimate(source), source)
        while let (_, node) = heap.pop() {
            if closed[node] { continue }
            if node == goal { break }
            closed[node] = true
            let base = best[node]
            for slot in Int(graph.offsets[node])..<Int(graph.offsets[node + 1]) {
                let next = Int(graph.targets[slot])
                if closed[next] { continue }
                let candidate = base + graph.lengths[slot]
                if candidate < best[next] {
                    best[next] = candidate
                    previous[next] = Int32(node)
                    heap.push(candidate + estimate(next), next)
                }
            }
        }
        guard best[goal].isFinite else { return nil }
        var nodes = [goal]
        var current = goal
        while current != source {
            current = Int(previous[current])
            nodes.append(current)
        }
        return (nodes.reversed(), best[goal])
    }

    /// Steps: a new one wherever the street name changes, with the turn from the previous bearing.
    static func steps(graph: WalkGraph, path: [Int]) -> [RouteStep] {
        guard path.count >= 2 else { return [] }
        var legs: [(street: String, metres: Double, startBearing: Double, endBearing: Double)] = []
        for i in 1..<path.count {
            let a = path[i - 1], b = path[i]
            let edge = graph.neighbours(of: a).filter { $0.node == b }.min { $0.metres < $1.metres }
            let street = edge?.street ?? ""
            let metres = edge?.metres ?? 0
            let bearing = Geodesic.inverse(from: graph.points[a].coordinate, to: graph.points[b].coordinate).initialBearing
            if let last = legs.last, last.street == street {
                legs[legs.count - 1].metres += metres
                legs[legs.count - 1].endBearing = bearing
            } else {
                legs.append((street, metres, bearing, bearing))
            }
        }
        var steps: [RouteStep] = []
        for (i, leg) in legs.enumerated() {
            let place = leg.street.isEmpty ? "the path" : leg.street
            let instruction: String
            if i == 0 {
                instruction = "head \(CompassPoint(bearing: leg.startBearing).name) on \(place)"
            } else {
                let turn = turn(from: legs[i - 1].endBearing, to: leg.startBearing)
                instruction = "\(turn == "straight on" ? "continue" : turn) onto \(place)"
            }
            steps.append(RouteStep(instruction: instruction, street: leg.street, metres: leg.metres))
        }
        return steps
    }

    /// "left", "slight right", "straight on", "turn around" for a change of bearing.
    static func turn(from: Double, to: Double) -> String {
        var change = (to - from).truncatingRemainder(dividingBy: 360)
        if change > 180 { change -= 360 }
        if change < -180 { change += 360 }
        switch change {
        case -20...20: return "straight on"
        case 20..<60: return "slight right"
        case 60..<150: return "right"
        case -60 ..< -20: return "slight left"
        case -150 ..< -60: return "left"
        default: return "turn around"
        }
    }
}

/// A binary min-heap of (priority, node) for A*.
struct MinHeap {
    private var priorities: [Double] = []
    private var nodes: [Int] = []

    mutating func push(_ priority: Double, _ node: Int) {
        priorities.append(priority)
        nodes.append(node)
        var child = priorities.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard priorities[child] < priorities[parent] else { break }
            priorities.swapAt(child, parent)
            nodes.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let top = priorities.first, let node = nodes.first else { return nil }
        let lastPriority = priorities.removeLast(), lastNode = nodes.removeLast()
        if !priorities.isEmpty {
            priorities[0] = lastPriority
            nodes[0] = lastNode
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < priorities.count, priorities[left] < priorities[smallest] { smallest = left }
                if right < priorities.count, priorities[right] < priorities[smallest] { smallest = right }
                if smallest == parent { break }
                priorities.swapAt(parent, smallest)
                nodes.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (top, node)
    }
}
