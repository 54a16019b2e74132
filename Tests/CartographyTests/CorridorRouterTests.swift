import Foundation
import Geo
import TestSupport
import Testing
@testable import Cartography

/// A plain Dijkstra over the edges between two nodes, for an answer that shares no code with A*.
private func dijkstra(_ edges: [WalkEdge], from source: Int64, to target: Int64) -> Double? {
    var next: [Int64: [(Int64, Double)]] = [:]
    for edge in edges {
        next[edge.from, default: []].append((edge.to, edge.metres))
        next[edge.to, default: []].append((edge.from, edge.metres))
    }
    var best: [Int64: Double] = [source: 0], done = Set<Int64>()
    while let (node, metres) = best.filter({ !done.contains($0.key) }).min(by: { $0.value < $1.value }) {
        if node == target { return metres }
        done.insert(node)
        for (other, length) in next[node] ?? [] where metres + length < best[other] ?? .infinity { best[other] = metres + length }
    }
    return nil
}

@Test func aCorridorGrowsUntilItHoldsTheOnlyBridgeFarToTheSide() throws {
    // A river between rows 4 and 5, crossed only at the east end, 29 blocks from the ends of the walk.
    let city = streetGrid(width: 29, height: 9) { x, y, east in east || y != 4 || x == 29 }
    let source = MemoryPieces(city.edges)
    let start = city.point(0, 4).coordinate, target = city.point(0, 5).coordinate
    let whole = try Router.route(in: WalkGraph(edges: city.edges), from: start, to: target).get()
    let corridor = try CorridorRouter.route(from: start, to: target, source: source).get()
    #expect(abs(corridor.metres - whole.metres) < 1e-6)
    #expect(corridor.points == whole.points)
    let startNode: Int64 = 4 * 30 + 1, targetNode: Int64 = 5 * 30 + 1
    let plainLength: Double? = dijkstra(city.edges, from: startNode, to: targetNode)
    let plain = try #require(plainLength)
    #expect(abs(corridor.metres - plain) < 1e-6)
    // 29 blocks east and back: the search reads tiles far from both ends (a tile is about 280 m east–west here).
    #expect(corridor.metres > 58 * 59)
    let bridge = WalkTiling.tile(of: city.point(29, 4))
    #expect(source.requested.contains { $0.contains(bridge) }, "the bridge's tile, 1.7 km east of both ends, was read")
    #expect(!source.requested.contains { $0.contains(WalkTiling.tile(of: GeoPoint(latitude: 60.25, longitude: 24.9))) })
}

@Test func aCorridorFindsTheSameLengthAsTheWholeGraphOnAGridWithHoles() throws {
    let seed = UInt64.random(in: 1...UInt64.max)
    print("corridor grid seed \(seed)")
    var random = SeededGenerator(seed: seed)
    var holes = Set<Int>()
    for _ in 0..<300 { holes.insert(Int.random(in: 0..<(2 * 41 * 41), using: &random)) }
    let city = streetGrid(width: 40, height: 40) { x, y, east in !holes.contains((y * 41 + x) * 2 + (east ? 0 : 1)) }
    let whole = WalkGraph(edges: city.edges)
    for _ in 0..<25 {
        let a = city.point(Int.random(in: 0...40, using: &random), Int.random(in: 0...40, using: &random)).coordinate
        let b = city.point(Int.random(in: 0...40, using: &random), Int.random(in: 0...40, using: &random)).coordinate
        let source = MemoryPieces(city.edges)
        let expected = Router.route(in: whole, from: a, to: b), found = try CorridorRouter.route(from: a, to: b, source: source)
        switch (expected, found) {
        // The same length up to the tie-break's 10⁻⁸ (`TileSearch.tieWeight`) and rounding.
        case (.success(let x), .success(let y)): #expect(abs(x.metres - y.metres) <= x.metres * 1e-8 + 1e-6, "seed \(seed): \(a) to \(b)")
        case (.failure(let x), .failure(let y)): #expect(x == y, "seed \(seed): \(a) to \(b)")
        default: Issue.record("seed \(seed): \(a) to \(b): whole \(expected), corridor \(found)")
        }
    }
}

@Test func aShortWalkInABigGridReadsOnlyItsCorridor() throws {
    let city = streetGrid(width: 120, height: 120)
    let source = MemoryPieces(city.edges)
    let walk = try CorridorRouter.route(from: city.point(60, 60).coordinate, to: city.point(64, 63).coordinate, source: source).get()
    let from: Int64 = 60 * 121 + 61, to: Int64 = 63 * 121 + 65
    let plainLength: Double? = dijkstra(city.edges, from: from, to: to)
    let plain = try #require(plainLength)
    #expect(abs(walk.metres - plain) < 1e-6)
    #expect(source.edgesRead * 10 < city.edges.count, "\(source.edgesRead) of \(city.edges.count) edges read")
}

@Test func corridorFailuresSayWhatTheWholeGraphSays() throws {
    // Two grids 3 km apart: the small one an island of 16 nodes, the large one the main network.
    let main = streetGrid(width: 20, height: 20)
    let islandLat = 3_000.0 / 111_320
    let island = main.edges.filter { $0.from <= 24 && $0.to <= 24 && $0.from % 21 <= 3 && $0.to % 21 <= 3 }.map { edge -> WalkEdge in
        var moved = edge
        moved.from += 1_000_000
        moved.to += 1_000_000
        moved.fromPoint.latitude += islandLat
        moved.toPoint.latitude += islandLat
        return moved
    }
    let edges = main.edges + island
    let whole = WalkGraph(edges: edges)
    let inside = main.point(10, 10).coordinate
    let cases: [(Coordinate, Coordinate)] = [
        (inside, Coordinate(clampingLatitude: 61, longitude: 24.9)),                       // outside the imported area
        (inside, GeoPoint(latitude: main.point(1, 1).latitude + islandLat, longitude: main.point(1, 1).longitude).coordinate), // island
        (inside, GeoPoint(latitude: main.point(10, 10).latitude + islandLat / 2, longitude: main.point(10, 10).longitude).coordinate), // far from ways
        (Coordinate(clampingLatitude: 61, longitude: 24.9), Coordinate(clampingLatitude: 61.2, longitude: 24.9)),       // both far outside
        // The start inside the area but 1.5 km from any way (between the grids), the target far outside.
        (GeoPoint(latitude: main.point(10, 10).latitude + islandLat / 2, longitude: main.point(10, 10).longitude).coordinate,
         Coordinate(clampingLatitude: 61, longitude: 24.9)),
    ]
    for (a, b) in cases {
        let expected = Router.route(in: whole, from: a, to: b), found = try CorridorRouter.route(from: a, to: b, source: MemoryPieces(edges))
        #expect(expected.failureMessage == found.failureMessage)
        #expect(found.failureMessage != nil)
    }
    #expect(try CorridorRouter.route(from: inside, to: inside, source: MemoryPieces([])).failureMessage == RouteFailure.noWalkingGraph.message)
}

private extension Result where Success == WalkingRoute, Failure == RouteFailure {
    var failureMessage: String? {
        if case .failure(let why) = self { return why.message }
        return nil
    }
}

@Test func theTileGridsRowsAndColumnsWrittenOutAreTheOnesItsDegreesGive() {
    #expect(WalkTiling.rows == Int64((180 / WalkTiling.degrees).rounded(.up)))
    #expect(WalkTiling.columns == Int64((360 / WalkTiling.degrees).rounded()))
    // The antimeridian wraps: the last column's east neighbour is the first column.
    let west = WalkTiling.tile(of: GeoPoint(latitude: 60, longitude: -180)), east = WalkTiling.tile(of: GeoPoint(latitude: 60, longitude: 179.999))
    #expect(west - east == -(WalkTiling.columns - 1))
    #expect(WalkTiling.tile(of: GeoPoint(latitude: 60, longitude: 180)) == west)
}
