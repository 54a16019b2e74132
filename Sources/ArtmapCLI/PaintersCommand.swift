import Catalog
import Foundation
import Runtime
import Sources
import Store
import Sync

/// `artmap painters`: follow painters at the Rijksmuseum; their paintings fill the `rijksmuseum` collection.
enum PaintersCommand: Command {
    static let name = "painters"
    static let subcommands: [Subcommand<Options>] = [
        Subcommand(word: "list", options: ["--json"], isDefault: true, run: list),
        Subcommand(word: "add", arguments: ["NAME"], options: ["--rijks-base", "--no-images"], run: add),
        Subcommand(word: "remove", arguments: ["NAME"], run: remove),
    ]
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: subcommands.maxPositionals(), forms: subcommands.forms())

    /// `painters`'s options.
    struct Options: CommandOptions {
        var json = false
        var rijksBase: String?
        var noImages = false
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .flag("--json", \.json, help: "list as JSON"),
            .option("--rijks-base", \.rijksBase, .text("URL"), help: "the museum's search, id and IIIF bases under one URL (also a setting)"),
            .flag("--no-images", \.noImages, help: "do not download the paintings' images"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "add searches the Rijksmuseum for paintings by NAME (with images), page by page, fetches each as",
        "Linked Art a few at a time, and saves them all in one transaction into the collection 'rijksmuseum',",
        "placed at the museum and grouped by gallery; then caches their images. A failed request leaves the",
        "store as it was and names the URL. remove takes the painter's paintings (and their favourites) away.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await subcommands.run(options, command: name, environment: environment, console: console)
    }

    /// The store, open for a change to the painters.
    private static func writableStore(_ call: Subcommand<Options>.Invocation) throws -> CatalogStore {
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("painters cannot save: the store is read-only") }
        return store
    }

    /// `painters [list]`: each painter followed, with the paintings stored and the museum's count.
    static func list(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let console = call.console
        let painters = try StoreOpening.open(call.options.store, environment: call.environment, console: console).painters()
        if call.options.json {
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
    }

    /// `painters add NAME`: the museum searched page by page, the paintings saved in one transaction, then their images.
    static func add(_ call: Subcommand<Options>.Invocation) async throws -> Int32 {
        let (console, options, environment) = (call.console, call.options, call.environment)
        let store = try writableStore(call)
        let painter = call.arguments[0].trimmingCharacters(in: .whitespaces)
        let client = RijksmuseumClient(bases: try bases(options.rijksBase, store: store), limits: SyncLimits.fromEnvironment(environment))
        let showProgress = isatty(STDERR_FILENO) == 1
        let added: (name: String, fetch: PainterFetch, report: MergeReport)
        do {
            added = try await PainterAdding.add(painter, client: client, store: store) { step in
                guard showProgress else { return }
                switch step {
                case .searching(let page, let found, let total): console.progress("\r\u{1B}[Ksearching: page \(page), \(found) of \(total)")
                case .objects(let done, let total): console.progress("\r\u{1B}[Kfetching paintings: \(done) of \(total)")
                }
            }
        } catch let error as SyncError {
            if showProgress { console.progress("\r\u{1B}[K") }
            throw CLIError("\(DisplayText.clean(error.description)); nothing was saved")
        } catch {
            if showProgress { console.progress("\r\u{1B}[K") }
            throw error
        }
        if showProgress { console.progress("\r\u{1B}[K") }
        for note in added.fetch.skipped.prefix(20) { console.error("skipped: \(DisplayText.clean(note))") }
        for note in added.fetch.notes.prefix(20) { console.error("note: \(DisplayText.clean(note))") }
        var line = PainterAdding.summary(added.name, fetch: added.fetch, report: added.report)
        if !options.noImages {
            let images = try await PainterAdding.cacheImages(store: store, cache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)),
                                                             limits: try SyncCommand.limits(cacheLimit: nil, store: store, environment: environment))
            line += images.line
            for failure in images.failures.prefix(5) { console.error("image: \(DisplayText.clean(failure))") }
        }
        console.line(line)
        return 0
    }

    /// `painters remove NAME`: the painter, their paintings and the favourites among them.
    static func remove(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let store = try writableStore(call), painter = call.arguments[0]
        guard let removed = try store.removePainter(painter) else {
            throw CLIError("no painter named '\(DisplayText.clean(painter))' (see 'artmap painters list')")
        }
        call.console.line("removed \(DisplayText.clean(painter)) and \(removed.paintings) painting\(removed.paintings == 1 ? "" : "s")"
            + (removed.favourites > 0 ? " (\(removed.favourites) favourite\(removed.favourites == 1 ? "" : "s") went with them)" : ""))
        return 0
    }

    /// The museum's bases: the option, else the `rijks.base` setting, else the museum's own.
    static func bases(_ given: String?, store: CatalogStore) throws -> RijksmuseumBases {
        do {
            return try SourceSettings.museum(given, store: store)
        } catch let error as SourceError {
            throw CLIError.usage(error.message, command: name)
        }
    }
}
