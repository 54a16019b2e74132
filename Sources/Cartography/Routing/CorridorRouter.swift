import Foundation
import Geo

/// Where a corridor's pieces come from (the store), tile range by tile range.
public protocol WalkPieceSource {
    /// The whole graph's facts; nil or no nodes when nothing walkable is stored.
    func walkFacts() throws -> WalkGraphFacts?
    /// The pieces of the tiles in `ranges` (inclusive key ranges).
    func walkPieces(in ranges: [ClosedRange<Int64>]) throws -> [WalkPiece]
    /// The stored bytes of the pieces in `ranges`, row by row, with no values made of them: `visit` gets the
    /// tile, the edges (as `WalkPiece.encoded`, or version 1's in an older store) and the components (as stored
    /// beside them in the piece's version, or empty) and answers false when the bytes are not a piece or the
    /// components are damaged, which the source reports as damage.
    func visitWalkPieces(in ranges: [ClosedRange<Int64>],
                         _ visit: (_ tile: Int64, _ edges: UnsafeRawBufferPointer, _ components: UnsafeRawBufferPointer) -> Bool) throws
    /// Runs `body`, a whole route's reads, on one snapshot of the graph: a change committed meanwhile (a fetch
    /// and its relabelling) must not mix into a search whose bounds come from the labelling it started with.
    func withWalkSnapshot<T>(_ body: () throws -> T) throws -> T
    /// The names of the streets in `box` that read otherwise in the reader's languages ("Mikonkatu" -> "Mikaelsgatan").
    func localStreetNames(in box: FeatureBounds) throws -> [String: String]
}

extension WalkPieceSource {
    /// Sources without the map's names in other languages name the streets as the graph does.
    public func localStreetNames(in box: FeatureBounds) throws -> [String: String] { [:] }

    /// Sources that hold pieces as values do not change under a route.
    public func withWalkSnapshot<T>(_ body: () throws -> T) throws -> T { try body() }

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

/// Routes read from the store tile by tile instead of whole: the ends are joined on the tiles around them,
/// then A* runs over the stored graph and reads a node's tile the first time it expands a node there (an edge
/// is kept in the tile of each of its ends, so every edge of an expanded node is known). Its bound is the
/// larger of the plane bound and the landmarks' (`WalkLandmarks`), so a walk across a city reads the tiles
/// along its way; the search is A*'s on the whole graph, so the walk is the shortest. Same answers, failures
/// included, as `Router.route` on the whole graph.
public enum CorridorRouter {
    /// `trace`, when given, gets the time of each phase (the bench's profile).
    public static func route(from start: Coordinate, to target: Coordinate, source: WalkPieceSource,
                             trace: CorridorTrace? = nil) throws -> Result<WalkingRoute, RouteFailure> {
        let found = try source.withWalkSnapshot { try routeInSnapshot(from: start, to: target, source: source, trace: trace) }
        // The steps name the streets in the reader's language where the map knows it (issue 46).
        return found.map { $0.named(by: source) }
    }

    private static func routeInSnapshot(from start: Coordinate, to target: Coordinate, source: WalkPieceSource,
                                        trace: CorridorTrace?) throws -> Result<WalkingRoute, RouteFailure> {
        let trace = trace ?? CorridorTrace(enabled: false)
        guard let facts = try trace.measure("facts", { try source.walkFacts() }), facts.nodeCount > 0 else { return .failure(.noWalkingGraph) }
        var corridor = Corridor(source: source, facts: facts)
        let reach = Router.maximumGap * 1.01 + 10
        try trace.measure("read the ends' tiles") {
            try corridor.load(WalkTiling.box(around: start, metres: reach))
            try corridor.load(WalkTiling.box(around: target, metres: reach))
        }
        let near = trace.measure("index the ends' tiles") { corridor.graph(indexed: true) }
        // No node around either end: the start cannot join (the whole graph asks about it first), being outside
        // the stored area or far from its ways; not "nothing is stored".
        func joined() -> Result<(start: EdgeSnap, target: EdgeSnap), RouteFailure> {
            guard near.nodeCount == 0 else { return Router.snaps(in: near, from: start, to: target) }
            let outside = near.metresOutside(start)
            return .failure(outside > 0 ? .outsideImportedArea(metres: outside, what: "start") : .tooFarFromWays(metres: Router.maximumGap, what: "start"))
        }
        let ends: (start: EdgeSnap, target: EdgeSnap)
        switch trace.measure("join the ends", joined) {
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
        // The corridor numbers nodes once and for all: the ends joined on `near` hold in every later graph.
        var search = TileSearch(corridor: corridor, ends: ends)
        guard let path = try trace.measure("A* reading tiles", { try search.run() }) else { return .failure(.unreachable) }
        trace.tiles = search.corridor.tilesRead
        let graph = trace.measure("compressed rows") { search.corridor.graph(indexed: false) }
        return .success(trace.measure("steps") { Router.walk(in: graph, ends: ends, path: path) })
    }

}

/// The time each phase of a corridor route took (phases repeated by the corridor's growth add up).
public final class CorridorTrace: @unchecked Sendable {
    public private(set) var phases: [(name: String, seconds: Double)] = []
    /// Nodes and edges of the last graph searched.
    public private(set) var nodes = 0, edges = 0
    /// Tiles the route read.
    public internal(set) var tiles = 0
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

    /// Tiles read one by one so far.
    var tilesRead: Int { loaded.singles.count }

    /// Reads one tile if it was not read before; false when it was.
    mutating func load(tile: Int64) throws -> Bool {
        let before = loaded
        guard loaded.add(tile: tile) else { return false }
        try read([tile...tile], before: before, reservingNodes: 0)
        return true
    }

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
        // The nodes to expect: the whole graph's share of the box's area, a little over.
        let area = { (box: FeatureBounds) in max(0, box.north - box.south) * max(0, box.east - box.west) }
        let share = area(bounds) > 0 ? min(1, area(clipped) / area(bounds)) : 1
        // Only a hint, capped: a damaged facts row (a node count of 2^63) must not ask for more than a city needs.
        let expected = min(Double(facts.nodeCount) * share * 1.1, Double(Self.largestReservation))
        try read(ranges, before: before, reservingNodes: Int(expected.isFinite ? max(0, expected) : 0) - assembly.ids.count)
    }

    /// Adds the pieces of `ranges`, just added to `loaded` (which held `before`), to the assembly, worked on in
    /// place (a placeholder stands in meanwhile, so its arrays are never copied).
    private mutating func read(_ ranges: [ClosedRange<Int64>], before: WalkTileSet, reservingNodes nodes: Int) throws {
        let now = loaded
        var assembly = self.assembly
        self.assembly = WalkGraphAssembly(nodeCapacity: 1)
        defer { self.assembly = assembly }
        assembly.reserve(nodes: nodes)
        try source.visitWalkPieces(in: ranges) { tile, edges, components in
            assembly.add(tile: tile, bytes: edges, components: components, before: before, loaded: now)
        }
    }

    func graph(indexed: Bool) -> WalkGraph { assembly.graph(facts: facts, indexed: indexed) }
}
