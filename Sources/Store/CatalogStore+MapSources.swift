import Foundation
import Cartography

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
                    FROM map_features f WHERE f.source = s.name OR (s.name = 'osm' AND f.source LIKE 'osm/%'))
                + (SELECT COALESCE(SUM(LENGTH(e.edges) + COALESCE(LENGTH(c.components), 0)), 0)
                    FROM walk_pieces e LEFT JOIN walk_components c ON c.piece = e.id
                    WHERE e.source = s.name OR (s.name = 'osm' AND e.source LIKE 'osm/%'))
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
            if name == Self.fetchedSource {
                // The map fetched live: every tile's layer ("osm/ROW/COLUMN") and when it was fetched.
                try database.run("DELETE FROM map_feature_boxes WHERE id IN (SELECT id FROM map_features WHERE source LIKE 'osm/%')")
                try database.run("DELETE FROM map_features WHERE source LIKE 'osm/%'")
                try deleteWalkPieces(sourceLike: "osm/%")
                try database.run("DELETE FROM osm_tiles")
            }
            try database.run("DELETE FROM map_feature_boxes WHERE id IN (SELECT id FROM map_features WHERE source = ?1)", [.text(name)])
            try database.run("DELETE FROM map_features WHERE source = ?1", [.text(name)])
            try database.run("DELETE FROM walk_pieces WHERE source = ?1", [.text(name)])
            try database.run("DELETE FROM map_sources WHERE name = ?1", [.text(name)])
            try relabelWalkComponents()
            return true
        }
    }

    /// The tiles fetched live, with when each was fetched (ISO 8601), oldest first.
    public func fetchedTiles() throws -> [(tile: String, fetchedAt: String)] {
        try database.rows("SELECT tile_row, tile_column, fetched_at FROM osm_tiles ORDER BY fetched_at, tile_row, tile_column").map {
            ("\($0[0].integer ?? 0)/\($0[1].integer ?? 0)", $0[2].text ?? "")
        }
    }

    /// Removes the live-fetched tiles fetched more than `maxAgeDays` ago (their features, boxes and walking
    /// edges, and the note of their fetch), except those in `keeping`, in one transaction; returns how many
    /// went. The artworks they brought stay in their collection. Moving back there fetches them again.
    @discardableResult
    public func evictFetchedTiles(olderThan maxAgeDays: Double, keeping: Set<MapTile> = [], now: Date = Date()) throws -> Int {
        let cutoff = Self.isoTime(now.addingTimeInterval(-Self.boundedAge(maxAgeDays) * 86_400))
        return try database.inTransaction {
            let old = try database.rows("SELECT tile_row, tile_column FROM osm_tiles WHERE fetched_at < ?1", [.text(cutoff)]).filter {
                !keeping.contains(MapTile(row: Int($0[0].integer ?? 0), column: Int($0[1].integer ?? 0)))
            }
            for row in old {
                let source = "osm/\(row[0].integer ?? 0)/\(row[1].integer ?? 0)"
                try database.run("DELETE FROM map_feature_boxes WHERE id IN (SELECT id FROM map_features WHERE source = ?1)", [.text(source)])
                try database.run("DELETE FROM map_features WHERE source = ?1", [.text(source)])
                try database.run("DELETE FROM walk_pieces WHERE source = ?1", [.text(source)])
            }
            for row in old {
                try database.run("DELETE FROM osm_tiles WHERE tile_row = ?1 AND tile_column = ?2", [row[0], row[1]])
            }
            if !old.isEmpty {
                try relabelWalkComponents()
                let counts = try fetchedLayerCounts()
                try database.run("UPDATE map_sources SET feature_count = ?2, edge_count = ?3 WHERE name = ?1",
                                 [.text(Self.fetchedSource), .integer(Int64(counts.features)), .integer(Int64(counts.edges))])
            }
            return old.count
        }
    }
}
