import Foundation
import Geo

/// The walking graph built at import: nodes of walkable ways, and an edge each way along every stretch
/// between two consecutive nodes, in compressed rows (offsets into flat arrays) for a cache-friendly A*.
/// Connected components are labelled when it is built, and the edges are kept in a grid so a start or
/// target can be attached to the nearest point of an edge of the main walking network.
public final class WalkGraph: Sendable {
    public let nodeIDs: [Int64]
    public let points: [GeoPoint]
    let offsets: [Int32]
    let targets: [Int32]
    let lengths: [Double]
    /// Each half-edge's street text in `streetTable`.
    let streets: [Int32]
    let streetTable: WalkStreetTable
    /// The component of each node, and the node count of each component.
    let components: [Int32]
    let componentSizes: [Int32]
    private let largestComponentSize: Int32
    /// Each node id's number in the graph.
    let positions: NodeTable
    private let index: SpatialIndex
    private let edgeGrid: EdgeGrid
    /// The box around every node, for "the target is N m outside the imported area".
    public let bounds: FeatureBounds

    /// Components of at least this many nodes are the main walking network; smaller ones (a square drawn
    /// apart from its streets, a courtyard's path, a piece cut off at the edge of the extract) are used only
    /// when both ends of a walk lie on the same one. GraphHopper's default minimum is the same.
    public static let mainNetworkNodes = 200

    /// Builds the graph from edges as stored; a repeated edge keeps its shortest length.
    public convenience init(edges: [WalkEdge]) {
        var position = NodeTable(capacity: edges.count)
        var ids: [Int64] = []
        var points: [GeoPoint] = []
        func node(_ id: Int64, _ point: GeoPoint) -> Int32 {
            let found = position.findOrInsert(id, new: Int32(ids.count))
            if found.inserted {
                ids.append(id)
                points.append(point)
            }
            return found.value
        }
        var nameIndex: [String: Int32] = [:]
        var table = WalkStreetTable()
        var degree: [Int32] = []
        var halfEdges: [(from: Int32, to: Int32, length: Double, street: Int32)] = []
        halfEdges.reserveCapacity(edges.count * 2)
        for edge in edges {
            let a = node(edge.from, edge.fromPoint), b = node(edge.to, edge.toPoint)
            guard a != b, edge.metres.isFinite, edge.metres >= 0 else { continue }
            let stored = edge.kind.stored(edge.street)
            let street: Int32
            if let known = nameIndex[stored] { street = known } else {
                street = table.append(stored: stored)
                nameIndex[stored] = street
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
        let (components, sizes) = WalkGraph.label(offsets: degree, targets: targets, nodeCount: ids.count)
        self.init(nodeIDs: ids, points: points, offsets: degree, targets: targets, lengths: lengths, streets: streets,
                  streetTable: table, components: components, componentSizes: sizes, largestComponentSize: sizes.max() ?? 0,
                  bounds: FeatureBounds(points), indexed: true, positions: position)
    }

    /// A graph from its compressed rows and its components' facts; `indexed` builds what finding the
    /// nearest node or edge needs (a corridor searched between two known ends goes without).
    init(nodeIDs: [Int64], points: [GeoPoint], offsets: [Int32], targets: [Int32], lengths: [Double], streets: [Int32],
         streetTable: WalkStreetTable, components: [Int32], componentSizes: [Int32], largestComponentSize: Int32,
         bounds: FeatureBounds, indexed: Bool, positions: NodeTable) {
        self.nodeIDs = nodeIDs
        self.positions = positions
        self.points = points
        self.offsets = offsets
        self.targets = targets
        self.lengths = lengths
        self.streets = streets
        self.streetTable = streetTable
        self.components = components
        self.componentSizes = componentSizes
        self.largestComponentSize = largestComponentSize
        self.bounds = bounds
        index = SpatialIndex(points: indexed ? points.map(\.coordinate) : [])
        edgeGrid = EdgeGrid(ids: nodeIDs, points: indexed ? points : [], offsets: indexed ? offsets : [0], targets: indexed ? targets : [], bounds: bounds)
    }

    /// Connected components by breadth-first search: a label per node and the size of each component.
    private static func label(offsets: [Int32], targets: [Int32], nodeCount: Int) -> ([Int32], [Int32]) {
        var labels = [Int32](repeating: -1, count: nodeCount)
        var sizes: [Int32] = []
        var queue: [Int32] = []
        for seed in 0..<nodeCount where labels[seed] < 0 {
            let label = Int32(sizes.count)
            labels[seed] = label
            queue.removeAll(keepingCapacity: true)
            queue.append(Int32(seed))
            var head = 0
            while head < queue.count {
                let node = Int(queue[head])
                head += 1
                for slot in Int(offsets[node])..<Int(offsets[node + 1]) where labels[Int(targets[slot])] < 0 {
                    labels[Int(targets[slot])] = label
                    queue.append(targets[slot])
                }
            }
            sizes.append(Int32(queue.count))
        }
        return (labels, sizes)
    }

    /// The number of nodes in the component `node` belongs to.
    public func componentSize(of node: Int) -> Int { Int(componentSizes[Int(components[node])]) }

    /// Whether `node` is on the main walking network: a component of at least `mainNetworkNodes` nodes,
    /// or the largest one when the extract is too small to hold such a component.
    public func isOnMainNetwork(_ node: Int) -> Bool {
        let size = componentSizes[Int(components[node])]
        return Int(size) >= WalkGraph.mainNetworkNodes || size == largestComponentSize
    }


    /// The nearest point to `coordinate` on an edge whose nodes satisfy `accept` (nil: any edge), no
    /// further than `within` metres: the edge's ends, how far along it the point is, and how far away.
    public func nearestEdgePoint(to coordinate: Coordinate, within: Double, where accept: ((Int) -> Bool)? = nil) -> EdgeSnap? {
        var memo: [Int32: Bool] = [:]
        return edgeGrid.nearest(to: coordinate, within: within) { from, to in
            let component = components[from]
            if let accept {
                if let known = memo[component] { return known }
                let verdict = accept(from)
                memo[component] = verdict
                return verdict
            }
            return true
        }.map { found in
            let slot = slot(from: found.from, to: found.to)
            let length = slot.map { lengths[$0] } ?? Geodesic.distance(from: points[found.from].coordinate, to: points[found.to].coordinate)
            let named: (kind: WalkKind, street: String) = slot.map { self.street(at: $0) } ?? (.way, "")
            return EdgeSnap(from: found.from, to: found.to, point: found.point, along: found.fraction * length, length: length,
                            metres: Geodesic.distance(from: coordinate, to: found.point.coordinate),
                            street: named.street, kind: named.kind)
        }
    }

    /// The kind and street name of half-edge `slot`.
    func street(at slot: Int) -> (kind: WalkKind, street: String) { streetTable.street(Int(streets[slot])) }

    /// The shortest half-edge from `from` to `to`.
    func slot(from: Int, to: Int) -> Int? {
        (Int(offsets[from])..<Int(offsets[from + 1])).filter { Int(targets[$0]) == to }.min { lengths[$0] < lengths[$1] }
    }

    /// How far `coordinate` lies outside the box around every node; 0 inside it.
    public func metresOutside(_ coordinate: Coordinate) -> Double {
        guard !bounds.isEmpty else { return 0 }
        let point = GeoPoint(coordinate)
        if bounds.contains(point) { return 0 }
        let latitude = min(max(point.latitude, bounds.south), bounds.north)
        var longitude = point.longitude
        if !(longitude >= bounds.west && longitude <= bounds.east) {
            // The nearer side, going round the antimeridian if that is shorter.
            func gap(_ side: Double) -> Double { abs((longitude - side + 540).truncatingRemainder(dividingBy: 360) - 180) }
            longitude = gap(bounds.west) <= gap(bounds.east) ? bounds.west : bounds.east
        }
        return Geodesic.distance(from: coordinate, to: Coordinate(clampingLatitude: latitude, longitude: longitude))
    }

    public var nodeCount: Int { nodeIDs.count }
    /// The graph's number for the node with OpenStreetMap id `id`, if the graph holds it.
    public func node(id: Int64) -> Int? { positions.find(id).map(Int.init) }
    /// Edges counted once per direction.
    public var edgeCount: Int { targets.count }

    /// The graph node nearest `coordinate`, and how far it is.
    public func nearestNode(to coordinate: Coordinate) -> (node: Int, metres: Double)? {
        guard let found = index.nearest(to: coordinate, count: 1).first else { return nil }
        return (found.index, Geodesic.distance(from: coordinate, to: points[found.index].coordinate))
    }

    /// The neighbours of `node`: (node, metres, street name).
    public func neighbours(of node: Int) -> [(node: Int, metres: Double, street: String)] {
        (Int(offsets[node])..<Int(offsets[node + 1])).map { (Int(targets[$0]), lengths[$0], street(at: $0).street) }
    }
}

/// Where a start or target meets the walking graph: a point on the edge between nodes `from` and `to`,
/// `along` metres from `from` (of the edge's `length`), `metres` away from where the walk really begins.
public struct EdgeSnap: Sendable, Equatable {
    public var from: Int
    public var to: Int
    public var point: GeoPoint
    public var along: Double
    public var length: Double
    public var metres: Double
    public var street: String
    public var kind: WalkKind
}

/// The graph's edges (each once) in a grid of cells about 110 m square, for the nearest point on an edge.
struct EdgeGrid: Sendable {
    private let points: [GeoPoint]
    private let ids: [Int64]
    private let ends: [(Int32, Int32)]
    private let cells: [Int64: [Int32]]
    /// Edges spanning more cells than is worth listing: checked on every query.
    private let long: [Int32]
    private let latitudeCell: Double
    private let longitudeCell: Double
    private let longitudeCells: Int64

    static let maximumCellsPerEdge = 256

    init(ids: [Int64], points: [GeoPoint], offsets: [Int32], targets: [Int32], bounds: FeatureBounds) {
        self.points = points
        self.ids = ids
        let middle = bounds.isEmpty ? 0 : (bounds.south + bounds.north) / 2
        latitudeCell = 0.001
        longitudeCell = 0.001 / max(cos(middle * .pi / 180), 0.1)
        longitudeCells = Int64((360 / longitudeCell).rounded(.up))
        var ends: [(Int32, Int32)] = []
        var cells: [Int64: [Int32]] = [:]
        var long: [Int32] = []
        for node in 0..<points.count {
            for slot in Int(offsets[node])..<Int(offsets[node + 1]) where Int(targets[slot]) > node {
                let edge = Int32(ends.count)
                ends.append((Int32(node), targets[slot]))
                let a = points[node], b = points[Int(targets[slot])]
                var bLongitude = b.longitude
                while bLongitude - a.longitude > 180 { bLongitude -= 360 }
                while a.longitude - bLongitude > 180 { bLongitude += 360 }
                let rows = Self.row(min(a.latitude, b.latitude), latitudeCell)...Self.row(max(a.latitude, b.latitude), latitudeCell)
                let columns = Self.row(min(a.longitude, bLongitude) + 180, longitudeCell)...Self.row(max(a.longitude, bLongitude) + 180, longitudeCell)
                if rows.count * columns.count > Self.maximumCellsPerEdge {
                    long.append(edge)
                    continue
                }
                for row in rows {
                    for column in columns { cells[Self.key(row, column, longitudeCells), default: []].append(edge) }
                }
            }
        }
        self.ends = ends
        self.cells = cells
        self.long = long
    }

    private static func row(_ value: Double, _ size: Double) -> Int64 { Int64((value / size).rounded(.down)) }

    private static func key(_ row: Int64, _ column: Int64, _ longitudeCells: Int64) -> Int64 {
        let wrapped = ((column % longitudeCells) + longitudeCells) % longitudeCells
        return row &* (longitudeCells + 1) &+ wrapped
    }

    /// The nearest point on an accepted edge within `within` metres (measured in a local plane around the
    /// query: exact enough over a few hundred metres), searching rings of cells outwards.
    func nearest(to coordinate: Coordinate, within: Double, accept: (Int, Int) -> Bool) -> (from: Int, to: Int, point: GeoPoint, fraction: Double)? {
        guard !ends.isEmpty, within >= 0 else { return nil }
        let projection = LocalProjection(center: coordinate)
        var best: (from: Int, to: Int, point: GeoPoint, fraction: Double, metres: Double)?
        var seen = Set<Int32>()
        func consider(_ edge: Int32) {
            guard seen.insert(edge).inserted else { return }
            let (from, to) = (Int(ends[Int(edge)].0), Int(ends[Int(edge)].1))
            let a = projection.project(points[from].coordinate), b = projection.project(points[to].coordinate)
            let dx = b.east - a.east, dy = b.north - a.north
            let squared = dx * dx + dy * dy
            let t = squared > 0 ? min(1, max(0, -(a.east * dx + a.north * dy) / squared)) : 0
            let x = a.east + t * dx, y = a.north + t * dy
            let metres = (x * x + y * y).squareRoot()
            // Edges exactly as near are told apart by their nodes' ids, so any graph holding them picks the same one.
            let key = (min(ids[from], ids[to]), max(ids[from], ids[to]))
            if let best, metres == best.metres {
                guard key < (min(ids[best.from], ids[best.to]), max(ids[best.from], ids[best.to])) else { return }
            }
            guard metres <= within, metres <= best?.metres ?? .infinity, accept(from, to) else { return }
            best = (from, to, GeoPoint(projection.unproject(east: x, north: y)), t, metres)
        }
        for edge in long { consider(edge) }
        let row = Self.row(coordinate.latitude, latitudeCell), column = Self.row(coordinate.longitude + 180, longitudeCell)
        // The smaller side of a cell at the query's latitude (a little under, to stay on the safe side).
        let cellMetres = 0.99 * min(latitudeCell * 110_574, longitudeCell * 111_320 * cos(coordinate.latitude * .pi / 180))
        guard cellMetres > 0.5 else { return nil }
        let rings = Int64((within / cellMetres).rounded(.up)) + 1
        for ring in 0...rings {
            // Everything within ring × the cell's smaller side has been seen once this ring is done.
            for r in (row - ring)...(row + ring) {
                let step = (r == row - ring || r == row + ring) ? Int64(1) : max(1, 2 * ring)
                var c = column - ring
                while c <= column + ring {
                    for edge in cells[Self.key(r, c, longitudeCells)] ?? [] { consider(edge) }
                    c += step
                }
            }
            if let best, best.metres <= Double(ring) * cellMetres { break }
        }
        return best.map { ($0.from, $0.to, $0.point, $0.fraction) }
    }
}
