@testable import Cartography
import Foundation
import Geo
@testable import Store
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

/// `count` pairs of points within about a kilometre of the middle of `graph`'s area, the same for the same seed.
private func pairsAroundTheMiddle(of graph: WalkGraph, count: Int, seed: UInt64) -> [(Coordinate, Coordinate)] {
    let centre = Coordinate(clampingLatitude: (graph.bounds.south + graph.bounds.north) / 2, longitude: (graph.bounds.west + graph.bounds.east) / 2)
    var random = SeededGenerator(seed: seed)
    func near() -> Coordinate {
        Coordinate(clampingLatitude: centre.latitude + Double.random(in: -0.01...0.01, using: &random),
                   longitude: centre.longitude + Double.random(in: -0.02...0.02, using: &random))
    }
    return (0..<count).map { _ in (near(), near()) }
}

@Test func routesReadByCorridorFromTheStoreMatchTheWholeGraphAndItsFailures() async throws {
    let (store, _) = try await helsinkiStore()
    let whole = WalkGraph(edges: try store.walkEdges())
    let centre = Coordinate(clampingLatitude: (whole.bounds.south + whole.bounds.north) / 2, longitude: (whole.bounds.west + whole.bounds.east) / 2)
    var pairs = pairsAroundTheMiddle(of: whole, count: 12, seed: 19)
    // Outside the extract, and far out at sea from every way.
    pairs.append((centre, Coordinate(clampingLatitude: whole.bounds.north + 0.05, longitude: centre.longitude)))
    pairs.append((Coordinate(clampingLatitude: whole.bounds.south - 0.2, longitude: centre.longitude), centre))
    var routed = 0
    for (a, b) in pairs {
        let expected = Router.route(in: whole, from: a, to: b)
        let found = try CorridorRouter.route(from: a, to: b, source: store)
        switch (expected, found) {
        case (.success(let x), .success(let y)):
            #expect(abs(x.metres - y.metres) <= x.metres * 1e-8 + 1e-6, "\(a) to \(b)")
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

@Test func aVersionSevenStoreHoldingWalkEdgesIsMovedIntoPiecesAndRoutesAsBefore() async throws {
    let (helsinki, _) = try await helsinkiStore()
    let edges = try helsinki.walkEdges()
    try #require(edges.count > 1_000)
    // A store as v7 left it: the old schema's SQL, and the edges as walk_edges rows of two sources.
    let path = try temporaryDirectory().appendingPathComponent("v7.sqlite").path
    let half = edges.count / 2
    do {
        let database = try Database(path: path)
        for step in 0..<7 { try database.execute(Schema.migrations[step]) }
        try database.execute("PRAGMA user_version = 7")
        try database.inTransaction {
            for (name, part) in [("west", edges[..<half]), ("east", edges[half...])] {
                try database.run("INSERT INTO map_sources(name, file, collection, imported_at, feature_count, edge_count) VALUES (?1, ?2, 'campus', '2026-01-01', 0, ?3)",
                                 [.text(name), .text("\(name).osm.pbf"), .integer(Int64(part.count))])
                let insert = try database.prepare("""
                    INSERT INTO walk_edges(source, from_node, to_node, from_latitude, from_longitude, to_latitude, to_longitude, metres, street)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                    """)
                for edge in part {
                    try insert.run([.text(name), .integer(edge.from), .integer(edge.to), .real(edge.fromPoint.latitude), .real(edge.fromPoint.longitude),
                                    .real(edge.toPoint.latitude), .real(edge.toPoint.longitude), .real(edge.metres), .text(edge.kind.stored(edge.street))])
                }
            }
        }
    }
    let store = try CatalogStore(path: path)
    #expect(try store.database.userVersion == Schema.currentVersion)
    #expect(try store.database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'walk_edges'")?.integer == 0)
    let whole = WalkGraph(edges: edges)
    let facts = try #require(try store.walkFacts())
    #expect(facts.nodeCount == whole.nodeCount)
    #expect(facts.largestComponentSize == (0..<whole.nodeCount).map { whole.componentSize(of: $0) }.max())
    #expect(try store.walkEdges().count == edges.count)
    // Routes through the moved graph (the two sources joined again) as on the edges before the move.
    var routed = 0
    for (a, b) in pairsAroundTheMiddle(of: whole, count: 8, seed: 7) {
        switch (Router.route(in: whole, from: a, to: b), try CorridorRouter.route(from: a, to: b, source: store)) {
        case (.success(let x), .success(let y)):
            #expect(abs(x.metres - y.metres) <= x.metres * 1e-8 + 1e-6, "\(a) to \(b)")
            #expect(x.steps == y.steps)
            routed += 1
        case (.failure(let x), .failure(let y)): #expect(x.message == y.message)
        case (let x, let y): Issue.record("\(a) to \(b): before the move \(x), after \(y)")
        }
    }
    #expect(routed >= 4)
    // A moved source is removed as an imported one is.
    #expect(try store.removeMapSource("east"))
    let west = WalkGraph(edges: Array(edges[..<half]))
    #expect(try store.walkFacts()?.nodeCount == west.nodeCount)
}

/// Each stored piece's row, bytes and values (with the landmark walks).
private func storedPieces(_ database: Database) throws -> [(id: Int64, edges: [UInt8], components: [UInt8], piece: WalkPiece)] {
    try database.rows("SELECT p.id, p.tile, p.edges, c.components FROM walk_pieces p LEFT JOIN walk_components c ON c.piece = p.id ORDER BY p.id").map { row in
        guard case .blob(let edges) = row[2], let tile = row[1].integer else { throw TestServerError("a piece without edges") }
        var components: [UInt8] = []
        if case .blob(let stored) = row[3] { components = stored }
        let piece = edges.withUnsafeBytes { e in components.withUnsafeBytes { WalkPiece.decode(tile: tile, e, components: $0, landmarks: true) } }
        guard let piece else { throw TestServerError("piece \(row[0]) is not one") }
        return (row[0].integer ?? 0, edges, components, piece)
    }
}

@Test func importedPiecesCarryLandmarkWalksAndAVersionEightStoreGainsThem() async throws {
    let (helsinki, home) = try await helsinkiStore()
    let stored = try storedPieces(helsinki.database)
    try #require(stored.count > 4)
    for row in stored {
        #expect(row.edges.first == 2, "piece \(row.id): an import writes version 2")
        #expect(row.piece.landmarkMetres.count == WalkLandmarks.count * row.piece.nodeIDs.count, "piece \(row.id)")
    }
    // As v8 left it: the pieces in version 1, each node's component key and size only.
    let path = home.appendingPathComponent("data/artmap/artmap.sqlite").path
    do {
        let database = try Database(path: path)
        try database.inTransaction {
            for row in stored {
                var plain = row.piece
                plain.landmarkMetres = []
                try database.run("UPDATE walk_pieces SET edges = ?1 WHERE id = ?2", [.blob(row.piece.encodedVersion1()), .integer(row.id)])
                try database.run("UPDATE walk_components SET components = ?1 WHERE piece = ?2",
                                 [.blob(plain.encodedComponentsVersion1()), .integer(row.id)])
            }
            // v8's layout: the components in a column of the pieces.
            try database.execute("""
                DROP TRIGGER walk_pieces_components;
                ALTER TABLE walk_pieces ADD COLUMN components BLOB NOT NULL DEFAULT x'';
                UPDATE walk_pieces SET components = (SELECT components FROM walk_components WHERE piece = walk_pieces.id);
                DROP TABLE walk_components;
                DROP INDEX IF EXISTS artworks_listing;
                DROP INDEX IF EXISTS artworks_collection_position;
                ALTER TABLE artworks DROP COLUMN names;
                ALTER TABLE artworks DROP COLUMN wikidata;
                ALTER TABLE artworks DROP COLUMN merged;
                PRAGMA user_version = 8;
                """)
        }
    }
    let v8 = try helsinki.database.rows("SELECT LENGTH(components), edges FROM walk_pieces ORDER BY id")
    #expect(v8.count == stored.count)
    #expect(zip(v8, stored).allSatisfy { $0.0[0].integer == Int64(WalkLandmarks.plainComponentBytesPerNode * $0.1.piece.nodeIDs.count) })
    let store = try CatalogStore(path: path)
    #expect(try store.database.userVersion == Schema.currentVersion)
    // The version-1 pieces are read, and labelled again in version 1 with the same components and walks as the import's.
    let migrated = try storedPieces(store.database)
    #expect(migrated.map(\.id) == stored.map(\.id))
    for (after, before) in zip(migrated, stored) {
        #expect(after.edges.first == 1 && after.components.count == WalkLandmarks.componentBytesPerNode * before.piece.nodeIDs.count, "piece \(after.id)")
        #expect(after.piece.nodeIDs == before.piece.nodeIDs && after.piece.componentKeys == before.piece.componentKeys
                && after.piece.componentSizes == before.piece.componentSizes, "piece \(after.id)")
        #expect(after.piece.landmarkMetres.map(\.bitPattern) == before.piece.landmarkMetres.map(\.bitPattern), "piece \(after.id)")
    }
    // And routes read from the migrated store are the whole graph's.
    let whole = WalkGraph(edges: try store.walkEdges())
    var routed = 0
    for (a, b) in pairsAroundTheMiddle(of: whole, count: 6, seed: 9) {
        if case .success(let x) = Router.route(in: whole, from: a, to: b) {
            let y = try CorridorRouter.route(from: a, to: b, source: store).get()
            #expect(abs(x.metres - y.metres) <= x.metres * 1e-8 + 1e-6, "\(a) to \(b)")
            routed += 1
        }
    }
    #expect(routed >= 3)
}
