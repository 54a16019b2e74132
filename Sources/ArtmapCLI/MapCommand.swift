import Catalog
import Foundation
import Store

/// `artmap map list | remove SOURCE`: the imported base layers with their size and age, and removing one,
/// so a store that imported cities does not only grow.
enum MapCommand: Command {
    static let name = "map"
    static let subcommands: [Subcommand<Options>] = [
        Subcommand(word: "list", options: ["--json"], isDefault: true, run: list),
        Subcommand(word: "remove", arguments: ["SOURCE"], run: remove),
        Subcommand(word: "evict", run: evict),
    ]
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: subcommands.maxPositionals(), forms: subcommands.forms())

    /// `map`'s options.
    struct Options: CommandOptions {
        var json = false
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .flag("--json", \.json, help: "list as JSON"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "The base layers imported with 'artmap import FILE' (streets, buildings, paths): their size and age.",
        "'remove SOURCE' deletes one layer and its walking paths; the artworks it brought stay in their collection.",
        "'evict' removes the tiles fetched live (artmap fetch, the view's near-me) more than osm.max-age-days ago.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await subcommands.run(options, command: name, environment: environment, console: console)
    }

    /// The store, open for a change to its base layers.
    private static func writableStore(_ call: Subcommand<Options>.Invocation, _ word: String) throws -> CatalogStore {
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("map \(word) cannot change the store: it is read-only") }
        return store
    }

    /// `map [list]`: each base layer with its size and age, and the tiles fetched live.
    static func list(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let console = call.console
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: console)
        let sources = try store.mapSourceSummaries()
        if call.options.json {
            console.line(JSONWriter.render(.array(sources.map {
                .object([("source", .string($0.name)), ("file", .string($0.file)), ("collection", .string($0.collection)),
                         ("imported_at", .string($0.importedAt)), ("features", .number(Double($0.features))),
                         ("walk_edges", .number(Double($0.edges))), ("bytes", .number(Double($0.bytes)))])
            })))
        } else if sources.isEmpty {
            console.line("no base layer imported: artmap import FILE.osm.pbf (or .geojson) adds one")
        } else {
            let tiles = try store.fetchedTiles()
            for source in sources {
                console.line("\(DisplayText.clean(source.name)): \(source.features) features, \(source.edges) walking edges, "
                    + "\(megabytes(source.bytes)), imported \(age(source.importedAt)) from \(DisplayText.clean(source.file)) "
                    + "(collection \(DisplayText.clean(source.collection)))")
                if source.name == CatalogStore.fetchedSource, let oldest = tiles.first {
                    console.line("  \(tiles.count) tiles fetched live, the oldest \(age(oldest.fetchedAt)) (evicted after \(Int(try OSMServiceOptions.maxAgeDays(store))) days with 'artmap map evict')")
                }
            }
        }
        return 0
    }

    /// `map remove SOURCE`: the layer and its walking paths; its artworks stay in their collection.
    static func remove(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let store = try writableStore(call, "remove"), source = call.arguments[0]
        guard try store.removeMapSource(source) else {
            let known = try store.mapSourceSummaries().map(\.name)
            throw CLIError("no base layer named '\(DisplayText.clean(source))' (have: \(known.isEmpty ? "none" : known.map(DisplayText.clean).joined(separator: ", ")))")
        }
        call.console.line("removed the base layer \(DisplayText.clean(source)); its artworks stay in their collection")
        return 0
    }

    /// `map evict`: the tiles fetched live more than osm.max-age-days ago.
    static func evict(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let store = try writableStore(call, "evict")
        let days = try OSMServiceOptions.maxAgeDays(store, console: call.console)
        let evicted = try store.evictFetchedTiles(olderThan: days)
        call.console.line("evicted \(evicted) tile\(evicted == 1 ? "" : "s") fetched more than \(Int(days)) days ago (osm.max-age-days)")
        return 0
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes < 1 << 20 ? "\(max(1, bytes >> 10)) KB" : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    /// "today", "1 day ago", "12 days ago" from an ISO 8601 moment.
    static func age(_ iso: String, now: Date = Date()) -> String {
        guard let date = ISO8601DateFormatter().date(from: iso) else { return "at an unknown time" }
        let days = Int(now.timeIntervalSince(date) / 86_400)
        return days < 1 ? "today" : days == 1 ? "1 day ago" : "\(days) days ago"
    }
}
