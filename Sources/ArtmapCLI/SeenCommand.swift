import Catalog
import Foundation
import Store

/// `artmap seen`: the artworks you have seen (issue 47), marked by hand here or with v in the view, or by walking
/// past them with a live location (the view, `watch`). Kept like hearts: no sync, refresh or import removes them.
enum SeenCommand: Command {
    static let name = "seen"
    static let subcommands: [Subcommand<Options>] = [
        Subcommand(word: "list", options: ["--json"], isDefault: true, run: list),
        Subcommand(word: "add", arguments: ["ID"], options: ["--collection"], run: add),
        Subcommand(word: "remove", arguments: ["ID"], options: ["--collection"], run: remove),
    ]
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: subcommands.maxPositionals(), forms: subcommands.forms())

    /// `seen`'s options.
    struct Options: CommandOptions {
        var collection = CollectionChoice()
        var json = false
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            CollectionChoice.declaration(help: "the artwork's collection, when more than one holds the id (default: the one that holds it)").lifted(\.collection),
            .flag("--json", \.json, help: "list as JSON: collection, id, title, artist, seen_at, how (hand or walk)"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "An artwork is seen when you mark it (v in the view, or seen add) or walk within seen.within metres of it",
        "(default 20) with a live location in the view or in watch: a GPX replay, gpsd or GeoClue.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await subcommands.run(options, command: name, environment: environment, console: console)
    }

    /// `seen [list]`: the seen artworks, oldest first, each with its day and how.
    static func list(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let console = call.console
        let rows = try StoreOpening.open(call.options.store, environment: call.environment, console: console).seenArtworks()
        if call.options.json {
            console.line(JSONWriter.render(.array(rows.map { artwork, mark in
                .object([("collection", .string(artwork.collection)), ("id", .string(artwork.id)), ("title", .string(artwork.title)),
                         ("artist", .string(artwork.artist)), ("seen_at", .string(mark.at)), ("how", .string(mark.how.rawValue))])
            })))
        } else if rows.isEmpty {
            console.line("nothing seen yet: v on an artwork in the view, artmap seen add ID, or walk past art with --gpx, --gpsd or --geoclue")
        } else {
            for (artwork, mark) in rows {
                let how = mark.how == .walk ? "walked past" : "marked"
                console.line("✓ \(mark.day) \(DisplayText.clean(artwork.title)) — \(DisplayText.clean(artwork.artist.isEmpty ? "unknown artist" : artwork.artist)) [\(DisplayText.clean(artwork.collection)) \(DisplayText.clean(artwork.id))] \(how)")
            }
            console.line("\(rows.count) seen")
        }
        return 0
    }

    /// The store, open for writing a mark.
    private static func writableStore(_ call: Subcommand<Options>.Invocation) throws -> CatalogStore {
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("seen cannot save: the store is read-only") }
        return store
    }

    /// `seen add ID`: marks the artwork seen now (one already seen keeps its first day).
    static func add(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let store = try writableStore(call), id = call.arguments[0]
        let artwork = try ArtworkLookup.find(id, in: call.options.collection, store: store)
        if try store.markSeen([artwork.key], how: .hand) == 0 {
            let day = try store.seenMarks().first { $0.key == artwork.key }?.day ?? ""
            call.console.line("\(DisplayText.clean(id)) was already seen (\(day))")
        } else {
            call.console.line("✓ seen: \(DisplayText.clean(artwork.title.isEmpty ? id : artwork.title)) [\(DisplayText.clean(artwork.collection)) \(DisplayText.clean(id))]")
        }
        return 0
    }

    /// `seen remove ID`: a mark may outlive its artwork, so it is removed from the marks that hold the id.
    static func remove(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let store = try writableStore(call), id = call.arguments[0]
        let marked = try store.seenMarks().filter { $0.key.id == id }.map(\.key.collection)
        let collection: String
        if call.options.collection.name != nil {
            collection = try call.options.collection.collection(in: store)
        } else if marked.count > 1 {
            throw CLIError("'\(DisplayText.clean(id))' is seen in the collections \(marked.map { "'\(DisplayText.clean($0))'" }.joined(separator: " and ")); say which with --collection NAME")
        } else {
            collection = marked.first ?? Artwork.defaultCollection
        }
        guard try store.unmarkSeen(ArtworkKey(collection: collection, id: id)) else {
            throw CLIError("'\(DisplayText.clean(id))' in '\(DisplayText.clean(collection))' is not marked seen")
        }
        call.console.line("no longer seen: \(DisplayText.clean(id))")
        return 0
    }
}
