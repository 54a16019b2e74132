import Catalog
import Foundation

/// How an artwork came to be marked seen: by the person's key or command, or by walking within `seen.within` of it.
public enum SeenHow: String, Sendable, CaseIterable {
    case hand, walk
}

/// One artwork the person has seen (issue 47): its key, when (ISO 8601, UTC) and how.
public struct SeenMark: Sendable, Equatable {
    public let key: ArtworkKey
    /// When it was first marked, "2026-12-07T01:02:03Z".
    public let at: String
    public let how: SeenHow

    public init(key: ArtworkKey, at: String, how: SeenHow) {
        self.key = key
        self.at = at
        self.how = how
    }

    /// The day it was seen, "2026-12-07".
    public var day: String { String(at.prefix(10)) }
}

extension CatalogStore {
    /// Every seen mark, oldest first, including marks of artworks no longer in the store (a collection removed):
    /// they come back with the artwork.
    public func seenMarks() throws -> [SeenMark] {
        try database.rows("SELECT collection, artwork_id, seen_at, how FROM seen ORDER BY seen_at, rowid").map {
            SeenMark(key: ArtworkKey(collection: $0[0].text ?? "", id: $0[1].text ?? ""), at: $0[2].text ?? "",
                     how: SeenHow(rawValue: $0[3].text ?? "") ?? .hand)
        }
    }

    /// Marks the artworks seen at `date`, in one transaction; one already seen keeps its first date. Returns how
    /// many were newly marked.
    @discardableResult
    public func markSeen(_ keys: [ArtworkKey], how: SeenHow, at date: Date = Date()) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        let stamp = ISO8601DateFormatter().string(from: date)
        return try database.inTransaction {
            let before = try database.scalar("SELECT COUNT(*) FROM seen")?.integer ?? 0
            for key in keys {
                try database.run("INSERT OR IGNORE INTO seen(collection, artwork_id, seen_at, how) VALUES (?1, ?2, ?3, ?4)",
                                 [.text(key.collection), .text(key.id), .text(stamp), .text(how.rawValue)])
            }
            return Int((try database.scalar("SELECT COUNT(*) FROM seen")?.integer ?? 0) - before)
        }
    }

    /// Takes the seen mark off; false when it was not seen.
    @discardableResult
    public func unmarkSeen(_ key: ArtworkKey) throws -> Bool {
        try database.inTransaction {
            let before = try database.scalar("SELECT COUNT(*) FROM seen")?.integer ?? 0
            try database.run("DELETE FROM seen WHERE collection = ?1 AND artwork_id = ?2", [.text(key.collection), .text(key.id)])
            return (try database.scalar("SELECT COUNT(*) FROM seen")?.integer ?? 0) < before
        }
    }

    /// The seen artworks that are in the store, with their marks, oldest first.
    public func seenArtworks() throws -> [(artwork: Artwork, mark: SeenMark)] {
        let marks = Dictionary(try seenMarks().map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let columns = Self.artworkColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let statement = try database.prepare("""
            SELECT \(columns) FROM seen s JOIN artworks a ON a.collection = s.collection AND a.id = s.artwork_id
            ORDER BY s.seen_at, s.rowid
            """)
        try statement.bind([])
        return try Self.artworks(from: statement).compactMap { artwork in marks[artwork.key].map { (artwork, $0) } }
    }

    /// How many artworks of each collection are seen (only those in the store).
    public func seenCounts() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try database.rows("""
            SELECT s.collection, COUNT(*) FROM seen s JOIN artworks a ON a.collection = s.collection AND a.id = s.artwork_id
            GROUP BY s.collection
            """) {
            counts[row[0].text ?? ""] = Int(row[1].integer ?? 0)
        }
        return counts
    }
}
