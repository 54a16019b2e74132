import Geo

/// The walking graph built at import: nodes of walkable ways, and an edge each way along every stretch
/// between two consecutive nodes, in compressed rows (offsets into flat arrays) for a cache-friendly A*.
public final class WalkGraph: Sendable {
    public let nodeIDs: [Int64]
    public let points: [GeoPoint]
    let offsets: [Int32]
    let targets: [Int32]
    let lengths: [Double]
    let streets: [Int32]
    let streetNames: [String]
    private let index: SpatialIndex

    /// Builds the graph from edges as stored; a repeated edge keeps its shortest length.
    public init(edges: [WalkEdge]) {
        var position: [Int64: Int32] = [:]
        var ids: [Int64] = []
        var points: [GeoPoint] = []
        func node(_ id: Int64, _ point: GeoPoint) -> Int32 {
            if let known = position[id] { return known }
            let new = Int32(ids.count)
            position[id] = new
            ids.append(id)
            points.append(point)
            return new
        }
        var nameIndex: [String: Int32] = [:]
        var names: [String] = []
        var degree: [Int32] = []
        var halfEdges: [(from: Int32, to: Int32, length: Double, street: Int32)] = []
        halfEdges.reserveCapacity(edges.count * 2)
        for edge in edges {
            let a = node(edge.from, edge.fromPoint), b = node(edge.to, edge.toPoint)
            guard a != b, edge.metres.isFinite, edge.metres >= 0 else { continue }
            let street: Int32
            if let known = nameIndex[edge.street] { street = known } else {
                street = Int32(names.count)
                nameIndex[edge.street] = street
                names.append(edge.street)
            }
            halfEdges.append((a, b, edge.metres, street))
            halfEdges.append((b, a, edge.metres, street))
        }
        degree = Array(repeating: 0, count: ids.count + 1)
        for half in halfEdges { degree[Int(half.from) + 1] += 1 }
        for i in 1..<degree.count { degree[i] += degree[i - 1] }
        var fill = degree
        var targets = [Int32](repeating: 0, count: halfEdges.count)
        var lengths = [Double](repeating: 0, count: halfEdges.count)
        var streets = [Int32](repeating: 0, count: halfEdges.count)
        for half in halfEdges {
            let slot = Int(fill[Int(half.from)])
            fill[Int(half.from)] += 1
            targets[slot] = half.to
            lengths[slot] = half.length
            streets[slot] = half.street
        }
        nodeIDs = ids
        self.points = points
        offsets = degree
        self.targets = targets
        self.lengths = lengths
        self.streets = streets
        streetNames = names
        index = SpatialIndex(points: points.map(\.coordinate))
    }

    public var nodeCount: Int { nodeIDs.count }
    /// Edges counted once per direction.
    public var edgeCount: Int { targets.count }

    /// The graph node nearest `coordinate`, and how far it is.
    public func nearestNode(to coordinate: Coordinate) -> (node: Int, metres: Double)? {
        guard let found = index.nearest(to: coordinate, count: 1).first else { return nil }
        return (found.index, Geodesic.distance(from: coordinate, to: points[found.index].coordinate))
    }

    /// The neighbours of `node`: (node, metres, street name).
    public func neighbours(of node: Int) -> [(node: Int, metres: Double, street: String)] {
        (Int(offsets[node])..<Int(offsets[node + 1])).map { (Int(targets[$0]), lengths[$0], streetNames[Int(streets[$0])]) }
    }
}
