import Catalog
import Foundation
import Store

/// `artmap import FILE`: OpenStreetMap (.osm, .osm.pbf) or GeoJSON map data, a public-art CSV, GPX waypoints,
/// tagged places (plist) or a service-shaped JSON file into a collection.
enum ImportCommand: Command {
    static let name = "import"
    static let parser = OptionParser(command: name, specs: [
        OptionSpec(name: "--collection", valueName: "NAME", help: "collection to fill (default: the file's base name in lower case)"),
        OptionSpec(name: "--field", valueName: "FIELD=COLUMN,…", help: "GeoJSON, CSV: read FIELD (id, title, artist, year, description, material, type, address, building, photo, web_page) from COLUMN"),
        OptionSpec(name: "--crs", valueName: "EPSG:4326|EPSG:3857", help: "GeoJSON, CSV: read the positions in this system, whatever the file says"),
        OptionSpec(name: "--dry-run", valueName: nil, help: "GeoJSON, CSV: print each column chosen (why, and the runner-up), the coordinate system and the first three records; save nothing"),
        OptionSpec(name: "--no-images", valueName: nil, help: "do not download the photos a GeoJSON or CSV file names"),
        StoreOpening.storeOption,
        OptionParser.helpOption,
    ], maxPositionals: 1, forms: [UsageForm(words: "FILE")])

    static let intro = [
        "Imports an OpenStreetMap extract (.osm or .osm.pbf) or a GeoJSON FeatureCollection: its streets,",
        "paths, buildings, water and parks become the map's base layer and walking graph, and its artworks",
        "(tourism=artwork) a collection named after the file. Importing the same file again replaces it.",
        "",
        "A city's public-art GeoJSON (ArcGIS Hub, Socrata, CKAN exports) is read as it comes: each field is",
        "taken from the first column the file has among the names such datasets use (any case), --field",
        "overrides that, and --dry-run shows the choice. Positions in Web Mercator metres (EPSG:3857) are",
        "converted, by the file's crs member or when every position lies in that range. Photo URLs are",
        "downloaded into the image cache as a sync's images are.",
        "",
        "A public-art CSV (RFC 4180; comma, semicolon or tab found from the first lines; .csv, .tsv or any",
        "name whose content is delimited text) is read the same way, record by record; positions come from",
        "latitude/longitude columns, a WKT POINT (lon lat) column, or \"(lat, lon)\" at the end of a text",
        "column such as Socrata's location. Columns are chosen as a person would: a full-name column over",
        "first/last names, the title column with the most distinct and longest values, years or dates",
        "(the year shown, a whole date kept in the notes), image URLs by name or by value.",
        "",
        "Columns recognised (any case), for GeoJSON and CSV alike: title: title, titleofwork,",
        "title_of_work, list_title, artwork_title, name (most distinct, longest values win); artist:",
        "artist, artists, artist_name, artist_full_name, creator, maker, else first_name + last_name",
        "(artist_first_name, firstname, surname...); year: year, art_year, date, year_installed,",
        "yearinstalled, installed, start_date, date_created, any column of dates; photo: photo,",
        "photourl, photo_url, photo_website_url, frontphoto, image, image_url, imagefile, jpg_url,",
        "picture, or any column of image URLs; type: type, discipline, classification,",
        "website_category, object_type, artwork_type, category; address: address, location,",
        "site_address, actual_address; id: id, objectid, registryid, any name ending _id; material,",
        "description, web_page (website, url, link), building. CSV positions: latitude/longitude",
        "(lat/lon/lng, y/x), a WKT POINT column, or \"(lat, lon)\" in a text column.",
        "",
        "A GPX file's waypoints (.gpx, or a file that opens a <gpx> element) become places: the name is",
        "the title, the description (else the comment) the text, the link the web page, and artmap's own",
        "extensions (an export's artmap:id, artist, year, building, address, photo) the rest, so a GPX",
        "export imports back as it was; a waypoint without an id is wpt/N. Tracks are skipped.",
        "",
        "Imports a property list of tagged places (an array of dicts with name, latitude, longitude,",
        "comments) or a JSON file in the campus service's shape. The collection is replaced in one",
        "transaction; a bad file changes nothing.",
    ]

    /// The largest service-shaped JSON file imported (parsed whole, as a sync's body is; the sync allows 50 MB).
    static let jsonLimit = 64 * 1_048_576
    /// The largest tagged-place property list imported (Foundation's parser keeps about ten times the file).
    static let plistLimit = 16 * 1_048_576

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, intro: intro, console: console) else { return 0 }
        guard let path = options.positionals.first else { throw CLIError.usage("import needs a FILE", command: name) }
        let url = URL(fileURLWithPath: path)
        let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 4096) }
        if isMapFile(path, data: head) || isCSVFile(path, data: head) {
            let collection = options.value("--collection") ?? mapCollectionName(path)
            guard !collection.isEmpty else { throw CLIError.usage("option --collection needs a name", command: name) }
            guard FileManager.default.isReadableFile(atPath: path) else { throw CLIError("cannot read \(path)") }
            return try await importMap(path: path, collection: collection, options: options, environment: environment, console: console)
        }
        if isGPXFile(path, data: head) {
            for option in ["--field", "--crs", "--dry-run"] where options.has(option) || options.value(option) != nil {
                throw CLIError.usage("option \(option) is for GeoJSON and CSV files; \(DisplayText.clean(url.lastPathComponent)) is GPX", command: name)
            }
            let collection = options.value("--collection") ?? url.deletingPathExtension().lastPathComponent.lowercased()
            guard !collection.isEmpty else { throw CLIError.usage("option --collection needs a name", command: name) }
            return try await importGPX(path: path, collection: collection, options: options, environment: environment, console: console)
        }
        for option in ["--field", "--crs", "--dry-run"] where options.has(option) || options.value(option) != nil {
            throw CLIError.usage("option \(option) is for GeoJSON and CSV files; \(DisplayText.clean(url.lastPathComponent)) is neither", command: name)
        }
        let collection = options.value("--collection") ?? url.deletingPathExtension().lastPathComponent.lowercased()
        guard !collection.isEmpty else { throw CLIError.usage("option --collection needs a name", command: name) }
        let isJSON = url.pathExtension.lowercased() == "json" || head?.first == UInt8(ascii: "{") || head?.first == UInt8(ascii: "[")
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: isJSON ? jsonLimit : plistLimit, advice: "split it into smaller files")
        } catch let error as CLIError {
            throw CLIError("\(path): \(error.message); nothing was imported")
        }
        let artworks: [Artwork]
        var skipped = 0
        var presentIDs = Set<String>()
        do {
            if isJSON {
                let decoded = try ServiceRecordDecoder.decode(data, collection: collection)
                artworks = decoded.artworks
                skipped = decoded.skipped.count
                presentIDs = Set(decoded.skipped.compactMap(\.id))
                for note in decoded.notes.prefix(20) { console.error("note: \(note)") }
                for record in decoded.skipped.prefix(20) {
                    console.error("skipped record \(record.index + 1)\(record.id.map { " (id \($0))" } ?? ""): \(record.reason)")
                }
            } else {
                artworks = try TaggedPlaceDecoder.decode(data, fileName: path, collection: collection)
            }
        } catch let error as CatalogError where !isJSON && !looksLikePropertyList(head) {
            // Neither CSV (no delimiter splits its first line) nor a property list: say what was tried.
            throw CLIError("\(path): not a file artmap reads: tried CSV (no comma, semicolon or tab splits line 1 into columns) "
                + "and a property list (\(error.message.replacingOccurrences(of: path + ": ", with: ""))); nothing was imported")
        } catch let error as CatalogError {
            throw CLIError("\(error.message.hasPrefix(path) ? "" : path + ": ")\(error.message); nothing was imported")
        }
        guard !artworks.isEmpty else {
            throw CLIError("\(path): no valid records (\(skipped) skipped); nothing was imported")
        }
        let store = try StoreOpening.open(options, environment: environment, console: console)
        guard !store.isReadOnly else { throw CLIError("import cannot save: the store is read-only; nothing was imported") }
        // A collection of that name in another case is the one meant (an older import made `Helsinki`).
        let target = try store.collectionNamed(collection) ?? collection
        let recorded = ImportedFile.current(path: path, format: isJSON ? "service-json" : "plist").map(CollectionSource.file)
        let report = try store.merge(artworks, into: target, full: true, presentIDs: presentIDs, source: recorded)
        console.line("imported \(report.received) place\(report.received == 1 ? "" : "s") into '\(DisplayText.clean(target))': \(report.new) new, \(report.changed) changed, \(report.removed) removed, \(skipped) skipped")
        return 0
    }
}
