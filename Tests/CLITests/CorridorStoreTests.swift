import Cartography
import Foundation
import Geo
import Store
import Testing
import TestSupport

private let fixtures = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures")

/// A store with the Helsinki extract imported as source "helsinki".
private func helsinkiStore() async throws -> (store: CatalogStore, home: URL) {
    let home = try temporaryDirectory()
    let result = await runArtmap(["import", fixtures.appendingPathComponent("helsinki.osm.pbf").path], home: home)
    #expect(result.status == 0, "\(result.err)")
    return (try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path), home)
}

@Test func routesReadByCorridorFromTheStoreMatchTheWholeGraphAndItsFailures() async throws {
    let (store, _) = try await helsinkiStore()
    let whole = WalkGraph(edges: try store.walkEdges())
    let centre = Coordinate(clampingLatitude: (whole.bounds.south + whole.bounds.north) / 2, longitude: (whole.bounds.west + whole.bounds.east) / 2)
    var pairs: [(Coordinate, Coordinate)] = []
    var random = SeededGenerator(seed: 19)
    for _ in 0..<12 {
        func near() -> Coordinate {
            Coordinate(clampingLatitude: centre.latitude + Double.random(in: -0.01...0.01, using: &random),
                       longitude: centre.longitude + Double.random(in: -0.02...0.02, using: &random))
        }
        pairs.append((near(), near()))
    }
    // Outside the extract, and far out at sea from every way.
    pairs.append((centre, Coordinate(clampingLatitude: whole.bounds.north + 0.05, longitude: centre.longitude)))
    pairs.append((Coordinate(clampingLatitude: whole.bounds.south - 0.2, longitude: centre.longitude), centre))
    var routed = 0
    for (a, b) in pairs {
        let expected = Router.route(in: whole, from: a, to: b)
        let found = try CorridorRouter.route(from: a, to: b, source: store)
        switch (expected, found) {
        case (.success(let x), .success(let y)):
            #expect(abs(x.metres - y.metres) < 1e-6, "\(a) to \(b)")
            routed += 1
        case (.failure(let x), .failure(let y)): #expect(x.message == y.message)
        default: Issue.record("\(a) to \(b): whole \(expected), corridor \(found)")
        }
    }
    #expect(routed >= 6)
}

@Test func removingAMapSourceRemovesItsEdgesFromCorridorReads() async throws {
    let (store, _) = try await helsinkiStore()
    let facts = try #require(try store.walkFacts())
    #expect(facts.nodeCount > 1_000 && facts.largestComponentSize >= WalkGraph.mainNetworkNodes)
    let box = WalkTileSet().adding(facts.bounds)
    #expect(try !store.walkPieces(in: box).isEmpty)
    #expect(try store.removeMapSource("helsinki"))
    #expect(try store.walkFacts() == nil)
    #expect(try store.walkPieces(in: box).isEmpty)
    let centre = Coordinate(clampingLatitude: (facts.bounds.south + facts.bounds.north) / 2, longitude: (facts.bounds.west + facts.bounds.east) / 2)
    let answer = try CorridorRouter.route(from: centre, to: centre, source: store)
    #expect(answer == .failure(.noWalkingGraph))
}

private extension WalkTileSet {
    func adding(_ box: FeatureBounds) -> [ClosedRange<Int64>] {
        var set = self
        return set.add(box)
    }
}
