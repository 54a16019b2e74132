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

/// Plans a walk through several artworks over the stored walking graph by the router's own metric (`WalkMetric`: the
/// ends `route` joins, the graph it searches, tiles read as the searches reach them): one Dijkstra from each stop
/// gives the metres to every other (not a route per pair), `TourOrder` (or `StopBudget` for a time) finds the order,
/// and each leg is then routed as `route` routes it, so every entry of the matrix is the length of the leg it stands for.
public enum WalkPlanner {
    public static func plan(from start: Coordinate, artworks: [Artwork], finish: WalkFinish, choice: WalkChoice = .all,
                            source: WalkPieceSource) throws -> Result<ArtWalkPlan, RouteFailure> {
        try source.withWalkSnapshot {
            guard let facts = try source.walkFacts(), facts.nodeCount > 0 else { return .failure(.noWalkingGraph) }
            var ends = [start]
            if case .at(let end) = finish { ends.append(end) }
            let points = artworks.map(\.coordinate) + ends
            var metric = try WalkMetric(points: points, source: source, facts: facts)
            let startPoint = artworks.count, endPoint = artworks.count + 1
            if let why = metric.unjoined(startPoint, what: "start") { return .failure(why) }
            if case .at = finish {
                if let why = metric.unjoined(endPoint, what: "end") { return .failure(why) }
                if metric.ends(startPoint, endPoint) == nil { return .failure(route(from: start, to: ends[1], source: source, otherwise: .unreachable)) }
            }
            // Every stop that joins a way, then the start and the end; those no walk joins are left out below.
            let candidates = artworks.indices.filter { metric.isJoined($0) }
            let whole = try metric.matrix(candidates + Array(artworks.count..<points.count))
            let (kept, leftOut) = keep(candidates, whole, artworks: artworks, hasEnd: ends.count > 1)
            // The matrix: the kept stops, then the start, then the end.
            let rows = kept + Array(candidates.count..<(candidates.count + ends.count))
            let matrix = rows.map { i in rows.map { whole[i][$0] } }
            var left = leftOut
            let end: TourEnd = finish == .round ? .round : finish == .open ? .open : .fixed
            let found: (order: [Int], metres: Double)
            switch choice {
            case .all: found = TourOrder.best(matrix, stops: kept.count, end: end)
            case .within(let seconds, let speed, let stay):
                found = StopBudget.choose(matrix, stops: kept.count, end: end, budgetSeconds: seconds, metresPerSecond: speed, staySeconds: stay)
                let chosen = Set(found.order)
                for (index, i) in kept.enumerated() where !chosen.contains(index) { left.append((artworks[candidates[i]], "it does not fit in the time")) }
            }
            let stops = found.order.map { artworks[candidates[kept[$0]]] }
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
            return .success(ArtWalkPlan(start: start, stops: stops, legs: legs, leftOut: left))
        }
    }

    /// Which candidates (rows of `whole`, the start and the end last) the walk takes: those joined by a walk to the
    /// start, to the end and to every stop taken before them, so every order has a length; the others with why.
    static func keep(_ candidates: [Int], _ whole: [[Double]], artworks: [Artwork],
                     hasEnd: Bool) -> (kept: [Int], leftOut: [(artwork: Artwork, reason: String)]) {
        let startRow = candidates.count, endRow = candidates.count + 1
        var kept: [Int] = []
        var leftOut: [(artwork: Artwork, reason: String)] = []
        var row = 0
        for (i, artwork) in artworks.enumerated() {
            guard row < candidates.count, candidates[row] == i else {
                leftOut.append((artwork, "no walking path within \(Int(Router.maximumGap)) m of it"))
                continue
            }
            defer { row += 1 }
            if !whole[startRow][row].isFinite {
                leftOut.append((artwork, "no walking path reaches it from the start"))
            } else if hasEnd && !whole[row][endRow].isFinite {
                leftOut.append((artwork, "no walking path reaches the end from it"))
            } else if !kept.allSatisfy({ whole[row][$0].isFinite }) {
                leftOut.append((artwork, "no walking path joins it to the other stops"))
            } else {
                kept.append(row)
            }
        }
        return (kept, leftOut)
    }

    /// Why `route` finds no walk from `a` to `b`, or `otherwise` when it finds one.
    private static func route(from a: Coordinate, to b: Coordinate, source: WalkPieceSource, otherwise: RouteFailure) -> RouteFailure {
        guard case .failure(let why)? = try? CorridorRouter.route(from: a, to: b, source: source) else { return otherwise }
        return why
    }

    /// The walking metres between every two of `points` (infinity where `route` finds no walk between them), as
    /// the planner measures them: each the length `route` finds. For the bench's quality figure.
    public static func metresBetween(_ points: [Coordinate], source: WalkPieceSource) throws -> [[Double]] {
        try source.withWalkSnapshot {
            guard let facts = try source.walkFacts(), facts.nodeCount > 0, !points.isEmpty else { return [] }
            var metric = try WalkMetric(points: points, source: source, facts: facts)
            return try metric.matrix(Array(points.indices))
        }
    }
}
