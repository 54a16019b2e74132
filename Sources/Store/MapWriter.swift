import Cartography
import Foundation

/// Streams an import into the store with statements prepared once. Fetched tiles write each feature's box
/// into the R-tree as it comes; an import defers the boxes (24 bytes a feature) and, when it brings many,
/// writes the whole tree packed at the end (`BoxTreeLoader`) instead of one insert per box.
final class MapWriter: MapImportSink {
    private let source: String
    private let insertFeature: Statement
    private let insertBox: Statement
    private let insertEdge: Statement
    private let database: Database
    /// `edgesPerInsert` edges in one INSERT, prepared at the first full run.
    private var insertEdges: Statement?
    /// The street bound to the edge statement's ?9 (nil before the first edge).
    private var boundStreet: String?
    /// Boxes held back until `writeBoxes`; nil when each box is inserted at once.
    private var pendingBoxes: [BoxEntry]?

    /// Below this many new boxes the R-tree takes them one by one: packing rewrites the whole tree.
    static let packedTreeThreshold = 4096

    init(database: Database, source: String, deferBoxes: Bool = false) throws {
        self.database = database
        self.source = source
        pendingBoxes = deferBoxes ? [] : nil
        insertFeature = try database.prepare("INSERT INTO map_features(source, source_id, kind, name, geometry, properties) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        insertBox = try database.prepare("INSERT INTO map_feature_boxes(id, south, north, west, east) VALUES (?1, ?2, ?3, ?4, ?5)")
        insertEdge = try database.prepare("""
            INSERT INTO walk_edges(source, from_node, to_node, from_latitude, from_longitude, to_latitude, to_longitude, metres, street)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        try insertFeature.bind(1, text: source)
        try insertEdge.bind(1, text: source)
    }

    func add(_ feature: MapFeature) throws {
        if let row = MapRow(feature) { try write(row) }
    }

    func add(_ edge: WalkEdge) throws {
        try write(MapRow(edge))
    }

    /// Writes a batch of rows in order; runs of edges go `edgesPerInsert` to a statement (one step for 32
    /// rows instead of 32: a third less time per edge).
    func write(_ rows: [MapRow]) throws {
        var edges: [MapRow.Edge] = []
        edges.reserveCapacity(Self.edgesPerInsert)
        for row in rows {
            guard case .edge(let edge) = row else {
                for edge in edges { try write(.edge(edge)) }
                edges.removeAll(keepingCapacity: true)
                try write(row)
                continue
            }
            edges.append(edge)
            if edges.count == Self.edgesPerInsert {
                try writeEdges(edges)
                edges.removeAll(keepingCapacity: true)
            }
        }
        for edge in edges { try write(.edge(edge)) }
    }

    static let edgesPerInsert = 32

    private func writeEdges(_ edges: [MapRow.Edge]) throws {
        let statement: Statement
        if let prepared = insertEdges {
            statement = prepared
        } else {
            let values = (0..<Self.edgesPerInsert).map { j in
                "(?1, " + (2...9).map { "?\($0 + 8 * j)" }.joined(separator: ", ") + ")"
            }
            statement = try database.prepare("""
                INSERT INTO walk_edges(source, from_node, to_node, from_latitude, from_longitude, to_latitude, to_longitude, metres, street)
                VALUES \(values.joined(separator: ", "))
                """)
            try statement.bind(1, text: source)
            insertEdges = statement
        }
        for (j, edge) in edges.enumerated() {
            let base = Int32(8 * j)
            try statement.bind(base + 2, integer: edge.from)
            try statement.bind(base + 3, integer: edge.to)
            try statement.bind(base + 4, real: edge.fromLatitude)
            try statement.bind(base + 5, real: edge.fromLongitude)
            try statement.bind(base + 6, real: edge.toLatitude)
            try statement.bind(base + 7, real: edge.toLongitude)
            try statement.bind(base + 8, real: edge.metres)
            try statement.bind(base + 9, text: edge.street)
        }
        try statement.runBound()
    }

    /// Writes one prepared row (on whichever thread owns the writer for the moment).
    func write(_ row: MapRow) throws {
        switch row {
        case .feature(let feature):
            // ?1, the source, is bound once for all rows.
            try insertFeature.bind(2, text: feature.sourceID)
            try insertFeature.bind(3, integer: feature.kind)
            try insertFeature.bind(4, text: feature.name)
            try insertFeature.bind(5, blob: feature.geometry)
            try insertFeature.bind(6, text: feature.properties)
            try insertFeature.runBound()
            let id = database.lastInsertRowID
            let box = feature.box
            if pendingBoxes != nil {
                guard let entry = BoxEntry(id: id, south: box.south, north: box.north, west: box.west, east: box.east) else {
                    throw StoreError(code: -1, message: "\(feature.sourceID) has no valid bounding box (\(box.south)...\(box.north), \(box.west)...\(box.east))",
                                     sql: "INSERT INTO map_feature_boxes", path: database.path)
                }
                pendingBoxes?.append(entry)
            } else {
                try insertBox.run([.integer(id), .real(box.south), .real(box.north), .real(box.west), .real(box.east)])
            }
        case .edge(let edge):
            try insertEdge.bind(2, integer: edge.from)
            try insertEdge.bind(3, integer: edge.to)
            try insertEdge.bind(4, real: edge.fromLatitude)
            try insertEdge.bind(5, real: edge.fromLongitude)
            try insertEdge.bind(6, real: edge.toLatitude)
            try insertEdge.bind(7, real: edge.toLongitude)
            try insertEdge.bind(8, real: edge.metres)
            // A way's edges follow each other: its street is bound once.
            if edge.street != boundStreet {
                try insertEdge.bind(9, text: edge.street)
                boundStreet = edge.street
            }
            try insertEdge.runBound()
        }
    }

    /// Writes the deferred boxes. `kept` are the boxes of other sources when the tree must be rebuilt
    /// anyway (the replaced source's boxes were left in it); otherwise the tree holds `treeCount` boxes
    /// that stay, and is packed afresh only when the new boxes are many against them.
    func writeBoxes(kept: [BoxEntry]?, treeCount: Int) throws {
        guard let pending = pendingBoxes else { return }
        pendingBoxes = nil
        var all: [BoxEntry]
        if let kept {
            all = kept
        } else if pending.count >= Self.packedTreeThreshold, pending.count >= treeCount / 4 {
            all = try Self.boxes(database, sql: "SELECT id, south, north, west, east FROM map_feature_boxes")
        } else {
            for box in pending {
                try insertBox.run([.integer(box.id), .real(Double(box.south)), .real(Double(box.north)), .real(Double(box.west)), .real(Double(box.east))])
            }
            return
        }
        all.append(contentsOf: pending)
        do {
            try database.inTransaction { try BoxTreeLoader(database: database, table: "map_feature_boxes").load(all) }
        } catch {
            // The module's own way, slow but sure (a store whose shadow tables cannot be written, say).
            try database.execute("DELETE FROM map_feature_boxes")
            for box in all {
                try insertBox.run([.integer(box.id), .real(Double(box.south)), .real(Double(box.north)), .real(Double(box.west)), .real(Double(box.east))])
            }
        }
    }

    /// The boxes a query over the R-tree returns (id and the four stored bounds, in that order).
    static func boxes(_ database: Database, sql: String, _ values: [SQLValue] = []) throws -> [BoxEntry] {
        let statement = try database.prepare(sql)
        try statement.bind(values)
        var boxes: [BoxEntry] = []
        while try statement.step() {
            guard case .integer(let id) = statement.column(0) else { continue }
            boxes.append(BoxEntry(id: id, south: Float(statement.double(1)), north: Float(statement.double(2)),
                                  west: Float(statement.double(3)), east: Float(statement.double(4))))
        }
        return boxes
    }
}

/// A feature or an edge made ready for its INSERT (geometry encoded, properties as JSON, the street text as
/// stored), so the work can be done on the reading thread and the writing thread only binds and steps.
enum MapRow: Sendable {
    case feature(Feature)
    case edge(Edge)

    struct Feature: Sendable {
        var sourceID: String, kind: Int64, name: String, geometry: [UInt8], properties: String, box: FeatureBounds
    }

    struct Edge: Sendable {
        var from: Int64, to: Int64
        var fromLatitude: Double, fromLongitude: Double, toLatitude: Double, toLongitude: Double
        var metres: Double, street: String
    }

    /// The row of a feature; nil for one without extent (nothing to draw, nothing to find).
    init?(_ feature: MapFeature) {
        let box = feature.bounds
        guard !box.isEmpty else { return nil }
        var properties = ""
        if !feature.properties.isEmpty, let json = try? JSONSerialization.data(withJSONObject: feature.properties, options: [.sortedKeys]) {
            properties = String(decoding: json, as: UTF8.self)
        }
        self = .feature(Feature(sourceID: feature.sourceID, kind: Int64(feature.kind.rawValue), name: feature.name,
                                geometry: GeometryCoding.encode(feature.parts), properties: properties, box: box))
    }

    init(_ edge: WalkEdge) {
        self = .edge(Edge(from: edge.from, to: edge.to, fromLatitude: edge.fromPoint.latitude, fromLongitude: edge.fromPoint.longitude,
                          toLatitude: edge.toPoint.latitude, toLongitude: edge.toPoint.longitude, metres: edge.metres,
                          street: edge.kind.stored(edge.street)))
    }
}
