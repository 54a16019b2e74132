import Cartography
import Foundation
import Geo
import TestSupport
import Testing

@Test func theShortestWalkAvoidsWaysClosedToWalkersAndNamesItsSteps() throws {
    let sink = RecordingSink()
    _ = try OSMImporter.run(path: try fixture("edge-cases.osm"), collection: "edge", sink: sink)
    let graph = WalkGraph(edges: sink.edges)
    let start = Coordinate(clampingLatitude: 53.4000, longitude: -2.9700)
    let end = Coordinate(clampingLatitude: 53.4010, longitude: -2.9680)
    let route = try Router.route(in: graph, from: start, to: end).get()
    let expected = Geodesic.distance(from: start, to: Coordinate(clampingLatitude: 53.4010, longitude: -2.9700))
        + Geodesic.distance(from: Coordinate(clampingLatitude: 53.4010, longitude: -2.9700), to: end)
    #expect(abs(route.metres - expected) < 0.01)
    #expect(route.points.count == 3)
    #expect(route.steps.map(\.instruction) == ["head north on North Path", "right onto Top Street"])
    #expect(abs(route.seconds - route.totalMetres / WalkingRoute.metresPerSecond) < 1e-9)
}

@Test func noGraphTooFarAndUnconnectedAreToldApart() throws {
    let empty = WalkGraph(edges: [])
    let here = Coordinate(clampingLatitude: 53.4, longitude: -2.97)
    #expect(throws: RouteFailure.noWalkingGraph) { try Router.route(in: empty, from: here, to: here).get() }
    let sink = RecordingSink()
    _ = try OSMImporter.run(path: try fixture("edge-cases.osm"), collection: "edge", sink: sink)
    let graph = WalkGraph(edges: sink.edges)
    let faraway = Coordinate(clampingLatitude: 53.5, longitude: -2.97)
    let failure = try #require(throws: RouteFailure.self, "a target 11 km from any way was routed") {
        try Router.route(in: graph, from: here, to: faraway).get()
    }
    #expect({ if case .outsideImportedArea(_, "target") = failure { return true } else { return false } }(), "\(failure)")
    // Date Line Road is its own island.
    let island = Coordinate(clampingLatitude: 0.5, longitude: 179.9995)
    let fromIsland = Router.route(in: graph, from: island, to: Coordinate(clampingLatitude: 0.5, longitude: -179.9995))
    #expect((try? fromIsland.get())?.metres ?? 0 > 100, "the road across the antimeridian is about 111 m long")
}

@Test func aStarAgreesWithAPlainDijkstraOnTheHelsinkiGraph() throws {
    let sink = RecordingSink()
    _ = try OSMImporter.run(path: try fixture("helsinki.osm.pbf"), collection: "helsinki", sink: sink)
    let graph = WalkGraph(edges: sink.edges)
    // A Dijkstra written here from the edges alone, with no heuristic.
    var adjacency: [Int64: [(Int64, Double)]] = [:]
    for edge in sink.edges {
        adjacency[edge.from, default: []].append((edge.to, edge.metres))
        adjacency[edge.to, default: []].append((edge.from, edge.metres))
    }
    func dijkstra(_ source: Int64, _ target: Int64) -> Double? {
        var best: [Int64: Double] = [source: 0]
        var done = Set<Int64>()
        // Frontier kept sorted by distance, largest first, so the nearest is popped from the end.
        var frontier: [(Double, Int64)] = [(0, source)]
        while let (distance, node) = frontier.popLast() {
            if done.contains(node) { continue }
            if node == target { return distance }
            done.insert(node)
            for (next, length) in adjacency[node] ?? [] where distance + length < best[next] ?? .infinity {
                best[next] = distance + length
                var low = 0, high = frontier.count
                while low < high {
                    let mid = (low + high) / 2
                    if frontier[mid].0 > distance + length { low = mid + 1 } else { high = mid }
                }
                frontier.insert((distance + length, next), at: low)
            }
        }
        return nil
    }
    var generator = SeededGenerator()
    var compared = 0
    for _ in 0..<6 {
        let a = Int.random(in: 0..<graph.nodeCount, using: &generator), b = Int.random(in: 0..<graph.nodeCount, using: &generator)
        let fast = Router.shortestPath(in: graph, from: a, to: b)
        let slow = dijkstra(graph.nodeIDs[a], graph.nodeIDs[b])
        #expect((fast == nil) == (slow == nil), "from node \(a) to \(b), \(generator.replay)")
        if let fast, let slow {
            #expect(abs(fast.metres - slow) <= slow * 0.001 + 1e-6, "from node \(a) to \(b), \(generator.replay)")
            compared += 1
        }
    }
    #expect(compared >= 1)
}

/// A chain of ways through `points`, each edge named by the street at its end.
private func chain(_ points: [(point: GeoPoint, street: String)]) -> [WalkEdge] {
    var edges: [WalkEdge] = []
    for i in 1..<points.count {
        let a = points[i - 1].point, b = points[i].point
        edges.append(WalkEdge(from: Int64(i), to: Int64(i + 1), fromPoint: a, toPoint: b,
                              metres: Geodesic.distance(from: a.coordinate, to: b.coordinate), street: points[i].street))
    }
    return edges
}

/// Metres north and east of 60° N, 25° E.
private func metresAway(_ north: Double, _ east: Double = 0) -> GeoPoint {
    GeoPoint(latitude: 60.0 + north / 111_320, longitude: 25.0 + east / 55_800)
}

/// Issue 36, item 8: a street crossed is "cross X", not a turn: a sidewalk north whose last metre jogs back south at
/// the kerb, an 11 m crossing of Aleksanterinkatu north, then the sidewalk on. Before, the jog's bearing made it
/// "turn around onto Aleksanterinkatu" and the walk on a turn again.
@Test func aStreetCrossedIsCrossedNotTurnedAround() throws {
    let crossing = chain([(metresAway(0), ""), (metresAway(60), "Mikonkatu"), (metresAway(59, 0.3), "Mikonkatu"),
                          (metresAway(70, 0.3), "Aleksanterinkatu"), (metresAway(130, 0.3), "Mikonkatu")])
    let route = try Router.route(in: WalkGraph(edges: crossing), from: metresAway(0).coordinate, to: metresAway(130, 0.3).coordinate).get()
    let instructions: [String] = route.steps.map { $0.instruction }
    #expect(instructions == ["head north on Mikonkatu", "cross Aleksanterinkatu", "continue onto Mikonkatu"], "\(instructions)")
    // A genuine reversal over a meaningful distance is still one.
    let back = chain([(metresAway(0), ""), (metresAway(100), "North Way"), (metresAway(0, 1), "South Way")])
    let reversal = try Router.route(in: WalkGraph(edges: back), from: metresAway(0).coordinate, to: metresAway(0, 1).coordinate).get()
    let turned: [String] = reversal.steps.map { $0.instruction }
    #expect(turned == ["head north on North Way", "turn around onto South Way"], "\(turned)")
}

@Test func aStartBeyondTheRoutersReachIsSaidAsMoreThanItsGap() {
    #expect(RouteFailure.tooFarFromWays(metres: Router.maximumGap, what: "start").message == "the start is more than 500 m from the nearest imported path")
    #expect(RouteFailure.tooFarFromWays(metres: 120, what: "target").message == "the target is 120 m from the nearest imported path")
}
