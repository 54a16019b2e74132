import Foundation
import Geo

/// The walking metres between several points exactly as `CorridorRouter.route` measures each pair (issue 49): the
/// same ends (`Router.snaps`' rule: the nearest edge of any component when both points are nearest the same one,
/// else each one's nearest edge of the main network), the same stored graph read tile by tile as each search
/// reaches it (never a box around the points that could cut a shortest walk off), hence the same area crossings
/// (they are edges of that graph). One Dijkstra from each point's end (two when its nearest edge is off the main
/// network) settles every other point it joins, so a walk's matrix and the legs then routed are one metric.
struct WalkMetric {
    private var corridor: Corridor
    private let points: [Coordinate]
    /// The graph of the points' own tiles, in which the ends were found (the corridor's numbers hold in every later graph).
    private let near: WalkGraph
    /// Each point's nearest edge of any component, and its nearest edge of the main network (nil: none within
    /// `Router.maximumGap`), with their components in `near`.
    private let nearest: [EdgeSnap?], onMain: [EdgeSnap?]
    private let nearestComponent: [Int32], mainComponent: [Int32]
    /// Adjacency as linked lists over directed slots, grown as tiles are read (as `TileSearch` keeps it).
    private var head: [Int32] = [], nextSlot: [Int32] = [], slotTarget: [Int32] = [], slotMetres: [Double] = []
    private var edgesLinked = 0

    /// Reads the tiles around each point (as `CorridorRouter` reads its two ends') and joins each point to the graph.
    init(points: [Coordinate], source: WalkPieceSource, facts: WalkGraphFacts) throws {
        var corridor = Corridor(source: source, facts: facts)
        let reach = Router.maximumGap * 1.01 + 10
        for point in points { try corridor.load(WalkTiling.box(around: point, metres: reach)) }
        let graph = corridor.graph(indexed: true)
        let nearest = points.map { graph.nearestEdgePoint(to: $0, within: Router.maximumGap) }
        let onMain = zip(points, nearest).map { point, snap -> EdgeSnap? in
            guard let snap else { return nil }
            if graph.isOnMainNetwork(snap.from) { return snap }
            return graph.nearestEdgePoint(to: point, within: Router.maximumGap, where: graph.isOnMainNetwork)
        }
        self.corridor = corridor
        self.points = points
        self.near = graph
        self.nearest = nearest
        self.onMain = onMain
        nearestComponent = nearest.map { $0.map { graph.components[$0.from] } ?? -1 }
        mainComponent = onMain.map { $0.map { graph.components[$0.from] } ?? -1 }
    }

    /// Why point `i` joins no way, as `route` would say it of its `what` ("start", "end"); nil when it joins one.
    func unjoined(_ i: Int, what: String) -> RouteFailure? {
        guard nearest[i] == nil else { return nil }
        let outside = near.metresOutside(points[i])
        return outside > 0 ? .outsideImportedArea(metres: outside, what: what) : .tooFarFromWays(metres: Router.maximumGap, what: what)
    }

    /// Whether point `i` joins some way within `Router.maximumGap`.
    func isJoined(_ i: Int) -> Bool { nearest[i] != nil }

    /// The ends `route` joins between points `i` and `j`, or nil when it finds no walk between them (a point far
    /// from every way, an island with no main network near, separate networks).
    func ends(_ i: Int, _ j: Int) -> (start: EdgeSnap, target: EdgeSnap)? {
        guard let a = nearest[i], let b = nearest[j] else { return nil }
        if nearestComponent[i] == nearestComponent[j] { return (a, b) }
        guard let ma = onMain[i], let mb = onMain[j], mainComponent[i] == mainComponent[j] else { return nil }
        return (ma, mb)
    }

    /// The whole walk's metres (the straight walks to and from the ways included, as `WalkingRoute.totalMetres`)
    /// between every two of `rows` (point numbers), infinity where `route` finds none: entry [a][b] is the length of
    /// the route from point `rows[a]` to point `rows[b]`.
    mutating func matrix(_ rows: [Int]) throws -> [[Double]] {
        var d = rows.map { _ in rows.map { _ in Double.infinity } }
        for a in rows.indices { d[a][a] = 0 }
        for a in rows.indices {
            // The pairs whose walk leaves from each of this point's ends (its nearest edge, or the main network's).
            var bySource: [(source: EdgeSnap, targets: [(column: Int, snap: EdgeSnap)])] = []
            for b in rows.indices where b > a {
                guard let (s, t) = ends(rows[a], rows[b]) else { continue }
                if let k = bySource.firstIndex(where: { $0.source == s }) { bySource[k].targets.append((b, t)) } else { bySource.append((s, [(b, t)])) }
            }
            for group in bySource {
                let along = try metresAlong(from: group.source, to: group.targets.map(\.snap))
                for (k, target) in group.targets.enumerated() {
                    let metres = group.source.metres + along[k] + target.snap.metres
                    d[a][target.column] = metres
                    d[target.column][a] = metres
                }
            }
        }
        return d
    }

    /// The metres along the ways from the point of `source` to the point of each of `targets` (infinity where none
    /// joins them): one Dijkstra that reads a node's tile before it expands the node, stopping once every target is
    /// settled. As `TileSearch`, a walk between two points of one edge may go straight along it.
    private mutating func metresAlong(from source: EdgeSnap, to targets: [EdgeSnap]) throws -> [Double] {
        grow()
        var best = [Double](repeating: .infinity, count: head.count)
        var closed = [Bool](repeating: false, count: head.count)
        var goals = targets.map { t in source.from == t.from && source.to == t.to ? abs(source.along - t.along) : .infinity }
        var heap = MinHeap(capacity: 4096)
        for (node, metres) in [(source.from, source.along), (source.to, source.length - source.along)] where metres < best[node] {
            best[node] = metres
            heap.push(metres, node)
        }
        var worst = goals.max() ?? 0
        while let (metres, node) = heap.pop() {
            // Every goal is final once the nearest unsettled node is as far as the farthest goal.
            if metres >= worst { break }
            if closed[node] || metres > best[node] { continue }
            if try corridor.load(tile: WalkTiling.tile(of: corridor.assembly.points[node])) {
                grow()
                best.append(contentsOf: repeatElement(.infinity, count: head.count - best.count))
                closed.append(contentsOf: repeatElement(false, count: head.count - closed.count))
            }
            closed[node] = true
            var reached = false
            for (k, t) in targets.enumerated() {
                if t.from == node, metres + t.along < goals[k] { (goals[k], reached) = (metres + t.along, true) }
                if t.to == node, metres + t.length - t.along < goals[k] { (goals[k], reached) = (metres + t.length - t.along, true) }
            }
            if reached { worst = goals.max() ?? 0 }
            var slot = head[node]
            while slot >= 0 {
                let next = Int(slotTarget[Int(slot)])
                let candidate = metres + slotMetres[Int(slot)]
                if candidate < best[next] {
                    best[next] = candidate
                    heap.push(candidate, next)
                }
                slot = nextSlot[Int(slot)]
            }
        }
        return goals
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
        if head.count < n { head.append(contentsOf: repeatElement(-1, count: n - head.count)) }
        var linked = 0
        corridor.assembly.forEachEdge(from: edgesLinked) { a, b, metres in
            link(a, b, metres)
            link(b, a, metres)
            linked += 1
        }
        edgesLinked += linked
    }
}
