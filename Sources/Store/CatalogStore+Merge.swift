import Foundation
import Catalog

extension CatalogStore {
    /// Merges decoded records into a collection in one transaction: new ids inserted, changed ones
    /// updated, disabled ones removed and, for a full sync, ids the response no longer has removed.
    /// `presentIDs` are ids the response holds in records that could not be used: they are still listed,
    /// so a full sync keeps them. Favourites of artworks that remain are untouched. Any error leaves the
    /// store as it was.
    /// `readAhead` (from `readAheadForMerge`) is what the store held when it was started; it is used if
    /// nothing was committed since, and read again otherwise.
    /// `source` is recorded as where the collection comes from, refreshed now, in the same transaction.
    public func merge(_ artworks: [Artwork], into collection: String, full: Bool, presentIDs: Set<String> = [],
                      syncSource: String? = nil, syncTime: String? = nil, readAhead: MergeReadAhead? = nil,
                      source: CollectionSource? = nil) throws -> MergeReport {
        // Deleting does its own cascade to favourites (see deleteWhere), so enforcement can be off.
        try database.withoutForeignKeyEnforcement { try database.inTransaction {
            // Inside the transaction no one else can commit: the read-ahead is current if the mark is unchanged.
            var current: MergeReadAhead?
            if let readAhead, readAhead.collection == collection, try database.commitMark == readAhead.mark { current = readAhead }
            if let source { try recordSource(source, of: collection) } else { try ensureCollection(collection) }
            // Every stored id (for a full sync's removals), but whole rows only for the ids in this batch:
            // a small batch over a large collection reads ids, not 10,000 descriptions.
            let storedIDs = try current?.takeIDs() ?? self.ids(collection: collection)
            let stored: [Artwork]
            if Self.readsOnlyTheBatch(batch: artworks.count, stored: storedIDs.count) {
                readAhead?.decline()
                stored = try self.artworks(collection: collection, ids: artworks.map(\.id), languages: [])
            } else {
                stored = try current?.takeArtworks() ?? self.artworks(collection: collection, languages: [])
            }
            var existing: [String: Artwork] = [:]
            existing.reserveCapacity(stored.count)
            for a in stored { existing[a.id] = a }
            var report = MergeReport()
            var seen = presentIDs
            seen.reserveCapacity(presentIDs.count + artworks.count)
            var removed: [String] = []
            let upsert = try database.prepare(Self.upsertSQL)
            for given in artworks {
                // Compared and written as stored: a title read in the reader's language is not a change.
                var artwork = given.asStored
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
            // 100,000 stored artworks are freed on another core while the merge goes on.
            ReleaseElsewhere.release(consume existing)
            ReleaseElsewhere.release(consume stored)
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

    /// Starts reading what a merge of up to `expectedRecords` into `collection` will need (every id, and the
    /// stored artworks when the merge will compare them all) on a connection and thread of its own, so it
    /// overlaps decoding. Nothing may be written to this store before the merge that takes it. nil for a
    /// store in memory.
    public func readAheadForMerge(collection: String, expectedRecords: Int) -> MergeReadAhead? {
        guard database.path != ":memory:", let mark = try? database.commitMark else { return nil }
        return MergeReadAhead(path: database.path, collection: collection, expectedRecords: expectedRecords, mark: mark)
    }

    /// Whether a merge of `batch` records over `stored` ones reads the stored rows of only the batch's ids.
    static func readsOnlyTheBatch(batch: Int, stored: Int) -> Bool { batch * 4 < stored }

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

/// A merge's reading of the store, done ahead on another thread (see `CatalogStore.readAheadForMerge`):
/// first every id, then every stored artwork, unless the merge has said by then it does not need them.
public final class MergeReadAhead: @unchecked Sendable {
    let collection: String
    /// The writer's commit mark when the reading began.
    let mark: [Int64]
    private let idsRead = DispatchSemaphore(value: 0)
    private let artworksRead = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var unwanted = false
    // Each written by the reading thread before its semaphore is signalled; read only after waiting for it.
    private var ids: [String]?
    private var artworks: [Artwork]?

    init(path: String, collection: String, expectedRecords: Int, mark: [Int64]) {
        self.collection = collection
        self.mark = mark
        Thread.detachNewThread { [self] in
            var idsSignalled = false
            defer {
                if !idsSignalled { idsRead.signal() }
                artworksRead.signal()
            }
            guard let reader = try? CatalogStore(readerBeside: path) else { return }
            // One read transaction: the ids and the rows come from the same moment.
            try? reader.database.inReadTransaction {
                ids = try? reader.ids(collection: collection)
                idsSignalled = true
                idsRead.signal()
                guard let ids, !CatalogStore.readsOnlyTheBatch(batch: expectedRecords, stored: ids.count) else { return }
                if lock.withLock({ !unwanted }) { artworks = try? reader.artworks(collection: collection, languages: []) }
            }
        }
    }

    /// Waits for the ids; nil if reading failed.
    func takeIDs() -> [String]? {
        idsRead.wait()
        idsRead.signal()
        return ids
    }

    /// Waits for the stored artworks; nil if reading failed or they were declined.
    func takeArtworks() -> [Artwork]? {
        artworksRead.wait()
        artworksRead.signal()
        return artworks
    }

    /// The merge reads only a few rows itself: the rest need not be read.
    func decline() {
        lock.withLock { unwanted = true }
    }
}
