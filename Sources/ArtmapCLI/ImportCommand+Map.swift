import Cartography
import Catalog
import Foundation
import Store
import Sync

extension ImportCommand {
    /// Whether `path` is map data (OpenStreetMap or GeoJSON) rather than a list of places.
    static func isMapFile(_ path: String, data: Data?) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".osm") || name.hasSuffix(".pbf") || name.hasSuffix(".osm.gz") || name.hasSuffix(".osm.bz2") || name.hasSuffix(".geojson") { return true }
        guard let data, name.hasSuffix(".json") || data.first == UInt8(ascii: "{") else { return false }
        return String(decoding: data.prefix(4096), as: UTF8.self).contains("\"FeatureCollection\"")
    }

    /// Whether `path` is a delimited text file: named .csv or .tsv, or whose first bytes are delimited text
    /// (a Socrata export saved as `rows` or `.txt` is still CSV).
    static func isCSVFile(_ path: String, data: Data?) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".csv") || name.hasSuffix(".tsv") { return true }
        guard let data, !name.hasSuffix(".json"), !name.hasSuffix(".plist"), !looksLikePropertyList(data) else { return false }
        return CSVReader.looksLikeCSV(data) != nil
    }

    /// Whether the first bytes are an XML or binary property list.
    static func looksLikePropertyList(_ data: Data?) -> Bool {
        guard let data else { return false }
        let text = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("<?xml") || text.hasPrefix("<plist") || text.hasPrefix("<!DOCTYPE plist") || text.hasPrefix("bplist")
    }

    /// The options of an import that a refresh gives again (how the file is read, not where it goes).
    static func refreshOptions(_ options: Options) -> [String] {
        var kept: [String] = []
        if let field = options.field { kept += ["--field", field.text] }
        if let crs = options.crs { kept += ["--crs", crs.text] }
        if options.noImages { kept.append("--no-images") }
        return kept
    }

    /// The options a refresh reads back from the store, checked: only those `refreshOptions` records (`--field`,
    /// `--crs` with a value each parses, `--no-images`), so a store that says more (`--store elsewhere`, `--dry-run`)
    /// cannot steer the import. Throws a `CLIError` naming the first that is not.
    static func checkedRefreshOptions(_ recorded: [String]) throws -> [String] {
        var index = 0
        while index < recorded.count {
            let word = recorded[index]
            switch word {
            case "--no-images":
                index += 1
            case "--field", "--crs":
                guard index + 1 < recorded.count else { throw CLIError("its recorded import option \(word) has no value") }
                do {
                    if word == "--field" { _ = try fieldMapping.parse(recorded[index + 1], word) } else { _ = try coordinateSystem.parse(recorded[index + 1], word) }
                } catch let error as OptionValueError {
                    throw CLIError("its recorded import options are not usable (\(error.message))")
                }
                index += 2
            default:
                throw CLIError("its recorded import options hold '\(DisplayText.clean(String(word.prefix(60))))', which an import does not record")
            }
        }
        return recorded
    }

    /// The largest GeoJSON file read (it is held whole while its features are parsed one by one).
    static let geoJSONLimit = 256 * 1_048_576

    /// The collection (and map source) a map file fills when no --collection is given: its name in lower case
    /// without `.osm.pbf`, `.osm`, `.osm.gz`, `.osm.bz2`, `.geojson`, `.csv` or `.tsv` (`Helsinki.osm.pbf` fills `helsinki`).
    static func mapCollectionName(_ path: String) -> String {
        var name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        for suffix in [".pbf", ".gz", ".bz2", ".osm", ".geojson", ".json", ".csv", ".tsv"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }

    /// How to read a GeoJSON file, from `--crs` and `--field` (checked as they were parsed).
    static func geoJSONOptions(_ options: Options) -> GeoJSONImporter.Options {
        var read = GeoJSONImporter.Options()
        if let crs = options.crs { read.crs = crs.value }
        if let field = options.field { read.fields = field.value }
        return read
    }

    /// Reads a GeoJSON file within its limit, its errors said as a map import's.
    static func readGeoJSON(_ path: String) throws -> Data {
        // GeoJSON is read whole (then parsed feature by feature); past this size, OpenStreetMap's
        // streamed formats are the way in. The size is that of the opened file, symlink followed.
        do {
            return try BoundedFile.read(path, limit: geoJSONLimit, advice: "use an .osm.pbf extract")
        } catch let error as CLIError {
            throw CartographyError(error.message, file: path)
        }
    }

    /// What a map-like file is read as.
    enum MapFormat: String {
        case openStreetMap = "openstreetmap", geoJSON = "geojson", csv

        static func of(_ path: String, head: Data?) -> MapFormat {
            if (try? OSMImporter.format(of: path)) != nil { return .openStreetMap }
            return isMapFile(path, data: head) ? .geoJSON : .csv
        }
    }

    /// `import --dry-run`: each column chosen (why, and the runner-up), the coordinate system, the counts and the
    /// first three records, from a full reading that keeps nothing; the store is not opened.
    static func dryRun(path: String, format: MapFormat, collection: String, read: GeoJSONImporter.Options, console: Console) throws -> Int32 {
        let fileName = DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)
        do {
            let fields: PublicArtFields
            let result: MapImportResult
            if format == .csv {
                let survey = try CSVImporter.survey(path: path)
                let plan = try CSVImporter.plan(survey, options: read, path: path)
                result = try CSVImporter.run(path: path, collection: collection, options: read)
                fields = plan.fields
                console.line("\(fileName): CSV, \(survey.records) record\(survey.records == 1 ? "" : "s") (\(survey.delimiterName)-separated, "
                    + "\(survey.header.count) columns); positions from \(DisplayText.clean(survey.positions.summary))")
                console.line("coordinate system: \(DisplayText.clean(plan.system.label)); \(DisplayText.clean(plan.system.why))")
            } else {
                let data = try readGeoJSON(path)
                let survey = try GeoJSONImporter.survey(data, path: path)
                let plan = try GeoJSONImporter.plan(survey, options: read, path: path)
                result = try GeoJSONImporter.run(data: data, path: path, collection: collection, sink: DiscardingSink(), options: read)
                fields = plan.fields
                console.line("\(fileName): \(survey.elements) features")
                console.line("coordinate system: \(DisplayText.clean(plan.system.label)); \(DisplayText.clean(plan.system.why))")
            }
            console.line("columns:")
            for line in fields.summary { console.line("  " + DisplayText.clean(line)) }
            console.line("would import \(result.artworks.count) artwork\(result.artworks.count == 1 ? "" : "s") and \(result.features) map features into '\(DisplayText.clean(collection))'; first records:")
            for artwork in result.artworks.prefix(3) { showRecord(artwork, console: console) }
            for note in result.notes.prefix(20) { console.error("note: \(DisplayText.clean(note))") }
            console.line("nothing was saved (--dry-run)")
            return 0
        } catch let error as CartographyError {
            throw CLIError("\(DisplayText.clean(error.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? fileName)): \(error.message)")
        }
    }

    /// One record as `--dry-run` shows it: the id and title, then each field that has a value.
    private static func showRecord(_ artwork: Artwork, console: Console) {
        console.line("  \(DisplayText.clean(artwork.id)): \(DisplayText.clean(artwork.title))")
        let fields: [(String, String)] = [
            ("artist", artwork.artist), ("year", artwork.year), ("type", artwork.type),
            ("position", String(format: "%.6f,%.6f", artwork.coordinate.latitude, artwork.coordinate.longitude)),
            ("address", artwork.locationNotes), ("building", artwork.building ?? ""), ("photo", artwork.imageFileName),
            ("web page", artwork.webPage), ("notes", artwork.information),
        ]
        for (label, value) in fields where !value.isEmpty {
            console.line("    \(label): \(DisplayText.clean(String(value.prefix(200))))")
        }
    }

    /// Imports an OpenStreetMap, GeoJSON or CSV file: base layer, walking graph and artworks, all in one transaction;
    /// then downloads the photos a GeoJSON or CSV file's records name.
    static func importMap(path: String, collection: String, options: Options, environment: [String: String], console: Console) async throws -> Int32 {
        let head = try? BoundedFile.head(path)
        let format = MapFormat.of(path, head: head)
        let isOSM = format == .openStreetMap
        let read = geoJSONOptions(options)
        if isOSM, !options.mapReadingGiven.isEmpty {
            throw CLIError.usage("--dry-run, --crs and --field are for GeoJSON and CSV files; \(DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)) is OpenStreetMap data", command: name)
        }
        if options.dryRun {
            return try dryRun(path: path, format: format, collection: try checkedName(collection, isNew: true, replace: options.replace), read: read, console: console)
        }
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        guard !store.isReadOnly else { throw CLIError("import cannot save: the store is read-only; nothing was imported") }
        // A collection of that name in another case is the one meant (an older import made `Helsinki`).
        let collection = try importTarget(collection, legacy: options.collection == nil ? mapCollectionName(path) : nil, path: path, options: options, store: store)
        let started = Date()
        let fileName = DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)
        // Taken before reading: a file changed while it is read is imported again by the next refresh.
        let recorded = ImportedFile.current(path: path, format: format.rawValue, options: refreshOptions(options)).map(CollectionSource.file)
        let bar = ProgressBar(console: console, label: "reading \(fileName)", file: path)
        let imported: (result: MapImportResult, report: MergeReport)
        do {
            imported = try store.importMap(source: collection, file: URL(fileURLWithPath: path).lastPathComponent, collection: collection, recordedSource: recorded) { sink in
                switch format {
                case .openStreetMap: return try OSMImporter.run(path: path, collection: collection, sink: sink) { bar.show($0) }
                case .geoJSON: return try GeoJSONImporter.run(data: try readGeoJSON(path), path: path, collection: collection, sink: sink, options: read)
                case .csv: return try CSVImporter.run(path: path, collection: collection, options: read)
                }
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
        for note in result.notes.prefix(20) { console.error("note: \(DisplayText.clean(note))") }
        let seconds = Date().timeIntervalSince(started)
        var line = "imported \(fileName) into '\(DisplayText.clean(collection))': \(result.features) map features, "
            + "\(result.edges) walking edges, \(result.artworks.count) artwork\(result.artworks.count == 1 ? "" : "s") "
            + "(\(report.new) new, \(report.changed) changed, \(report.removed) removed) in \(String(format: "%.1f", seconds)) s"
        if !isOSM, !options.noImages, result.artworks.contains(where: { $0.imageFileName.contains("://") }) {
            line += try await cachePhotos(collection: collection, store: store, environment: environment, console: console)
        }
        console.line(line)
        if result.features > 0 { console.line("map data © OpenStreetMap contributors (ODbL)") }
        if !result.artworks.isEmpty { lookingHint(collection: collection, console: console) }
        return 0
    }

    /// Downloads the photos an import's records name, with the sync's caps; "; 3 photos cached".
    static func cachePhotos(collection: String, store: CatalogStore, environment: [String: String], console: Console) async throws -> String {
        let images = try await SyncEngine(limits: try SyncCommand.limits(cacheLimit: nil, store: store, environment: environment))
            .cacheImages(collection: collection, cache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)), store: store)
        for failure in images.imageFailures.prefix(5) { console.error("photo: \(DisplayText.clean(failure))") }
        if images.imageFailures.count > 5 { console.error("photo: … and \(images.imageFailures.count - 5) more") }
        return "; \(images.imagesCached) photo\(images.imagesCached == 1 ? "" : "s") cached"
    }
}

/// A sink that keeps nothing, for `import --dry-run`.
private final class DiscardingSink: MapImportSink {
    func add(_ feature: MapFeature) throws {}
    func add(_ edge: WalkEdge) throws {}
}
