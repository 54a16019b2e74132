import Catalog
import Foundation
import Store
import Sync

/// `artmap painters`: follow painters at the Rijksmuseum; their paintings fill the `rijksmuseum` collection.
enum PaintersCommand: Command {
    static let name = "painters"
    static let parser = OptionParser(command: name, specs: [
        OptionSpec(name: "--json", valueName: nil, help: "list as JSON"),
        OptionSpec(name: "--rijks-base", valueName: "URL", help: "the museum's search, id and IIIF bases under one URL (also a setting)"),
        OptionSpec(name: "--no-images", valueName: nil, help: "do not download the paintings' images"),
        StoreOpening.storeOption,
        OptionParser.helpOption,
    ], maxPositionals: 2)

    static let intro = [
        "Usage: artmap painters [list] [--json]",
        "       artmap painters add NAME [--rijks-base URL] [--no-images]",
        "       artmap painters remove NAME",
        "",
        "add searches the Rijksmuseum for paintings by NAME (with images), page by page, fetches each as",
        "Linked Art a few at a time, and saves them all in one transaction into the collection 'rijksmuseum',",
        "placed at the museum and grouped by gallery; then caches their images. A failed request leaves the",
        "store as it was and names the URL. remove takes the painter's paintings (and their favourites) away.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, intro: intro, console: console) else { return 0 }
        let words = options.positionals
        let store = try StoreOpening.open(options, environment: environment, console: console)
        switch words.first ?? "list" {
        case "list":
            let painters = try store.painters()
            if options.has("--json") {
                console.line(JSONWriter.render(.array(painters.map {
                    .object([("name", .string($0.name)), ("paintings", .number(Double($0.total))), ("stored", .number(Double($0.stored)))])
                })))
            } else if painters.isEmpty {
                console.line("no painters yet: artmap painters add \"Johannes Vermeer\"")
            } else {
                for painter in painters {
                    console.line("\(DisplayText.clean(painter.name)): \(painter.stored) painting\(painter.stored == 1 ? "" : "s") stored (the museum lists \(painter.total))")
                }
            }
            return 0
        case "add":
            guard words.count == 2, !words[1].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIError.usage("painters add needs a NAME", command: name)
            }
            guard !store.isReadOnly else { throw CLIError("painters cannot save: the store is read-only") }
            let painter = words[1].trimmingCharacters(in: .whitespaces)
            let client = RijksmuseumClient(bases: try bases(options, store: store), limits: SyncLimits.fromEnvironment(environment))
            let showProgress = isatty(STDERR_FILENO) == 1
            let fetch: PainterFetch
            do {
                fetch = try await client.paintings(of: painter) { step in
                    guard showProgress else { return }
                    switch step {
                    case .searching(let page, let found, let total): console.progress("\r\u{1B}[Ksearching: page \(page), \(found) of \(total)")
                    case .objects(let done, let total): console.progress("\r\u{1B}[Kfetching paintings: \(done) of \(total)")
                    }
                }
            } catch let error as SyncError {
                if showProgress { console.progress("\r\u{1B}[K") }
                throw CLIError("\(DisplayText.clean(error.description)); nothing was saved")
            }
            if showProgress { console.progress("\r\u{1B}[K") }
            for note in fetch.skipped.prefix(20) { console.error("skipped: \(DisplayText.clean(note))") }
            guard !fetch.paintings.isEmpty else {
                throw CLIError("the Rijksmuseum has no paintings with images by '\(DisplayText.clean(painter))'\(fetch.skipped.isEmpty ? "" : " that could be read"); nothing was saved")
            }
            let report = try store.savePainter(painter, total: fetch.total, paintings: fetch.paintings, collection: RijksmuseumClient.collection)
            var line = "added \(DisplayText.clean(painter)): \(fetch.paintings.count) painting\(fetch.paintings.count == 1 ? "" : "s") "
                + "(\(report.new) new, \(report.changed) changed), \(fetch.skipped.count) skipped"
            if !options.has("--no-images") {
                let engine = SyncEngine(limits: try SyncCommand.limits(ParsedOptions(), store: store, environment: environment))
                let images = try await engine.cacheImages(collection: RijksmuseumClient.collection,
                                                          cache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)), store: store)
                line += "; \(images.imagesCached) image\(images.imagesCached == 1 ? "" : "s") cached"
                for failure in images.imageFailures.prefix(5) { console.error("image: \(DisplayText.clean(failure))") }
            }
            console.line(line)
            return 0
        case "remove":
            guard words.count == 2 else { throw CLIError.usage("painters remove needs a NAME", command: name) }
            guard !store.isReadOnly else { throw CLIError("painters cannot save: the store is read-only") }
            guard let removed = try store.removePainter(words[1]) else {
                throw CLIError("no painter named '\(DisplayText.clean(words[1]))' (see 'artmap painters list')")
            }
            console.line("removed \(DisplayText.clean(words[1])) and \(removed.paintings) painting\(removed.paintings == 1 ? "" : "s")"
                + (removed.favourites > 0 ? " (\(removed.favourites) favourite\(removed.favourites == 1 ? "" : "s") went with them)" : ""))
            return 0
        default:
            throw CLIError.usage("painters knows list, add and remove, not '\(DisplayText.clean(words[0]))'", command: name)
        }
    }

    /// The museum's bases: the option, else the `rijks.base` setting, else the museum's own.
    static func bases(_ options: ParsedOptions, store: CatalogStore) throws -> RijksmuseumBases {
        guard let base = try options.value("--rijks-base") ?? store.setting(Setting.rijksBase).flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .museum
        }
        do {
            return try RijksmuseumBases(base: base)
        } catch let error as SyncError {
            throw CLIError.usage("--rijks-base: \(error.message)", command: name)
        }
    }
}

/// `artmap favourites`: the hearted artworks (at most 50), from any collection.
enum FavouritesCommand: Command {
    static let name = "favourites"
    static let parser = OptionParser(command: name, specs: [
        OptionSpec(name: "--collection", valueName: "NAME", help: "the artwork's collection (default campus)"),
        OptionSpec(name: "--json", valueName: nil, help: "list as JSON"),
        StoreOpening.storeOption,
        OptionParser.helpOption,
    ], maxPositionals: 2)

    static let intro = [
        "Usage: artmap favourites [list] [--json]",
        "       artmap favourites add ID [--collection NAME]",
        "       artmap favourites remove ID [--collection NAME]",
        "",
        "At most \(CatalogStore.favouritesLimit) favourites: the slideshow shows each full screen, and high-resolution pictures take",
        "memory on a small machine.",
    ]

    static let fullMessage = "you already have \(CatalogStore.favouritesLimit) favourites, the most artmap keeps (the slideshow shows each one full screen, "
        + "and high-resolution pictures take memory on a small machine); remove one first with 'artmap favourites remove ID' or f in the view"

    static func run(_ arguments: [String], environment: [String: String], console: Console) throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, intro: intro, console: console) else { return 0 }
        let words = options.positionals
        let store = try StoreOpening.open(options, environment: environment, console: console)
        let collection = options.value("--collection") ?? Artwork.defaultCollection
        switch words.first ?? "list" {
        case "list":
            var byCollection: [String: [String: Artwork]] = [:]
            let favourites = try store.favourites()
            for name in Set(favourites.map(\.collection)) {
                byCollection[name] = Dictionary(try store.artworks(collection: name).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            }
            let rows = favourites.compactMap { favourite in byCollection[favourite.collection]?[favourite.id] }
            if options.has("--json") {
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
                guard try store.removeFavourite(collection: collection, id: id) else {
                    throw CLIError("'\(DisplayText.clean(id))' in '\(DisplayText.clean(collection))' is not a favourite")
                }
                console.line("removed the heart from \(DisplayText.clean(id))")
                return 0
            }
            switch try store.addFavourite(collection: collection, id: id) {
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
