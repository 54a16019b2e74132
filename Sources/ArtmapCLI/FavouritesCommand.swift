import Catalog
import Foundation
import Runtime
import Store

/// `artmap favourites`: the hearted artworks (at most 50), from any collection.
enum FavouritesCommand: Command {
    static let name = "favourites"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 2, forms: [
        UsageForm(words: "[list]", options: ["--json"]),
        UsageForm(words: "add ID", options: ["--collection"]),
        UsageForm(words: "remove ID", options: ["--collection"]),
    ])

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

    static func run(_ arguments: [String], environment: [String: String], console: Console) throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        let words = options.positionals
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        switch words.first ?? "list" {
        case "list":
            let rows = try store.favouriteArtworks()
            if options.json {
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
        case "add", "remove":
            guard words.count == 2 else { throw CLIError.usage("favourites \(words[0]) needs an ID", command: name) }
            guard !store.isReadOnly else { throw CLIError("favourites cannot save: the store is read-only") }
            let id = words[1]
            if words[0] == "remove" {
                // A heart may outlive its artwork: removed from the favourites that hold the id, whatever holds the artwork.
                let hearted = try store.favourites().filter { $0.id == id }.map(\.collection)
                let collection: String
                if options.collection.name != nil {
                    collection = try options.collection.collection(in: store)
                } else if hearted.count > 1 {
                    throw CLIError("the favourite '\(DisplayText.clean(id))' is in the collections \(hearted.map { "'\(DisplayText.clean($0))'" }.joined(separator: " and ")); say which with --collection NAME")
                } else {
                    collection = hearted.first ?? Artwork.defaultCollection
                }
                guard try store.removeFavourite(ArtworkKey(collection: collection, id: id)) else {
                    throw CLIError("'\(DisplayText.clean(id))' in '\(DisplayText.clean(collection))' is not a favourite")
                }
                console.line("removed the heart from \(DisplayText.clean(id))")
                return 0
            }
            let collection = try ArtworkLookup.find(id, in: options.collection, store: store).collection
            switch try store.addFavourite(ArtworkKey(collection: collection, id: id)) {
            case .added: console.line("♥ \(DisplayText.clean(id)) (\(try store.favourites().count) of \(CatalogStore.favouritesLimit))")
            case .alreadyThere: console.line("\(DisplayText.clean(id)) is already a favourite")
            case .full: throw CLIError(fullMessage)
            case .unknownArtwork: throw CLIError("no artwork with id '\(DisplayText.clean(id))' in the collection '\(DisplayText.clean(collection))'")
            }
            return 0
        default:
            throw CLIError.usage("favourites knows list, add and remove, not '\(DisplayText.clean(words[0]))'", command: name)
        }
    }
}
