import Catalog
import Foundation
import Geo

/// Where an art walk ends.
public enum WalkFinish: Hashable, Sendable {
    /// Back at the start (the default).
    case round
    /// At the last artwork.
    case open
    /// At a point of the person's choosing.
    case at(Coordinate)
}

/// How many artworks a walk takes: as given, or as many as fit in a time.
public enum WalkChoice: Hashable, Sendable {
    /// Every artwork given, in the best order.
    case all
    /// As many as fit in `seconds`, walking at `metresPerSecond` and staying `staySeconds` at each.
    case within(seconds: Double, metresPerSecond: Double, staySeconds: Double)
}

/// A planned art walk: the artworks in walking order, each leg a real route (as `artmap route` finds it), and
/// the artworks left out with why.
public struct ArtWalkPlan: Sendable {
    public let start: Coordinate
    public let stops: [Artwork]
    /// From the start to the first stop, between stops, and (round or to a point) from the last to the end.
    public let legs: [WalkingRoute]
    public let leftOut: [(artwork: Artwork, reason: String)]
    /// Why it is planned by straight lines (no streets at the start, issue 44), each leg one straight walk; nil over streets.
    public var straightBecause: RouteFailure?
    public var byStraightLines: Bool { straightBecause != nil }

    /// The whole walk's metres (the straight walks to and from the ways included).
    public var totalMetres: Double { legs.reduce(0) { $0 + $1.totalMetres } }
}

/// Plans a walk through several artworks over the stored walking graph: the graph of the area around them is
/// read once, one Dijkstra from each stop gives the metres to every other (not a route per pair), `TourOrder`
/// (or `StopBudget` for a time) finds the order, and each leg is then routed as `route` routes it.
public enum WalkPlanner {
    /// How far beyond the stops' box the graph is read, so a shortest leg that swings outside it is still found.
    static let margin = 1_000.0

    public static func plan(from start: Coordinate, artworks: [Artwork], finish: WalkFinish, choice: WalkChoice = .all,
                            source: WalkPieceSource) throws -> Result<ArtWalkPlan, RouteFailure> {
        try source.withWalkSnapshot {
            guard let facts = try source.walkFacts(), facts.nodeCount > 0 else { return .failure(.noWalkingGraph) }
            var ends = [start]
            if case .at(let end) = finish { ends.append(end) }
            let points = artworks.map(\.coordinate) + ends
            var corridor = Corridor(source: source, facts: facts)
            try corridor.load(area(around: points))
            let graph = corridor.graph(indexed: true)
            guard graph.nodeCount > 0 else { return .failure(.outsideImportedArea(metres: graph.metresOutside(start), what: "start")) }
            let snaps = points.map { graph.nearestEdgePoint(to: $0, within: Router.maximumGap, where: graph.isOnMainNetwork) }
            guard let startSnap = snaps[artworks.count] else { return .failure(.tooFarFromWays(metres: Router.maximumGap, what: "start")) }
            if case .at = finish, snaps.last! == nil { return .failure(.tooFarFromWays(metres: Router.maximumGap, what: "end")) }
            let fromStart = distances(in: graph, from: startSnap, to: snaps)
            var kept: [Int] = [], leftOut: [(artwork: Artwork, reason: String)] = []
            for (i, artwork) in artworks.enumerated() {
                if snaps[i] == nil {
                    leftOut.append((artwork, "no walking path within \(Int(Router.maximumGap)) m of it"))
                } else if !fromStart[i].isFinite {
                    leftOut.append((artwork, "no walking path reaches it from the start"))
                } else {
                    kept.append(i)
                }
            }
            // The matrix: the kept stops, then the start, then the end.
            let rows = kept + Array(artworks.count..<points.count)
            let matrix = rows.map { i in
                let row = distances(in: graph, from: snaps[i]!, to: snaps)
                return rows.map { row[$0] }
            }
            let end: TourEnd = finish == .round ? .round : finish == .open ? .open : .fixed
            let found: (order: [Int], metres: Double)
            switch choice {
            case .all: found = TourOrder.best(matrix, stops: kept.count, end: end)
            case .within(let seconds, let speed, let stay):
                found = StopBudget.choose(matrix, stops: kept.count, end: end, budgetSeconds: seconds, metresPerSecond: speed, staySeconds: stay)
                let chosen = Set(found.order)
                for (index, i) in kept.enumerated() where !chosen.contains(index) { leftOut.append((artworks[i], "it does not fit in the time")) }
            }
            let stops = found.order.map { artworks[kept[$0]] }
            var path = [start] + stops.map(\.coordinate)
            switch finish {
            case .round: path.append(start)
            case .open: break
            case .at(let end): path.append(end)
            }
            var legs: [WalkingRoute] = []
            for i in path.indices.dropFirst() {
                switch try CorridorRouter.route(from: path[i - 1], to: path[i], source: source) {
                case .success(let leg): legs.append(leg)
                case .failure(let why): return .failure(why)
                }
            }
            return .success(ArtWalkPlan(start: start, stops: stops, legs: legs, leftOut: leftOut))
        }
    }

    /// The walking metres between every two of `points` (infinity where no path joins them, or a point is more
    /// than 500 m from the main network), as the planner measures them: for the bench's quality figure.
    public static func metresBetween(_ points: [Coordinate], source: WalkPieceSource) throws -> [[Double]] {
        try source.withWalkSnapshot {
            guard let facts = try source.walkFacts(), facts.nodeCount > 0, !points.isEmpty else { return [] }
            var corridor = Corridor(source: source, facts: facts)
            try corridor.load(area(around: points))
            let graph = corridor.graph(indexed: true)
            let snaps = points.map { graph.nearestEdgePoint(to: $0, within: Router.maximumGap, where: graph.isOnMainNetwork) }
            return snaps.map { snap in snap.map { distances(in: graph, from: $0, to: snaps) } ?? points.map { _ in .infinity } }
        }
    }

    /// The box around `points`, with `margin` and a fifth of its size around it.
    static func area(around points: [Coordinate]) -> FeatureBounds {
        let south = points.map(\.latitude).min()!, north = points.map(\.latitude).max()!
        let west = points.map(\.longitude).min()!, east = points.map(\.longitude).max()!
        let centre = Coordinate(clampingLatitude: (south + north) / 2, longitude: (west + east) / 2)
        let corner = Coordinate(clampingLatitude: north, longitude: east)
        let half = Geodesic.inverse(from: centre, to: corner).distance
        return WalkTiling.box(around: centre, metres: half * 1.2 + margin)
    }

    /// The walking metres from `source` to each of `targets` (infinity when unreachable or not joined): one Dijkstra,
    /// the straight walks to and from the ways included, as a route's whole length counts them.
    static func distances(in graph: WalkGraph, from source: EdgeSnap, to targets: [EdgeSnap?]) -> [Double] {
        let n = graph.nodeCount
        var best = [Double](repeating: .infinity, count: n)
        var heap = MinHeap(capacity: 1024)
        for (node, metres) in [(source.from, source.along), (source.to, source.length - source.along)] where metres < best[node] {
            best[node] = metres
            heap.push(metres, node)
        }
        var closed = [Bool](repeating: false, count: n)
        while let (metres, node) = heap.pop() {
            if closed[node] || metres > best[node] { continue }
            closed[node] = true
            for slot in Int(graph.offsets[node])..<Int(graph.offsets[node + 1]) {
                let next = Int(graph.targets[slot])
                let candidate = metres + graph.lengths[slot]
                if candidate < best[next] {
                    best[next] = candidate
                    heap.push(candidate, next)
                }
            }
        }
        return targets.map { target in
            guard let t = target else { return .infinity }
            var along = min(best[t.from] + t.along, best[t.to] + t.length - t.along)
            if t.from == source.from && t.to == source.to { along = min(along, abs(t.along - source.along)) }
            if t.from == source.to && t.to == source.from { along = min(along, abs(t.length - t.along - source.along)) }
            return source.metres + along + t.metres
        }
    }
}
