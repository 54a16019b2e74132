import Cartography
import Catalog
import Foundation
import Store

/// `artmap import FILE`: OpenStreetMap (.osm, .osm.pbf) or GeoJSON map data, a public-art CSV, GPX waypoints,
/// tagged places (plist) or a service-shaped JSON file into a collection.
enum ImportCommand: Command {
    static let name = "import"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 1, forms: [UsageForm(words: "FILE")])

    /// `import`'s options; the file is the word.
    struct Options: CommandOptions {
        var collection: String?
        var field: Spelled<[String: String]>?
        var crs: Spelled<CoordinateSystem>?
        var dryRun = false
        var noImages = false
        var replace = false
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--collection", \.collection, .text("NAME"), help: "collection to fill, a plain word (default: the file's base name in lower case)"),
            .option("--field", \.field, ImportCommand.fieldMapping, help: "GeoJSON, CSV: read FIELD (id, title, artist, year, description, material, type, address, building, photo, web_page) from COLUMN"),
            .option("--crs", \.crs, ImportCommand.coordinateSystem, help: "GeoJSON, CSV: read the positions in this system, whatever the file says"),
            .flag("--dry-run", \.dryRun, help: "GeoJSON, CSV: print each column chosen (why, and the runner-up), the coordinate system and the first three records; save nothing"),
            .flag("--no-images", \.noImages, help: "do not download the photos a GeoJSON or CSV file names"),
            .flag("--replace", \.replace, help: "import into campus, osm, rijksmuseum or a collection another file filled, replacing it (and its favourites)"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]

        /// The options only GeoJSON and CSV files take that were given, by name.
        var mapReadingGiven: [String] {
            [("--field", field != nil), ("--crs", crs != nil), ("--dry-run", dryRun)].filter(\.1).map(\.0)
        }
    }

    /// A value as typed and as read: a refresh gives the import's options again as they were typed.
    struct Spelled<Value: Sendable>: Sendable {
        let text: String
        let value: Value
    }

    /// `--crs`: a coordinate system by any of its names.
    static let coordinateSystem = OptionValue<Spelled<CoordinateSystem>>(valueName: "EPSG:N") { text, option in
        guard let crs = CoordinateSystem(name: text) else {
            throw OptionValueError(message: "option \(option) takes an EPSG code (EPSG:4326 or CRS84, EPSG:3857, EPSG:28992…), not '\(DisplayText.clean(text))'")
        }
        return Spelled(text: text, value: crs)
    }

    /// `--field`: FIELD=COLUMN pairs, each field one artmap knows.
    static let fieldMapping = OptionValue<Spelled<[String: String]>>(valueName: "FIELD=COLUMN,…") { text, option in
        var fields: [String: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw OptionValueError(message: "option \(option) takes FIELD=COLUMN pairs separated by commas, not '\(DisplayText.clean(String(pair)))'")
            }
            guard PublicArtFields.Field(rawValue: parts[0].lowercased()) != nil else {
                throw OptionValueError(message: "option \(option): there is no field '\(DisplayText.clean(parts[0]))' (fields: "
                    + PublicArtFields.Field.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            fields[parts[0].lowercased()] = parts[1]
        }
        return Spelled(text: text, value: fields)
    }

    static let intro = [
        "Imports an OpenStreetMap extract (.osm or .osm.pbf) or a GeoJSON FeatureCollection: its streets,",
        "paths, buildings, water and parks become the map's base layer and walking graph, and its artworks",
        "(tourism=artwork) a collection named after the file. Importing the same file again replaces it.",
        "",
        "A city's public-art GeoJSON (ArcGIS Hub, Socrata, CKAN exports) is read as it comes: each field is",
        "taken from the first column the file has among the names such datasets use (any case), --field",
        "overrides that, and --dry-run shows the choice. Any EPSG coordinate system is read through PROJ:",
        "--crs EPSG:N, else the file's crs member, else a grid the columns name (RD_X/RD_Y, ITM_X/ITM_Y),",
        "else the values (longitude/latitude; one national grid only when no other fits; Web Mercator",
        "metres as before); --dry-run says which and why. Photo URLs are downloaded into the image cache",
        "as a sync's images are. \"None\", \"NULL\", \"N/A\", \"n.v.t.\" are empty; HTML becomes text.",
        "",
        "A public-art CSV (RFC 4180; comma, semicolon or tab found from the first lines; .csv, .tsv or any",
        "name whose content is delimited text) is read the same way, record by record; positions come from",
        "latitude/longitude columns (names in nine languages, decimal point or comma), easting/northing",
        "columns, a WKT POINT (lon lat) column, a GeoJSON geometry as text (JSON or single-quoted), a",
        "\"lat, lon\" column with or without brackets, or \"(lat, lon)\" at the end of a text column such as",
        "Socrata's location. Columns are chosen as a person would: a full-name column over",
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
        "description, web_page (website, url, link), building; and their Dutch, German, French, Spanish,",
        "Italian, Finnish, Swedish and Danish names (titel, kunstenaar, jaar, locatie, inhoud; Künstler,",
        "Standort; titre, artiste; título, autor; titolo, autore; nimi, taiteilija; konstnär; kunstner).",
        "A file-date column (DD_BRONBESTAND, bijgewerkt, updated) is never the year; a Name column of",
        "people beside a Title column is the artist; a shapefile's cut name (Descriptio) is matched.",
        "",
        "A GPX file's waypoints (.gpx, or a file that opens a <gpx> element) become places: the name is",
        "the title, the description (else the comment) the text, the link the web page, and artmap's own",
        "extensions (an export's artmap:id, artist, year, building, address, photo) the rest, so a GPX",
        "export imports back as it was; a waypoint without an id is wpt/N. Tracks are skipped.",
        "",
        "Imports a property list of tagged places (an array of dicts with name, latitude, longitude,",
        "comments) or a JSON file in the campus service's shape. The collection is replaced in one",
        "transaction; a bad file changes nothing.",
        "",
        "A collection's name is a plain word (letters, digits, - and _; a file's name is made one: Saved",
        "Places.gpx fills saved-places). campus, osm and rijksmuseum are artmap's own: importing into one",
        "replaces what it holds and drops its favourites, so it needs --replace; so does importing another",
        "file into a collection a file filled (the same file again is its refresh).",
    ]

    /// The largest service-shaped JSON file imported (parsed whole, as a sync's body is; the sync allows 50 MB).
    static let jsonLimit = 64 * 1_048_576
    /// The largest tagged-place property list imported (Foundation's parser keeps about ten times the file).
    static let plistLimit = 16 * 1_048_576

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        guard let path = options.positionals.first else { throw CLIError.usage("import needs a FILE", command: name) }
        let url = URL(fileURLWithPath: path)
        let head: Data?
        do {
            head = try BoundedFile.head(path)
        } catch let error as CLIError {
            throw CLIError("\(path): \(error.message); nothing was imported")
        }
        if isMapFile(path, data: head) || isCSVFile(path, data: head) {
            let collection = try collectionName(options, derived: mapCollectionName(path))
            guard FileManager.default.isReadableFile(atPath: path) else { throw CLIError("cannot read \(path)") }
            return try await importMap(path: path, collection: collection, options: options, environment: environment, console: console)
        }
        if isGPXFile(path, data: head) {
            for option in options.mapReadingGiven {
                throw CLIError.usage("option \(option) is for GeoJSON and CSV files; \(DisplayText.clean(url.lastPathComponent)) is GPX", command: name)
            }
            let collection = try collectionName(options, derived: url.deletingPathExtension().lastPathComponent.lowercased())
            return try await importGPX(path: path, collection: collection, options: options, environment: environment, console: console)
        }
        for option in options.mapReadingGiven {
            throw CLIError.usage("option \(option) is for GeoJSON and CSV files; \(DisplayText.clean(url.lastPathComponent)) is neither", command: name)
        }
        let collection = try collectionName(options, derived: url.deletingPathExtension().lastPathComponent.lowercased())
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
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        guard !store.isReadOnly else { throw CLIError("import cannot save: the store is read-only; nothing was imported") }
        // A collection of that name in another case is the one meant (an older import made `Helsinki`).
        let target = try importTarget(collection, legacy: options.collection == nil ? url.deletingPathExtension().lastPathComponent.lowercased() : nil,
                                      path: path, options: options, store: store)
        let recorded = ImportedFile.current(path: path, format: isJSON ? "service-json" : "plist").map(CollectionSource.file)
        let report = try store.merge(artworks, into: target, full: true, presentIDs: presentIDs, source: recorded)
        console.line("imported \(report.received) place\(report.received == 1 ? "" : "s") into '\(DisplayText.clean(target))': \(report.new) new, \(report.changed) changed, \(report.removed) removed, \(skipped) skipped")
        lookingHint(collection: target, console: console)
        return 0
    }

    /// After an import or a fetch, on a terminal: how to look at what arrived (issue 50). Read by a script (a pipe),
    /// the output stays as it was.
    static func lookingHint(collection: String, at point: (latitude: Double, longitude: Double)? = nil, console: Console) {
        guard isatty(STDOUT_FILENO) == 1 else { return }
        let name = DisplayText.clean(collection)
        let at = point.map { String(format: " --at %.5f,%.5f", $0.latitude, $0.longitude) } ?? ""
        console.line("to look at it: artmap --collection \(name)\(at) (the map and table), or artmap list --collection \(name)\(at)")
    }
}
