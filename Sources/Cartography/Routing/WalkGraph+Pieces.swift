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
    /// The graph of the edges held by `pieces` (each edge once, from the first of its tiles among `loaded`),
    /// with each node's component as the whole graph has it (from the pieces' labels). `indexed` builds the
    /// nearest-edge grid and the node index (for joining the ends).
    public convenience init(pieces: [WalkPiece], loaded: WalkTileSet, facts: WalkGraphFacts, indexed: Bool) {
        var assembly = WalkGraphAssembly()
        for piece in pieces { _ = assembly.add(piece, before: WalkTileSet(), loaded: loaded) }
        let built = assembly.graph(facts: facts, indexed: indexed)
        self.init(nodeIDs: built.nodeIDs, points: built.points, offsets: built.offsets, targets: built.targets, lengths: built.lengths,
                  streets: built.streets, streetTable: built.streetTable, components: built.components,
                  componentSizes: built.componentSizes, largestComponentSize: Int32(clamping: facts.largestComponentSize),
                  bounds: facts.bounds, indexed: indexed, positions: built.positions)
    }
}
