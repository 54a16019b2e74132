import Cartography
import Catalog
import Foundation
import Geo
import Store

/// `artmap export`: a collection, the favourites or a walking route as GeoJSON, GPX or CSV, for the tools
/// other people use (GIS, a phone's map app, a spreadsheet).
enum ExportCommand: Command {
    static let name = "export"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0, forms: [
        UsageForm(words: "", options: ["--collection"]),
        UsageForm(words: "", options: ["--favourites"]),
        UsageForm(words: "", options: ["--seen"]),
        UsageForm(words: "", options: ["--route-to", "--from", "--collection"]),
        UsageForm(words: "", options: ["--walk"]),
    ])

    /// `export`'s options.
    struct Options: CommandOptions {
        var format: ExportFormat?
        var collection = CollectionChoice()
        var favourites = false
        var seen = false
        var routeTo: String?
        var from: Coordinate?
        var output: String?
        var walk: String?
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--format", \.format, ExportCommand.formatValue, help: "the format to write", isRequired: true),
            CollectionChoice.declaration(help: "the collection to export (default campus)").lifted(\.collection),
            .flag("--favourites", \.favourites, help: "export the favourites instead, from every collection"),
            .flag("--seen", \.seen, help: "export the artworks you have seen, from every collection, each with seen_at (a GPX waypoint's time)"),
            .option("--route-to", \.routeTo, .text("ID"), help: "export the walk to this artwork (of --collection): the artwork and the route's track"),
            .option("--from", \.from, .coordinate, help: "where the exported walk starts (default: home, the setting location.home)"),
            .option("--walk", \.walk, .text("NAME"), help: "export the art walk saved under NAME: its stops in order and its legs' track"),
            .option("--output", \.output, .path, help: "(or -o FILE) write to FILE (a regular file is replaced only when complete; a FIFO or device is written in place; - is the standard output)"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    /// A format's name in any case.
    static let formatValue = OptionValue<ExportFormat>(valueName: "geojson|gpx|csv") { text, option in
        guard let format = ExportFormat(rawValue: text.lowercased()) else {
            throw OptionValueError(message: "option \(option) takes geojson, gpx or csv, not '\(DisplayText.clean(text))'")
        }
        return format
    }

    static let intro = [
        "Writes a collection (or the favourites, or the walk to one artwork) in a format other tools read:",
        "geojson  an RFC 7946 FeatureCollection, a Point per artwork with its id, title, artist, year,",
        "         building, address, collection, web_page, type, photo and description ('artmap import'",
        "         reads it back as the same list; so does a CSV export);",
        "         a route adds its LineString",
        "gpx      GPX 1.1: a waypoint per artwork, the fields the standard lacks in artmap: extensions;",
        "         a route is also a track",
        "csv      RFC 4180, UTF-8, a header line, the same fields with latitude and longitude; a text",
        "         that would start a spreadsheet formula gets a '",
        "Text is cleaned as on screen: no control characters, line ends folded to spaces.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) throws -> Int32 {
        // `-o FILE` is the short form of --output, as in most tools that write a file.
        let spelled = arguments.map { $0 == "-o" ? "--output" : $0 }
        guard let options = try parser.parseOrShowHelp(spelled, as: Options.self, intro: intro, console: console) else { return 0 }
        guard let format = options.format else { throw CLIError.usage("export needs --format geojson, gpx or csv", command: name) }
        let routeTo = options.routeTo
        if options.favourites, routeTo != nil || options.collection.name != nil {
            throw CLIError.usage("--favourites exports every favourite: give it without --collection or --route-to", command: name)
        }
        if options.from != nil, routeTo == nil { throw CLIError.usage("--from goes with --route-to", command: name) }
        let walkName = options.walk
        if options.seen, options.favourites || routeTo != nil || walkName != nil || options.collection.name != nil {
            throw CLIError.usage("--seen exports every seen artwork: give it without --collection, --favourites, --route-to or --walk", command: name)
        }
        if walkName != nil, options.favourites || routeTo != nil || options.collection.name != nil {
            throw CLIError.usage("--walk exports a saved walk: give it without --collection, --favourites or --route-to", command: name)
        }
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        let here = StartResolving.start(option: options.from.map { ($0, "--from") }, store: store, console: console)
        let start = here.coordinate
        let collection = try options.collection.collection(in: store)
        let content: ExportFormat.Content
        if let walkName {
            content = try savedWalkContent(walkName, store: store)
        } else if options.seen {
            let seen = try store.seenArtworks()
            content = .init(artworks: seen.map(\.artwork), route: nil, name: "artmap seen",
                            seenAt: Dictionary(seen.map { ($0.artwork.key, $0.mark.at) }, uniquingKeysWith: { first, _ in first }))
        } else if options.favourites {
            content = .init(artworks: try store.favouriteArtworks(), route: nil, name: "artmap favourites")
        } else if let id = routeTo {
            let artwork = try ArtworkLookup.find(id, in: options.collection, store: store, suffix: "; nothing was written")
            switch try CorridorRouter.route(from: start, to: artwork.coordinate, source: store) {
            case .success(let walk):
                let title = "Walk to \(artwork.title)"
                content = .init(artworks: [artwork], route: (title, walk.points), name: title)
            case .failure(let why):
                throw CLIError("no walking route: \(why.message(start: here.described)); nothing was written")
            }
        } else {
            guard try store.collectionNames().contains(collection) else {
                throw CLIError("there is no collection '\(DisplayText.clean(collection))' (see 'artmap list --help'); nothing was written")
            }
            content = .init(artworks: try store.artworks(collection: collection), route: nil, name: collection)
        }
        let text = format.render(content)
        guard let path = options.output else {
            console.write(text)
            return 0
        }
        try OutputFile.write(Array(text.utf8), to: path, console: console)
        if OutputFile.isStandardOutput(path) { return 0 }
        console.error("wrote \(content.artworks.count) artwork\(content.artworks.count == 1 ? "" : "s")\(content.route == nil ? "" : " and the route") to \(DisplayText.clean(path))")
        return 0
    }

    /// A saved walk as exported: its stops in order and the track of its legs, each routed as `route` routes it
    /// (a leg no path joins is a straight line), back to the start or on to the end as it was saved.
    static func savedWalkContent(_ name: String, store: CatalogStore) throws -> ExportFormat.Content {
        let saved = try WalkCommand.savedWalk(name, store: store).walk
        let artworks = try store.artworks(of: saved).map(\.artwork)
        var path = [saved.start] + artworks.map(\.coordinate)
        switch saved.finish {
        case .round: path.append(saved.start)
        case .open: break
        case .at(let end): path.append(end)
        }
        var track: [GeoPoint] = []
        for i in path.indices.dropFirst() {
            switch try CorridorRouter.route(from: path[i - 1], to: path[i], source: store) {
            case .success(let leg): track += leg.points
            case .failure: track += [GeoPoint(path[i - 1]), GeoPoint(path[i])]
            }
        }
        let title = "Art walk \(name)"
        return .init(artworks: artworks, route: (title, track), name: title)
    }
}
