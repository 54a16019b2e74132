import Cartography
import Foundation

/// What an imported file is read as, told from its name and first bytes; recorded with the collection so a refresh
/// reads it the same way.
public enum ImportFormat: String, Sendable, CaseIterable {
    case openStreetMap = "openstreetmap", geoJSON = "geojson", csv, gpx, serviceJSON = "service-json", plist

    /// The format of `path` whose first bytes are `head`: map data (OpenStreetMap, GeoJSON), a delimited text file,
    /// GPX, then a service-shaped JSON file or a property list.
    public static func of(_ path: String, head: Data?) -> ImportFormat {
        if isMapFile(path, data: head) || isCSVFile(path, data: head) {
            if (try? OSMImporter.format(of: path)) != nil { return .openStreetMap }
            return isMapFile(path, data: head) ? .geoJSON : .csv
        }
        if isGPXFile(path, data: head) { return .gpx }
        let isJSON = URL(fileURLWithPath: path).pathExtension.lowercased() == "json" || head?.first == UInt8(ascii: "{") || head?.first == UInt8(ascii: "[")
        return isJSON ? .serviceJSON : .plist
    }

    /// Whether the file holds a map (streets, buildings) and its artworks rather than a list of places.
    public var isMap: Bool { [.openStreetMap, .geoJSON, .csv].contains(self) }
    /// Whether `--field`, `--crs` and `--dry-run` apply (GeoJSON and CSV).
    public var readsColumns: Bool { self == .geoJSON || self == .csv }

    /// Whether `path` is map data (OpenStreetMap or GeoJSON) rather than a list of places.
    public static func isMapFile(_ path: String, data: Data?) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".osm") || name.hasSuffix(".pbf") || name.hasSuffix(".osm.gz") || name.hasSuffix(".osm.bz2") || name.hasSuffix(".geojson") { return true }
        guard let data, name.hasSuffix(".json") || data.first == UInt8(ascii: "{") else { return false }
        return String(decoding: data.prefix(4096), as: UTF8.self).contains("\"FeatureCollection\"")
    }

    /// Whether `path` is a delimited text file: named .csv or .tsv, or whose first bytes are delimited text
    /// (a Socrata export saved as `rows` or `.txt` is still CSV).
    public static func isCSVFile(_ path: String, data: Data?) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".csv") || name.hasSuffix(".tsv") { return true }
        guard let data, !name.hasSuffix(".json"), !name.hasSuffix(".plist"), !looksLikePropertyList(data) else { return false }
        return CSVReader.looksLikeCSV(data) != nil
    }

    /// Whether `path` is a GPX file: named .gpx, or its first bytes open a `<gpx` element.
    public static func isGPXFile(_ path: String, data: Data?) -> Bool {
        if path.lowercased().hasSuffix(".gpx") { return true }
        guard let data else { return false }
        return String(decoding: data.prefix(1024), as: UTF8.self).contains("<gpx")
    }

    /// Whether the first bytes are an XML or binary property list.
    public static func looksLikePropertyList(_ data: Data?) -> Bool {
        guard let data else { return false }
        let text = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("<?xml") || text.hasPrefix("<plist") || text.hasPrefix("<!DOCTYPE plist") || text.hasPrefix("bplist")
    }

    /// The collection (and map source) a file fills when no name is given: its name in lower case without
    /// `.osm.pbf`, `.osm`, `.osm.gz`, `.osm.bz2`, `.geojson`, `.csv` or `.tsv` (`Helsinki.osm.pbf` fills `helsinki`).
    public static func mapCollectionName(_ path: String) -> String {
        var name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        for suffix in [".pbf", ".gz", ".bz2", ".osm", ".geojson", ".json", ".csv", ".tsv"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }
}
