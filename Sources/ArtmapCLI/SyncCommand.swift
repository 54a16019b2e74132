import Catalog
import Geo
import Foundation
import Sources
import Store
import Sync

/// `artmap sync`: bring the catalogue up to date with the campus service and cache the images.
enum SyncCommand: Command {
    static let name = "sync"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `sync`'s options.
    struct Options: CommandOptions {
        var source: String?
        var imageBase: String?
        var full = false
        var noImages = false
        var collection: String?
        /// Checked as given, and remembered as given.
        var cacheLimit: String?
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--source", \.source, .text("URL"), help: "service URL (https://, http:// on loopback, or file://); remembered"),
            .option("--image-base", \.imageBase, .text("URL"), help: "base URL of the images; remembered"),
            .flag("--full", \.full, help: "fetch everything and remove what the service no longer lists"),
            .flag("--no-images", \.noImages, help: "do not download images"),
            .option("--collection", \.collection, .text("NAME"), help: "collection to fill (default campus)"),
            .option("--cache-limit", \.cacheLimit, SyncCommand.megabytesValue, help: "image cache size limit in MB (default 500); remembered"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    /// An image cache size in MB: above 0 and below ten million; kept as the text given.
    static let megabytesValue = OptionValue<String>(valueName: "MB") { text, option in
        guard megabytes(text) != nil else { throw OptionValue<String>.refuse(option, "needs a size in MB above 0", text) }
        return text
    }

    static func megabytes(_ text: String) -> Double? { SourceSettings.megabytes(text) }

    static let intro = [
        "Fetches what changed since the last sync (lastUpdate = newest record's date) in one transaction,",
        "then downloads missing images into $XDG_CACHE_HOME/artmap/images. The store is left as it was",
        "when anything goes wrong before the catalogue is saved.",
    ]

    /// The limits for a sync: the environment's, with the image cache limit from the option or the setting.
    static func limits(cacheLimit: String?, store: CatalogStore, environment: [String: String]) throws -> SyncLimits {
        do {
            return try SourceSettings.limits(SyncLimits.fromEnvironment(environment), cacheLimit: cacheLimit, store: store)
        } catch let error as SourceError {
            throw CLIError.usage(error.message, command: name)
        }
    }

    /// The source to use: given on the command line, remembered, or the default. Each option is checked on
    /// its own, so an error names the one that is wrong.
    static func resolveSource(source givenSource: String?, imageBase givenBase: String?, store: CatalogStore) throws -> SyncSource {
        let (service, imageBase) = try SourceSettings.campusService(givenSource, imageBase: givenBase, store: store)
        do {
            _ = try SyncSource(service: service)
        } catch let error as SyncError {
            throw CLIError.usage("option --source: \(error)", command: name)
        }
        do {
            return try SyncSource(service: service, imageBase: imageBase)
        } catch let error as SyncError {
            throw CLIError.usage("option --image-base: \(error)", command: name)
        }
    }

    /// Remembers a source given on the command line, once a sync from it has succeeded: a failed sync
    /// leaves the saved source and image base as they were.
    static func rememberSource(_ options: Options, _ source: SyncSource, store: CatalogStore) throws {
        let givenSource = options.source, givenBase = options.imageBase
        if givenSource != nil { try store.setSetting(Setting.syncSource, source.service.absoluteString) }
        if givenSource != nil || givenBase != nil { try store.setSetting(Setting.syncImageBase, source.imageBase.absoluteString) }
    }

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        // Progress goes to a terminal only.
        let interactive = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        let storePath = options.store.resolvedPath(environment: environment)
        // The store's integrity check runs beside the download and decoding; the merge waits for it.
        let checked = try StoreOpening.openCheckingAlongside(options.store, environment: environment, console: console, forWriting: true)
        guard !checked.store.isReadOnly else {
            throw CLIError("sync cannot save: the store \(storePath) is read-only; nothing was fetched")
        }
        func settings() throws -> (SyncSource, SyncLimits) {
            (try resolveSource(source: options.source, imageBase: options.imageBase, store: checked.store),
             try Self.limits(cacheLimit: options.cacheLimit, store: checked.store, environment: environment))
        }
        let (source, syncLimits): (SyncSource, SyncLimits)
        do {
            (source, syncLimits) = try settings()
        } catch let error as StoreError where error.isDamage {
            guard try checked.settleCheck(after: error) else { throw error }
            (source, syncLimits) = try settings()
        }
        var sync = CampusServiceProvider.Options()
        sync.source = source
        sync.limits = syncLimits
        sync.full = options.full
        sync.downloadImages = !options.noImages
        sync.beforeWriting = { try checked.settleCheck() }
        let report: SyncReport
        do {
            report = try await CampusServiceProvider().sync(CollectionID(options.collection ?? Artwork.defaultCollection),
                                                          with: SourceWiring.context(storePath: storePath, environment: environment), options: sync) { step in
                if interactive { console.progress("\r\u{1B}[K" + DisplayText.clean(step.text)) }
            }
        } catch {
            if interactive { console.progress("\r\u{1B}[K") }
            throw CLIError("\(error)")
        }
        if interactive { console.progress("\r\u{1B}[K") }
        _ = try checked.settleCheck()
        let store = checked.store
        try rememberSource(options, source, store: store)
        if let limit = options.cacheLimit { try store.setSetting(Setting.imageCacheLimit, limit) }
        console.line(report.summary)
        for skipped in report.skipped.prefix(20) {
            console.error("skipped record \(skipped.index + 1)\(skipped.id.map { " (id \($0))" } ?? ""): \(skipped.reason)")
        }
        for note in report.notes.prefix(20) {
            console.error("note: \(note)")
        }
        for failure in report.imageFailures.prefix(20) {
            console.error("image failed: \(failure)")
        }
        if let first = report.futureDated.first {
            console.error("warning: \(report.futureDated.count) record\(report.futureDated.count == 1 ? " is" : "s are") dated in the future (id \(first)); later syncs ask for changes since today")
        }
        return 0
    }
}
