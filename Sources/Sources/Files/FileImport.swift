import Cartography
import Catalog
import Foundation
import Store
import Sync

/// One file imported into one collection, replacing what it held, in one transaction: what `artmap import` does and
/// what a refresh of an imported file does again. It reads the file (`ImportFormat` says how), writes the store and
/// says what it did as a typed `Imported`; printing is the caller's.
public struct FileImport: Sendable {
    public let path: String
    public let format: ImportFormat
    public let reading: ImportReading

    public init(path: String, format: ImportFormat, reading: ImportReading = ImportReading()) {
        self.path = path
        self.format = format
        self.reading = reading
    }

    /// The largest service-shaped JSON file imported (parsed whole, as a sync's body is; the sync allows 50 MB).
    public static let jsonLimit = 64 * 1_048_576
    /// The largest tagged-place property list imported (Foundation's parser keeps about ten times the file).
    public static let plistLimit = 16 * 1_048_576
    /// The largest GeoJSON file read (it is held whole while its features are parsed one by one).
    public static let geoJSONLimit = 256 * 1_048_576

    /// What an import did.
    public struct Imported: Sendable {
        public var collection: String
        /// Places stored (a list's records, a map's artworks).
        public var received = 0
        public var merge = MergeReport()
        /// Map features and walking edges (map files only).
        public var features = 0, edges = 0
        /// Records skipped as unreadable.
        public var skipped = 0
        /// Lines for standard error, each whole: "note: …", "skipped record 3 (id x): …".
        public var warnings: [String] = []
        /// Whether a record names a photo by URL.
        public var namesPhotos = false
        /// The photos the records name, when they were downloaded.
        public var photos: SyncReport?
        public var seconds = 0.0
    }

    /// A list of places read before the store is opened, so a bad file is refused first.
    public struct Places: Sendable {
        public var artworks: [Artwork] = []
        public var skipped = 0
        /// Ids of records skipped, which a full merge must not remove.
        public var presentIDs = Set<String>()
        public var warnings: [String] = []
    }

    var fileName: String { URL(fileURLWithPath: path).lastPathComponent }

    /// The file's places for a list format (service JSON, property list, GPX), checked; nil for a map format, which is
    /// read inside the store's transaction. Throws a `SourceError` naming the file, saying nothing was imported.
    public func readPlaces(collection: String) throws -> Places? {
        switch format {
        case .openStreetMap, .geoJSON, .csv: return nil
        case .gpx: return try readGPX(collection: collection)
        case .serviceJSON, .plist: return try readList(collection: collection)
        }
    }

    private func readList(collection: String) throws -> Places {
        let isJSON = format == .serviceJSON
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: isJSON ? Self.jsonLimit : Self.plistLimit, advice: "split it into smaller files")
        } catch let error as SourceError {
            throw SourceError("\(path): \(error.message); nothing was imported")
        }
        var places = Places()
        do {
            if isJSON {
                let decoded = try ServiceRecordDecoder.decode(data, collection: collection)
                places.artworks = decoded.artworks
                places.skipped = decoded.skipped.count
                places.presentIDs = Set(decoded.skipped.compactMap(\.id))
                places.warnings = decoded.notes.prefix(20).map { "note: \($0)" } + decoded.skipped.prefix(20).map { record in
                    "skipped record \(record.index + 1)\(record.id.map { " (id \($0))" } ?? ""): \(record.reason)"
                }
            } else {
                places.artworks = try TaggedPlaceDecoder.decode(data, fileName: path, collection: collection)
            }
        } catch let error as CatalogError where !isJSON && !ImportFormat.looksLikePropertyList(try? BoundedFile.head(path)) {
            // Neither CSV (no delimiter splits its first line) nor a property list: say what was tried.
            throw SourceError("\(path): not a file artmap reads: tried CSV (no comma, semicolon or tab splits line 1 into columns) "
                + "and a property list (\(error.message.replacingOccurrences(of: path + ": ", with: ""))); nothing was imported")
        } catch let error as CatalogError {
            throw SourceError("\(error.message.hasPrefix(path) ? "" : path + ": ")\(error.message); nothing was imported")
        }
        guard !places.artworks.isEmpty else {
            throw SourceError("\(path): no valid records (\(places.skipped) skipped); nothing was imported")
        }
        return places
    }

    /// Writes the file into `collection`, replacing what it held, in one transaction (the places `readPlaces` gave,
    /// or the map read now, `progress` told as it is read), and records the file as the collection's source.
    public func write(_ places: Places?, into collection: String, store: CatalogStore,
                      progress: ((MapImportProgress) -> Void)? = nil) throws -> Imported {
        let started = Date()
        var imported = Imported(collection: collection)
        // Taken before reading: a file changed while it is read is imported again by the next refresh.
        let recorded = ImportedFile.current(path: path, format: format.rawValue, options: format.isMap ? reading.recorded : [])
            .map(CollectionSource.file)
        if let places {
            let artworks = places.artworks.map { var artwork = $0; artwork.collection = collection; return artwork }
            imported.merge = try store.merge(artworks, into: collection, full: true, presentIDs: places.presentIDs, source: recorded)
            imported.received = imported.merge.received
            imported.skipped = places.skipped
            imported.warnings = places.warnings
            imported.namesPhotos = artworks.contains { $0.imageFileName.contains("://") }
        } else {
            let read = try reading.options()
            let result: (result: MapImportResult, report: MergeReport)
            do {
                result = try store.importMap(source: collection, file: fileName, collection: collection, recordedSource: recorded) { sink in
                    switch format {
                    case .geoJSON: return try GeoJSONImporter.run(data: try readGeoJSON(), path: path, collection: collection, sink: sink, options: read)
                    case .csv: return try CSVImporter.run(path: path, collection: collection, options: read)
                    default: return try OSMImporter.run(path: path, collection: collection, sink: sink) { progress?($0) }
                    }
                }
            } catch let error as CartographyError {
                throw SourceError("\(DisplayText.clean(error.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? fileName)): \(error.message); nothing was imported")
            }
            imported.merge = result.report
            imported.received = result.result.artworks.count
            imported.features = result.result.features
            imported.edges = result.result.edges
            imported.warnings = result.result.notes.prefix(20).map { "note: \(DisplayText.clean($0))" }
            imported.namesPhotos = result.result.artworks.contains { $0.imageFileName.contains("://") }
        }
        imported.seconds = Date().timeIntervalSince(started)
        return imported
    }

    /// Reads a GeoJSON file within its limit, its errors said as a map import's.
    public func readGeoJSON() throws -> Data {
        // GeoJSON is read whole (then parsed feature by feature); past this size, OpenStreetMap's
        // streamed formats are the way in. The size is that of the opened file, symlink followed.
        do {
            return try BoundedFile.read(path, limit: Self.geoJSONLimit, advice: "use an .osm.pbf extract")
        } catch let error as SourceError {
            throw CartographyError(error.message, file: path)
        }
    }

    /// Whether the photos the records name are to be downloaded: for GeoJSON, CSV and GPX only, not with
    /// `--no-images`, nor when no record names one by URL.
    public func wantsPhotos(_ imported: Imported) -> Bool {
        [.geoJSON, .csv, .gpx].contains(format) && !reading.noImages && imported.namesPhotos
    }

    /// Downloads the photos the collection's records name, with the sync's caps.
    public static func cachePhotos(_ collection: String, store: CatalogStore, cache: ImageCache, limits: SyncLimits) async throws -> SyncReport {
        try await SyncEngine(limits: limits).cacheImages(collection: collection, cache: cache, store: store)
    }

    /// What a map import's line says of the photos: "; 3 photos cached".
    public static func photosText(_ photos: SyncReport) -> String {
        "; \(photos.imagesCached) photo\(photos.imagesCached == 1 ? "" : "s") cached"
    }
}
