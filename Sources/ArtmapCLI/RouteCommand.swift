import Cartography
import Catalog
import Foundation
import Geo
import Store

/// `artmap route [--from LAT,LON] --to ID`: walking directions along the imported ways, as text or JSON.
enum RouteCommand: Command {
    static let name = "route"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `route`'s options.
    struct Options: CommandOptions {
        var from: Coordinate?
        var near: String?
        var services = OSMServiceInput()
        var to: String?
        var collection = CollectionChoice()
        var json = false
        var location = LocationInput()
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--from", \.from, .coordinate, help: "where the walk starts (default: home, location.home, else where the view last was, else as list measures)"),
            NearOption.declaration(\.near),
            OSMServiceInput.nominatimDeclaration.lifted(\.services),
            .option("--to", \.to, .text("ID"), help: "the artwork to walk to (see 'artmap list --json')", isRequired: true),
            CollectionChoice.declaration(help: "the artwork's collection, when more than one holds the id (default: the one that holds it)").lifted(\.collection),
            .flag("--json", \.json, help: "print {distance_m (the whole walk), duration_s, ways_m, steps, geometry, start_join, target_join} as JSON"),
        ] + LocationInput.liveStartDeclarations.lifted(\.location) + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "The shortest walk along the streets and paths imported with 'artmap import FILE.osm.pbf',",
        "with turn-by-turn steps: each end joins the nearest point of a way of the main walking network.",
        "Without imported ways, or when nothing connects the two, prints the straight line and why, and exits 1.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        guard let id = options.to else { throw CLIError.usage("route needs --to ID (an artwork's id)", command: name) }
        if options.from != nil && options.near != nil {
            throw CLIError.usage("use either --from or --near, not both", command: name)
        }
        let location = try LocationOptions(options.location, command: name, console: console, environment: environment)
        // The walk is found while the store's integrity check reads the whole file beside it (on a city's store
        // the check alone is longer than the route); a damaged store is replaced and the walk looked for again.
        let checked = try StoreOpening.openCheckingAlongside(options.store, environment: environment, console: console)
        let near = try await OSMServiceOptions.nearPoint(options.near, services: options.services, store: checked.store, offline: false, environment: environment, command: name)
        // One "here" (issue 44): the option, else home, else where the view last was; only then a far collection's middle.
        let here = try await StartResolving.start(option: StartResolving.given(options.from, option: "--from", near: near, nearText: options.near),
                                                  location: location, store: checked.store, console: console, command: name)
        func find(_ store: CatalogStore) throws -> (artwork: Artwork, start: Coordinate, walk: Result<WalkingRoute, RouteFailure>) {
            var start = here.coordinate
            // The artwork in whichever collection holds it (or --collection's).
            let artwork = try ArtworkLookup.find(id, in: options.collection, store: store)
            // Without a start of the user's own, the walk starts where list and the view measure from: a far collection's middle.
            if here.isBuiltIn, let middle = try store.defaultReference(collection: artwork.collection, home: start) { start = middle }
            // Only the corridor between the two ends is read from the store, however big the imported city.
            return (artwork, start, try CorridorRouter.route(from: start, to: artwork.coordinate, source: store))
        }
        var found = Result { try find(checked.store) }
        if try checked.settleCheck(after: found.failure) { found = Result { try find(checked.store) } }
        let (artwork, from, walk) = try found.get()
        let straight = Geodesic.inverse(from: from, to: artwork.coordinate)
        // Routes and walks assume one speed: the setting walk.speed (issue 50).
        let kmPerHour = try SettingsReading.checked(checked.store, console: console).walkSpeed
        let speedText = kmPerHour == kmPerHour.rounded() ? String(Int(kmPerHour)) : String(format: "%.1f", kmPerHour)
        // Where the walk starts, named with where that came from (issue 44).
        let fromText = from == here.coordinate ? here.described
            : "the middle of '\(DisplayText.clean(artwork.collection))' (no start of yours: 'artmap config set location.home PLACE' or --from sets one)"
        switch walk {
        case .success(let walk):
            if options.json {
                console.line(JSONWriter.render(json(walk, metresPerSecond: kmPerHour / 3.6)))
            } else {
                console.line("Walk to \(DisplayText.clean(artwork.title)): \(DistanceText.format(walk.totalMetres)), "
                    + "\(max(1, Int((walk.totalMetres / (kmPerHour / 3.6) / 60).rounded()))) min at \(speedText) km/h, from \(fromText)")
                for (number, step) in walk.steps.enumerated() {
                    console.line("\(number + 1). \(DisplayText.clean(step.instruction)), \(DistanceText.format(step.metres))")
                }
                console.line("\(walk.steps.count + 1). arrive at \(DisplayText.clean(artwork.title))")
            }
            return 0
        case .failure(let why):
            if options.json {
                console.line(JSONWriter.render(.object([
                    ("distance_m", .null), ("reason", .string(why.message(start: here.described))),
                    ("straight_m", .number(JSONWriter.rounded(straight.distance))),
                    ("bearing_deg", .number(JSONWriter.rounded(straight.initialBearing))),
                ])))
            } else {
                console.line("No walking route: \(why.message(start: here.described)).")
                console.line("Straight line: \(DistanceText.format(straight.distance)) \(CompassPoint(bearing: straight.initialBearing).abbreviation) "
                    + "(bearing \(Int(straight.initialBearing.rounded()) % 360)°) from \(fromText)")
            }
            return 1
        }
    }

    static func json(_ walk: WalkingRoute, metresPerSecond: Double = WalkingRoute.metresPerSecond) -> JSONWriter.Value {
        .object([
            // The whole walk, as the text and the view say it: the straight walks to and from the ways included
            // (start_join.gap_m and target_join.gap_m); ways_m is the part along the ways.
            ("distance_m", .number(JSONWriter.rounded(walk.totalMetres, places: 3))),
            ("duration_s", .number(JSONWriter.rounded(walk.totalMetres / metresPerSecond))),
            ("ways_m", .number(JSONWriter.rounded(walk.metres, places: 3))),
            ("steps", .array(walk.steps.map { step in
                .object([("instruction", .string(step.instruction)), ("street", .string(step.street)),
                         ("distance_m", .number(JSONWriter.rounded(step.metres)))])
            })),
            ("geometry", .array(walk.points.map { .array([.number($0.latitude), .number($0.longitude)]) })),
            ("start_join", join(walk.startJoin, gap: walk.startGap)),
            ("target_join", join(walk.targetJoin, gap: walk.endGap)),
        ])
    }

    /// Where the walk joins the ways: the edge's nodes, metres along it from the first, its length, and
    /// the straight walk between the join and the real end.
    static func join(_ join: RouteJoin?, gap: Double) -> JSONWriter.Value {
        guard let join else { return .null }
        return .object([("from_node", .number(Double(join.fromNode))), ("to_node", .number(Double(join.toNode))),
                        ("along_m", .number(JSONWriter.rounded(join.along, places: 3))),
                        ("length_m", .number(JSONWriter.rounded(join.length, places: 3))),
                        ("gap_m", .number(JSONWriter.rounded(gap, places: 3)))])
    }
}
