import Cartography
import Catalog
import Foundation
import Geo

/// What one conflation changed (issue 46).
public struct ConflationReport: Sendable, Equatable {
    /// Items stored in all, merged with an OSM artwork by id and by name and place, and standing alone.
    public var items = 0, byID = 0, byName = 0, alone = 0

    public init() {}

    /// "12 Wikidata items: 5 one with an OpenStreetMap artwork (3 by id, 2 by name and place), 7 on their own".
    public var summary: String {
        "\(items) Wikidata item\(items == 1 ? "" : "s"): \(byID + byName) one with an OpenStreetMap artwork (\(byID) by id, \(byName) by name and place), "
            + "\(alone) on \(alone == 1 ? "its" : "their") own"
    }
}

extension CatalogStore {
    /// The tiles among `tiles` whose Wikidata items were not fetched within `maxAgeDays` (as `staleTiles` for the map).
    public func staleWikidataTiles(_ tiles: [MapTile], maxAgeDays: Double, now: Date = Date()) throws -> [MapTile] {
        let limit = Self.isoTime(now.addingTimeInterval(-Self.boundedAge(maxAgeDays) * 86_400))
        let statement = try database.prepare("SELECT fetched_at FROM wikidata_tiles WHERE tile_row = ?1 AND tile_column = ?2")
        return try tiles.filter { tile in
            try statement.bind([.integer(Int64(tile.row)), .integer(Int64(tile.column))])
            guard try statement.step() else { return true }
            return statement.text(0) <= limit
        }
    }

    /// Stores the items an answer gave for `tiles` in one transaction: the items stored before in those tiles are
    /// replaced by these, and the tiles are marked fetched at `fetchedAt`.
    public func storeWikidataItems(_ items: [WikidataItem], tiles: [MapTile], fetchedAt: String) throws {
        let asked = Set(tiles)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try database.inTransaction {
            var gone: [String] = []
            for row in try database.rows("SELECT id, latitude, longitude FROM wikidata_items") {
                guard let id = row[0].text, let lat = row[1].real, let lon = row[2].real else { continue }
                if asked.contains(MapTile(containing: Coordinate(clampingLatitude: lat, longitude: lon))) { gone.append(id) }
            }
            let remove = try database.prepare("DELETE FROM wikidata_items WHERE id = ?1")
            for id in gone {
                try remove.bind([.text(id)])
                _ = try remove.step()
            }
            let insert = try database.prepare("""
                INSERT INTO wikidata_items(id, latitude, longitude, data, fetched_at) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT(id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude, data = excluded.data,
                    fetched_at = excluded.fetched_at
                """)
            for item in items {
                let data = String(decoding: try encoder.encode(item), as: UTF8.self)
                try insert.bind([.text(item.id), .real(item.latitude), .real(item.longitude), .text(data), .text(fetchedAt)])
                _ = try insert.step()
            }
            for tile in tiles {
                try database.run("""
                    INSERT INTO wikidata_tiles(tile_row, tile_column, fetched_at) VALUES (?1, ?2, ?3)
                    ON CONFLICT(tile_row, tile_column) DO UPDATE SET fetched_at = excluded.fetched_at
                    """, [.integer(Int64(tile.row)), .integer(Int64(tile.column)), .text(fetchedAt)])
            }
        }
    }

    /// Every Wikidata item stored, in id order (an unreadable row is left out).
    public func wikidataItems() throws -> [WikidataItem] {
        let decoder = JSONDecoder()
        return try database.rows("SELECT data FROM wikidata_items ORDER BY id").compactMap { row in
            row[0].text.flatMap { try? decoder.decode(WikidataItem.self, from: Data($0.utf8)) }
        }
    }

    /// Conflates the stored items with the fetched OpenStreetMap artworks (`Conflation`) in one transaction: merged
    /// artworks are written back into `osm` (filled, carrying the item), the rest of the items become collection
    /// `wikidata` (placed in their buildings as any artwork), which holds exactly them afterwards.
    @discardableResult
    public func conflateWikidata(osmCollection: String = CollectionID.osm.name) throws -> ConflationReport {
        let items = try wikidataItems()
        var report = ConflationReport()
        report.items = items.count
        try database.withoutForeignKeyEnforcement { try database.inTransaction {
            let osm = try artworks(collection: osmCollection, languages: [])
            let result = Conflation.conflate(osm: osm, items: items)
            report.byID = result.byID
            report.byName = result.byName
            report.alone = result.alone.count
            if !osm.isEmpty { _ = try merge(result.osm, into: osmCollection, full: false) }
            let query = try database.prepare(Self.featuresInBoxSQL)
            let alone = try result.alone.map { try placed($0, using: query) }
            let stored = try artworkCount(collection: Conflation.collection)
            if !alone.isEmpty || stored > 0 {
                _ = try merge(alone, into: Conflation.collection, full: true, source: .wikidata)
            }
        } }
        return report
    }
}
