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
    private var numbers = NodeTable(capacity: 4096)
    private var edgeFrom: [Int32] = [], edgeTo: [Int32] = [], edgeMetres: [Double] = [], edgeStreet: [Int32] = []
    private var streets = WalkStreetTable()
    /// A piece's node numbers in the graph (reused from piece to piece).
    private var local: [Int32] = []
    /// Pieces added.
    private(set) var pieceCount = 0

    var edgeCount: Int { edgeFrom.count }

    /// Adds the stored piece of `tile` (bytes as `WalkPiece.encoded`, components as `encodedComponents`, or
    /// none), read with the tiles that took the read set from `before` to `loaded`: an edge kept in several
    /// tiles is taken from the first read of them (the first in `WalkTiling`'s order among those read
    /// together). False when the bytes are not a piece.
    mutating func add(tile: Int64, bytes: UnsafeRawBufferPointer, components: UnsafeRawBufferPointer,
                      before: WalkTileSet, loaded: WalkTileSet) -> Bool {
        guard bytes.count >= 13, bytes[0] == WalkPiece.version else { return false }
        func word(_ offset: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        let n = word(1), m = word(5), k = word(9)
        let idsAt = 13, latitudesAt = idsAt + 8 * n, longitudesAt = latitudesAt + 8 * n
        let fromAt = longitudesAt + 8 * n, toAt = fromAt + 4 * m, streetAt = toAt + 4 * m, metresAt = streetAt + 4 * m
        var offset = metresAt + 8 * m
        guard offset <= bytes.count else { return false }
        // Street texts first: the last part of the bytes, each after its length.
        let firstStreet = Int32(streets.count)
        for _ in 0..<k {
            guard offset + 4 <= bytes.count else { return false }
            let length = word(offset)
            offset += 4
            guard length <= bytes.count - offset else { return false }
            streets.append(utf8: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]))
            offset += length
        }
        let labelled = components.count == 12 * n
        local.removeAll(keepingCapacity: true)
        for i in 0..<n {
            let id = bytes.loadUnaligned(fromByteOffset: idsAt + 8 * i, as: Int64.self)
            let found = numbers.findOrInsert(id, new: Int32(ids.count))
            local.append(found.value)
            guard found.inserted else { continue }
            ids.append(id)
            points.append(GeoPoint(latitude: bytes.loadUnaligned(fromByteOffset: latitudesAt + 8 * i, as: Double.self),
                                   longitude: bytes.loadUnaligned(fromByteOffset: longitudesAt + 8 * i, as: Double.self)))
            componentKeys.append(labelled ? components.loadUnaligned(fromByteOffset: 8 * i, as: Int64.self) : id)
            componentSizes.append(labelled ? components.loadUnaligned(fromByteOffset: 8 * n + 4 * i, as: Int32.self) : 1)
        }
        for e in 0..<m {
            let a = word(fromAt + 4 * e), b = word(toAt + 4 * e), street = word(streetAt + 4 * e)
            guard a < n, b < n, street < k else { return false }
            let metres = bytes.loadUnaligned(fromByteOffset: metresAt + 8 * e, as: Double.self)
            let ga = local[a], gb = local[b]
            guard ga != gb, metres.isFinite, metres >= 0 else { continue }
            // The piece's own coordinates decide the tiles, as they did when it was written.
            func point(_ i: Int) -> GeoPoint {
                GeoPoint(latitude: bytes.loadUnaligned(fromByteOffset: latitudesAt + 8 * i, as: Double.self),
                         longitude: bytes.loadUnaligned(fromByteOffset: longitudesAt + 8 * i, as: Double.self))
            }
            let pa = point(a), pb = point(b)
            if WalkTiling.tile(of: pa) != WalkTiling.tile(of: pb) {
                var readBefore = false
                var first: Int64?
                WalkTiling.forEachTile(from: pa, to: pb) { candidate in
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
            edgeStreet.append(firstStreet + Int32(street))
        }
        pieceCount += 1
        return true
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
