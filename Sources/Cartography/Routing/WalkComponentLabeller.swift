import Foundation

/// Labels the connected components of the whole stored graph straight from the pieces' bytes (node ids
/// numbered by open addressing, union–find over flat arrays, no piece made into values), measures every
/// node's walk to its component's landmarks (`WalkLandmarks`), and gives each piece's components and
/// landmark distances as stored beside it: what the store rewrites after every change.
public struct WalkComponentLabeller {
    private var numbers = NodeNumbers(capacity: 1 << 16)
    private var parent: [Int32] = []
    private var ids: [Int64] = []
    private var latitudes: [Double] = [], longitudes: [Double] = []
    /// Every edge as added (one copy per piece that holds it: a second copy changes no distance).
    private var edges = WalkEdgeColumns()
    /// Per node, `WalkLandmarks.count` walks in metres (infinity: no landmark in its component).
    private var landmarkMetres: [Double] = []
    /// Every added piece's node numbers, end to end; piece i's start at `starts[i]`.
    private var pieceNodes: [Int32] = []
    private var starts: [Int] = [0]
    /// Every added piece's version: its components are written in the same (`components(ofPiece:)`).
    private var versions: [UInt8] = []
    /// Per component, its index in the piece being written (-1: not in it).
    private var indexInPiece: [Int32] = []
    private var bounds = FeatureBounds(south: .infinity, north: -.infinity, west: .infinity, east: -.infinity)
    /// After `finish`, per component (numbered in `parent`): its size and its key (its smallest node id).
    private var sizes: [Int32] = [], keys: [Int64] = []

    public init() {}

    /// The pieces added.
    public var pieceCount: Int { starts.count - 1 }

    private mutating func root(_ x: Int32) -> Int32 {
        var root = x
        while parent[Int(root)] != root { root = parent[Int(root)] }
        var node = x
        while parent[Int(node)] != root { (node, parent[Int(node)]) = (parent[Int(node)], root) }
        return root
    }

    /// Adds a piece's nodes and joins the ends of its edges; false (and nothing added) when the bytes are
    /// not a piece.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let piece = WalkPieceReader(bytes), piece.forEachStreet({ _ in }) else { return false }
        // Read through once to see the whole piece is sound before anything is numbered.
        var check = piece
        for _ in 0..<piece.nodeCount { guard check.nextNode() != nil else { return false } }
        for _ in 0..<piece.edgeCount { guard check.nextEdge() != nil else { return false } }
        guard check.isAtEnd else { return false }
        var reader = piece
        let first = pieceNodes.count
        for _ in 0..<piece.nodeCount {
            guard let node = reader.nextNode() else { return false }
            let found = numbers.findOrInsert(node.id, new: Int32(ids.count), ids: ids)
            pieceNodes.append(found.value)
            guard found.inserted else { continue }
            ids.append(node.id)
            parent.append(found.value)
            latitudes.append(node.latitude)
            longitudes.append(node.longitude)
            bounds.south = min(bounds.south, node.latitude)
            bounds.north = max(bounds.north, node.latitude)
            bounds.west = min(bounds.west, node.longitude)
            bounds.east = max(bounds.east, node.longitude)
        }
        for _ in 0..<piece.edgeCount {
            guard let edge = reader.nextEdge() else { return false }
            let na = pieceNodes[first + edge.from], nb = pieceNodes[first + edge.to]
            let metres = edge.metres
            // As a route reads them: a loop or a length that is not one is no edge (and joins nothing).
            guard na != nb, metres.isFinite, metres >= 0 else { continue }
            edges.append(na, nb, metres)
            let a = root(na), b = root(nb)
            if a != b { parent[Int(max(a, b))] = min(a, b) }
        }
        starts.append(pieceNodes.count)
        versions.append(piece.version)
        return true
    }

    /// Closes the labelling: the whole graph's facts (nil when it has no node).
    public mutating func finish() -> WalkGraphFacts? {
        // Every node's root, then each root numbered as a component (in the order first met), so `parent`
        // ends holding each node's component and the key and size are kept per component, not per node.
        for node in ids.indices { parent[node] = root(Int32(node)) }
        var componentOf: [Int32: Int32] = [:]
        for node in ids.indices {
            let r = parent[node]
            let c: Int32
            if let known = componentOf[r] {
                c = known
            } else {
                c = Int32(sizes.count)
                componentOf[r] = c
                sizes.append(0)
                keys.append(.max)
            }
            parent[node] = c
            sizes[Int(c)] += 1
            keys[Int(c)] = min(keys[Int(c)], ids[node])
        }
        guard !ids.isEmpty else { return nil }
        // What is no longer needed goes before the next step takes its memory: the numbering once every piece
        // is in, the positions once the landmarks are chosen, the edges once they are rows.
        let nodeCount = ids.count
        numbers = NodeNumbers(capacity: 0)
        ids = []
        let landmarks = WalkLandmarks.choose(roots: parent, latitudes: latitudes, longitudes: longitudes)
        latitudes = []
        longitudes = []
        let rows = WalkRows(nodes: nodeCount, edges: &edges)
        landmarkMetres = WalkLandmarks.measure(landmarks: landmarks, rows: rows)
        return WalkGraphFacts(nodeCount: nodeCount, largestComponentSize: Int(sizes.max() ?? 0), bounds: bounds)
    }

    /// Piece `i`'s components as stored beside it, in its version's format (`WalkPiece.encodedComponents`, or
    /// `encodedComponentsVersion1` beside a version-1 piece of an older store), with the landmark walks (after
    /// `finish`).
    public mutating func components(ofPiece i: Int) -> [UInt8] {
        let nodes = pieceNodes[starts[i]..<starts[i + 1]]
        guard versions[i] != 1 else { return version1Components(of: nodes) }
        // The piece's components in the order first met, each numbered within the piece.
        if indexInPiece.count != sizes.count { indexInPiece = [Int32](repeating: -1, count: sizes.count) }
        var met: [Int32] = []
        for node in nodes {
            let c = parent[Int(node)]
            if indexInPiece[Int(c)] < 0 {
                indexInPiece[Int(c)] = Int32(met.count)
                met.append(c)
            }
        }
        let (keys, sizes) = (self.keys, self.sizes)
        var writer = WalkComponentsWriter(components: met.lazy.map { (key: keys[Int($0)], size: sizes[Int($0)]) },
                                          nodeCount: nodes.count, withLandmarks: true)
        for node in nodes {
            let at = WalkLandmarks.count * Int(node)
            writer.node(index: Int(indexInPiece[Int(parent[Int(node)])]), walks: landmarkMetres[at..<at + WalkLandmarks.count])
        }
        for c in met { indexInPiece[Int(c)] = -1 }
        return writer.bytes
    }

    /// A version-1 piece's components: every key, every size, then every node's walks (44 bytes a node).
    private func version1Components(of nodes: ArraySlice<Int32>) -> [UInt8] {
        var pieceKeys: [Int64] = [], pieceSizes: [Int32] = []
        pieceKeys.reserveCapacity(nodes.count)
        pieceSizes.reserveCapacity(nodes.count)
        for node in nodes {
            let c = Int(parent[Int(node)])
            pieceKeys.append(keys[c])
            pieceSizes.append(sizes[c])
        }
        var pieceLandmarks: [Double] = []
        pieceLandmarks.reserveCapacity(WalkLandmarks.count * nodes.count)
        for node in nodes {
            let at = WalkLandmarks.count * Int(node)
            pieceLandmarks.append(contentsOf: landmarkMetres[at..<at + WalkLandmarks.count])
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(WalkLandmarks.componentBytesPerNode * nodes.count)
        pieceKeys.withUnsafeBytes { bytes.append(contentsOf: $0) }
        pieceSizes.withUnsafeBytes { bytes.append(contentsOf: $0) }
        pieceLandmarks.withUnsafeBytes { bytes.append(contentsOf: $0) }
        return bytes
    }
}

/// Node ids to their numbers in four bytes a slot (a whole graph's nodes: 17 MB for two million, where a slot
/// with its id would take four times that): a slot holds the number, and the number's id is `ids[number]`.
struct NodeNumbers {
    private var slots: [Int32]
    private var shift: UInt64
    private var count = 0
    private static let empty: Int32 = -1

    init(capacity: Int) {
        let size = NodeTable.size(for: capacity)
        slots = [Int32](repeating: Self.empty, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The number of `id` (whose numbers so far name `ids`), or `new` when it has none yet, then given it
    /// (`ids` gets `id` at `new` from the caller).
    mutating func findOrInsert(_ id: Int64, new: Int32, ids: [Int64]) -> (value: Int32, inserted: Bool) {
        if (count + 1) * 10 > slots.count * 7 { grow(ids: ids) }
        let mask = slots.count - 1
        var at = NodeTable.slot(id, shift)
        while true {
            let number = slots[at]
            if number == Self.empty {
                slots[at] = new
                count += 1
                return (new, true)
            }
            if ids[Int(number)] == id { return (number, false) }
            at = (at + 1) & mask
        }
    }

    private mutating func grow(ids: [Int64]) {
        let size = slots.count * 2
        slots = [Int32](repeating: Self.empty, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = size - 1
        for number in 0..<count {
            var at = NodeTable.slot(ids[number], shift)
            while slots[at] != Self.empty { at = (at + 1) & mask }
            slots[at] = Int32(number)
        }
    }
}
