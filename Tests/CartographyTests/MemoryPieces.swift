import Foundation
import Geo
@testable import Cartography

/// The stored graph held in memory: pieces as the store keeps them, labelled from the whole graph, and
/// a count of the edges read, to see that a corridor reads less than everything.
final class MemoryPieces: WalkPieceSource {
    let pieces: [WalkPiece]
    let facts: WalkGraphFacts
    var edgesRead = 0
    /// Every tile range asked for.
    var requested: [ClosedRange<Int64>] = []

    init(_ edges: [WalkEdge]) {
        var builder = WalkPieceBuilder()
        for edge in edges { builder.add(edge) }
        let whole = WalkGraph(edges: edges)
        pieces = builder.take().map { piece in
            var labelled = piece
            for id in piece.nodeIDs {
                let node = whole.node(id: id)!
                labelled.componentKeys.append(Int64(whole.components[node]))
                labelled.componentSizes.append(Int32(whole.componentSize(of: node)))
            }
            return labelled
        }
        facts = WalkGraphFacts(nodeCount: whole.nodeCount, largestComponentSize: Int(whole.componentSizes.max() ?? 0), bounds: whole.bounds)
    }

    func walkFacts() throws -> WalkGraphFacts? { facts }
    func walkPieces(in ranges: [ClosedRange<Int64>]) throws -> [WalkPiece] {
        requested += ranges
        let found = pieces.filter { piece in ranges.contains { $0.contains(piece.tile) } }
        edgesRead += found.reduce(0) { $0 + $1.edgeCount }
        return found
    }
}
