import Cartography
import Foundation

/// Streams an import into the store with statements prepared once. Fetched tiles write each feature's box
/// into the R-tree as it comes; an import defers the boxes (24 bytes a feature) and, when it brings many,
/// writes the whole tree packed at the end (`BoxTreeLoader`) instead of one insert per box.
final class MapWriter: MapImportSink {
    private let source: String
    private let insertFeature: Statement
    private let insertBox: Statement
    /// The walking edges, gathered into the pieces of their tiles and written a batch at a time.
    private let edges: WalkPieceWriter
    private let database: Database
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
        edges = try WalkPieceWriter(database: database, source: source)
        try insertFeature.bind(1, text: source)
    }

    func add(_ feature: MapFeature) throws {
        if let row = MapRow(feature) { try write(row) }
    }

    func add(_ edge: WalkEdge) throws {
        try write(MapRow(edge))
    }

    /// Writes a batch of rows in order.
    func write(_ rows: [MapRow]) throws {
        for row in rows { try write(row) }
    }

    /// Writes the walking edges still gathered; the caller then labels the components again.
    func finish() throws { try edges.flush() }

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
            try edges.add(edge)
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

/// A feature made ready for its INSERT (geometry encoded, properties as JSON) or a walking edge, so the work
/// can be done on the reading thread and the writing thread only binds, steps and gathers edges into pieces.
enum MapRow: Sendable {
    case feature(Feature)
    case edge(WalkEdge)

    struct Feature: Sendable {
        var sourceID: String, kind: Int64, name: String, geometry: [UInt8], properties: String, box: FeatureBounds
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
        self = .edge(edge)
    }
}
