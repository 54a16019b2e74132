import Cartography
import Foundation
import Geo

/// The walking graph as stored (schemas v8 and v9): `walk_pieces`, one row per tile and write holding that tile's
/// edges as a `WalkPiece` blob (version 2 as an import writes it, version 1 in stores written before); `walk_components`,
/// each piece's nodes' components and landmark walks in the piece's version (a row per piece, gone with it by
/// trigger); and `walk_graph_facts`, the whole graph's node count, largest component and bounds. A route reads the rows of its tiles through the index on `tile`; after every change the components
/// are labelled again over the whole graph and the rows that changed written.
extension CatalogStore: WalkPieceSource {
    /// The whole graph's facts; nil when no walking edge is stored. Bounds off the globe or inside out are a
    /// `StoreError` (the labeller writes neither; an infinite south trapped a corridor's tile numbers).
    public func walkFacts() throws -> WalkGraphFacts? {
        guard let row = try database.rows("SELECT node_count, largest_component, south, north, west, east FROM walk_graph_facts WHERE id = 1").first,
              let count = row[0].integer, count > 0 else { return nil }
        let bounds = FeatureBounds(south: row[2].real ?? .nan, north: row[3].real ?? .nan, west: row[4].real ?? .nan, east: row[5].real ?? .nan)
        guard WalkTiling.isOnGlobe(bounds.south, bounds.west), WalkTiling.isOnGlobe(bounds.north, bounds.east),
              bounds.south <= bounds.north, bounds.west <= bounds.east else {
            throw StoreError(code: -1, message: "the walking paths' summary (walk_graph_facts) is damaged: import the map again")
        }
        return WalkGraphFacts(nodeCount: Int(count), largestComponentSize: Int(row[1].integer ?? 0), bounds: bounds)
    }

    /// The pieces of the tiles in `ranges`; a damaged piece is a `StoreError` naming its row.
    public func walkPieces(in ranges: [ClosedRange<Int64>]) throws -> [WalkPiece] {
        let statement = try database.prepare(Self.piecesInTilesSQL)
        var pieces: [WalkPiece] = []
        for range in ranges {
            try statement.bind([.integer(range.lowerBound), .integer(range.upperBound)])
            while try statement.step() { pieces.append(try Self.piece(statement)) }
        }
        return pieces
    }

    /// The pieces' bytes as SQLite holds them, row by row (no copies, no values); a row `visit` refuses is a
    /// `StoreError` naming it.
    public func visitWalkPieces(in ranges: [ClosedRange<Int64>],
                                _ visit: (_ tile: Int64, _ edges: UnsafeRawBufferPointer, _ components: UnsafeRawBufferPointer) -> Bool) throws {
        // A corridor across a city reads tens of megabytes of blobs: mapped, SQLite hands out pointers into the
        // file instead of copying every page through read(2). Only for this read: mapped pages count as the
        // process's memory, and the view's tile reads on the same connection must not grow it.
        if walkReadIsMapped { return try visitWalkRows(in: ranges, visit) }
        try database.execute("PRAGMA mmap_size = \(Self.walkMapBytes)")
        defer { try? database.execute("PRAGMA mmap_size = 0") }
        try visitWalkRows(in: ranges, visit)
    }

    /// A route's reads in one read transaction (outside another), the file mapped once for all of them (each
    /// change of `mmap_size` maps the file again, and a route reads hundreds of tiles one by one).
    public func withWalkSnapshot<T>(_ body: () throws -> T) throws -> T {
        guard !walkReadIsMapped else { return try body() }
        try database.execute("PRAGMA mmap_size = \(Self.walkMapBytes)")
        walkReadIsMapped = true
        defer {
            walkReadIsMapped = false
            try? database.execute("PRAGMA mmap_size = 0")
        }
        return database.isAutocommit ? try database.inReadTransaction(body) : try body()
    }

    private func visitWalkRows(in ranges: [ClosedRange<Int64>],
                               _ visit: (_ tile: Int64, _ edges: UnsafeRawBufferPointer, _ components: UnsafeRawBufferPointer) -> Bool) throws {
        let statement = try database.prepare(Self.piecesInTilesSQL)
        for range in ranges {
            try statement.bind([.integer(range.lowerBound), .integer(range.upperBound)])
            while try statement.step() {
                let tile = statement.integer(1)
                let fine = statement.withBytes(2) { edges in statement.withBytes(3) { components in visit(tile, edges, components) } }
                guard fine else {
                    throw StoreError(code: -1, message: "the walking paths' row \(statement.integer(0)) (tile \(tile)) is damaged: import the map again")
                }
            }
        }
    }

    /// The pieces of a range of tiles with their components (none yet: NULL, read as no bytes).
    static let piecesInTilesSQL = """
        SELECT p.id, p.tile, p.edges, c.components FROM walk_pieces p LEFT JOIN walk_components c ON c.piece = p.id
        WHERE p.tile BETWEEN ?1 AND ?2
        """

    /// How much of the file a walking-graph read may map.
    static let walkMapBytes = 1 << 30

    /// Every stored piece.
    func allWalkPieces() throws -> [WalkPiece] {
        let statement = try database.prepare("""
            SELECT p.id, p.tile, p.edges, c.components FROM walk_pieces p LEFT JOIN walk_components c ON c.piece = p.id ORDER BY p.id
            """)
        try statement.bind([])
        var pieces: [WalkPiece] = []
        while try statement.step() { pieces.append(try Self.piece(statement)) }
        return pieces
    }

    private static func piece(_ row: Statement) throws -> WalkPiece {
        let tile = row.integer(1)
        let piece = row.withBytes(2) { edges in
            row.withBytes(3) { components in WalkPiece.decode(tile: tile, edges, components: components) }
        }
        guard let piece else {
            throw StoreError(code: -1, message: "the walking paths' row \(row.integer(0)) (tile \(tile)) is damaged: import the map again")
        }
        return piece
    }

    /// Every edge of the walking graph, each once (the kind of a flight of steps or a pedestrian area's
    /// crossing is kept in the street text: see `WalkKind.stored`).
    public func walkEdges() throws -> [WalkEdge] {
        var edges: [WalkEdge] = []
        for piece in try allWalkPieces() {
            for e in 0..<piece.edgeCount where piece.isOwnCopy(e, loaded: .everything) {
                let a = Int(piece.edgeFrom[e]), b = Int(piece.edgeTo[e])
                let street = WalkKind.parse(piece.streets[Int(piece.edgeStreet[e])])
                edges.append(WalkEdge(from: piece.nodeIDs[a], to: piece.nodeIDs[b], fromPoint: piece.point(a), toPoint: piece.point(b),
                                      metres: piece.edgeMetres[e], street: street.street, kind: street.kind))
            }
        }
        return edges
    }

    /// Removes the walking edges of the sources matching `pattern` (SQL LIKE); the caller relabels after.
    func deleteWalkPieces(sourceLike pattern: String) throws {
        try database.run("DELETE FROM walk_pieces WHERE source LIKE ?1", [.text(pattern)])
    }

    /// Labels the connected components of the whole stored graph and writes each node's (key, size) and landmark
    /// walks beside its piece, in the piece's version, and the graph's facts: what a corridor needs to answer as the whole graph would.
    func relabelWalkComponents() throws { try Self.relabelWalkComponents(database) }

    static func relabelWalkComponents(_ database: Database) throws {
        let rows = try database.prepare("SELECT id, edges FROM walk_pieces ORDER BY id")
        try rows.bind([])
        var labeller = WalkComponentLabeller()
        var pieceIDs: [Int64] = []
        // A damaged piece is left out, as a corridor read reports it.
        while try rows.step() {
            if rows.withBytes(1, { labeller.add($0) }) { pieceIDs.append(rows.integer(0)) }
        }
        let facts = labeller.finish()
        // Only rows whose labels changed are written: a change away from a big component leaves its rows be.
        let current = try database.prepare("SELECT components FROM walk_components WHERE piece = ?1")
        let update = try database.prepare("INSERT OR REPLACE INTO walk_components(piece, components) VALUES (?2, ?1)")
        for (i, id) in pieceIDs.enumerated() {
            let components = labeller.components(ofPiece: i)
            try current.bind([.integer(id)])
            let unchanged = try current.step() && current.withBytes(0) { $0.elementsEqual(components) }
            if !unchanged { try update.run([.blob(components), .integer(id)]) }
        }
        try database.run("DELETE FROM walk_graph_facts")
        guard let facts else { return }
        try database.run("INSERT INTO walk_graph_facts(id, node_count, largest_component, south, north, west, east) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
                         [.integer(Int64(facts.nodeCount)), .integer(Int64(facts.largestComponentSize)), .real(facts.bounds.south),
                          .real(facts.bounds.north), .real(facts.bounds.west), .real(facts.bounds.east)])
    }
}

/// Gathers a source's edges by tile as an import streams them and writes them as pieces, a batch at a
/// time, so memory stays bounded and a city is some thousands of rows rather than a million.
final class WalkPieceWriter {
    private let source: String
    private let insert: Statement
    private var builder = WalkPieceBuilder()
    /// Edges held before a batch is written.
    static let batchEdges = 1 << 18

    init(database: Database, source: String) throws {
        self.source = source
        insert = try database.prepare("INSERT INTO walk_pieces(source, tile, edge_count, edges) VALUES (?1, ?2, ?3, ?4)")
    }

    func add(_ edge: WalkEdge) throws {
        builder.add(edge)
        if builder.edgeCount >= Self.batchEdges { try flush() }
    }

    /// Writes what is gathered (call once the source's edges are all added).
    func flush() throws {
        for piece in builder.take() {
            let own = (0..<piece.edgeCount).filter { piece.isOwnCopy($0, loaded: .everything) }.count
            try insert.run([.text(source), .integer(piece.tile), .integer(Int64(own)), .blob(piece.encoded())])
        }
    }
}
