import Cartography
import Catalog
import Foundation
import Runtime
import Store
import Sync

/// Refreshes one collection from its own source and writes only into it: the campus-shaped service syncs,
/// an imported file is imported again when it changed on disk, fetched OpenStreetMap tiles are fetched again,
/// the museum's painters are asked again. What `artmap refresh` and the view's `s` share.
struct CollectionRefresher: Sendable {
    let storePath: String
    let environment: [String: String]

    /// Refreshes `name`; returns one line saying what changed, starting with the collection's name. Throws a
    /// `CLIError` saying why nothing was written.
    func refresh(_ name: String, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> String {
        let store = try CatalogStore(path: storePath)
        store.userSettings = SettingsFile(path: SettingsFile.defaultPath(environment: environment))
        guard !store.isReadOnly else { throw CLIError("\(name): cannot save: the store \(storePath) is read-only; nothing was refreshed") }
        switch try store.collectionSource(name) {
        case .service(let url, let imageBase):
            return try await sync(name, url: url, imageBase: imageBase, store: store, progress: progress)
        case .file(let file):
            return try await reimport(name, file: file, progress: progress)
        case .openStreetMap, .wikidata:
            // Wikidata's items are asked with the tiles they lie in, and conflated with OSM's artworks there.
            return try await refetch(name == Conflation.collection ? CatalogStore.fetchedCollection : name, store: store, progress: progress)
        case .rijksmuseum:
            return try await askMuseum(name, store: store, progress: progress)
        case .unknown:
            throw CLIError("\(name): no source is recorded for it (an older artmap imported it); import its file again, and refresh works from then on")
        }
    }

    /// The service's changes since the last sync, into this collection only.
    private func sync(_ name: String, url: String, imageBase: String, store: CatalogStore,
                      progress: @escaping @Sendable (String) -> Void) async throws -> String {
        let source: SyncSource
        do {
            source = url.isEmpty ? try SyncCommand.resolveSource(source: nil, imageBase: nil, store: store)
                : try SyncSource(service: url, imageBase: imageBase.isEmpty ? nil : imageBase)
        } catch {
            throw CLIError("\(name): its service address is not usable (\(error)); nothing was refreshed")
        }
        let request = SyncRequest(storePath: storePath, source: source, collection: name,
                                  imageCache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)))
        do {
            let report = try await SyncEngine(limits: try SyncCommand.limits(cacheLimit: nil, store: store, environment: environment))
                .run(request) { progress("\(name): " + $0.text) }
            return "\(name): \(report.headline)"
        } catch {
            throw CLIError("\(name): sync failed: \(error)")
        }
    }

    /// The file imported again, as it was imported, when it changed on disk.
    private func reimport(_ name: String, file: ImportedFile, progress: @escaping @Sendable (String) -> Void) async throws -> String {
        // What the store says is checked before it becomes an import's arguments: an absolute path, the options
        // an import records and nothing else.
        guard file.path.hasPrefix("/") else {
            throw CLIError("\(name): its recorded file '\(DisplayText.clean(String(file.path.prefix(200))))' is not an absolute path; nothing was changed (import the file again)")
        }
        let options: [String]
        do {
            options = try ImportCommand.checkedRefreshOptions(file.options)
        } catch let error as CLIError {
            throw CLIError("\(name): \(error.message); nothing was changed (import the file again)")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw CLIError("\(name): its file \(file.path) is gone; nothing was changed (import it again from where it is now)")
        }
        guard file.changedOnDisk() else {
            return "\(name): up to date (\(URL(fileURLWithPath: file.path).lastPathComponent) is unchanged since it was imported)"
        }
        progress("\(name): importing \(URL(fileURLWithPath: file.path).lastPathComponent) again")
        let output = CapturedOutput()
        let status: Int32
        do {
            status = try await ImportCommand.run([file.path, "--collection", name, "--replace", "--store", storePath] + options,
                                                 environment: environment, console: output.console)
        } catch let error as CLIError {
            throw CLIError("\(name): \(error.message)")
        }
        guard status == 0 else { throw CLIError("\(name): the import failed: \(output.errors.last ?? "status \(status)")") }
        let line = output.lines.first { $0.hasPrefix("imported") } ?? ""
        // The status line is short: what changed first, the import's own line (features, time) is for the shell.
        let fileName = URL(fileURLWithPath: file.path).lastPathComponent
        guard let counts = line.range(of: #"\d+ new, \d+ changed, \d+ removed"#, options: .regularExpression) else {
            return "\(name): \(fileName) imported again" + (line.isEmpty ? "" : " (\(line))")
        }
        return "\(name): \(fileName) changed on disk and was imported again: \(line[counts])"
    }

    /// The stored tiles older than the age limit fetched again, then the pictures still missing.
    private func refetch(_ name: String, store: CatalogStore, progress: @escaping @Sendable (String) -> Void) async throws -> String {
        let maxAge = try OSMServiceOptions.maxAgeDays(store)
        let allStale = try store.staleTiles(store.fetchedTileKeys(), maxAgeDays: maxAge)
        // At most what one fetch may ask for; the rest go the next time.
        let stale = Array(allStale.prefix(MapFetcher.maxTiles))
        let later = allStale.count - stale.count
        var request = MapFetchRequest(storePath: storePath, center: .ashtonBuilding, radius: 1, maxAgeDays: 0,
                                      services: try OSMServiceOptions.services(OSMServiceInput(), store: store, command: RefreshCommand.name),
                                      imageCache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)))
        request.tiles = stale
        request.fetchTiles = !stale.isEmpty
        let fetcher = MapFetcher(http: OSMServiceOptions.httpClient(), limits: SyncLimits.fromEnvironment(environment),
                                 backoff: ServiceBackoff.fromEnvironment(environment))
        do {
            let report = try await fetcher.run(request) { progress("\(name): " + $0.text) }
            if stale.isEmpty {
                return "\(name): up to date (every tile fetched within \(Self.days(maxAge)))"
                    + (report.imagesCached > 0 ? "; \(report.imagesCached) picture\(report.imagesCached == 1 ? "" : "s") cached" : "")
            }
            return "\(name): \(report.summary)" + (later > 0 ? "; \(later) more tiles older than the age limit remain: refresh again" : "")
        } catch {
            throw CLIError("\(name): fetch failed: \(error)")
        }
    }

    /// Every followed painter's paintings asked for again, then their missing images.
    private func askMuseum(_ name: String, store: CatalogStore, progress: @escaping @Sendable (String) -> Void) async throws -> String {
        let painters = try store.painters()
        guard !painters.isEmpty else { return "\(name): no painters followed (artmap painters add NAME)" }
        let client = RijksmuseumClient(bases: try PaintersCommand.bases(nil, store: store), limits: SyncLimits.fromEnvironment(environment))
        var new = 0, changed = 0
        for (index, painter) in painters.enumerated() {
            progress("\(name): \(painter.name) (\(index + 1) of \(painters.count))")
            do {
                let added = try await PainterAdding.add(painter.name, client: client, store: store) { _ in }
                new += added.report.new
                changed += added.report.changed
            } catch {
                throw CLIError("\(name): \(DisplayText.clean(painter.name)): \(error)" + (index > 0 ? " (the painters before it were refreshed)" : ""))
            }
        }
        let images = try await PainterAdding.cacheImages(store: store, cache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)),
                                                         limits: try SyncCommand.limits(cacheLimit: nil, store: store, environment: environment))
        return "\(name): \(painters.count) painter\(painters.count == 1 ? "" : "s") asked again: \(new) new, \(changed) changed" + images.line
    }

    private static func days(_ days: Double) -> String {
        days == 1 ? "1 day" : "\(days.rounded() == days ? String(Int(days)) : String(days)) days"
    }
}

/// A console whose output is kept, for a command run on another's behalf (a refresh's import).
private final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = "", errText = ""

    var console: Console {
        Console(out: { [self] text in lock.withLock { outText += text } }, err: { [self] text in lock.withLock { errText += text } })
    }

    var lines: [String] { lock.withLock { outText.split(separator: "\n").map(String.init) } }
    var errors: [String] { lock.withLock { errText.split(separator: "\n").map(String.init) } }
}
