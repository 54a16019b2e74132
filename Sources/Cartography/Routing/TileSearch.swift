import Foundation
import Geo

/// A* between two ends joined to a corridor, over the stored graph read tile by tile: before a node is
/// expanded its tile is read (every edge of a node is kept in its tile, long ones in the long-edge row read
/// with the ends), so the search is A*'s on the whole graph while reading only the tiles it reaches. The bound
/// is the larger of the plane bound (`GoalBound`) and the landmarks' (`WalkLandmarks`); a tie between equal
/// sums goes to the node nearer the goal (the bound weighted by 1 + 10⁻⁸: on a grid every node between the
/// ends lies on a shortest walk, and without it A* would expand them all), which can lengthen a walk by at
/// most that fraction (0.8 mm across 80 km) over the shortest.
struct TileSearch {
    private(set) var corridor: Corridor
    private let ends: (start: EdgeSnap, target: EdgeSnap)
    private let bound: GoalBound
    /// The walk from each landmark to the target point; infinity where it is not known.
    private var goalLandmarks = [Double](repeating: .infinity, count: WalkLandmarks.count)
    /// The bound's weight: ties between equal sums go to the node nearer the goal.
    static let tieWeight = 1 + 1e-8

    // Per node, in the corridor's numbers (grown as tiles add nodes).
    private var best: [Double] = [], previous: [Int32] = [], closed: [Bool] = []
    /// Adjacency as linked lists over directed slots, so edges of tiles read later join the nodes' lists.
    private var head: [Int32] = [], nextSlot: [Int32] = [], slotTarget: [Int32] = [], slotMetres: [Double] = []
    private var edgesLinked = 0
    /// The virtual goal: the target's point, reached from either end of its edge.
    private var goalMetres = Double.infinity, goalPrevious: Int32 = -1
    private static let goal = -1

    init(corridor: Corridor, ends: (start: EdgeSnap, target: EdgeSnap)) {
        self.corridor = corridor
        self.ends = ends
        var region = corridor.facts.bounds
        let target = ends.target.point
        region.south = min(region.south, target.latitude)
        region.north = max(region.north, target.latitude)
        region.west = min(region.west, target.longitude)
        region.east = max(region.east, target.longitude)
        bound = GoalBound(goal: target.coordinate, region: region)
    }

    /// The nodes passed between the ends and the metres from point to point, or nil when nothing joins them.
    mutating func run() throws -> (nodes: [Int], metres: Double)? {
        grow()
        let (s, t) = ends
        let goals = [(Int(t.from), t.along), (Int(t.to), t.length - t.along)]
        measureGoalLandmarks(goals)
        var heap = MinHeap(capacity: 4096)
        for (node, metres) in [(s.from, s.along), (s.to, s.length - s.along)] where metres < best[node] {
            best[node] = metres
            previous[node] = -1
            heap.push(metres + estimate(node) * Self.tieWeight, node)
        }
        if s.from == t.from && s.to == t.to {
            goalMetres = abs(s.along - t.along)
            heap.push(goalMetres, Self.goal)
        }
        while let (_, node) = heap.pop() {
            if node == Self.goal { break }
            if closed[node] { continue }
            // Every edge of the node is in its tile: read it first if the search has not been there.
            if try corridor.load(tile: WalkTiling.tile(of: corridor.assembly.points[node])) { grow() }
            closed[node] = true
            let base = best[node]
            for (goalNode, extra) in goals where goalNode == node && base + extra < goalMetres {
                goalMetres = base + extra
                goalPrevious = Int32(node)
                heap.push(goalMetres, Self.goal)
            }
            var slot = head[node]
            while slot >= 0 {
                let next = Int(slotTarget[Int(slot)])
                let candidate = base + slotMetres[Int(slot)]
                // A closed node is opened again if a shorter walk reaches it: never with a consistent bound, but
                // stored walks that are partly missing (a damaged row) make it merely admissible.
                if candidate < best[next] {
                    best[next] = candidate
                    closed[next] = false
                    previous[next] = Int32(node)
                    heap.push(candidate + estimate(next) * Self.tieWeight, next)
                }
                slot = nextSlot[Int(slot)]
            }
        }
        guard goalMetres.isFinite else { return nil }
        var nodes: [Int] = []
        var current = Int(goalPrevious)
        while current >= 0 {
            nodes.append(current)
            current = Int(previous[current])
        }
        return (nodes.reversed(), goalMetres)
    }

    /// The walk from each landmark to the target point: through the nearer end of its edge; unknown (infinity)
    /// unless both ends' walks are known (one end's alone could be longer than the walk through the other).
    private mutating func measureGoalLandmarks(_ goals: [(Int, Double)]) {
        for k in 0..<WalkLandmarks.count {
            let through = goals.map { corridor.assembly.landmarkMetres[WalkLandmarks.count * $0.0 + k] + $0.1 }
            goalLandmarks[k] = through.allSatisfy(\.isFinite) ? through.min() ?? .infinity : .infinity
        }
    }

    /// The lower bound on the walk from `node` to the target point.
    @inline(__always)
    private func estimate(_ node: Int) -> Double {
        let assembly = corridor.assembly
        var metres = bound.metres(assembly.points[node])
        let at = WalkLandmarks.count * node
        for k in 0..<WalkLandmarks.count {
            let there = assembly.landmarkMetres[at + k], goal = goalLandmarks[k]
            if there.isFinite && goal.isFinite { metres = max(metres, abs(goal - there)) }
        }
        return metres
    }

    private mutating func link(_ from: Int32, _ to: Int32, _ metres: Double) {
        slotTarget.append(to)
        slotMetres.append(metres)
        nextSlot.append(head[Int(from)])
        head[Int(from)] = Int32(slotTarget.count - 1)
    }

    /// Makes room for the nodes the corridor added and links its new edges into the lists.
    private mutating func grow() {
        let n = corridor.assembly.ids.count
        if best.count < n {
            let more = n - best.count
            best.append(contentsOf: repeatElement(.infinity, count: more))
            previous.append(contentsOf: repeatElement(-1, count: more))
            closed.append(contentsOf: repeatElement(false, count: more))
            head.append(contentsOf: repeatElement(-1, count: more))
        }
        var linked = 0
        corridor.assembly.forEachEdge(from: edgesLinked) { a, b, metres in
            link(a, b, metres)
            link(b, a, metres)
            linked += 1
        }
        edgesLinked += linked
    }
}
