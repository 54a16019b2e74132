import Catalog
import Foundation
import Store

/// `artmap collections`: every collection with where it comes from, its size, when it was last refreshed and
/// what a refresh of it does.
enum CollectionsCommand: Command {
    static let name = "collections"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `collections`'s options.
    struct Options: CommandOptions {
        var json = false
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .flag("--json", \.json, help: "list as JSON"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Lists the collections in the store: their source (the campus service, a file, OpenStreetMap, the",
        "Rijksmuseum), how many artworks each holds, when it was last refreshed and what 'artmap refresh NAME'",
        "(or s in the view) does for it.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        let summaries = try store.collectionSummaries()
        let seen = try store.seenCounts()
        if options.json {
            console.line(JSONWriter.render(.array(summaries.map { json($0, seen: seen[$0.name] ?? 0) })))
            return 0
        }
        guard !summaries.isEmpty else {
            console.line("no collections: artmap sync, artmap import FILE or artmap fetch fill one")
            return 0
        }
        for summary in summaries {
            let refreshed = summary.refreshedAt.isEmpty ? "never refreshed" : "refreshed \(MapCommand.age(summary.refreshedAt))"
            let seenText = (seen[summary.name] ?? 0) > 0 ? " (\(seen[summary.name] ?? 0) seen)" : ""
            console.line("\(DisplayText.clean(summary.name)): \(summary.artworks) artwork\(summary.artworks == 1 ? "" : "s")\(seenText), \(refreshed)")
            console.line("  from \(DisplayText.clean(origin(summary.source)))")
            console.line("  refresh \(summary.source.refreshDoes)")
        }
        return 0
    }

    /// Where it comes from, with the campus's remembered service spelled out.
    static func origin(_ source: CollectionSource) -> String {
        if case .service(let url, _) = source, url.isEmpty { return "the campus service (artmap sync; its remembered address)" }
        return source.origin
    }

    /// One collection as `collections --json` has it; `seen` counts its artworks you have seen.
    static func json(_ summary: CollectionSummary, seen: Int = 0) -> JSONWriter.Value {
        var source: [(String, JSONWriter.Value)] = [("kind", .string(summary.source.kind))]
        switch summary.source {
        case .service(let url, let imageBase):
            source += [("url", url.isEmpty ? .null : .string(url)), ("image_base", imageBase.isEmpty ? .null : .string(imageBase))]
        case .file(let file):
            source += [("path", .string(file.path)), ("format", .string(file.format)), ("options", .array(file.options.map { .string($0) })),
                       ("size", file.size < 0 ? .null : .number(Double(file.size))), ("modified", .number(file.modified))]
        case .openStreetMap, .rijksmuseum, .unknown:
            break
        }
        return .object([("name", .string(summary.name)), ("artworks", .number(Double(summary.artworks))),
                        ("seen", .number(Double(seen))), ("source", .object(source)),
                        ("refreshed_at", summary.refreshedAt.isEmpty ? .null : .string(summary.refreshedAt)),
                        ("refresh", .string(summary.source.refreshDoes))])
    }

    /// "no collection named 'helsnki' (did you mean 'helsinki'? have: campus, helsinki)".
    static func unknownCollection(_ typed: String, known: [String]) -> String {
        let hint = Suggestion.nearest(to: typed, among: known).map { "did you mean '\(DisplayText.clean($0))'? " } ?? ""
        return "no collection named '\(DisplayText.clean(typed))' (\(hint)have: \(known.isEmpty ? "none" : known.map(DisplayText.clean).joined(separator: ", ")))"
    }

    /// The stored collections a person named (any case), every one when none; an unknown name is a usage
    /// error that lists the collections and suggests the nearest.
    static func resolve(_ names: [String], store: CatalogStore, command: String) throws -> [String] {
        let known = try store.collectionNames()
        guard !names.isEmpty else { return known }
        return try names.map { typed in
            if let found = try store.collectionNamed(typed) { return found }
            throw CLIError.usage(unknownCollection(typed, known: known), command: command)
        }
    }
}
