import Foundation
import Geo

/// Shortest walks on a `WalkGraph`: each end attached to the nearest point of an edge of the main walking
/// network, A* with a great-circle lower bound between those points, then steps named by street.
public enum Router {
    /// How far from the nearest imported way a start or target may be and still be routed.
    public static let maximumGap = 500.0
    /// A sphere a little smaller than the Earth: great-circle distances on it never exceed the ellipsoidal
    /// length of a path between the same points, so they bound A* and a corridor from below.
    public static let lowerBoundRadius = 6_335_000.0
    /// The great-circle distance on the lower-bound sphere: no walk between `a` and `b` is shorter.
    public static func lowerBound(_ a: Coordinate, _ b: Coordinate) -> Double {
        let u = SpatialIndex.unitVector(a), v = SpatialIndex.unitVector(b)
        return acos(max(-1, min(1, u.0 * v.0 + u.1 * v.1 + u.2 * v.2))) * lowerBoundRadius
    }
    /// The straight walk to or from the network gets a step of its own from this many metres.
    public static let gapStepMetres = 5.0

    /// The shortest walk from `start` to `target` along the graph, with the straight walks to and from it.
    public static func route(in graph: WalkGraph, from start: Coordinate, to target: Coordinate) -> Result<WalkingRoute, RouteFailure> {
        let ends: (start: EdgeSnap, target: EdgeSnap)
        switch snaps(in: graph, from: start, to: target) {
        case .success(let found): ends = found
        case .failure(let why): return .failure(why)
        }
        return route(in: graph, ends: ends)
    }

    /// The shortest walk between two ends already joined to `graph` (found by `snaps`).
    public static func route(in graph: WalkGraph, ends: (start: EdgeSnap, target: EdgeSnap)) -> Result<WalkingRoute, RouteFailure> {
        guard let path = shortestPath(in: graph, from: ends.start, to: ends.target) else { return .failure(.unreachable) }
        return .success(walk(in: graph, ends: ends, path: path))
    }

    /// The walk along `path` (the nodes passed between the ends, as `shortestPath` gives them) with its steps.
    static func walk(in graph: WalkGraph, ends: (start: EdgeSnap, target: EdgeSnap), path: (nodes: [Int], metres: Double)) -> WalkingRoute {
        let points = [ends.start.point] + path.nodes.map { graph.points[$0] } + [ends.target.point]
        return WalkingRoute(points: points, metres: path.metres, steps: steps(graph: graph, path: path.nodes, ends: ends),
                            startGap: ends.start.metres, endGap: ends.target.metres,
                            startJoin: join(graph, ends.start), targetJoin: join(graph, ends.target))
    }

    private static func join(_ graph: WalkGraph, _ snap: EdgeSnap) -> RouteJoin {
        RouteJoin(fromNode: graph.nodeIDs[snap.from], toNode: graph.nodeIDs[snap.to], along: snap.along, length: snap.length)
    }

    /// Where the start and the target join the graph: the nearest edge of any component when both are
    /// nearest the same one, else the nearest edge of the main network for each; or why they cannot.
    public static func snaps(in graph: WalkGraph, from start: Coordinate, to target: Coordinate) -> Result<(start: EdgeSnap, target: EdgeSnap), RouteFailure> {
        guard graph.nodeCount > 0 else { return .failure(.noWalkingGraph) }
        func nearest(_ coordinate: Coordinate, _ what: String) -> Result<EdgeSnap, RouteFailure> {
            if let snap = graph.nearestEdgePoint(to: coordinate, within: maximumGap) { return .success(snap) }
            let outside = graph.metresOutside(coordinate)
            if outside > 0 { return .failure(.outsideImportedArea(metres: outside, what: what)) }
            return .failure(.tooFarFromWays(metres: graph.nearestNode(to: coordinate)?.metres ?? maximumGap, what: what))
        }
        let nearStart: EdgeSnap, nearTarget: EdgeSnap
        switch (nearest(start, "start"), nearest(target, "target")) {
        case (.success(let a), .success(let b)): (nearStart, nearTarget) = (a, b)
        case (.failure(let why), _), (_, .failure(let why)): return .failure(why)
        }
        if graph.components[nearStart.from] == graph.components[nearTarget.from] { return .success((nearStart, nearTarget)) }
        func onMain(_ near: EdgeSnap, _ coordinate: Coordinate, _ what: String) -> Result<EdgeSnap, RouteFailure> {
            if graph.isOnMainNetwork(near.from) { return .success(near) }
            if let snap = graph.nearestEdgePoint(to: coordinate, within: maximumGap, where: graph.isOnMainNetwork) { return .success(snap) }
            return .failure(.island(nodes: graph.componentSize(of: near.from), what: what))
        }
        switch (onMain(nearStart, start, "start"), onMain(nearTarget, target, "target")) {
        case (.success(let a), .success(let b)):
            guard graph.components[a.from] == graph.components[b.from] else {
                return .failure(.separateNetworks(startNodes: graph.componentSize(of: a.from), targetNodes: graph.componentSize(of: b.from)))
            }
            return .success((a, b))
        case (.failure(let why), _), (_, .failure(let why)): return .failure(why)
        }
    }

    /// A* from node `source` to node `goal`: the node sequence and its length, or nil when unconnected.
    public static func shortestPath(in graph: WalkGraph, from source: Int, to goal: Int) -> (nodes: [Int], metres: Double)? {
        search(graph, sources: [(source, 0)], goals: [(goal, 0)], direct: nil, goalPoint: graph.points[goal].coordinate)
    }

    /// A* from the point `start` on its edge to the point `target` on its edge: the nodes passed between
    /// them (none when both lie on one edge and the walk stays on it) and the metres from point to point.
    public static func shortestPath(in graph: WalkGraph, from start: EdgeSnap, to target: EdgeSnap) -> (nodes: [Int], metres: Double)? {
        let sameEdge = start.from == target.from && start.to == target.to
        return search(graph, sources: [(start.from, start.along), (start.to, start.length - start.along)],
                      goals: [(target.from, target.along), (target.to, target.length - target.along)],
                      direct: sameEdge ? abs(start.along - target.along) : nil, goalPoint: target.point.coordinate)
    }

    /// A* over the graph plus a virtual goal (number `nodeCount`) reached from each of `goals` for its extra
    /// metres; the walk starts at any of `sources` having walked its metres already, or reaches the goal
    /// directly for `direct` metres. Returns the real nodes passed and the total.
    static func search(_ graph: WalkGraph, sources: [(Int, Double)], goals: [(Int, Double)], direct: Double?,
                       goalPoint: Coordinate) -> (nodes: [Int], metres: Double)? {
        let n = graph.nodeCount
        let goal = n
        var best = [Double](repeating: .infinity, count: n + 1)
        var previous = [Int32](repeating: -1, count: n + 1)
        var closed = [Bool](repeating: false, count: n + 1)
        // The region every node lies in (one pass, so the bound never rests on facts written elsewhere).
        let bound = GoalBound(goal: goalPoint, region: FeatureBounds(graph.points))
        // At most two goal nodes (the ends of the target's edge), each with the metres from it to the target.
        let goalNodes = goals.map(\.0), goalExtra = goals.map(\.1)
        var heap = MinHeap(capacity: 1024)
        for (node, metres) in sources where metres < best[node] {
            best[node] = metres
            heap.push(metres + bound.metres(graph.points[node]), node)
        }
        if let direct {
            best[goal] = direct
            heap.push(direct, goal)
        }
        graph.points.withUnsafeBufferPointer { points in
        graph.offsets.withUnsafeBufferPointer { offsets in
        graph.targets.withUnsafeBufferPointer { targets in
        graph.lengths.withUnsafeBufferPointer { lengths in
        best.withUnsafeMutableBufferPointer { best in
        previous.withUnsafeMutableBufferPointer { previous in
        closed.withUnsafeMutableBufferPointer { closed in
            while let (_, node) = heap.pop() {
                if closed[node] { continue }
                if node == goal { break }
                closed[node] = true
                let base = best[node]
                for (i, goalNode) in goalNodes.enumerated() where goalNode == node && base + goalExtra[i] < best[goal] {
                    best[goal] = base + goalExtra[i]
                    previous[goal] = Int32(node)
                    heap.push(base + goalExtra[i], goal)
                }
                for slot in Int(offsets[node])..<Int(offsets[node + 1]) {
                    let next = Int(targets[slot])
                    if closed[next] { continue }
                    let candidate = base + lengths[slot]
                    if candidate < best[next] {
                        best[next] = candidate
                        previous[next] = Int32(node)
                        heap.push(candidate + bound.metres(points[next]), next)
                    }
                }
            }
        }}}}}}}
        guard best[goal].isFinite else { return nil }
        var nodes: [Int] = []
        var current = Int(previous[goal])
        while current >= 0 {
            nodes.append(current)
            current = Int(previous[current])
        }
        return (nodes.reversed(), best[goal])
    }

    /// One stretch of the walk between two consecutive points.
    private struct Stretch {
        var street: String, kind: WalkKind, metres: Double, from: GeoPoint, to: GeoPoint
    }

    /// Steps: the walk to the network when it is long enough to mention, then a new step wherever the
    /// street (or steps, or square) changes, with the turn from the previous bearing, then the walk off it.
    static func steps(graph: WalkGraph, path: [Int], ends: (start: EdgeSnap, target: EdgeSnap)) -> [RouteStep] {
        var stretches: [Stretch] = []
        let (s, t) = ends
        if let first = path.first {
            stretches.append(Stretch(street: s.street, kind: s.kind, metres: first == s.from ? s.along : s.length - s.along,
                                     from: s.point, to: graph.points[first]))
        }
        for i in path.indices.dropFirst() {
            let a = path[i - 1], b = path[i]
            let slot = graph.slot(from: a, to: b)
            let named: (kind: WalkKind, street: String) = slot.map { graph.street(at: $0) } ?? (.way, "")
            stretches.append(Stretch(street: named.street, kind: named.kind,
                                     metres: slot.map { graph.lengths[$0] } ?? 0, from: graph.points[a], to: graph.points[b]))
        }
        if let last = path.last {
            stretches.append(Stretch(street: t.street, kind: t.kind, metres: last == t.from ? t.along : t.length - t.along,
                                     from: graph.points[last], to: t.point))
        } else {
            stretches.append(Stretch(street: s.street, kind: s.kind, metres: abs(s.along - t.along), from: s.point, to: t.point))
        }
        var legs: [(street: String, kind: WalkKind, metres: Double, startBearing: Double, endBearing: Double)] = []
        var pieces: [[Stretch]] = []
        for stretch in stretches {
            // A stretch of no length (an end exactly on a node) has no bearing to give.
            guard stretch.metres > 0.01 else { continue }
            if let last = legs.last, last.street == stretch.street, last.kind == stretch.kind {
                legs[legs.count - 1].metres += stretch.metres
                pieces[pieces.count - 1].append(stretch)
            } else {
                legs.append((stretch.street, stretch.kind, stretch.metres, 0, 0))
                pieces.append([stretch])
            }
        }
        // A leg's heading over its first and last `headingMetres`, not its first and last stretch: a kerb's
        // one-metre jog at a crossing is not a turn.
        for i in legs.indices {
            legs[i].startBearing = heading(pieces[i], fromEnd: false)
            legs[i].endBearing = heading(pieces[i], fromEnd: true)
        }
        var steps: [RouteStep] = []
        if s.metres >= gapStepMetres {
            steps.append(RouteStep(instruction: "walk to \(legs.first.map { place($0.street, $0.kind) } ?? place(s.street, s.kind))",
                                   street: s.street, metres: s.metres))
        }
        // A short leg between two others is a street crossed: "cross X", and the turn after it is measured from
        // the heading before it.
        let crossing = { (i: Int) in i > 0 && i < legs.count - 1 && legs[i].metres < crossingMetres }
        for (i, leg) in legs.enumerated() {
            let on = leg.kind == .area ? "across" : (i == 0 ? "on" : "onto")
            let instruction: String
            if i == 0 {
                instruction = "head \(CompassPoint(bearing: leg.startBearing).name) \(on) \(place(leg.street, leg.kind))"
            } else if crossing(i) {
                instruction = "cross \(place(leg.street, leg.kind))"
            } else {
                var before = i - 1
                while crossing(before) { before -= 1 }
                var turn = turn(from: legs[before].endBearing, to: leg.startBearing)
                // A reversal is said only when both sides are walked for a while: a short leg's heading is the kerb's.
                if turn == "turn around", min(legs[before].metres, leg.metres) < reversalMetres { turn = "straight on" }
                instruction = "\(turn == "straight on" ? "continue" : turn) \(on) \(place(leg.street, leg.kind))"
            }
            steps.append(RouteStep(instruction: instruction, street: leg.street, metres: leg.metres))
        }
        if t.metres >= gapStepMetres {
            let from = legs.last.map { place($0.street, $0.kind) } ?? place(t.street, t.kind)
            steps.append(RouteStep(instruction: "leave \(from) and walk to the target", street: t.street, metres: t.metres))
        }
        return steps
    }

    /// Metres over which a leg's heading is measured at each end.
    static let headingMetres = 15.0
    /// A leg shorter than this between two others is a street crossed, not a turn onto it.
    static let crossingMetres = 20.0
    /// "turn around" needs this many metres walked on each side of the reversal.
    static let reversalMetres = 25.0

    /// The bearing of a leg's first (or last) `headingMetres`: from its first point to the point that far along.
    private static func heading(_ stretches: [Stretch], fromEnd: Bool) -> Double {
        let ordered = fromEnd ? Array(stretches.reversed()) : stretches
        guard let first = ordered.first else { return 0 }
        var walked = 0.0
        var far = fromEnd ? first.from : first.to
        for stretch in ordered {
            far = fromEnd ? stretch.from : stretch.to
            walked += stretch.metres
            if walked >= headingMetres { break }
        }
        let near = fromEnd ? first.to : first.from
        return fromEnd ? Geodesic.inverse(from: far.coordinate, to: near.coordinate).initialBearing
                       : Geodesic.inverse(from: near.coordinate, to: far.coordinate).initialBearing
    }

    /// How a step names where it goes: the street, "the path", "the steps (Name)", "the square" or its name.
    static func place(_ street: String, _ kind: WalkKind) -> String {
        switch kind {
        case .way: return street.isEmpty ? "the path" : street
        case .steps: return street.isEmpty ? "the steps" : "the steps (\(street))"
        case .area: return street.isEmpty ? "the square" : street
        }
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
