import Cartography
import Catalog
import Foundation
import Geo
import Store

/// `artmap route --from LAT,LON --to ID`: walking directions along the imported ways, as text or JSON.
enum RouteCommand: Command {
    static let name = "route"
    static let parser = OptionParser(command: name, specs: [
        OptionSpec(name: "--from", valueName: "LAT,LON", help: "where the walk starts (default the Ashton Building)"),
        OSMServiceOptions.nearSpec,
        OSMServiceOptions.specs[3],
        OptionSpec(name: "--to", valueName: "ID", help: "the artwork to walk to (see 'artmap list --json')", isRequired: true),
        OptionSpec(name: "--collection", valueName: "NAME", help: "the artwork's collection (default campus)"),
        OptionSpec(name: "--json", valueName: nil, help: "print {distance_m, duration_s, steps, geometry} as JSON"),
        StoreOpening.storeOption,
        OptionParser.helpOption,
    ], maxPositionals: 0)

    static let intro = [
        "The shortest walk along the streets and paths imported with 'artmap import FILE.osm.pbf',",
        "with turn-by-turn steps. Every point of the route is a node of an imported way. Without",
        "imported ways, or when nothing connects the two, prints the straight line and why, and exits 1.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, intro: intro, console: console) else { return 0 }
        guard let id = options.value("--to") else { throw CLIError.usage("route needs --to ID (an artwork's id)", command: name) }
        var start = Coordinate.ashtonBuilding
        if let text = options.value("--from") {
            do { start = try Coordinate.parse(text) } catch { throw CLIError.usage("option --from: \(DisplayText.clean("\(error)"))", command: name) }
        }
        if options.value("--from") != nil && options.value("--near") != nil {
            throw CLIError.usage("use either --from or --near, not both", command: name)
        }
        let collection = options.value("--collection") ?? Artwork.defaultCollection
        let store = try StoreOpening.open(options, environment: environment, console: console)
        if let near = try await OSMServiceOptions.nearPoint(options, store: store, offline: false, environment: environment, command: name) {
            start = near
        }
        guard let artwork = try store.artworks(collection: collection, ids: [id]).first else {
            throw CLIError("no artwork with id '\(DisplayText.clean(id))' in the collection '\(DisplayText.clean(collection))'")
        }
        let graph = WalkGraph(edges: try store.walkEdges())
        let straight = Geodesic.inverse(from: start, to: artwork.coordinate)
        switch Router.route(in: graph, from: start, to: artwork.coordinate) {
        case .success(let walk):
            if options.has("--json") {
                console.line(JSONWriter.render(json(walk)))
            } else {
                console.line("Walk to \(DisplayText.clean(artwork.title)): \(DistanceText.format(walk.metres)) along the ways, "
                    + "\(max(1, Int((walk.seconds / 60).rounded()))) min at 5 km/h")
                for (number, step) in walk.steps.enumerated() {
                    console.line("\(number + 1). \(DisplayText.clean(step.instruction)), \(DistanceText.format(step.metres))")
                }
                console.line("\(walk.steps.count + 1). arrive at \(DisplayText.clean(artwork.title))")
            }
            return 0
        case .failure(let why):
            if options.has("--json") {
                console.line(JSONWriter.render(.object([
                    ("distance_m", .null), ("reason", .string(why.message)),
                    ("straight_m", .number(JSONWriter.rounded(straight.distance))),
                    ("bearing_deg", .number(JSONWriter.rounded(straight.initialBearing))),
                ])))
            } else {
                console.line("No walking route: \(why.message).")
                console.line("Straight line: \(DistanceText.format(straight.distance)) \(CompassPoint(bearing: straight.initialBearing).abbreviation) "
                    + "(bearing \(Int(straight.initialBearing.rounded()) % 360)°)")
            }
            return 1
        }
    }

    static func json(_ walk: WalkingRoute) -> JSONWriter.Value {
        .object([
            ("distance_m", .number(JSONWriter.rounded(walk.metres, places: 3))),
            ("duration_s", .number(JSONWriter.rounded(walk.seconds))),
            ("steps", .array(walk.steps.map { step in
                .object([("instruction", .string(step.instruction)), ("street", .string(step.street)),
                         ("distance_m", .number(JSONWriter.rounded(step.metres)))])
            })),
            ("geometry", .array(walk.points.map { .array([.number($0.latitude), .number($0.longitude)]) })),
        ])
    }
}
