import Catalog
import Foundation
import Runtime
import Store

/// `artmap favourites`: the hearted artworks (at most 50), from any collection.
enum FavouritesCommand: Command {
    static let name = "favourites"
    static let subcommands: [Subcommand<Options>] = [
        Subcommand(word: "list", options: ["--json"], isDefault: true, run: list),
        Subcommand(word: "add", arguments: ["ID"], options: ["--collection"], run: add),
        Subcommand(word: "remove", arguments: ["ID"], options: ["--collection"], run: remove),
    ]
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: subcommands.maxPositionals(), forms: subcommands.forms())

    /// `favourites`'s options.
    struct Options: CommandOptions {
        var collection = CollectionChoice()
        var json = false
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            CollectionChoice.declaration(help: "the artwork's collection, when more than one holds the id (default: the one that holds it)").lifted(\.collection),
            .flag("--json", \.json, help: "list as JSON"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "At most \(CatalogStore.favouritesLimit) favourites: the slideshow shows each full screen, and high-resolution pictures take",
        "memory on a small machine.",
    ]

    static let fullMessage = Session.favouritesFullMessage

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await subcommands.run(options, command: name, environment: environment, console: console)
    }

    /// `favourites [list]`: the hearts, each with its collection and id.
    static func list(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let console = call.console
        let rows = try StoreOpening.open(call.options.store, environment: call.environment, console: console).favouriteArtworks()
        if call.options.json {
            console.line(JSONWriter.render(.array(rows.map {
                .object([("collection", .string($0.collection)), ("id", .string($0.id)), ("title", .string($0.title)),
                         ("artist", .string($0.artist)), ("year", .string($0.year))])
            })))
        } else if rows.isEmpty {
            console.line("no favourites yet: f on an artwork in the view, or artmap favourites add ID")
        } else {
            for artwork in rows {
                console.line("♥ \(DisplayText.clean(artwork.title)) — \(DisplayText.clean(artwork.artist.isEmpty ? "unknown artist" : artwork.artist)) [\(DisplayText.clean(artwork.collection)) \(DisplayText.clean(artwork.id))]")
            }
            console.line("\(rows.count) of \(CatalogStore.favouritesLimit)")
        }
        return 0
    }

    /// The store, open for writing a heart.
    private static func writableStore(_ call: Subcommand<Options>.Invocation) throws -> CatalogStore {
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("favourites cannot save: the store is read-only") }
        return store
    }

    /// `favourites remove ID`: a heart may outlive its artwork, so it is removed from the favourites that hold the
    /// id, whatever holds the artwork.
    static func remove(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let store = try writableStore(call), id = call.arguments[0]
        let hearted = try store.favourites().filter { $0.id == id }.map(\.collection)
        let collection: String
        if call.options.collection.name != nil {
            collection = try call.options.collection.collection(in: store)
        } else if hearted.count > 1 {
            throw CLIError("the favourite '\(DisplayText.clean(id))' is in the collections \(hearted.map { "'\(DisplayText.clean($0))'" }.joined(separator: " and ")); say which with --collection NAME")
        } else {
            collection = hearted.first ?? Artwork.defaultCollection
        }
        guard try store.removeFavourite(ArtworkKey(collection: collection, id: id)) else {
            throw CLIError("'\(DisplayText.clean(id))' in '\(DisplayText.clean(collection))' is not a favourite")
        }
        call.console.line("removed the heart from \(DisplayText.clean(id))")
        return 0
    }

    /// `favourites add ID`: hearts the artwork, at most `CatalogStore.favouritesLimit` in all.
    static func add(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let store = try writableStore(call), id = call.arguments[0]
        let collection = try ArtworkLookup.find(id, in: call.options.collection, store: store).collection
        switch try store.addFavourite(ArtworkKey(collection: collection, id: id)) {
        case .added: call.console.line("♥ \(DisplayText.clean(id)) (\(try store.favourites().count) of \(CatalogStore.favouritesLimit))")
        case .alreadyThere: call.console.line("\(DisplayText.clean(id)) is already a favourite")
        case .full: throw CLIError(fullMessage)
        case .unknownArtwork: throw CLIError("no artwork with id '\(DisplayText.clean(id))' in the collection '\(DisplayText.clean(collection))'")
        }
        return 0
    }
}
