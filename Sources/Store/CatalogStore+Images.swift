import Catalog
import Foundation

extension CatalogStore {
    /// Artworks with an image name whose cached copy is missing, stale (the record changed) or gone from disk.
    public func artworksNeedingImages(collection: String, cacheFile: (Artwork) -> URL) throws -> [Artwork] {
        var cached: [String: (file: String, lastModified: String, path: String)] = [:]
        for row in try database.rows("SELECT artwork_id, file_name, last_modified, cache_path FROM image_cache WHERE collection = ?1",
                                     [.text(collection)]) {
            cached[row[0].text ?? ""] = (row[1].text ?? "", row[2].text ?? "", row[3].text ?? "")
        }
        return try artworks(collection: collection).filter { artwork in
            guard !artwork.imageFileName.isEmpty else { return false }
            guard let entry = cached[artwork.id], entry.file == artwork.imageFileName,
                  entry.lastModified == artwork.lastModified else { return true }
            return !FileManager.default.fileExists(atPath: entry.path) || entry.path != cacheFile(artwork).path
        }
    }

    /// Remembers that an artwork's image is in the cache.
    public func recordCachedImage(_ artwork: Artwork, path: String, byteCount: Int) throws {
        try database.run("""
            INSERT INTO image_cache(collection, artwork_id, file_name, cache_path, last_modified, byte_count, fetched_at, last_used)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            ON CONFLICT(collection, artwork_id) DO UPDATE SET file_name = excluded.file_name,
                cache_path = excluded.cache_path, last_modified = excluded.last_modified,
                byte_count = excluded.byte_count, fetched_at = excluded.fetched_at, last_used = excluded.last_used
            """, [.text(artwork.collection), .text(artwork.id), .text(artwork.imageFileName), .text(path),
                  .text(artwork.lastModified), .integer(Int64(byteCount))])
    }

    /// The cached image file of an artwork, if it is there.
    public func cachedImagePath(_ artwork: ArtworkKey) throws -> String? {
        guard let path = try database.scalar("SELECT cache_path FROM image_cache WHERE collection = ?1 AND artwork_id = ?2",
                                             [.text(artwork.collection), .text(artwork.id)])?.text,
              FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }

    /// Marks an artwork's cached image as just shown, so it is evicted last.
    public func touchCachedImage(_ artwork: ArtworkKey) throws {
        guard !isReadOnly else { return }
        try database.run("UPDATE image_cache SET last_used = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE collection = ?1 AND artwork_id = ?2",
                         [.text(artwork.collection), .text(artwork.id)])
    }

    /// Every cached image, most recently used first.
    public func cachedImages() throws -> [CachedImage] {
        try database.rows("""
            SELECT collection, artwork_id, cache_path, byte_count FROM image_cache
            ORDER BY last_used DESC, fetched_at DESC, collection, artwork_id
            """).map { CachedImage(artwork: ArtworkKey(collection: $0[0].text ?? "", id: $0[1].text ?? ""), path: $0[2].text ?? "",
                                    byteCount: Int($0[3].integer ?? 0)) }
    }

    /// Forgets a cached image (its file is removed by the caller).
    public func forgetCachedImage(_ artwork: ArtworkKey) throws {
        try database.run("DELETE FROM image_cache WHERE collection = ?1 AND artwork_id = ?2", [.text(artwork.collection), .text(artwork.id)])
    }
}

/// One file of the image cache, as the store records it.
public struct CachedImage: Equatable, Sendable {
    public let artwork: ArtworkKey
    public let path: String
    public let byteCount: Int
}
