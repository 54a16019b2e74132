import Catalog
import Foundation
import Geo
import Location
import Store

/// `artmap watch`: the location pipeline without the full screen, one line per applied fix.
enum WatchCommand: Command {
    static let name = "watch"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `watch`'s options.
    struct Options: CommandOptions {
        var at: Coordinate?
        var location = LocationInput()
        var json = false
        var collection = CollectionChoice()
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--at", \.at, .coordinate, help: "a fixed point (one fix)"),
        ] + LocationInput.declarations.lifted(\.location) + [
            .flag("--json", \.json, help: "one JSON object per line"),
            CollectionChoice.declaration(help: "collection to measure to (default campus)").lifted(\.collection),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Follows one source: a GPX walk (--gpx), gpsd (--gpsd), GeoClue2 (--geoclue), or else the fixed point of --at.",
        "Prints a line for every fix that moves the reference point (at least --distance-filter metres",
        "from the last): time, latitude, longitude, source, nearest building and its distance.",
        "Ends when a replay ends (unless --loop) or on Ctrl-C. Every fix marks the artworks within seen.within",
        "metres (default 20) as seen (artmap seen list), each said on standard error.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        let location = try LocationOptions(options.location, command: name, console: console, environment: environment)
        if location.replay != nil && options.at != nil {
            throw CLIError.usage("use either --at or --gpx, not both", command: name)
        }
        let json = options.json
        let store = try StoreOpening.open(options.store, environment: environment, console: console, forWriting: true)
        let collection = try options.collection.collection(in: store)
        let query = CatalogQuery(artworks: try store.artworks(collection: collection, fields: .listing))
        let source = location.replay != nil ? "gpx" : (location.gpsd != nil ? "gpsd" : (location.geoclue ? "geoclue" : "fixed"))
        let seen = try SeenRecorder(store: store, within: try SettingsReading.checked(store, console: console).seenWithin, console: console)
        let report: @Sendable (Coordinate) -> Void = { coordinate in
            console.line(line(for: coordinate, source: source, query: query, json: json))
        }
        if let replay = location.replay {
            try await replay.play(loop: location.loop, filter: location.filter, every: { seen.record($0) }, apply: report)
        } else if let gpsd = location.gpsd {
            // Runs until interrupted; gpsd's state changes go to stderr, applied fixes to stdout.
            let filter = SharedDistanceFilter(location.filter)
            let client = GpsdClient(address: gpsd, maxError: location.maxError) { event in
                switch event {
                case .fix(let coordinate, _):
                    seen.record(coordinate)
                    if filter.accept(coordinate) { report(coordinate) }
                default:
                    console.error(event.statusText)
                }
            }
            client.start()
            while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
        } else if location.geoclue {
            try await followGeoClue(location, report: report, seen: seen, console: console)
        } else {
            let point = StartResolving.start(option: options.at.map { ($0, "--at") }, store: store).coordinate
            report(point)
        }
        return 0
    }

    /// Runs until interrupted: GeoClue's state changes (no agent, gone away, quiet) go to stderr, applied fixes to
    /// stdout; the last fix stays the reference while GeoClue is away.
    private static func followGeoClue(_ location: LocationOptions, report: @escaping @Sendable (Coordinate) -> Void,
                                      seen: SeenRecorder, console: Console) async throws {
        let filter = SharedDistanceFilter(location.filter)
        let client = GeoClueClient(busAddress: location.busAddress, maxError: location.maxError) { event in
            switch event {
            case .fix(let coordinate, _):
                seen.record(coordinate)
                if filter.accept(coordinate) { report(coordinate) }
            default:
                console.error(event.statusText)
            }
        }
        client.start()
        defer { client.stop() }
        while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
    }

    static func line(for coordinate: Coordinate, source: String, query: CatalogQuery, json: Bool) -> String {
        let time = ISO8601DateFormatter().string(from: Date())
        let nearest = query.ranked(from: coordinate, nearest: 1).first
        if json {
            typealias V = JSONWriter.Value
            return JSONWriter.render(.object([
                ("time", .string(time)),
                ("latitude", .number(JSONWriter.rounded(coordinate.latitude, places: 7))),
                ("longitude", .number(JSONWriter.rounded(coordinate.longitude, places: 7))),
                ("source", .string(source)),
                ("nearest", nearest.map { .object([("name", .string($0.name)), ("distance_m", .number(JSONWriter.rounded($0.distance)))]) } ?? .null),
            ]))
        }
        let place = nearest.map { "nearest \(DisplayText.clean($0.name)) \(DistanceText.format($0.distance))" } ?? "no buildings"
        return "\(time) \(String(format: "%.6f %.6f", coordinate.latitude, coordinate.longitude)) \(DisplayText.clean(source)) \(place)"
    }
}
