import Catalog
import Geo
import Foundation

/// What `collections.source` holds: the source as JSON, and when the collection was last refreshed from it.
private struct StoredSource: Codable {
    var source: CollectionSource
    var refreshed: String
}

extension CatalogStore {
    /// Where a collection comes from: as recorded by the last write from its source, or, for a collection an
    /// older artmap made, what can be told from the store (the service URL it synced from, the file a map
    /// import read) and from the collection's name.
    public func collectionSource(_ name: String) throws -> CollectionSource {
        let text = try database.scalar("SELECT source FROM collections WHERE name = ?1", [.text(name)])?.text ?? ""
        if let stored = Self.decodeStored(text) { return stored.source }
        if let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["https", "http", "file"].contains(scheme) {
            return .service(url: text, imageBase: "")
        }
        // (An older map import noted only the file's name, not where it was: a file of that name elsewhere is
        // not the one imported, so such a collection has no source to refresh from.)
        if let file = try database.scalar("SELECT file FROM map_sources WHERE collection = ?1 ORDER BY imported_at DESC LIMIT 1",
                                          [.text(name)])?.text, file.hasPrefix("/") {
            // Size and time unknown: the first refresh imports it again.
            let lower = file.lowercased()
            let format = lower.hasSuffix(".geojson") || lower.hasSuffix(".json") ? "geojson" : "openstreetmap"
            return .file(ImportedFile(path: URL(fileURLWithPath: file).standardizedFileURL.path, format: format, size: -1, modified: 0))
        }
        return CollectionSource.assumed(forCollection: name)
    }

    /// Records where a collection comes from and that it was refreshed from there now (the collection is made
    /// when missing). Called inside the transaction that wrote what the source gave.
    public func recordSource(_ source: CollectionSource, of collection: String, at time: Date = Date()) throws {
        let stored = StoredSource(source: source, refreshed: ISO8601DateFormatter().string(from: time))
        let text = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
        try database.run("""
            INSERT INTO collections(name, source) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET source = excluded.source
            """, [.text(collection), .text(text)])
    }

    /// Every collection with its source, its number of artworks and when it was last refreshed, default first.
    public func collectionSummaries() throws -> [CollectionSummary] {
        let rows = try database.rows("""
            SELECT c.name, c.source, c.created_at, (SELECT COUNT(*) FROM artworks a WHERE a.collection = c.name),
                (SELECT last_success FROM sync_state s WHERE s.collection = c.name),
                (SELECT MAX(imported_at) FROM map_sources m WHERE m.collection = c.name)
            FROM collections c ORDER BY c.name <> ?1, c.name
            """, [.text(Artwork.defaultCollection)])
        var result: [CollectionSummary] = []
        for row in rows {
            let name = row[0].text ?? ""
            let stored = Self.decodeStored(row[1].text ?? "")
            var refreshed = stored?.refreshed ?? row[4].text ?? row[5].text ?? ""
            if stored == nil, name == CollectionID.osm.name {
                refreshed = try database.scalar("SELECT MAX(fetched_at) FROM osm_tiles")?.text ?? refreshed
            }
            result.append(CollectionSummary(name: name, source: try stored?.source ?? collectionSource(name),
                                            artworks: Int(row[3].integer ?? 0), refreshedAt: refreshed))
        }
        return result
    }

    /// The stored collection a person means by `name`: the one of that exact name, else the one whose name
    /// matches whatever its case (nil when none or, without an exact match, more than one).
    public func collectionNamed(_ name: String) throws -> String? {
        let names = try collectionNames()
        if names.contains(name) { return name }
        let matches = names.filter { $0.caseInsensitiveCompare(name) == .orderedSame }
        return matches.count == 1 ? matches[0] : nil
    }

    private static func decodeStored(_ text: String) -> StoredSource? {
        guard text.hasPrefix("{") else { return nil }
        return try? JSONDecoder().decode(StoredSource.self, from: Data(text.utf8))
    }
}

extension CatalogStore {
    /// The collections holding an artwork with `id`, default first: one look-up by key in each collection (issue 49:
    /// by `id` alone, the key's second column, it read every artwork of the store).
    public func collections(holding id: String) throws -> [String] {
        try database.rows(Self.holdingSQL, [.text(id), .text(Artwork.defaultCollection)]).compactMap { $0[0].text }
    }

    static let holdingSQL = """
        SELECT name FROM collections WHERE EXISTS (SELECT 1 FROM artworks WHERE collection = collections.name AND id = ?1)
        ORDER BY name <> ?2, name
        """
}

extension CatalogStore {
    /// What moving a store's older settings into the settings file did.
    public struct SettingsAdoption: Equatable, Sendable {
        /// Keys copied into the file.
        public var moved: [String] = []
        /// Keys whose value in this store differs from the file's: the file's is used, the store's kept aside
        /// under `legacy.KEY` in the store (never read) so nothing is lost.
        public var keptAside: [String] = []
    }

    /// Moves the user's settings an older artmap kept in this database into `file` (a key the file already has
    /// keeps the file's value; a different value here is kept aside, not deleted), in one transaction, and
    /// attaches the file. A read-only store keeps its rows (they are still read where the file has none).
    @discardableResult
    public func adoptSettings(into file: SettingsFile) throws -> SettingsAdoption {
        userSettings = file
        var adoption = SettingsAdoption()
        guard !isReadOnly else { return adoption }
        let rows = try database.rows("SELECT key, value FROM settings ORDER BY key").compactMap { row -> (String, String)? in
            guard let key = row[0].text, let value = row[1].text, Setting.isUserKey(key) else { return nil }
            return (key, value)
        }
        guard !rows.isEmpty else { return adoption }
        try database.inTransaction {
            for (key, raw) in rows {
                // One line a value in the file: a value saved before values were checked may hold a newline.
                let value = raw.components(separatedBy: .newlines).joined(separator: " ")
                if let inFile = try file.value(key) {
                    if inFile != value {
                        try database.run("INSERT OR REPLACE INTO settings(key, value) VALUES (?1, ?2)",
                                         [.text("legacy." + Setting.canonicalKey(key)), .text(raw)])
                        adoption.keptAside.append(Setting.canonicalKey(key))
                    }
                } else {
                    try file.set(key, value)
                    adoption.moved.append(Setting.canonicalKey(key))
                }
                try database.run("DELETE FROM settings WHERE key = ?1", [.text(key)])
            }
        }
        return adoption
    }
}

extension CatalogStore {
    /// The artworks of several collections as one catalogue, read in the order given: an OpenStreetMap element
    /// held by two of them is kept from the first (`CollectionMerge`).
    public func artworks(collections: [String], fields: ArtworkFields = .all) throws -> [Artwork] {
        CollectionMerge.merge(try collections.map { try artworks(collection: $0, fields: fields) })
    }

    /// As `artworks(collections:fields:)`, only those within a box of `metres` each way around `center`, each
    /// collection read through its position index; nil when the store lacks it (read them whole instead).
    public func artworks(collections: [String], fields: ArtworkFields, near center: Coordinate, metres: Double) throws -> [Artwork]? {
        var read: [[Artwork]] = []
        for collection in collections {
            guard let near = try artworks(collection: collection, fields: fields, near: center, metres: metres) else { return nil }
            read.append(near)
        }
        return CollectionMerge.merge(read)
    }
}
