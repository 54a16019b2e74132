import Cartography
import Catalog
import Foundation
import Store

extension ImportCommand {
    /// Whether `path` is map data (OpenStreetMap or GeoJSON) rather than a list of places.
    static func isMapFile(_ path: String, data: Data?) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".osm") || name.hasSuffix(".pbf") || name.hasSuffix(".osm.gz") || name.hasSuffix(".osm.bz2") || name.hasSuffix(".geojson") { return true }
        guard let data, name.hasSuffix(".json") || data.first == UInt8(ascii: "{") else { return false }
        return String(decoding: data.prefix(4096), as: UTF8.self).contains("\"FeatureCollection\"")
    }

    /// The largest GeoJSON file read (it is held whole while its features are parsed one by one).
    static let geoJSONLimit = 256 * 1_048_576

    /// The collection (and map source) a map file fills when no --collection is given: its name without
    /// `.osm.pbf`, `.osm`, `.osm.gz`, `.osm.bz2` or `.geojson`.
    static func mapCollectionName(_ path: String) -> String {
        var name = URL(fileURLWithPath: path).lastPathComponent
        for suffix in [".pbf", ".gz", ".bz2", ".osm", ".geojson", ".json"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }

    /// Imports an OpenStreetMap or GeoJSON file: base layer, walking graph and artworks, all in one transaction.
    static func importMap(path: String, collection: String, options: ParsedOptions, environment: [String: String], console: Console) throws -> Int32 {
        let store = try StoreOpening.open(options, environment: environment, console: console)
        guard !store.isReadOnly else { throw CLIError("import cannot save: the store is read-only; nothing was imported") }
        let started = Date()
        let fileName = DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)
        let bar = ProgressBar(console: console, label: "reading \(fileName)", file: path)
        let imported: (result: MapImportResult, report: MergeReport)
        do {
            imported = try store.importMap(source: collection, file: URL(fileURLWithPath: path).lastPathComponent, collection: collection) { sink in
                if (try? OSMImporter.format(of: path)) != nil {
                    return try OSMImporter.run(path: path, collection: collection, sink: sink) { bar.show($0) }
                }
                // GeoJSON is read whole (then parsed feature by feature); past this size, OpenStreetMap's
                // streamed formats are the way in. The size is that of the opened file, symlink followed.
                let data: Data
                do {
                    data = try BoundedFile.read(path, limit: geoJSONLimit, advice: "use an .osm.pbf extract")
                } catch let error as CLIError {
                    throw CartographyError(error.message, file: path)
                }
                return try GeoJSONImporter.run(data: data, path: path, collection: collection, sink: sink)
            }
        } catch let error as CartographyError {
            bar.clear()
            throw CLIError("\(DisplayText.clean(error.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? fileName)): \(error.message); nothing was imported")
        } catch {
            bar.clear()
            throw error
        }
        bar.clear()
        let result = imported.result, report = imported.report
        for note in result.notes.prefix(20) { console.error("note: \(note)") }
        let seconds = Date().timeIntervalSince(started)
        console.line("imported \(fileName) into '\(DisplayText.clean(collection))': \(result.features) map features, "
            + "\(result.edges) walking edges, \(result.artworks.count) artwork\(result.artworks.count == 1 ? "" : "s") "
            + "(\(report.new) new, \(report.changed) changed, \(report.removed) removed) in \(String(format: "%.1f", seconds)) s")
        if result.features > 0 { console.line("map data © OpenStreetMap contributors (ODbL)") }
        return 0
    }
}
