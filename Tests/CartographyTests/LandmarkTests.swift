import Foundation
import Geo
import TestSupport
import Testing
@testable import Cartography

/// Pieces as the store keeps them, labelled by `WalkComponentLabeller` (with landmark walks, or without them as a
/// v8 store held its components), in the version written today or version 1 (an older store's), counting the
/// pieces and edges a route reads.
private final class LabelledPieces: WalkPieceSource {
    private(set) var rows: [(tile: Int64, edges: [UInt8], components: [UInt8], edgeCount: Int)] = []
    let facts: WalkGraphFacts?
    var edgesRead = 0, piecesRead = 0

    init(_ edges: [WalkEdge], landmarks: Bool = true, version: Int = 2) {
        var builder = WalkPieceBuilder()
        for edge in edges { builder.add(edge) }
        let pieces = builder.take()
        var labeller = WalkComponentLabeller()
        let encoded = pieces.map { version == 1 ? $0.encodedVersion1() : $0.encoded() }
        for bytes in encoded { _ = bytes.withUnsafeBytes { labeller.add($0) } }
        facts = labeller.finish()
        for (i, piece) in pieces.enumerated() {
            var components = labeller.components(ofPiece: i)
            let read = encoded[i].withUnsafeBytes { e in components.withUnsafeBytes { WalkPiece.decode(tile: piece.tile, e, components: $0, landmarks: true) } }
            #expect(read?.landmarkMetres.count == WalkLandmarks.count * piece.nodeIDs.count)
            if version == 1 { #expect(components.count == WalkLandmarks.componentBytesPerNode * piece.nodeIDs.count) }
            if !landmarks, var plain = read {
                plain.landmarkMetres = []
                components = version == 1 ? plain.encodedComponentsVersion1() : plain.encodedComponents()
            }
            rows.append((piece.tile, encoded[i], components, piece.edgeCount))
        }
    }

    /// Every landmark walk of node `id` as the pieces hold it (the same in each piece holding the node).
    func landmarkMetres(of id: Int64) -> [[Double]] {
        rows.compactMap { row -> [Double]? in
            row.edges.withUnsafeBytes { bytes in
                row.components.withUnsafeBytes { components in
                    guard let piece = WalkPiece.decode(tile: row.tile, bytes, components: components, landmarks: true),
                          let i = piece.nodeIDs.firstIndex(of: id) else { return nil }
                    return Array(piece.landmarkMetres[WalkLandmarks.count * i..<WalkLandmarks.count * (i + 1)])
                }
            }
        }
    }

    func walkFacts() throws -> WalkGraphFacts? { facts }
    func walkPieces(in ranges: [ClosedRange<Int64>]) throws -> [WalkPiece] {
        rows.filter { row in ranges.contains { $0.contains(row.tile) } }.map { row in
            row.edges.withUnsafeBytes { bytes in row.components.withUnsafeBytes { WalkPiece.decode(tile: row.tile, bytes, components: $0)! } }
        }
    }
    func visitWalkPieces(in ranges: [ClosedRange<Int64>],
                         _ visit: (_ tile: Int64, _ edges: UnsafeRawBufferPointer, _ components: UnsafeRawBufferPointer) -> Bool) throws {
        for row in rows where ranges.contains(where: { $0.contains(row.tile) }) {
            piecesRead += 1
            edgesRead += row.edgeCount
            let fine = row.edges.withUnsafeBytes { bytes in row.components.withUnsafeBytes { visit(row.tile, bytes, $0) } }
            #expect(fine)
        }
    }
}

/// Every node's walk from `source`, by a Dijkstra written here from the edges alone.
private func walks(_ edges: [WalkEdge], from source: Int64) -> [Int64: Double] {
    var next: [Int64: [(Int64, Double)]] = [:]
    for edge in edges {
        next[edge.from, default: []].append((edge.to, edge.metres))
        next[edge.to, default: []].append((edge.from, edge.metres))
    }
    var best: [Int64: Double] = [source: 0], done: [Int64: Double] = [:]
    while let (node, metres) = best.min(by: { $0.value < $1.value }) {
        best[node] = nil
        done[node] = metres
        for (other, length) in next[node] ?? [] where done[other] == nil && metres + length < best[other] ?? .infinity { best[other] = metres + length }
    }
    return done
}

@Test(arguments: [1, 2])
func everyNodeKeepsItsWalkToTheCornersOfItsOwnComponent(version: Int) throws {
    let main = streetGrid(width: 14, height: 10)
    // An island 3 km north with ids of its own: its landmarks are its own corners.
    let island = streetGrid(width: 4, height: 3, origin: GeoPoint(latitude: 60.17 + 3_000 / 111_320, longitude: 24.9), firstID: 10_000)
    let pieces = LabelledPieces(main.edges + island.edges, version: version)
    for (city, width, height) in [(main, 14, 10), (island, 4, 3)] {
        // South-west, south-east, north-west, north-east.
        let corners = [city.id(0, 0), city.id(width, 0), city.id(0, height), city.id(width, height)].map { walks(city.edges, from: $0) }
        for y in 0...height {
            for x in 0...width {
                let held = pieces.landmarkMetres(of: city.id(x, y))
                try #require(!held.isEmpty)
                for metres in held {
                    for k in 0..<WalkLandmarks.count {
                        let expected = try #require(corners[k][city.id(x, y)])
                        #expect(abs(metres[k] - expected) < 1e-6, "node (\(x), \(y)) landmark \(k): \(metres[k]) m, Dijkstra \(expected) m")
                    }
                }
            }
        }
    }
}

@Test(arguments: [1, 2])
func aWalkAcrossAGridReadsTheTilesAlongItsWayWithLandmarksAndTheSameLengthWithout(version: Int) throws {
    let city = streetGrid(width: 90, height: 60)
    let start = city.point(0, 0).coordinate, target = city.point(90, 60).coordinate
    let plain = try #require(walks(city.edges, from: city.id(0, 0))[city.id(90, 60)])
    let withLandmarks = LabelledPieces(city.edges, version: version), without = LabelledPieces(city.edges, landmarks: false, version: version)
    let total = withLandmarks.rows.count
    let fast = try CorridorRouter.route(from: start, to: target, source: withLandmarks).get()
    let slow = try CorridorRouter.route(from: start, to: target, source: without).get()
    #expect(abs(fast.metres - plain) <= plain * 1e-8 + 1e-6, "landmarks \(fast.metres) m, Dijkstra \(plain) m")
    #expect(abs(slow.metres - plain) <= plain * 1e-8 + 1e-6, "plane bound \(slow.metres) m, Dijkstra \(plain) m")
    // Corner to corner every node of the grid lies on a shortest walk: the plane bound alone reads nearly every
    // tile, the landmarks' only those along one walk.
    #expect(withLandmarks.piecesRead * 3 < total, "\(withLandmarks.piecesRead) of \(total) tiles read with landmarks")
    #expect(without.piecesRead * 3 > total * 2, "\(without.piecesRead) of \(total) tiles read without")
}

@Test(arguments: [1, 2])
func routesWithLandmarksMatchAPlainDijkstraOnAGridWithHoles(version: Int) throws {
    var random = SeededGenerator()
    let seed = random.replay
    try reportingSeed(of: random) {
        var holes = Set<Int>()
        for _ in 0..<500 { holes.insert(Int.random(in: 0..<(2 * 51 * 41), using: &random)) }
        let city = streetGrid(width: 50, height: 40) { x, y, east in !holes.contains((y * 51 + x) * 2 + (east ? 0 : 1)) }
        let source = LabelledPieces(city.edges, version: version)
        let whole = WalkGraph(edges: city.edges)
        for _ in 0..<30 {
            let a = city.point(Int.random(in: 0...50, using: &random), Int.random(in: 0...40, using: &random)).coordinate
            let b = city.point(Int.random(in: 0...50, using: &random), Int.random(in: 0...40, using: &random)).coordinate
            switch (Router.route(in: whole, from: a, to: b), try CorridorRouter.route(from: a, to: b, source: source)) {
            case (.success(let x), .success(let y)):
                #expect(abs(x.metres - y.metres) <= x.metres * 1e-8 + 1e-6, "seed \(seed): \(a) to \(b): whole \(x.metres) m, tiles \(y.metres) m")
            case (.failure(let x), .failure(let y)): #expect(x == y, "seed \(seed): \(a) to \(b)")
            case (let x, let y): Issue.record("seed \(seed): \(a) to \(b): whole \(x), tiles \(y)")
            }
        }
    }
}

@Test func aBoxReadAfterTilesReadOneByOneLeavesThoseOut() {
    var set = WalkTileSet()
    let single = WalkTiling.tile(of: GeoPoint(latitude: 60.1705, longitude: 24.9155))
    let first = set.add(tile: single), again = set.add(tile: single)
    #expect(first)
    #expect(!again, "a tile is read once")
    let ranges = set.add(FeatureBounds(south: 60.1701, north: 60.1709, west: 24.9001, east: 24.9299))
    let tiles = ranges.flatMap { Array($0) }
    #expect(tiles.first == WalkTiling.longEdges, "the long edges come with the first box")
    #expect(!tiles.contains(single))
    #expect(tiles.contains(single - 1) && tiles.contains(single + 1), "\(ranges)")
    #expect(tiles.count == 1 + 5, "six tiles of the row, one read before: \(ranges)")
    #expect(set.contains(single) && set.contains(single + 1))
}
