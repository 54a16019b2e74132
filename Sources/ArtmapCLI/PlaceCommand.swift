import Catalog
import Foundation
import Store
import Sync

/// `artmap place QUERY`: places by name, from the store first (offline), then from Nominatim.
enum PlaceCommand: Command {
    static let name = "place"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 1, forms: [UsageForm(words: "QUERY")])

    /// `place`'s options; the query is the word.
    struct Options: CommandOptions {
        var json = false
        var limit: Int?
        var offline = false
        var services = OSMServiceInput()
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .flag("--json", \.json, help: "print [{name, display_name, lat, lon, category, type}]"),
            .option("--limit", \.limit, .count, help: "at most N places (default 10, at most 50)"),
            .flag("--offline", \.offline, help: "search the store only"),
            OSMServiceInput.nominatimDeclaration.lifted(\.services),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Finds places by name: the artworks, streets and buildings in the store whose names start with QUERY",
        "first (no network; the exact name first), then, when the store has none, OpenStreetMap's Nominatim",
        "(at most one request a second). No match: exit 1.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        guard let query = options.positionals.first?.trimmingCharacters(in: .whitespaces), !query.isEmpty else {
            throw CLIError.usage("place needs a QUERY (a name)", command: name)
        }
        guard query.count <= 200 else { throw CLIError.usage("the QUERY is over 200 characters", command: name) }
        let limit = options.limit ?? 10
        guard limit <= NominatimClient.maxLimit else { throw CLIError.usage("option --limit must be 1 to \(NominatimClient.maxLimit)", command: name) }
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        let offline = options.offline
        let services = offline ? nil : try OSMServiceOptions.services(options.services, store: store, command: name)
        let places: [PlaceMatch]
        do {
            places = try await OSMServiceOptions.findPlaces(query, limit: limit, online: !offline, services: services, store: store, environment: environment)
        } catch let error as SyncError {
            throw CLIError("place search failed: \(DisplayText.clean("\(error)"))")
        }
        guard !places.isEmpty else {
            throw CLIError("no place named '\(DisplayText.clean(query))'\(offline ? " in the store (offline)" : " in the store or on Nominatim")")
        }
        if options.json {
            console.line(JSONWriter.render(.array(places.map { place in
                .object([("name", .string(place.name)), ("display_name", .string(place.displayName)),
                         ("lat", .number(place.latitude)), ("lon", .number(place.longitude)),
                         ("category", .string(place.category)), ("type", .string(place.type))])
            })))
            return 0
        }
        for place in places {
            let kind = [place.category, place.type].filter { !$0.isEmpty }.joined(separator: "/")
            let detail = place.displayName != place.name && !place.displayName.isEmpty ? " — \(DisplayText.clean(place.displayName))" : ""
            console.line("\(DisplayText.clean(place.name))  \(String(format: "%.6f,%.6f", place.latitude, place.longitude))  \(DisplayText.clean(kind))"
                + "\(detail)\(place.fromStore ? " (in the store)" : "")")
        }
        if !places[0].fromStore { console.line("search by Nominatim, data © OpenStreetMap contributors (ODbL)") }
        return 0
    }
}
