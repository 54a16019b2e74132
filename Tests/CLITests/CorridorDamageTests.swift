@testable import Cartography
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

/// Where a version-1 piece's columns lie (as `WalkPiece.encodedVersion1` writes them).
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

/// A version-2 piece's bytes with its `field`th header varint (0: nodes, 1: edges, 2: streets, 3: the first
/// street's length) written as `value`.
private func replacingVarint(_ field: Int, with value: UInt64, in bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBytes { raw in
        var cursor = ByteCursor(raw, from: 2)
        for _ in 0..<field { _ = cursor.varint() }
        let start = cursor.offset
        _ = cursor.varint()
        var writer = ByteWriter(capacity: 10)
        writer.varint(value)
        return Array(bytes[..<start]) + writer.bytes + Array(bytes[cursor.offset...])
    }
}

/// A stored piece as a damage sees it: its bytes and its components' in `version`, and its values.
private struct StoredPiece {
    var edges: [UInt8], components: [UInt8]
    let piece: WalkPiece, version: Int
}

/// Rewrites every stored piece in `version` (1: as a store before version 2 holds it), damaged by `damage` (so
/// whichever tiles a corridor reads, it meets one).
private func damageEveryPiece(_ path: String, version: Int, _ damage: (inout StoredPiece) -> Void) throws {
    let database = try Database(path: path)
    try database.inTransaction {
        for row in try database.rows("SELECT p.id, p.tile, p.edges, c.components FROM walk_pieces p JOIN walk_components c ON c.piece = p.id") {
            guard case .blob(let edges) = row[2], case .blob(let components) = row[3], let tile = row[1].integer,
                  let piece = edges.withUnsafeBytes({ e in components.withUnsafeBytes { WalkPiece.decode(tile: tile, e, components: $0, landmarks: true) } }),
                  !piece.nodeIDs.isEmpty, piece.edgeCount > 0 else { continue }
            var stored = version == 1 ? StoredPiece(edges: piece.encodedVersion1(), components: piece.encodedComponentsVersion1(), piece: piece, version: 1)
                : StoredPiece(edges: edges, components: components, piece: piece, version: 2)
            damage(&stored)
            try database.run("UPDATE walk_pieces SET edges = ?1 WHERE id = ?2", [.blob(stored.edges), row[0]])
            try database.run("UPDATE walk_components SET components = ?1 WHERE piece = ?2", [.blob(stored.components), row[0]])
        }
    }
}

/// The piece with `change` made to its values, written again in its version.
private func rewritten(_ stored: inout StoredPiece, _ change: (inout WalkPiece) -> Void) {
    var piece = stored.piece
    change(&piece)
    stored.edges = stored.version == 1 ? piece.encodedVersion1() : piece.encoded()
}

private let damages: [(what: String, versions: [Int], damage: @Sendable (inout StoredPiece) -> Void)] = [
    ("a latitude NaN", [1, 2], { rewritten(&$0) { $0.latitudes[0] = .nan } }),
    ("a latitude of 1e300", [1, 2], { rewritten(&$0) { $0.latitudes[0] = 1e300 } }),
    ("a longitude of -infinity", [1, 2], { rewritten(&$0) { $0.longitudes[0] = -.infinity } }),
    ("a longitude of -1e300", [1, 2], { rewritten(&$0) { $0.longitudes[0] = -1e300 } }),
    ("a latitude of 90.0000001 in whole 1e-7 degrees", [2], { stored in
        rewritten(&stored) { $0.latitudes[0] = 90 }
        // The first node's latitude step is the varint after its id's.
        stored.edges.withUnsafeBytes { raw in
            var cursor = ByteCursor(raw, from: 2)
            for _ in 0..<3 { _ = cursor.varint() }
            for _ in 0..<stored.piece.streets.count { if let length = cursor.varint() { cursor.offset += Int(length) } }
            _ = cursor.varint()
            let at = cursor.offset
            _ = cursor.varint()
            var writer = ByteWriter(capacity: 10)
            writer.signed(900_000_001)
            stored.edges = Array(stored.edges[..<at]) + writer.bytes + Array(stored.edges[cursor.offset...])
        }
    }),
    ("cut in half", [1, 2], { $0.edges.removeLast($0.edges.count / 2) }),
    ("a node count of 2^32 - 1", [1, 2], { stored in
        if stored.version == 1 { put(UInt32.max, at: 1, in: &stored.edges) } else { stored.edges = replacingVarint(0, with: UInt64(UInt32.max), in: stored.edges) }
    }),
    ("an edge's end past the nodes", [1, 2], { stored in rewritten(&stored) { $0.edgeTo[0] = UInt32($0.nodeIDs.count) } }),
    ("a street text longer than the blob", [1, 2], { stored in
        if stored.version == 1 {
            put(UInt32(0xFFFF_FFF0), at: PieceOffsets(stored.edges).streets, in: &stored.edges)
        } else {
            stored.edges = replacingVarint(3, with: 0xFFFF_FFF0, in: stored.edges)
        }
    }),
    ("a byte after the edges", [2], { $0.edges.append(0) }),
    ("components cut short", [2], { $0.components.removeLast(8) }),
    ("a component's index past the components", [2], { stored in
        // A component of its own for the first node, so every node has an index, and the last node's one past them.
        var piece = stored.piece
        piece.componentKeys[0] = piece.componentKeys[0] &+ 1
        let components = Set(zip(piece.componentKeys, piece.componentSizes).map { "\($0.0) \($0.1)" }).count
        stored.components = piece.encodedComponents()
        // The first node's index follows the flags, the count and each component's key and size.
        let at = stored.components.withUnsafeBytes { raw in
            var cursor = ByteCursor(raw, from: 2)
            for _ in 0..<2 * components { _ = cursor.varint() }
            return cursor.offset
        }
        precondition(components < 128 && stored.components[1] == components && stored.components[at] < 128, "one-byte counts")
        stored.components[at] = UInt8(components)
    }),
]

/// Every damage with every version of the pieces it applies to.
private let damageCases: [(damage: Int, version: Int)] = damages.indices.flatMap { i in damages[i].versions.map { (i, $0) } }

@Test(arguments: damageCases.indices)
func aDamagedWalkPieceIsRefusedByNameAndNeverCrashesARoute(_ index: Int) async throws {
    let (damage, version) = damageCases[index]
    let what = "\(damages[damage].what) (version \(version))"
    let path = try await helsinkiStorePath()
    try damageEveryPiece(path, version: version, damages[damage].damage)
    let store = try CatalogStore(path: path)
    let facts = try #require(try store.walkFacts())
    let (centre, away) = routeEnds(facts)
    #expect(throws: StoreError.self, "\(what)") { try CorridorRouter.route(from: centre, to: away, source: store) }
    do {
        _ = try CorridorRouter.route(from: centre, to: away, source: store)
    } catch let error as StoreError {
        #expect(error.message.contains("is damaged: import the map again"), "\(what): \(error.message)")
    }
    // The whole graph's read (export, the bench) refuses it too.
    #expect(throws: StoreError.self, "\(what)") { try store.walkEdges() }
}

@Test(arguments: [1, 2])
func undamagedPiecesInEitherVersionRouteAsImported(version: Int) async throws {
    let path = try await helsinkiStorePath()
    let before = try CatalogStore(path: path)
    let facts = try #require(try before.walkFacts())
    let (centre, away) = routeEnds(facts)
    let imported = try CorridorRouter.route(from: centre, to: away, source: before).get()
    try damageEveryPiece(path, version: version) { _ in }
    let after = try CatalogStore(path: path)
    #expect(try CorridorRouter.route(from: centre, to: away, source: after).get() == imported)
}

@Test(arguments: [1, 2])
func aDamagedPieceIsLeftOutOfTheComponentsAndTheFactsStayOnTheGlobe(version: Int) async throws {
    let path = try await helsinkiStorePath()
    try damageEveryPiece(path, version: version) { rewritten(&$0) { $0.latitudes[0] = .nan } }
    let store = try CatalogStore(path: path)
    try store.relabelWalkComponents()
    // Every piece was damaged: nothing is left to label, and no NaN reaches the facts' bounds.
    #expect(try store.walkFacts() == nil)
}

@Test func aFactsRowWithAHugeNodeCountStillRoutes() async throws {
    let path = try await helsinkiStorePath()
    let store = try CatalogStore(path: path)
    let facts = try #require(try store.walkFacts())
    let (centre, away) = routeEnds(facts)
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
    let centre = routeEnds(facts).centre
    try store.database.execute("UPDATE walk_graph_facts SET \(damage)")
    #expect(throws: StoreError(code: -1, message: "the walking paths' summary (walk_graph_facts) is damaged: import the map again")) {
        try CorridorRouter.route(from: centre, to: centre, source: store)
    }
}

/// The middle of the graph's bounds, and a point some 700 m north-east of it: a route's ends within the test city.
private func routeEnds(_ facts: WalkGraphFacts) -> (centre: Coordinate, away: Coordinate) {
    let centre = Coordinate(clampingLatitude: (facts.bounds.south + facts.bounds.north) / 2,
                            longitude: (facts.bounds.west + facts.bounds.east) / 2)
    return (centre, Coordinate(clampingLatitude: centre.latitude + 0.004, longitude: centre.longitude + 0.008))
}
