import Foundation
import Store

/// The folder of downloaded images. File names are derived from the artwork id and a hash, never taken
/// from the data, so `../`, `/` or NUL in a published file name cannot reach outside the folder.
public struct ImageCache: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/artmap/images`.
    public init(cacheRoot: URL) {
        directory = cacheRoot.appendingPathComponent("images", isDirectory: true)
    }

    /// The cache file for an artwork's image: "<safe id>-<hash>.<ext>".
    public func fileURL(artworkID: String, fileName: String, lastModified: String) -> URL {
        directory.appendingPathComponent(ImageCache.safeName(artworkID: artworkID, fileName: fileName, lastModified: lastModified))
    }

    static func safeName(artworkID: String, fileName: String, lastModified: String) -> String {
        let idPart = String(artworkID.unicodeScalars.map { scalar -> Character in
            let v = scalar.value
            let ok = (48...57).contains(v) || (65...90).contains(v) || (97...122).contains(v) || v == 45 || v == 95
            return ok ? Character(scalar) : "_"
        }.prefix(40))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(artworkID.utf8) + [0] + Array(fileName.utf8) + [0] + Array(lastModified.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let ext = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let safeExt = ["jpg", "jpeg", "png", "gif"].contains(ext) ? ext : "img"
        return "\(idPart.isEmpty ? "artwork" : idPart)-\(String(hash, radix: 16)).\(safeExt)"
    }

    /// Writes bytes to a temporary file in the folder and renames it into place, so a reader never sees
    /// half an image.
    public func store(_ data: Data, at destination: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)")
        try data.write(to: temporary)
        if rename(temporary.path, destination.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw SyncError(url: nil, "cannot move the image into \(destination.path): \(String(cString: strerror(code)))")
        }
    }

    /// Keeps the cache within `maxBytes`: the least recently used images (over every collection) are removed,
    /// files and records; returns how many. A removed image is fetched again by the next sync that needs it.
    @discardableResult
    public func evict(store: CatalogStore, maxBytes: Int) throws -> Int {
        var total = 0, removed = 0
        for image in try store.cachedImages() {
            // A size read back from the store is not trusted to be sane: the sum saturates instead of trapping.
            let (sum, overflow) = total.addingReportingOverflow(max(0, image.byteCount))
            total = overflow ? Int.max : sum
            guard total > maxBytes else { continue }
            // Only files inside the cache folder are ever removed.
            if URL(fileURLWithPath: image.path).deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path {
                try? FileManager.default.removeItem(atPath: image.path)
            }
            try store.forgetCachedImage(image.artwork)
            removed += 1
        }
        return removed
    }

    /// Whether the bytes start like a JPEG, PNG or GIF (an HTML error page is not an image).
    public static func looksLikeImage(_ data: Data) -> Bool {
        let b = [UInt8](data.prefix(8))
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return true }
        if b.count >= 8, b == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return true }
        if b.count >= 4, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46, b[3] == 0x38 { return true }
        return false
    }
}
