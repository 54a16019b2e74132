import Foundation
import Geo

/// What is known of the whole stored walking graph without reading it: written with every change, so a
/// route read by corridor answers "outside the imported area" and "main network" as the whole graph would.
public struct WalkGraphFacts: Sendable, Equatable {
    public var nodeCount: Int
    public var largestComponentSize: Int
    /// The box around every node.
    public var bounds: FeatureBounds

    public init(nodeCount: Int, largestComponentSize: Int, bounds: FeatureBounds) {
        self.nodeCount = nodeCount
        self.largestComponentSize = largestComponentSize
        self.bounds = bounds
    }
}

extension WalkGraph {
    /// The graph of the edges held by `pieces` (each edge once, from the smallest of its tiles among
    /// `loaded`), with each node's component as the whole graph has it (from the pieces' labels).
    /// `indexed` builds the nearest-edge grid and the node index (for joining the ends).
    public convenience init(pieces: [WalkPiece], loaded: WalkTileSet, facts: WalkGraphFacts, indexed: Bool) {
        let nodeEstimate = pieces.reduce(0) { $0 + $1.nodeIDs.count }
        var position: [Int64: Int32] = [:]
        position.reserveCapacity(nodeEstimate)
        var ids: [Int64] = [], points: [GeoPoint] = [], componentOf: [Int32] = []
        ids.reserveCapacity(nodeEstimate)
        points.reserveCapacity(nodeEstimate)
        componentOf.reserveCapacity(nodeEstimate)
        var componentLabel: [Int64: Int32] = [:]
        var sizes: [Int32] = []
        var nameIndex: [String: Int32] = [:]
        var names: [String] = []
        // Each kept edge as (from, to, metres, street), in global numbers.
        var from: [Int32] = [], to: [Int32] = [], metres: [Double] = [], street: [Int32] = []
        let edgeEstimate = pieces.reduce(0) { $0 + $1.edgeCount }
        from.reserveCapacity(edgeEstimate)
        to.reserveCapacity(edgeEstimate)
        metres.reserveCapacity(edgeEstimate)
        street.reserveCapacity(edgeEstimate)
        for piece in pieces {
            var global = [Int32](repeating: 0, count: piece.nodeIDs.count)
            var lastKey: Int64?, lastLabel: Int32 = -1
            let labelled = piece.componentKeys.count == piece.nodeIDs.count
            for i in piece.nodeIDs.indices {
                let id = piece.nodeIDs[i]
                if let known = position[id] {
                    global[i] = known
                    continue
                }
                let new = Int32(ids.count)
                position[id] = new
                global[i] = new
                ids.append(id)
                points.append(piece.point(i))
                // Unlabelled (a store written before its facts): each node a component of its own.
                let key = labelled ? piece.componentKeys[i] : id
                if key != lastKey {
                    if let known = componentLabel[key] { lastLabel = known } else {
                        lastLabel = Int32(sizes.count)
                        componentLabel[key] = lastLabel
                        sizes.append(labelled ? piece.componentSizes[i] : 1)
                    }
                    lastKey = key
                }
                componentOf.append(lastLabel)
            }
            var streetOf = [Int32](repeating: 0, count: piece.streets.count)
            for (i, text) in piece.streets.enumerated() {
                if let known = nameIndex[text] { streetOf[i] = known } else {
                    streetOf[i] = Int32(names.count)
                    nameIndex[text] = streetOf[i]
                    names.append(text)
                }
            }
            for e in 0..<piece.edgeCount where piece.isOwnCopy(e, loaded: loaded) {
                let a = global[Int(piece.edgeFrom[e])], b = global[Int(piece.edgeTo[e])]
                let length = piece.edgeMetres[e]
                guard a != b, length.isFinite, length >= 0 else { continue }
                from.append(a)
                to.append(b)
                metres.append(length)
                street.append(streetOf[Int(piece.edgeStreet[e])])
            }
        }
        let parsed = names.map { WalkKind.parse($0) }
        let kindOfName = parsed.map(\.kind)
        var offsets = [Int32](repeating: 0, count: ids.count + 1)
        for i in from.indices {
            offsets[Int(from[i]) + 1] += 1
            offsets[Int(to[i]) + 1] += 1
        }
        for i in 1..<offsets.count { offsets[i] += offsets[i - 1] }
        var fill = offsets
        let half = 2 * from.count
        var targets = [Int32](repeating: 0, count: half), lengths = [Double](repeating: 0, count: half)
        var streets = [Int32](repeating: 0, count: half), kinds = [WalkKind](repeating: .way, count: half)
        func put(_ a: Int32, _ b: Int32, _ e: Int) {
            let slot = Int(fill[Int(a)])
            fill[Int(a)] += 1
            targets[slot] = b
            lengths[slot] = metres[e]
            streets[slot] = street[e]
            kinds[slot] = kindOfName[Int(street[e])]
        }
        for e in from.indices {
            put(from[e], to[e], e)
            put(to[e], from[e], e)
        }
        self.init(nodeIDs: ids, points: points, offsets: offsets, targets: targets, lengths: lengths, streets: streets, kinds: kinds,
                  streetNames: parsed.map(\.street), components: componentOf, componentSizes: sizes,
                  largestComponentSize: Int32(clamping: facts.largestComponentSize), bounds: facts.bounds, indexed: indexed,
                  positions: position)
    }
}
