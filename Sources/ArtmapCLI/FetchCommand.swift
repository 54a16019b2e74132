import Catalog
import Foundation
import Geo
import Store
import Sync

/// `artmap fetch`: the streets and artworks around a point from OpenStreetMap (Overpass API), by tile,
/// then the artworks' pictures from Wikidata and Commons.
enum FetchCommand: Command {
    static let name = "fetch"
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: 0)

    /// `fetch`'s options.
    struct Options: CommandOptions {
        var around: Coordinate?
        var near: String?
        var radius: Double?
        var noPictures = false
        var picturesOnly = false
        var services = OSMServiceInput()
        var location = LocationInput()
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .option("--around", \.around, .coordinate, help: "the point to fetch around (default: home, location.home, else where the view last was)"),
            NearOption.declaration(\.near),
            .option("--radius", \.radius, .metres(within: 1...MapFetcher.maxRadius), help: "how far around the point (default 1000, at most 5000)"),
            .flag("--no-pictures", \.noPictures, help: "do not look for or download the artworks' pictures"),
            .flag("--pictures", \.picturesOnly, help: "only the pictures of the stored artworks: look up again those found without one, download those missing; asks Overpass nothing"),
        ] + OSMServiceInput.declarations.lifted(\.services) + LocationInput.liveStartDeclarations.lifted(\.location)
            + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Asks OpenStreetMap's Overpass API first for the artworks around the point (one small query), then for",
        "the streets, paths, buildings, water, parks and museums (one box around the point, then the rest of",
        "the radius; at most two queries at once), and stores each answer as it lands, by fixed 0.01° tiles, as",
        "the map's base layer and the collection 'osm'. Tiles fetched within osm.max-age-days (30) are not asked",
        "for again; tiles elsewhere fetched longer ago than that are removed after a fetch (their artworks stay).",
        "A failure keeps what arrived. Then the artworks' pictures are found through Wikidata (P18) and",
        "Wikimedia Commons and downloaded, so they are there offline.",
    ]

    /// Where to fetch around (issue 44's one "here"): the option, a live source's first fix, home, where the view
    /// last was, the campus; a point nobody typed is said with where it came from.
    private static func center(_ options: Options, location: LocationOptions, near: Coordinate?, radius: Double, store: CatalogStore,
                               console: Console) async throws -> Coordinate {
        let here = try await StartResolving.start(option: StartResolving.given(options.around, option: "--around", near: near, nearText: options.near),
                                                  location: location, store: store, console: console, command: name)
        if !here.isTyped { console.error("artmap: fetching around \(here.described), \(DistanceText.format(radius))") }
        return here.coordinate
    }

    /// The default radius, in metres.
    static let defaultRadius = 1_000.0

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        let interactive = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        if options.around != nil && options.near != nil {
            throw CLIError.usage("use either --around or --near, not both", command: name)
        }
        if options.picturesOnly && (options.noPictures || options.around != nil || options.near != nil || options.radius != nil
                                    || options.services.overpass != nil || options.services.nominatim != nil) {
            throw CLIError.usage("--pictures fetches the pictures of every stored artwork from Wikidata and Commons: it takes no "
                                 + "--no-pictures, --around, --near, --radius, --overpass-url or --nominatim-url", command: name)
        }
        let location = try LocationOptions(options.location, command: name, console: console, environment: environment)
        if options.picturesOnly && location.isLive {
            throw CLIError.usage("--pictures asks Overpass nothing, so it takes no --gpsd or --geoclue", command: name)
        }
        let radius = options.radius ?? defaultRadius
        let storePath = options.store.resolvedPath(environment: environment)
        let checked = try StoreOpening.openCheckingAlongside(options.store, environment: environment, console: console, forWriting: true)
        let store = checked.store
        guard !store.isReadOnly else { throw CLIError("fetch cannot save: the store \(storePath) is read-only; nothing was fetched") }
        if options.picturesOnly, try store.artworkCount(collection: CollectionID.osm.name) == 0 {
            console.line("nothing fetched yet, so no pictures to look up: 'artmap fetch --around LAT,LON' (or --near PLACE) fetches the art around a point with its pictures")
            return 0
        }
        let services = try OSMServiceOptions.services(options.services, store: store, command: name)
        let near = options.picturesOnly ? nil : try await OSMServiceOptions.nearPoint(options.near, services: options.services, store: store, offline: false, environment: environment, command: name)
        // One "here" (issue 44): the option, else home, else where the view last was, else the campus.
        let center = options.picturesOnly ? StartResolving.start(store: store).coordinate
            : try await center(options, location: location, near: near, radius: radius, store: store, console: console)
        var request = MapFetchRequest(storePath: storePath, center: center, radius: radius,
                                      maxAgeDays: try OSMServiceOptions.maxAgeDays(store, console: console), services: services,
                                      imageCache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)))
        request.downloadPictures = !options.noPictures
        request.fetchTiles = !options.picturesOnly
        request.lookAgain = options.picturesOnly
        request.beforeWriting = { _ = try checked.settleCheck() }
        let fetcher = MapFetcher(http: OSMServiceOptions.httpClient(), limits: SyncLimits.fromEnvironment(environment),
                                 backoff: ServiceBackoff.fromEnvironment(environment))
        let report: MapFetchReport
        let arrived = ArrivedParts()
        // Ctrl-C (or SIGTERM) stops the fetch: what was stored stays (the artworks first, then the streets box by
        // box, issue 30); the answers not yet stored go.
        let task = Task { try await fetcher.run(request) { step in
                switch step {
                case .artworksStored(let count): arrived.note(artworks: count)
                case .tilesStored(let tiles): arrived.note(tiles: tiles.count)
                default: break
                }
                if case .waiting(let text) = step {
                    if interactive { console.progress("\r\u{1B}[K") }
                    console.error("artmap: \(DisplayText.clean(text))")
                } else if interactive {
                    console.progress("\r\u{1B}[K" + DisplayText.clean(step.text))
                } else if case .tile(let done, let total) = step, total > 4, done % 10 == 0 {
                    // Not on a terminal: a line every ten tiles of a long fetch.
                    console.error("artmap: \(DisplayText.clean(step.text))")
                }
            }
        }
        let stopper = StopOnSignal { task.cancel() }
        defer { stopper.stop() }
        do {
            report = try await task.value
        } catch is CancellationError {
            if interactive { console.progress("\r\u{1B}[K") }
            throw CLIError("fetch stopped; \(arrived.kept)", status: 130)
        } catch {
            if interactive { console.progress("\r\u{1B}[K") }
            let kept = arrived.isEmpty ? "" : "; \(arrived.kept)"
            throw CLIError("fetch failed: \(DisplayText.clean("\(error)"))\(kept)")
        }
        if interactive { console.progress("\r\u{1B}[K") }
        console.line(options.picturesOnly ? report.picturesSummary : report.summary)
        for note in (report.stored?.notes ?? []).prefix(20) { console.error("note: \(DisplayText.clean(note))") }
        for problem in report.pictureProblems.prefix(20) { console.error("no picture: \(DisplayText.clean(problem))") }
        for failure in report.imageFailures.prefix(20) { console.error("picture failed: \(DisplayText.clean(failure))") }
        if report.stored != nil { console.line("map data © OpenStreetMap contributors (ODbL)") }
        if report.stored != nil { ImportCommand.lookingHint(collection: CollectionID.osm.name, at: (center.latitude, center.longitude), console: console) }
        return 0
    }
}

/// What a fetch stored before it stopped or failed: the artworks' answer and the tiles of the streets' answers.
final class ArrivedParts: @unchecked Sendable {
    private let lock = NSLock()
    private var artworks: Int?
    private var tiles = 0

    func note(artworks count: Int) { lock.withLock { artworks = count } }
    func note(tiles count: Int) { lock.withLock { tiles += count } }

    var isEmpty: Bool { lock.withLock { artworks == nil && tiles == 0 } }

    /// "nothing was stored", "kept what arrived: 12 artworks and 4 tiles of streets; …", or (the artworks' question failed)
    /// "kept what arrived: 4 tiles of streets (with the artworks in them); …".
    var kept: String {
        lock.withLock {
            guard let artworks else {
                return tiles == 0 ? "nothing was stored"
                    : "kept what arrived: \(tiles) tile\(tiles == 1 ? "" : "s") of streets (with the artworks in them); the next fetch asks for the rest"
            }
            return "kept what arrived: \(artworks) artwork\(artworks == 1 ? "" : "s")"
                + (tiles > 0 ? " and \(tiles) tile\(tiles == 1 ? "" : "s") of streets" : "") + "; the next fetch asks for the rest"
        }
    }
}

/// Turns SIGINT and SIGTERM into a call of `stop` while a long command runs, and gives them back their
/// default action afterwards.
final class StopOnSignal: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private static let signals = [SIGINT, SIGTERM]

    init(_ stop: @escaping @Sendable () -> Void) {
        for number in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            sources.append(source)
        }
    }

    /// Puts the signals back as they were.
    func stop() {
        sources.forEach { $0.cancel() }
        sources.removeAll()
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
