import Cartography
import Foundation
import Geo
@testable import Store
import Testing
import TestSupport

private let fixtures = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures")

/// The Helsinki extract imported into a fresh home; the store's path.
private func helsinkiStorePath() async throws -> String {
    let home = try temporaryDirectory()
    let result = await runArtmap(["import", fixtures.appendingPathComponent("helsinki.osm.pbf").path], home: home)
    #expect(result.status == 0, "\(result.err)")
    return home.appendingPathComponent("data/artmap/artmap.sqlite").path
}

/// Where a stored piece's columns lie (as `WalkPiece.encoded` writes them).
private struct PieceOffsets {
    let n: Int, m: Int, k: Int
    init(_ bytes: [UInt8]) {
        func count(_ at: Int) -> Int { Int(bytes[at..<at + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }) }
        (n, m, k) = (count(1), count(5), count(9))
    }
    var latitudes: Int { 13 + 8 * n }
    var longitudes: Int { latitudes + 8 * n }
    var from: Int { longitudes + 8 * n }
    var streets: Int { from + 20 * m }
}

private func put<T>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
    withUnsafeBytes(of: value) { bytes.replaceSubrange(offset..<offset + $0.count, with: $0) }
}

/// Rewrites every stored piece's edges blob with `damage` (so whichever tiles a corridor reads, it meets one).
private func damageEveryPiece(_ path: String, _ damage: (inout [UInt8], PieceOffsets) -> Void) throws {
    let database = try Database(path: path)
    try database.inTransaction {
        for row in try database.rows("SELECT id, edges FROM walk_pieces") {
            guard case .blob(var bytes) = row[1] else { continue }
            let offsets = PieceOffsets(bytes)
            if offsets.n == 0 || offsets.m == 0 { continue }
            damage(&bytes, offsets)
            try database.run("UPDATE walk_pieces SET edges = ?1 WHERE id = ?2", [.blob(bytes), row[0]])
        }
    }
}

private let damages: [(String, @Sendable (inout [UInt8], PieceOffsets) -> Void)] = [
    ("a latitude NaN", { bytes, at in put(Double.nan, at: at.latitudes, in: &bytes) }),
    ("a latitude of 1e300", { bytes, at in put(1e300, at: at.latitudes, in: &bytes) }),
    ("a longitude of -infinity", { bytes, at in put(-Double.infinity, at: at.longitudes, in: &bytes) }),
    ("a longitude of -1e300", { bytes, at in put(-1e300, at: at.longitudes, in: &bytes) }),
    ("cut in half", { bytes, _ in bytes.removeLast(bytes.count / 2) }),
    ("a node count of 2^32 - 1", { bytes, _ in put(UInt32.max, at: 1, in: &bytes) }),
    ("an edge's end past the nodes", { bytes, at in put(UInt32(at.n), at: at.from, in: &bytes) }),
    ("a street text longer than the blob", { bytes, at in put(UInt32(0xFFFF_FFF0), at: at.streets, in: &bytes) }),
]

@Test(arguments: damages.indices)
func aDamagedWalkPieceIsRefusedByNameAndNeverCrashesARoute(_ index: Int) async throws {
    let (what, damage) = damages[index]
    let path = try await helsinkiStorePath()
    try damageEveryPiece(path, damage)
    let store = try CatalogStore(path: path)
    let facts = try #require(try store.walkFacts())
    let centre = Coordinate(clampingLatitude: (facts.bounds.south + facts.bounds.north) / 2,
                            longitude: (facts.bounds.west + facts.bounds.east) / 2)
    let away = Coordinate(clampingLatitude: centre.latitude + 0.004, longitude: centre.longitude + 0.008)
    #expect(throws: StoreError.self, "\(what)") { try CorridorRouter.route(from: centre, to: away, source: store) }
    do {
        _ = try CorridorRouter.route(from: centre, to: away, source: store)
    } catch let error as StoreError {
        #expect(error.message.contains("is damaged: import the map again"), "\(what): \(error.message)")
    }
    // The whole graph's read (export, the bench) refuses it too.
    #expect(throws: StoreError.self, "\(what)") { try store.walkEdges() }
}

@Test func aDamagedPieceIsLeftOutOfTheComponentsAndTheFactsStayOnTheGlobe() async throws {
    let path = try await helsinkiStorePath()
    try damageEveryPiece(path) { bytes, at in put(Double.nan, at: at.latitudes, in: &bytes) }
    let store = try CatalogStore(path: path)
    try store.relabelWalkComponents()
    // Every piece was damaged: nothing is left to label, and no NaN reaches the facts' bounds.
    #expect(try store.walkFacts() == nil)
}

@Test func aFactsRowWithAHugeNodeCountStillRoutes() async throws {
    let path = try await helsinkiStorePath()
    let store = try CatalogStore(path: path)
    let facts = try #require(try store.walkFacts())
    let centre = Coordinate(clampingLatitude: (facts.bounds.south + facts.bounds.north) / 2,
                            longitude: (facts.bounds.west + facts.bounds.east) / 2)
    let away = Coordinate(clampingLatitude: centre.latitude + 0.004, longitude: centre.longitude + 0.008)
    let before = try CorridorRouter.route(from: centre, to: away, source: store)
    try store.database.run("UPDATE walk_graph_facts SET node_count = ?1", [.integer(Int64.max)])
    let after = try CorridorRouter.route(from: centre, to: away, source: store)
    #expect(before == after)
    try store.database.run("UPDATE walk_graph_facts SET node_count = ?1", [.integer(1_000_000_000)])
    #expect(try CorridorRouter.route(from: centre, to: away, source: store) == before)
}

@Test func aVersionSevenWalkEdgeOffTheGlobeIsLeftBehindByTheMoveAndTheRestIsMoved() throws {
    let path = try temporaryDirectory().appendingPathComponent("v7.sqlite").path
    do {
        let database = try Database(path: path)
        for step in 0..<7 { try database.execute(Schema.migrations[step]) }
        try database.execute("PRAGMA user_version = 7")
        let insert = try database.prepare("""
            INSERT INTO walk_edges(source, from_node, to_node, from_latitude, from_longitude, to_latitude, to_longitude, metres, street)
            VALUES ('city', ?1, ?2, ?3, ?4, ?5, ?6, ?7, '')
            """)
        try insert.run([.integer(1), .integer(2), .real(60.17), .real(24.94), .real(60.171), .real(24.941), .real(125)])
        try insert.run([.integer(2), .integer(3), .real(60.171), .real(24.941), .real(1e300), .real(24.942), .real(125)])
        try insert.run([.integer(3), .integer(4), .real(60.172), .real(24.942), .real(60.173), .real(-1e300), .real(125)])
    }
    let store = try CatalogStore(path: path)
    #expect(try store.database.userVersion == Schema.currentVersion)
    let edges = try store.walkEdges()
    #expect(edges.map { [$0.from, $0.to] } == [[1, 2]])
    #expect(try store.walkFacts()?.nodeCount == 2)
}

@Test(arguments: ["south = -1e999", "east = 1e999", "north = 1e300", "west = 100, east = -100", "south = 61, north = 60"])
func aFactsRowWithBoundsOffTheGlobeOrInsideOutIsRefusedByName(_ damage: String) async throws {
    let path = try await helsinkiStorePath()
    let store = try CatalogStore(path: path)
    let facts = try #require(try store.walkFacts())
    let centre = Coordinate(clampingLatitude: (facts.bounds.south + facts.bounds.north) / 2,
                            longitude: (facts.bounds.west + facts.bounds.east) / 2)
    try store.database.execute("UPDATE walk_graph_facts SET \(damage)")
    #expect(throws: StoreError(code: -1, message: "the walking paths' summary (walk_graph_facts) is damaged: import the map again")) {
        try CorridorRouter.route(from: centre, to: centre, source: store)
    }
}
