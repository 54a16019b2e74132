import Catalog
import Foundation

/// Whether `addFavourite` hearted the artwork, and if not, why.
public enum FavouriteOutcome: Equatable, Sendable {
    case added, alreadyThere, full, unknownArtwork
}

extension CatalogStore {
    /// The most favourites kept: each may be shown full screen in the slideshow, and high-resolution
    /// pictures take memory on a small machine.
    public static let favouritesLimit = 50

    // MARK: - Painters

    /// The painters followed, in the order they were added, with the museum's count and how many are stored.
    public func painters() throws -> [(name: String, total: Int, stored: Int)] {
        try database.rows("""
            SELECT p.name, p.total, COUNT(w.artwork_id) FROM painters p LEFT JOIN painter_works w ON w.painter = p.name
            GROUP BY p.name ORDER BY p.added_at, p.name
            """).map { ($0[0].text ?? "", Int($0[1].integer ?? 0), Int($0[2].integer ?? 0)) }
    }

    /// A painter's paintings, by date then title.
    public func paintings(ofPainter name: String) throws -> [Artwork] {
        var result: [Artwork] = []
        for (collection, ids) in Dictionary(grouping: try database.rows("SELECT collection, artwork_id FROM painter_works WHERE painter = ?1", [.text(name)]),
                                            by: { $0[0].text ?? "" }) {
            result += try artworks(collection: collection, ids: ids.compactMap { $0[1].text })
        }
        return result.sorted { ($0.year, $0.title) < ($1.year, $1.title) }
    }

    /// Saves a painter and their paintings in one transaction: the paintings merged into `collection`
    /// (never removing others'), the painter's list of works replaced.
    public func savePainter(_ name: String, total: Int, paintings: [Artwork], collection: String) throws -> MergeReport {
        try database.inTransaction {
            try database.run("""
                INSERT INTO painters(name, total) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET total = excluded.total
                """, [.text(name), .integer(Int64(total))])
            let report = try merge(paintings, into: collection, full: false, source: .rijksmuseum)
            try database.run("DELETE FROM painter_works WHERE painter = ?1", [.text(name)])
            let insert = try database.prepare("INSERT OR IGNORE INTO painter_works(painter, collection, artwork_id) VALUES (?1, ?2, ?3)")
            for painting in paintings { try insert.run([.text(name), .text(collection), .text(painting.id)]) }
            return report
        }
    }

    /// Removes a painter and, in the same transaction, their paintings no other painter shares (with their
    /// favourites and cached images). Nil when no such painter is followed.
    public func removePainter(_ name: String) throws -> (paintings: Int, favourites: Int)? {
        try database.inTransaction {
            guard let stored = try database.scalar("SELECT name FROM painters WHERE name = ?1", [.text(name)])?.text else { return nil }
            let works = try database.rows("""
                SELECT w.collection, w.artwork_id FROM painter_works w WHERE w.painter = ?1 AND NOT EXISTS
                    (SELECT 1 FROM painter_works o WHERE o.collection = w.collection AND o.artwork_id = w.artwork_id AND o.painter <> w.painter)
                """, [.text(stored)])
            var favourites = 0
            for (collection, ids) in Dictionary(grouping: works, by: { $0[0].text ?? "" }) {
                let list = ids.compactMap { $0[1].text }
                let json = String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self)
                favourites += Int(try database.scalar("""
                    SELECT COUNT(*) FROM favourites WHERE collection = ?1 AND artwork_id IN (SELECT value FROM json_each(?2))
                    """, [.text(collection), .text(json)])?.integer ?? 0)
                try delete(collection: collection, ids: list)
            }
            try database.run("DELETE FROM painters WHERE name = ?1", [.text(stored)])
            return (works.count, favourites)
        }
    }

    // MARK: - Favourites

    /// Every favourite, oldest first.
    public func favourites() throws -> [ArtworkKey] {
        try database.rows("SELECT collection, artwork_id FROM favourites ORDER BY added_at, rowid").map {
            ArtworkKey(collection: $0[0].text ?? "", id: $0[1].text ?? "")
        }
    }

    /// The favourites as artworks, from whatever collections they are in, oldest first: one query, not a
    /// read of every collection that holds one.
    public func favouriteArtworks() throws -> [Artwork] {
        let columns = Self.artworkColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let statement = try database.prepare("""
            SELECT \(columns) FROM favourites f JOIN artworks a ON a.collection = f.collection AND a.id = f.artwork_id
            ORDER BY f.added_at, f.rowid
            """)
        try statement.bind([])
        return try Self.artworks(from: statement)
    }

    /// Hearts an artwork, unless it is unknown or there are already `favouritesLimit`.
    public func addFavourite(_ artwork: ArtworkKey) throws -> FavouriteOutcome {
        let collection = artwork.collection, id = artwork.id
        return try database.inTransaction {
            guard (try database.scalar("SELECT COUNT(*) FROM artworks WHERE collection = ?1 AND id = ?2", [.text(collection), .text(id)])?.integer ?? 0) > 0 else {
                return .unknownArtwork
            }
            if (try database.scalar("SELECT COUNT(*) FROM favourites WHERE collection = ?1 AND artwork_id = ?2", [.text(collection), .text(id)])?.integer ?? 0) > 0 {
                return .alreadyThere
            }
            guard (try database.scalar("SELECT COUNT(*) FROM favourites")?.integer ?? 0) < Int64(Self.favouritesLimit) else { return .full }
            try database.run("INSERT INTO favourites(collection, artwork_id, added_at) VALUES (?1, ?2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                             [.text(collection), .text(id)])
            return .added
        }
    }

    /// Takes the heart off; false when it was not a favourite.
    @discardableResult
    public func removeFavourite(_ artwork: ArtworkKey) throws -> Bool {
        let collection = artwork.collection, id = artwork.id
        let before = try database.scalar("SELECT COUNT(*) FROM favourites")?.integer ?? 0
        try database.run("DELETE FROM favourites WHERE collection = ?1 AND artwork_id = ?2", [.text(collection), .text(id)])
        return (try database.scalar("SELECT COUNT(*) FROM favourites")?.integer ?? 0) < before
    }
}
