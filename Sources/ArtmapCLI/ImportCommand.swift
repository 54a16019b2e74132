import Cartography
import Catalog
import Foundation
import Sources
import Sync
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
        Spelled(text: text, value: try refused(option) { try ImportReading.crs(text) })
    }

    /// `--field`: FIELD=COLUMN pairs, each field one artmap knows.
    static let fieldMapping = OptionValue<Spelled<[String: String]>>(valueName: "FIELD=COLUMN,…") { text, option in
        Spelled(text: text, value: try refused(option) { try ImportReading.fields(text) })
    }

    /// A reading's refusal as the option's: "option --crs takes …", "option --field: there is no field …".
    private static func refused<Value>(_ option: String, _ parse: () throws -> Value) throws -> Value {
        do {
            return try parse()
        } catch let error as SourceError {
            throw OptionValueError(message: "option \(option)\(error.message.hasPrefix(":") ? "" : " ")\(error.message)")
        }
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

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        guard let path = options.positionals.first else { throw CLIError.usage("import needs a FILE", command: name) }
        let url = URL(fileURLWithPath: path)
        let head: Data?
        do {
            head = try BoundedFile.head(path)
        } catch let error as SourceError {
            throw CLIError("\(path): \(error.message); nothing was imported")
        }
        let format = ImportFormat.of(path, head: head)
        if !format.readsColumns, let option = options.mapReadingGiven.first {
            let what = format == .openStreetMap ? "OpenStreetMap data" : format == .gpx ? "GPX" : "neither"
            throw CLIError.usage(format == .openStreetMap
                ? "--dry-run, --crs and --field are for GeoJSON and CSV files; \(DisplayText.clean(url.lastPathComponent)) is \(what)"
                : "option \(option) is for GeoJSON and CSV files; \(DisplayText.clean(url.lastPathComponent)) is \(what)", command: name)
        }
        let derived = format.isMap ? ImportFormat.mapCollectionName(path) : url.deletingPathExtension().lastPathComponent.lowercased()
        let collection = try collectionName(options, derived: derived)
        if format.isMap, !FileManager.default.isReadableFile(atPath: path) { throw CLIError("cannot read \(path)") }
        let fileImport = FileImport(path: path, format: format, reading: reading(options))
        if options.dryRun {
            return try dryRun(fileImport, collection: try checkedName(collection, isNew: true, replace: options.replace), console: console)
        }
        let places = try checked { try fileImport.readPlaces(collection: collection) }
        for warning in places?.warnings ?? [] { console.error(warning) }
        let store = try StoreOpening.open(options.store, environment: environment, console: console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("import cannot save: the store is read-only; nothing was imported") }
        // A collection of that name in another case is the one meant (an older import made `Helsinki`).
        let target = try importTarget(collection, legacy: options.collection == nil ? derived : nil, path: path, options: options, store: store)
        let bar = format == .openStreetMap ? ProgressBar(console: console, label: "reading \(DisplayText.clean(url.lastPathComponent))", file: path) : nil
        defer { bar?.clear() }
        var imported = try checked { try fileImport.write(places, into: target, store: store) { bar?.show($0) } }
        bar?.clear()
        if places == nil { for warning in imported.warnings { console.error(warning) } }
        if fileImport.wantsPhotos(imported) {
            imported.photos = try await FileImport.cachePhotos(target, store: store, cache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)),
                                                               limits: try SyncCommand.limits(cacheLimit: nil, store: store, environment: environment))
        }
        printImported(imported, of: fileImport, console: console)
        return 0
    }

    /// What a file brought, as `import` says it: one line on standard output, the failed photos on standard error.
    static func printImported(_ imported: FileImport.Imported, of fileImport: FileImport, console: Console) {
        let fileName = DisplayText.clean(URL(fileURLWithPath: fileImport.path).lastPathComponent)
        let merge = imported.merge, target = DisplayText.clean(imported.collection)
        let skipped = imported.skipped
        var line: String
        switch fileImport.format {
        case .serviceJSON, .plist:
            line = "imported \(merge.received) place\(merge.received == 1 ? "" : "s") into '\(target)': \(merge.new) new, \(merge.changed) changed, \(merge.removed) removed, \(skipped) skipped"
        case .gpx:
            line = "imported \(fileName) into '\(target)': \(merge.received) artwork\(merge.received == 1 ? "" : "s") "
                + "(\(merge.new) new, \(merge.changed) changed, \(merge.removed) removed)"
        case .openStreetMap, .geoJSON, .csv:
            line = "imported \(fileName) into '\(target)': \(imported.features) map features, "
                + "\(imported.edges) walking edges, \(imported.received) artwork\(imported.received == 1 ? "" : "s") "
                + "(\(merge.new) new, \(merge.changed) changed, \(merge.removed) removed) in \(String(format: "%.1f", imported.seconds)) s"
        }
        if let photos = imported.photos {
            for failure in photos.imageFailures.prefix(5) { console.error("photo: \(DisplayText.clean(failure))") }
            if photos.imageFailures.count > 5 { console.error("photo: … and \(photos.imageFailures.count - 5) more") }
            line += FileImport.photosText(photos)
        }
        console.line(line)
        if imported.features > 0 { console.line("map data © OpenStreetMap contributors (ODbL)") }
        if merge.received > 0 { lookingHint(collection: imported.collection, console: console) }
    }

    /// A reading or writing step whose refusal (a `SourceError`) is the command's failure, said as it was.
    static func checked<Value>(_ step: () throws -> Value) throws -> Value {
        do {
            return try step()
        } catch let error as SourceError {
            throw CLIError(error.message)
        }
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
