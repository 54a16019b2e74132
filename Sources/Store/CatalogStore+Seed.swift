import Catalog
import Foundation

extension CatalogStore {
    /// On first run (an empty store), loads each seed file into its collection in one transaction, using
    /// the same decoder as a sync. Returns how many artworks were loaded (0 when the store was not empty).
    public func seedIfEmpty(_ seeds: [(url: URL, collection: String)]) throws -> Int {
        guard try isEmpty else { return 0 }
        var decoded: [(String, [Artwork])] = []
        for seed in seeds {
            let data: Data
            do {
                data = try Data(contentsOf: seed.url)
            } catch {
                throw StoreError(code: -1, message: "cannot read the seed file \(seed.url.path): \(SystemReason.of(error))")
            }
            do {
                let artworks = seed.url.pathExtension.lowercased() == "plist"
                    ? try TaggedPlaceDecoder.decode(data, fileName: seed.url.lastPathComponent, collection: seed.collection)
                    : try ServiceRecordDecoder.decode(data, collection: seed.collection).artworks
                decoded.append((seed.collection, artworks))
            } catch {
                throw StoreError(code: -1, message: "the seed file \(seed.url.path) is unreadable: \(error)")
            }
        }
        return try database.inTransaction {
            var total = 0
            for (collection, artworks) in decoded {
                total += try merge(artworks, into: collection, full: false).new
            }
            return total
        }
    }
}
