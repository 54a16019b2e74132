import Foundation

/// Where a collection's artworks come from, and so what refreshing it asks: every collection knows its source.
public enum CollectionSource: Codable, Equatable, Sendable {
    /// A web service in the campus service's shape (`artmap sync`), with the folder of its images.
    case service(url: String, imageBase: String)
    /// OpenStreetMap data fetched tile by tile around points (`artmap fetch`, the view's own fetches).
    case openStreetMap
    /// A file imported from disk (`artmap import`): refreshed by importing it again when it changed.
    case file(ImportedFile)
    /// The Rijksmuseum's paintings of the painters followed (`artmap painters`).
    case rijksmuseum
    /// Public art on Wikidata that matched no OpenStreetMap artwork (issue 46), asked with each fetch.
    case wikidata
    /// Nothing recorded (a collection an older artmap made from a file it did not note down).
    case unknown

    /// One word for lists and JSON.
    public var kind: String {
        switch self {
        case .service: return "service"
        case .openStreetMap: return "openstreetmap"
        case .file: return "file"
        case .rijksmuseum: return CollectionID.rijksmuseum.name
        case .wikidata: return CollectionID.wikidata.name
        case .unknown: return "unknown"
        }
    }

    /// Where it comes from, in a few words ("the campus service https://…", "the file /home/…/helsinki.geojson").
    public var origin: String {
        switch self {
        case .service(let url, _): return "web service \(url)"
        case .openStreetMap: return "OpenStreetMap (fetched tiles)"
        case .file(let file): return "file \(file.path) (\(file.format))"
        case .rijksmuseum: return "the Rijksmuseum (painters followed)"
        case .wikidata: return "Wikidata (the Query Service, around the places fetched)"
        case .unknown: return "not recorded"
        }
    }

    /// What a refresh (`s` in the view, `artmap refresh NAME`) does for a collection from this source.
    public var refreshDoes: String {
        switch self {
        case .service: return "asks the service what changed since the last sync, then the missing images"
        case .openStreetMap: return "fetches the tiles again (the view: the tiles in view) and the missing pictures"
        case .file: return "imports the file again when it changed on disk"
        case .rijksmuseum: return "fetches the followed painters' paintings again"
        case .wikidata: return "asks Wikidata and OpenStreetMap again for the places fetched"
        case .unknown: return "nothing: import the file again to record where it comes from"
        }
    }

    /// The source a collection has when none is recorded (`CollectionID.assumedSource`).
    public static func assumed(forCollection name: String) -> CollectionSource { CollectionID(name).assumedSource }
}

/// A file a collection was imported from, as it was then: enough to import it again, and to tell whether it changed.
public struct ImportedFile: Codable, Equatable, Sendable {
    /// The absolute path.
    public var path: String
    /// What it was read as: "openstreetmap", "geojson", "service-json" or "plist".
    public var format: String
    /// The import's own options to give again (`--field`, `--crs`, `--no-images`).
    public var options: [String]
    /// Its size in bytes and modification time (seconds since 1970) when imported.
    public var size: Int64
    public var modified: Double

    public init(path: String, format: String, options: [String] = [], size: Int64, modified: Double) {
        self.path = path
        self.format = format
        self.options = options
        self.size = size
        self.modified = modified
    }

    /// The file at `path` as it is now, or nil when it cannot be looked at.
    public static func current(path: String, format: String, options: [String] = []) -> ImportedFile? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        // The file itself, a symlink followed: a linked file that changed is imported again.
        let target = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target) else { return nil }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return ImportedFile(path: absolute, format: format, options: options, size: size, modified: modified)
    }

    /// Whether the file on disk differs from what was imported (another size or time, or gone).
    public func changedOnDisk() -> Bool {
        guard let now = ImportedFile.current(path: path, format: format, options: options) else { return true }
        return now.size != size || now.modified != modified
    }
}

/// A collection as `artmap collections` lists it: its source, its size and when it was last refreshed.
public struct CollectionSummary: Equatable, Sendable {
    public var name: String
    public var source: CollectionSource
    public var artworks: Int
    /// ISO 8601, UTC; empty when never.
    public var refreshedAt: String

    public init(name: String, source: CollectionSource, artworks: Int, refreshedAt: String) {
        self.name = name
        self.source = source
        self.artworks = artworks
        self.refreshedAt = refreshedAt
    }
}
