import Catalog
import Foundation
import Sources
import Store

/// `artmap refresh [NAME…]`: each collection asked again from its own source, written only into itself.
enum RefreshCommand: Command {
    static let name = "refresh"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 64, forms: [UsageForm(words: "[NAME…]")])

    /// `refresh`'s options: the store; the collections are the words.
    struct Options: CommandOptions {
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Refreshes collections from their own sources (all of them when none is named; see 'artmap collections'):",
        "a collection from the campus service asks it what changed, an imported file is imported again when it",
        "changed on disk, fetched OpenStreetMap tiles older than osm.max-age-days are fetched again, the",
        "Rijksmuseum's paintings are asked for again. Each writes only into its own collection, in one",
        "transaction (the museum's: one a painter); a failure leaves that collection as it was and the others are",
        "still refreshed. With no NAME, a collection with no recorded source is skipped with a line saying so.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        let storePath = options.store.resolvedPath(environment: environment)
        let store = try StoreOpening.open(options.store, environment: environment, console: console, forWriting: true)
        guard !store.isReadOnly else { throw CLIError("refresh cannot save: the store \(storePath) is read-only; nothing was refreshed") }
        let names = try CollectionsCommand.resolve(options.positionals, store: store, command: name)
        let interactive = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        let sources = SourceWiring.context(storePath: storePath, environment: environment)
        var failures = 0
        for collection in names {
            // Asked for all: one that cannot be refreshed is said, not a failure of the rest.
            if options.positionals.isEmpty, try store.collectionSource(collection) == .unknown {
                console.line("\(DisplayText.clean(collection)): skipped: no source is recorded for it (an older artmap imported it); import its file again to refresh it")
                continue
            }
            do {
                let refreshed = try await SourceProviders.refresh(CollectionID(collection), with: sources) { text in
                    if interactive { console.progress("\r\u{1B}[K" + DisplayText.clean("\(collection): \(text)")) }
                }
                if interactive { console.progress("\r\u{1B}[K") }
                console.line(DisplayText.clean(refreshed.line))
            } catch {
                if interactive { console.progress("\r\u{1B}[K") }
                console.error("artmap: \(error)")
                failures += 1
            }
        }
        return failures == 0 ? 0 : 1
    }
}
