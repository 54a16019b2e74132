import Foundation
import Geo

/// Where a corridor's pieces come from (the store), tile range by tile range.
public protocol WalkPieceSource {
    /// The whole graph's facts; nil or no nodes when nothing walkable is stored.
    func walkFacts() throws -> WalkGraphFacts?
    /// The pieces of the tiles in `ranges` (inclusive key ranges).
    func walkPieces(in ranges: [ClosedRange<Int64>]) throws -> [WalkPiece]
    /// The stored bytes of the pieces in `ranges`, row by row, with no values made of them: `visit` gets the
    /// tile, the edges (as `WalkPiece.encoded`) and the components (as `encodedComponents`, or empty) and
    /// answers false when the bytes are not a piece, which the source reports as damage.
    func visitWalkPieces(in ranges: [ClosedRange<Int64>],
                         _ visit: (_ tile: Int64, _ edges: UnsafeRawBufferPointer, _ components: UnsafeRawBufferPointer) -> Bool) throws
}

extension WalkPieceSource {
    /// Through `walkPieces(in:)`, for sources that hold pieces as values.
    public func visitWalkPieces(in ranges: [ClosedRange<Int64>],
                                _ visit: (_ tile: Int64, _ edges: UnsafeRawBufferPointer, _ components: UnsafeRawBufferPointer) -> Bool) throws {
        for piece in try walkPieces(in: ranges) {
            _ = piece.encoded().withUnsafeBytes { edges in
                piece.encodedComponents().withUnsafeBytes { visit(piece.tile, edges, $0) }
            }
        }
    }
}

/// Routes read from the store by corridor instead of whole: the ends are joined on the tiles around them,
/// then every edge with a point in the ellipse {p : d(s,p) + d(p,t) ≤ R} (d on the lower-bound sphere,
/// between the joined points) is read and A* run; a walk of length L ≤ R is the shortest, since a walk
/// leaving the ellipse is longer than R. Otherwise R grows (to L, or doubles without a walk) until the
/// walk is proven or the whole graph is read. Same answers, failures included, as `Router.route` on the
/// whole graph.
public enum CorridorRouter {
    /// The first R, as a multiple of the straight distance between the joined points (a street grid's
    /// walk is at most √2 times it).
    public static let firstReach = 1.5

    /// `trace`, when given, gets the time of each phase (the bench's profile).
    public static func route(from start: Coordinate, to target: Coordinate, source: WalkPieceSource,
                             trace: CorridorTrace? = nil) throws -> Result<WalkingRoute, RouteFailure> {
        let trace = trace ?? CorridorTrace(enabled: false)
        guard let facts = try trace.measure("facts", { try source.walkFacts() }), facts.nodeCount > 0 else { return .failure(.noWalkingGraph) }
        var corridor = Corridor(source: source, facts: facts)
        let reach = Router.maximumGap * 1.01 + 10
        try trace.measure("read the ends' tiles") {
            try corridor.load(WalkTiling.box(around: start, metres: reach))
            try corridor.load(WalkTiling.box(around: target, metres: reach))
        }
        let near = trace.measure("index the ends' tiles") { corridor.graph(indexed: true) }
        let ends: (start: EdgeSnap, target: EdgeSnap)
        switch trace.measure("join the ends", { Router.snaps(in: near, from: start, to: target) }) {
        case .success(let found): ends = found
        case .failure(.tooFarFromWays(_, let what)):
            // The nearest node, as the whole graph would find it: further boxes until one holds a node within its reach.
            let coordinate = what == "start" ? start : target
            var radius = reach
            while true {
                let graph = corridor.graph(indexed: true)
                if let found = graph.nearestNode(to: coordinate), found.metres <= radius || corridor.isComplete {
                    return .failure(.tooFarFromWays(metres: found.metres, what: what))
                }
                if corridor.isComplete { return .failure(.tooFarFromWays(metres: Router.maximumGap, what: what)) }
                radius *= 2
                try corridor.load(WalkTiling.box(around: coordinate, metres: radius))
            }
        case .failure(let why): return .failure(why)
        }
        let s = ends.start.point.coordinate, t = ends.target.point.coordinate
        let direct = Router.lowerBound(s, t)
        var ellipse = max(firstReach * direct, direct + 100)
        while true {
            try trace.measure("read and decode the corridor") { try corridor.load(ellipseBox(s, t, ellipse)) }
            let graph = trace.measure("compressed rows") { corridor.graph(indexed: false) }
            guard let mapped = remap(ends, from: near, to: graph) else { return .failure(.unreachable) }
            switch trace.measure("A* and steps", { Router.route(in: graph, ends: mapped) }) {
            case .success(let walk) where walk.metres <= ellipse || corridor.isComplete:
                return .success(walk)
            case .success(let walk):
                ellipse = walk.metres
            case .failure(let why):
                if corridor.isComplete { return .failure(why) }
                ellipse *= 2
            }
        }
    }

    /// The box around the ellipse: every point of it is within (R + D) / 2 of both ends.
    static func ellipseBox(_ s: Coordinate, _ t: Coordinate, _ reach: Double) -> FeatureBounds {
        let radius = (reach + Router.lowerBound(s, t)) / 2
        let a = WalkTiling.box(around: s, metres: radius), b = WalkTiling.box(around: t, metres: radius)
        let both = FeatureBounds(south: max(a.south, b.south), north: min(a.north, b.north),
                                 west: max(a.west, b.west), east: min(a.east, b.east))
        // Across the antimeridian the plain intersection can come out empty: the union is never too small.
        if both.isEmpty {
            return FeatureBounds(south: min(a.south, b.south), north: max(a.north, b.north), west: -180, east: 180)
        }
        return both
    }

    /// The joins found on one graph, in another graph's node numbers.
    static func remap(_ ends: (start: EdgeSnap, target: EdgeSnap), from: WalkGraph, to: WalkGraph) -> (start: EdgeSnap, target: EdgeSnap)? {
        func moved(_ snap: EdgeSnap) -> EdgeSnap? {
            guard let a = to.node(id: from.nodeIDs[snap.from]), let b = to.node(id: from.nodeIDs[snap.to]) else { return nil }
            var result = snap
            result.from = a
            result.to = b
            return result
        }
        guard let start = moved(ends.start), let target = moved(ends.target) else { return nil }
        return (start, target)
    }
}

/// The time each phase of a corridor route took (phases repeated by the corridor's growth add up).
public final class CorridorTrace: @unchecked Sendable {
    public private(set) var phases: [(name: String, seconds: Double)] = []
    /// Nodes and edges of the last graph searched.
    public private(set) var nodes = 0, edges = 0
    private let enabled: Bool

    public init(enabled: Bool = true) { self.enabled = enabled }

    func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let began = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        if let i = phases.firstIndex(where: { $0.name == name }) { phases[i].seconds += seconds } else { phases.append((name, seconds)) }
        if let graph = result as? WalkGraph {
            nodes = graph.nodeCount
            edges = graph.edgeCount / 2
        }
        return result
    }
}

/// The tiles read so far and the graph assembled from their pieces (each growth adds only the new tiles).
struct Corridor {
    let source: WalkPieceSource
    let facts: WalkGraphFacts
    private(set) var loaded = WalkTileSet()
    private(set) var assembly = WalkGraphAssembly()

    /// The most nodes one read reserves room for (eight times the 700 city's corner-to-corner corridor);
    /// a bigger corridor grows its arrays as it reads.
    static let largestReservation = 1 << 22

    init(source: WalkPieceSource, facts: WalkGraphFacts) {
        self.source = source
        self.facts = facts
    }

    /// Whether every stored tile has been read.
    var isComplete: Bool { loaded.covers(facts.bounds) }

    /// Reads the tiles of `box` (within the graph's bounds) not read before.
    mutating func load(_ box: FeatureBounds) throws {
        let bounds = facts.bounds
        var clipped = FeatureBounds(south: max(box.south, bounds.south), north: min(box.north, bounds.north),
                                    west: max(box.west, bounds.west), east: min(box.east, bounds.east))
        if box.west <= -180 && box.east >= 180 { (clipped.west, clipped.east) = (bounds.west, bounds.east) }
        // Nothing is stored outside the bounds (an end out there is refused as outside the imported area).
        guard !clipped.isEmpty else { return }
        let before = loaded
        let ranges = loaded.add(clipped)
        guard !ranges.isEmpty else { return }
        let now = loaded
        var assembly = self.assembly
        self.assembly = WalkGraphAssembly()
        defer { self.assembly = assembly }
        // The nodes to expect: the whole graph's share of the box's area, a little over.
        let area = { (box: FeatureBounds) in max(0, box.north - box.south) * max(0, box.east - box.west) }
        let share = area(bounds) > 0 ? min(1, area(clipped) / area(bounds)) : 1
        // Only a hint, capped: a damaged facts row (a node count of 2^63) must not ask for more than a city needs.
        let expected = min(Double(facts.nodeCount) * share * 1.1, Double(Self.largestReservation))
        assembly.reserve(nodes: Int(expected.isFinite ? max(0, expected) : 0) - assembly.ids.count)
        try source.visitWalkPieces(in: ranges) { tile, edges, components in
            assembly.add(tile: tile, bytes: edges, components: components, before: before, loaded: now)
        }
    }

    func graph(indexed: Bool) -> WalkGraph { assembly.graph(facts: facts, indexed: indexed) }
}
