import Foundation
import Catalog

extension CatalogStore {
    /// Merges decoded records into a collection in one transaction: new ids inserted, changed ones
    /// updated, disabled ones removed and, for a full sync, ids the response no longer has removed.
    /// `presentIDs` are ids the response holds in records that could not be used: they are still listed,
    /// so a full sync keeps them. Favourites of artworks that remain are untouched. Any error leaves the
    /// store as it was.
    public func merge(_ artworks: [Artwork], into collection: String, full: Bool, presentIDs: Set<String> = [],
                      syncSource: String? = nil, syncTime: String? = nil) throws -> MergeReport {
        // Deleting does its own cascade to favourites (see deleteWhere), so enforcement can be off.
        try database.withoutForeignKeyEnforcement { try database.inTransaction {
            try ensureCollection(collection, source: syncSource ?? "")
            // Every stored id (for a full sync's removals), but whole rows only for the ids in this batch:
            // a small batch over a large collection reads ids, not 10,000 descriptions.
            let storedIDs = try self.ids(collection: collection)
            var existing: [String: Artwork] = [:]
            for a in try self.artworks(collection: collection, ids: artworks.count * 4 < storedIDs.count ? artworks.map(\.id) : nil) {
                existing[a.id] = a
            }
            var report = MergeReport()
            var seen = presentIDs
            var removed: [String] = []
            let upsert = try database.prepare(Self.upsertSQL)
            for var artwork in artworks {
                artwork.collection = collection
                seen.insert(artwork.id)
                let old = existing[artwork.id]
                if !artwork.enabled {
                    if old != nil { removed.append(artwork.id) }
                    continue
                }
                if let old {
                    if old == artwork {
                        report.unchanged += 1
                        continue
                    }
                    report.changed += 1
                } else {
                    report.new += 1
                }
                try Self.upsert(artwork, with: upsert)
                report.touchedIDs.append(artwork.id)
            }
            if full {
                removed += storedIDs.filter { !seen.contains($0) }
            }
            // After the upserts, what stays is exactly what this response listed (new ids included), less
            // what it disabled.
            let kept = full ? Array(seen.subtracting(removed)) : []
            if full, !removed.isEmpty, kept.count < removed.count {
                // Most of the collection goes: name what stays rather than what goes.
                try deleteAll(collection: collection, except: kept)
            } else {
                try delete(collection: collection, ids: removed)
            }
            report.removed = removed.count
            if let syncSource, let syncTime {
                let newest = try database.scalar("SELECT COALESCE(MAX(last_modified), '') FROM artworks WHERE collection = ?1",
                                                 [.text(collection)])?.text ?? ""
                try database.run("""
                    INSERT INTO sync_state(collection, source, last_success, newest_last_modified) VALUES (?1, ?2, ?3, ?4)
                    ON CONFLICT(collection) DO UPDATE SET source = excluded.source,
                        last_success = excluded.last_success, newest_last_modified = excluded.newest_last_modified
                    """, [.text(collection), .text(syncSource), .text(syncTime), .text(newest)])
            }
            return report
        } }
    }

    /// Artworks added or changed after `since` (an ISO 8601 time), newest first, at most 200.
    public func changes(since: String) throws -> [(collection: String, id: String, title: String)] {
        try database.rows("""
            SELECT collection, id, title FROM artworks WHERE changed_at > ?1 ORDER BY changed_at DESC, title LIMIT 200
            """, [.text(since)]).map { ($0[0].text ?? "", $0[1].text ?? "", $0[2].text ?? "") }
    }

    /// The last successful sync of a collection, if any.
    public func syncState(collection: String = Artwork.defaultCollection) throws -> SyncState? {
        guard let row = try database.rows(
            "SELECT source, last_success, newest_last_modified FROM sync_state WHERE collection = ?1",
            [.text(collection)]).first else { return nil }
        return SyncState(source: row[0].text ?? "", lastSuccess: row[1].text ?? "", newestLastModified: row[2].text ?? "")
    }

    /// The newest `lastModified` among a collection's artworks ("" when empty).
    public func newestLastModified(collection: String = Artwork.defaultCollection) throws -> String {
        try database.scalar("SELECT COALESCE(MAX(last_modified), '') FROM artworks WHERE collection = ?1",
                            [.text(collection)])?.text ?? ""
    }
}

/// The bookkeeping of the last successful sync.
public struct SyncState: Equatable, Sendable {
    public let source: String
    /// ISO 8601 UTC time of the last success.
    public let lastSuccess: String
    public let newestLastModified: String
}
