import Catalog
import Foundation
import Store

/// `artmap map list | remove SOURCE`: the imported base layers with their size and age, and removing one,
/// so a store that imported cities does not only grow.
enum MapCommand: Command {
    static let name = "map"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 2, forms: [
        UsageForm(words: "[list]", options: ["--json"]),
        UsageForm(words: "remove SOURCE", options: []),
        UsageForm(words: "evict", options: []),
    ])

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

    static func run(_ arguments: [String], environment: [String: String], console: Console) throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        let words = options.positionals
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        switch words.first ?? "list" {
        case "list":
            guard words.count <= 1 else { throw CLIError.usage("map list takes no SOURCE", command: name) }
            let sources = try store.mapSourceSummaries()
            if options.json {
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
        case "remove":
            guard words.count == 2 else { throw CLIError.usage("map remove needs a SOURCE (see 'artmap map list')", command: name) }
            guard !store.isReadOnly else { throw CLIError("map remove cannot change the store: it is read-only") }
            guard try store.removeMapSource(words[1]) else {
                let known = try store.mapSourceSummaries().map(\.name)
                throw CLIError("no base layer named '\(DisplayText.clean(words[1]))' (have: \(known.isEmpty ? "none" : known.map(DisplayText.clean).joined(separator: ", ")))")
            }
            console.line("removed the base layer \(DisplayText.clean(words[1])); its artworks stay in their collection")
            return 0
        case "evict":
            guard words.count == 1 else { throw CLIError.usage("map evict takes no SOURCE", command: name) }
            guard !store.isReadOnly else { throw CLIError("map evict cannot change the store: it is read-only") }
            let days = try OSMServiceOptions.maxAgeDays(store, console: console)
            let evicted = try store.evictFetchedTiles(olderThan: days)
            console.line("evicted \(evicted) tile\(evicted == 1 ? "" : "s") fetched more than \(Int(days)) days ago (osm.max-age-days)")
            return 0
        default:
            throw CLIError.usage("map knows list, remove and evict, not '\(DisplayText.clean(words[0]))'", command: name)
        }
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
