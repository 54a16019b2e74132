import Foundation
import Geo

/// A corridor's walking graph, assembled straight from the stored pieces' bytes into flat arrays as tiles are
/// read: node ids numbered through a `NodeTable`, edges as columns, street texts left as bytes. Tiles read
/// later are added to what is there (numbers already given stay), and `graph` lays the edges out in
/// compressed rows for A*.
struct WalkGraphAssembly {
    private(set) var ids: [Int64] = []
    private(set) var points: [GeoPoint] = []
    /// Per node: its component's key and size as the whole graph has them (the node's own id and 1 unlabelled).
    private var componentKeys: [Int64] = []
    private var componentSizes: [Int32] = []
    /// Per node, its walks to its component's landmarks (`WalkLandmarks.count` of them; infinity when not stored).
    private(set) var landmarkMetres: [Double] = []
    private var numbers: NodeTable
    private var edgeFrom: [Int32] = [], edgeTo: [Int32] = [], edgeMetres: [Double] = [], edgeStreet: [Int32] = []
    private var streets = WalkStreetTable()
    /// A piece's node numbers in the graph, the tiles its nodes lie in and their points (reused from piece to piece).
    private var local: [Int32] = []
    private var localTiles: [Int64] = []
    private var localPoints: [GeoPoint] = []
    /// Pieces added.
    private(set) var pieceCount = 0

    var edgeCount: Int { edgeFrom.count }

    /// An empty assembly with room for about `nodeCapacity` nodes before its table grows (a placeholder held
    /// while the real one is being added to takes 1).
    init(nodeCapacity: Int = 4096) { numbers = NodeTable(capacity: nodeCapacity) }

    /// Makes room for about `nodes` more nodes and their edges, so a corridor across a city is not copied
    /// and zeroed again at every doubling (space reserved and never used costs no page).
    mutating func reserve(nodes: Int) {
        guard nodes > 0 else { return }
        let n = ids.count + nodes, m = edgeFrom.count + nodes * 5 / 2
        numbers.reserve(n)
        ids.reserveCapacity(n)
        points.reserveCapacity(n)
        componentKeys.reserveCapacity(n)
        componentSizes.reserveCapacity(n)
        landmarkMetres.reserveCapacity(n * WalkLandmarks.count)
        edgeFrom.reserveCapacity(m)
        edgeTo.reserveCapacity(m)
        edgeMetres.reserveCapacity(m)
        edgeStreet.reserveCapacity(m)
    }

    /// Adds the stored piece of `tile` (bytes as `WalkPiece.encoded`, or version 1's; components as stored beside
    /// it, or none), read with the tiles that took the read set from `before` to `loaded`: an edge kept in several
    /// tiles is taken from the first read of them (the first in `WalkTiling`'s order among those read together).
    /// False when the bytes are not a piece or its components are damaged.
    mutating func add(tile: Int64, bytes: UnsafeRawBufferPointer, components: UnsafeRawBufferPointer,
                      before: WalkTileSet, loaded: WalkTileSet) -> Bool {
        guard var piece = WalkPieceReader(bytes),
              var labels = WalkComponentsReader(components, nodeCount: piece.nodeCount, pieceVersion: piece.version) else { return false }
        let n = piece.nodeCount, m = piece.edgeCount
        let firstStreet = Int32(streets.count)
        guard piece.forEachStreet({ streets.append(utf8: $0) }) else { return false }
        local.removeAll(keepingCapacity: true)
        localTiles.removeAll(keepingCapacity: true)
        localPoints.removeAll(keepingCapacity: true)
        for _ in 0..<n {
            guard let node = piece.nextNode() else { return false }
            let point = GeoPoint(latitude: node.latitude, longitude: node.longitude)
            localTiles.append(WalkTiling.tile(of: point))
            localPoints.append(point)
            // Every node's component and walks are read in turn (version 2's are a stream), kept only for a node new here.
            var component = (key: node.id, size: Int32(1))
            if labels.labelled {
                guard let stored = labels.next() else { return false }
                component = stored
            }
            let found = numbers.findOrInsert(node.id, new: Int32(ids.count))
            local.append(found.value)
            guard found.inserted else { continue }
            ids.append(node.id)
            points.append(point)
            componentKeys.append(component.key)
            componentSizes.append(component.size)
            for k in 0..<WalkLandmarks.count {
                let metres = labels.withLandmarks ? labels.landmark(k) : .infinity
                // A walk that is not a length (damage) is no bound: as if none were stored.
                landmarkMetres.append(metres.isFinite && metres >= 0 ? metres : .infinity)
            }
        }
        guard labels.isAtEnd else { return false }
        for _ in 0..<m {
            guard let edge = piece.nextEdge() else { return false }
            let a = edge.from, b = edge.to, metres = edge.metres
            let ga = local[a], gb = local[b]
            guard ga != gb, metres.isFinite, metres >= 0 else { continue }
            // The piece's own coordinates decide the tiles, as they did when it was written.
            if localTiles[a] != localTiles[b] {
                var readBefore = false
                var first: Int64?
                WalkTiling.forEachTile(from: localPoints[a], to: localPoints[b]) { candidate in
                    if before.contains(candidate) {
                        readBefore = true
                        return false
                    }
                    if first == nil && loaded.contains(candidate) { first = candidate }
                    return true
                }
                guard !readBefore, first == tile else { continue }
            }
            edgeFrom.append(ga)
            edgeTo.append(gb)
            edgeMetres.append(metres)
            edgeStreet.append(firstStreet + Int32(edge.street))
        }
        guard piece.isAtEnd else { return false }
        pieceCount += 1
        return true
    }

    /// Calls `body` with each edge added since the first `from` (its nodes and metres), in the order added.
    func forEachEdge(from first: Int, _ body: (Int32, Int32, Double) -> Void) {
        for e in first..<edgeFrom.count { body(edgeFrom[e], edgeTo[e], edgeMetres[e]) }
    }

    /// Adds a piece held in memory (tests, and sources that keep pieces as values).
    mutating func add(_ piece: WalkPiece, before: WalkTileSet, loaded: WalkTileSet) -> Bool {
        piece.encoded().withUnsafeBytes { bytes in
            piece.encodedComponents().withUnsafeBytes { components in
                add(tile: piece.tile, bytes: bytes, components: components, before: before, loaded: loaded)
            }
        }
    }

    /// The graph of what was added, in compressed rows, with `facts`' bounds and largest component; with
    /// `indexed`, also each node's component and the indexes that join the ends (a corridor searched between
    /// ends already joined goes without both).
    func graph(facts: WalkGraphFacts, indexed: Bool) -> WalkGraph {
        let n = ids.count, m = edgeFrom.count
        var offsets = [Int32](repeating: 0, count: n + 1)
        offsets.withUnsafeMutableBufferPointer { offsets in
            for e in 0..<m {
                offsets[Int(edgeFrom[e]) + 1] += 1
                offsets[Int(edgeTo[e]) + 1] += 1
            }
            for i in 0..<n { offsets[i + 1] += offsets[i] }
        }
        var targets = [Int32](repeating: 0, count: 2 * m), lengths = [Double](repeating: 0, count: 2 * m)
        var streetOf = [Int32](repeating: 0, count: 2 * m)
        var fill = offsets
        fill.withUnsafeMutableBufferPointer { fill in
        targets.withUnsafeMutableBufferPointer { targets in
        lengths.withUnsafeMutableBufferPointer { lengths in
        streetOf.withUnsafeMutableBufferPointer { streetOf in
        edgeFrom.withUnsafeBufferPointer { from in
        edgeTo.withUnsafeBufferPointer { to in
        edgeMetres.withUnsafeBufferPointer { metres in
        edgeStreet.withUnsafeBufferPointer { street in
            for e in 0..<m {
                let a = Int(from[e]), b = Int(to[e])
                let slotA = Int(fill[a]), slotB = Int(fill[b])
                fill[a] += 1
                fill[b] += 1
                targets[slotA] = Int32(b)
                targets[slotB] = Int32(a)
                lengths[slotA] = metres[e]
                lengths[slotB] = metres[e]
                streetOf[slotA] = street[e]
                streetOf[slotB] = street[e]
            }
        }}}}}}}}
        var labels: [Int32] = [], sizes: [Int32] = []
        if indexed {
            var labelOf: [Int64: Int32] = [:]
            labels.reserveCapacity(n)
            for i in 0..<n {
                if let known = labelOf[componentKeys[i]] {
                    labels.append(known)
                    continue
                }
                let label = Int32(sizes.count)
                labelOf[componentKeys[i]] = label
                sizes.append(componentSizes[i])
                labels.append(label)
            }
        }
        return WalkGraph(nodeIDs: ids, points: points, offsets: offsets, targets: targets, lengths: lengths, streets: streetOf,
                         streetTable: streets, components: labels, componentSizes: sizes,
                         largestComponentSize: Int32(clamping: facts.largestComponentSize), bounds: facts.bounds, indexed: indexed,
                         positions: numbers)
    }
}
