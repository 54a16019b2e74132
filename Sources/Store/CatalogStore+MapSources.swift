import Foundation

/// One imported base layer as `artmap map list` shows it.
public struct MapSourceSummary: Sendable, Equatable {
    public let name: String
    public let file: String
    public let collection: String
    /// When it was imported (ISO 8601, UTC).
    public let importedAt: String
    public let features: Int
    public let edges: Int
    /// Bytes of stored content (geometry, names, properties, edges), without SQLite's own overhead.
    public let bytes: Int
}

extension CatalogStore {
    /// Every imported base layer with its size and age, by name.
    public func mapSourceSummaries() throws -> [MapSourceSummary] {
        try database.rows("""
            SELECT s.name, s.file, s.collection, s.imported_at, s.feature_count, s.edge_count,
                (SELECT COALESCE(SUM(LENGTH(f.geometry) + LENGTH(f.name) + LENGTH(f.properties) + LENGTH(f.source_id) + 48), 0)
                    FROM map_features f WHERE f.source = s.name)
                + (SELECT COUNT(*) * 64 + COALESCE(SUM(LENGTH(e.street)), 0) FROM walk_edges e WHERE e.source = s.name)
            FROM map_sources s ORDER BY s.name
            """).map {
            MapSourceSummary(name: $0[0].text ?? "", file: $0[1].text ?? "", collection: $0[2].text ?? "", importedAt: $0[3].text ?? "",
                             features: Int($0[4].integer ?? 0), edges: Int($0[5].integer ?? 0), bytes: Int($0[6].integer ?? 0))
        }
    }

    /// Removes one imported base layer (its features, boxes and walking edges) in one transaction; the
    /// artworks it brought stay in their collection. False when no source has that name.
    @discardableResult
    public func removeMapSource(_ name: String) throws -> Bool {
        try database.inTransaction {
            guard try database.scalar("SELECT COUNT(*) FROM map_sources WHERE name = ?1", [.text(name)])?.integer ?? 0 > 0 else { return false }
            try database.run("DELETE FROM map_feature_boxes WHERE id IN (SELECT id FROM map_features WHERE source = ?1)", [.text(name)])
            try database.run("DELETE FROM map_features WHERE source = ?1", [.text(name)])
            try database.run("DELETE FROM walk_edges WHERE source = ?1", [.text(name)])
            try database.run("DELETE FROM map_sources WHERE name = ?1", [.text(name)])
            return true
        }
    }
}
