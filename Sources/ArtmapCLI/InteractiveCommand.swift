import App
import Catalog
import Curses
import Foundation
import Runtime
import Geo
import Location
import Screen
import Store
import Sync

/// `artmap` with no command on a terminal: the full-screen map and table.
enum InteractiveCommand {
    static let parser = OptionParser(command: nil, specs: [
        OptionSpec(name: "--at", valueName: "LAT,LON", help: "reference point (default the Ashton Building)"),
        OptionSpec(name: "--radius", valueName: "METRES", help: "show only what is within this distance"),
        OptionSpec(name: "--nearest", valueName: "K", help: "highlight the K nearest buildings (default 10)"),
    ] + LocationOptions.specs + [
        OptionSpec(name: "--layout", valueName: "MODE", help: "auto, side or stacked (default auto)"),
        OptionSpec(name: "--collection", valueName: "NAME", help: "show only this collection (default: every collection with art within 25 km of the point, or the nearest one)"),
        OptionSpec(name: "--ascii", valueName: nil, help: "plain ASCII instead of braille and symbols"),
        OptionSpec(name: "--no-color", valueName: nil, help: "monochrome (also when NO_COLOR is set)"),
        OptionSpec(name: "--no-mouse", valueName: nil, help: "do not capture the mouse"),
        OptionSpec(name: "--pixels", valueName: "MODE", help: "pictures as auto, kitty, sixel, iterm or cells (default the images.protocol setting, auto)"),
        OptionSpec(name: "--offline", valueName: nil, help: "do not sync, fetch or search online"),
        OSMServiceOptions.nearSpec,
        OptionSpec(name: "--sync-age", valueName: "SECONDS", help: "sync at start-up when older than this (default 3600, or the setting)"),
        OptionSpec(name: "--rijks-base", valueName: "URL", help: "the Rijksmuseum's search, id and IIIF bases under one URL (or the setting)"),
    ] + OSMServiceOptions.specs + [
        StoreOpening.storeOption,
        OptionParser.helpOption,
        OptionSpec(name: "--version", valueName: nil, help: "print the version"),
    ], maxPositionals: 0)

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        try await run(arguments, environment: environment, console: console, slideshowInterval: nil, startSlideshow: false)
    }

    /// The view; `startSlideshow` opens straight into the slideshow (`artmap slideshow`), at `slideshowInterval`
    /// seconds when given. A store found damaged after a large collection's first frame is moved aside and
    /// the view starts again on a new one.
    static func run(_ arguments: [String], environment: [String: String], console: Console,
                    slideshowInterval: Double?, startSlideshow: Bool) async throws -> Int32 {
        var end: ViewEnd
        do {
            end = try await runView(arguments, environment: environment, console: console,
                                    slideshowInterval: slideshowInterval, startSlideshow: startSlideshow, notice: nil)
        } catch let error as StoreError where error.isDamage {
            // A large collection starts before its check has finished: a read that meets the damage first ends up here.
            let path = (try? parser.parse(arguments))?.value("--store") ?? StoreLocation.defaultDatabasePath(environment: environment)
            end = .storeDamaged(reason: error.message, path: path)
        }
        if case .storeDamaged(let reason, let path) = end {
            // Every connection of the first run is closed by now.
            let replaced = try CatalogStore.replaceDamaged(path, reason: reason, now: Date())
            let message = replaced.recovery?.message
            if let message { console.error("artmap: \(message)") }
            end = try await runView(arguments, environment: environment, console: console,
                                    slideshowInterval: slideshowInterval, startSlideshow: startSlideshow, notice: message)
        }
        switch end {
        case .finished(let status): return status
        case .storeDamaged(let reason, _): throw CLIError("the store is damaged (\(reason))")
        }
    }

    /// A store file larger than this (an imported city; its check takes ~90 ms at 25 MB) is checked beside the first frame, not before it.
    static let largeStoreBytes = 16 << 20

    /// How a run of the view ended.
    enum ViewEnd {
        case finished(Int32)
        case storeDamaged(reason: String, path: String)
    }

    /// The view's own options, checked the same whether the view runs or `list` prints instead (output piped):
    /// a malformed one is a usage error, exit 2, either way.
    static func checkViewOptions(_ options: ParsedOptions) throws -> (layout: LayoutMode, syncAge: TimeInterval?) {
        let layoutText = options.value("--layout") ?? "auto"
        guard let layout = LayoutMode(rawValue: layoutText) else {
            throw CLIError.usage("option --layout must be auto, side or stacked, got '\(DisplayText.clean(layoutText))'", command: nil)
        }
        // Checked here, so a typo is the same error on a terminal and when the output is piped (the list instead).
        if let pixelMode = options.value("--pixels"), !PixelChoice.modes.contains(pixelMode) {
            throw CLIError.usage("option --pixels must be auto, kitty, sixel, iterm or cells, got '\(DisplayText.clean(pixelMode))'", command: nil)
        }
        var syncAge: TimeInterval?
        if let text = options.value("--sync-age") {
            guard let seconds = DecimalText.double(text), seconds >= 0 else {
                throw CLIError.usage("option --sync-age needs a decimal number of seconds, got '\(DisplayText.clean(text))'", command: nil)
            }
            syncAge = seconds
        }
        return (layout, syncAge)
    }

    /// `notice` is shown in the status line from the start (why the view started again).
    private static func runView(_ arguments: [String], environment: [String: String], console: Console,
                                slideshowInterval: Double?, startSlideshow: Bool, notice: String?) async throws -> ViewEnd {
        let options = try parser.parse(arguments)
        if answeredHelpOrVersion(options, console: console) { return .finished(0) }
        // A large collection's first frame does not wait for the store's integrity check: the check goes on
        // beside it, and the rest of the collection is shown only once it has passed. Otherwise the store is
        // checked before anything is shown.
        let checked = try StoreOpening.openCheckingAlongside(options, environment: environment, console: console)
        var progressive = (try? checked.store.startsNearby(collection: options.collection(in: checked.store),
                                                           threshold: AppState.progressiveStartThreshold)) ?? false
        // A store holding an imported city is large, and its check would hold the first frame back by seconds:
        // there too the check goes on beside the view, which ends (and the store is rebuilt) if it finds damage.
        let checkPath = options.value("--store") ?? StoreLocation.defaultDatabasePath(environment: environment)
        let large = ((try? FileManager.default.attributesOfItem(atPath: checkPath)[.size] as? Int) ?? 0) > largeStoreBytes
        if !progressive && !large { _ = try checked.settleCheck() }
        let storeForSettings = checked.store
        let saved = try savedSettings(storeForSettings)
        func savedNumber(_ key: String) -> Double? { saved[key].flatMap(DecimalText.double) }
        let location = try LocationOptions(options, command: nil, console: console, defaultFilter: savedNumber(Setting.distanceFilter) ?? 25)
        let offline = options.has("--offline")
        if options.value("--near") != nil && (options.value("--at") != nil || location.firstPoint != nil || location.gpsd != nil) {
            throw CLIError.usage("use one of --at, --near, --gpx and --gpsd", command: nil)
        }
        let near = try await OSMServiceOptions.nearPoint(options, store: storeForSettings, offline: offline, environment: environment, command: nil)
        let reference = try location.firstPoint ?? near ?? LocationOptions.referencePoint(options, command: nil)
        let radius = try options.metres("--radius", command: nil) ?? savedNumber(Setting.radius)
        let nearest = try options.count("--nearest", command: nil) ?? savedNumber(Setting.nearest).map(Int.init) ?? 10
        let checkedOptions = try checkViewOptions(options)
        let layout = checkedOptions.layout
        let syncAge: TimeInterval = checkedOptions.syncAge ?? savedNumber(Setting.syncMaxAge) ?? 3600
        let storePath = options.value("--store") ?? StoreLocation.defaultDatabasePath(environment: environment)
        let store = storeForSettings
        let known = try store.collectionNames()
        // A point of the user's own (not gpsd's, whose first fix comes later) shows what is near it, whichever
        // collection holds it.
        let pointGiven = location.replay != nil || near != nil || options.value("--at") != nil
        var collection = try options.collection(in: store, at: pointGiven ? reference : nil)
        if collection != (try options.collection(in: store)) {
            progressive = (try? store.startsNearby(collection: collection, threshold: AppState.progressiveStartThreshold)) ?? false
            if !progressive && !large { _ = try checked.settleCheck() }
        }
        // Started again on a rebuilt store, the collection asked for may be gone with the damaged one.
        if notice != nil, !known.contains(collection) { collection = Artwork.defaultCollection }
        guard known.contains(collection) || known.isEmpty else {
            throw CLIError(CollectionsCommand.unknownCollection(collection, known: known))
        }
        // Every collection with art near the point is shown together (an import and a fetch of one city, the
        // campus and the map fetched around it); `--collection` and `n` narrow the view to one.
        let together = notice == nil ? try options.collectionsShownTogether(in: store, at: reference, metres: radius) : []
        if let first = together.first {
            collection = first
            progressive = false
            if !large { _ = try checked.settleCheck() }
        }
        let followsCollection = location.replay == nil && location.gpsd == nil && options.value("--at") == nil && near == nil
        var startReference = reference, startSource = startSource(location: location, near: near, options: options)
        if progressive, followsCollection, let middle = try store.defaultReference(collection: collection, home: .ashtonBuilding) {
            startReference = middle
            startSource = .fixed("middle of \(collection)")
        }
        var start = try startOptions(store: store, collection: collection, together: together, known: known, reference: startReference,
                                     source: startSource, followsCollection: followsCollection, progressive: progressive, saved: saved,
                                     notice: notice)
        if pointGiven, start.notice == nil { start.notice = try nothingNearNotice(store, start, at: startReference, radius: radius) }
        try applyViewOptions(&start, options, store: store, saved: saved, slideshowInterval: slideshowInterval,
                             startSlideshow: startSlideshow, nearest: nearest, radius: radius, layout: layout, syncAge: syncAge)
        if pointGiven { startOnTheEmptyPoint(&start, collection: collection, at: startReference, store: store) }
        start.world = ResourceLocator.worldAtlas(environment: environment)
        if let problem = start.world.problem, start.notice == nil { start.notice = problem }
        let source = try SyncCommand.resolveSource(ParsedOptions(), store: store)
        let syncRequest = SyncRequest(storePath: storePath, source: source, collection: collection,
                                      imageCache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)))
        let session = try Session(state: AppState(start: start), store: store, syncRequest: syncRequest,
                                  limits: try SyncCommand.limits(ParsedOptions(), store: store, environment: environment), location: location.source)
        if progressive, let check = checked.takeCheck() { session.pendingIntegrityCheck = { check.problem() } }
        if large, let check = checked.takeCheck() { session.watchIntegrity { check.problem() } }
        try wire(session, options, store: store, storePath: storePath, imageCache: syncRequest.imageCache, environment: environment)
        return try await show(session, arguments, options, saved: saved, storePath: storePath, environment: environment, console: console)
    }

    /// The settings saved in the store (and the user's settings file), by key.
    private static func savedSettings(_ store: CatalogStore) throws -> [String: String] {
        var saved: [String: String] = [:]
        for setting in Setting.all { if let value = try store.setting(setting.key) { saved[setting.key] = value } }
        return saved
    }

    /// The line that says no art is near a point the user gave, and how far the nearest is; nil when some is near.
    private static func nothingNearNotice(_ store: CatalogStore, _ start: StartOptions, at reference: Coordinate,
                                          radius: Double?) throws -> String? {
        guard try store.collectionsNear(reference, metres: radius ?? ParsedOptions.nearMetres).isEmpty else { return nil }
        return ParsedOptions.nothingNearLine(nearest: CatalogQuery(artworks: start.artworks).ranked(from: reference, nearest: 1).first?.distance,
                                             metres: radius)
    }

    /// `--help` and `--version`: printed, and the view not started.
    private static func answeredHelpOrVersion(_ options: ParsedOptions, console: Console) -> Bool {
        if options.has("--help") {
            console.line(Artmap.usage + "\n\nOptions of the full-screen view:\n" + parser.helpLines().joined(separator: "\n"))
            return true
        }
        if options.has("--version") {
            console.line("artmap \(Artmap.version)")
            return true
        }
        return false
    }

    /// What the status line names as the reference point at start.
    private static func startSource(location: LocationOptions, near: Coordinate?, options: ParsedOptions) -> ReferenceSource {
        location.replay != nil ? .live(location.sourceLabel)
            : location.gpsd != nil ? .fixed("Ashton Building, until gpsd has a fix")
            : near != nil ? .fixed(DisplayText.clean(options.value("--near") ?? ""))
            : (options.value("--at") == nil ? .fixed("Ashton Building") : .fixed(nil))
    }

    /// The view's options and the saved settings, into what the view starts from.
    private static func applyViewOptions(_ start: inout StartOptions, _ options: ParsedOptions, store: CatalogStore, saved: [String: String],
                                         slideshowInterval: Double?, startSlideshow: Bool, nearest: Int, radius: Double?,
                                         layout: LayoutMode, syncAge: TimeInterval) throws {
        let offline = options.has("--offline")
        start.slideshowInterval = slideshowInterval
        start.nearestCount = nearest
        start.radius = radius
        start.layoutMode = layout
        start.ascii = options.has("--ascii")
        let syncAtStart = !options.has("--offline") && saved[Setting.syncAtStart] != "no"
        start.syncIfOlderThan = syncAtStart ? syncAge : nil
        start.newsURL = options.has("--offline") ? nil : saved[Setting.newsURL]
        start.slideshow = startSlideshow
        // Art near me, anywhere: online, the view fetches what no base layer covers (Features/NearMe).
        start.online = !offline
        start.autoFetch = OSMServiceOptions.autoFetch(store)
    }

    /// Issue 30: at a point of the user's own with no art near it, a view that will fetch around it starts on that
    /// point, empty, while its art is on the way — never another collection's places thousands of km away. That
    /// collection, with its line, comes back only if the fetch finds nothing (offline or without auto-fetch, at once).
    private static func startOnTheEmptyPoint(_ start: inout StartOptions, collection: String, at point: Coordinate, store: CatalogStore) {
        guard let notice = start.notice, notice.hasPrefix("nothing within"), start.online, start.autoFetch,
              !store.isReadOnly, (try? store.hasBaseLayer(around: point)) == false else { return }
        start.farFallback = (collection, notice)
        start.notice = nil
        start.artworks = []
        start.collection = CatalogStore.fetchedCollection
        start.nearCollections = []
        start.catalogueIsPartial = false
        start.syncIfOlderThan = nil
        start.lastSync = nil
    }

    /// The run loop's services: what is near (OpenStreetMap), `s` for each collection, the painters.
    private static func wire(_ session: Session, _ options: ParsedOptions, store: CatalogStore, storePath: String,
                             imageCache: ImageCache, environment: [String: String]) throws {
        let offline = options.has("--offline")
        session.nearMe = NearMeContext(services: offline ? nil : try OSMServiceOptions.services(options, store: store, command: nil),
                                       storePath: storePath, imageCache: imageCache,
                                       limits: try SyncCommand.limits(ParsedOptions(), store: store, environment: environment),
                                       backoff: ServiceBackoff.fromEnvironment(environment), maxAgeDays: try OSMServiceOptions.maxAgeDays(store))
        let refresher = CollectionRefresher(storePath: storePath, environment: environment)
        session.refresher = { name, progress in try await refresher.refresh(name, progress: progress) }
        session.paintings = PaintingsContext(bases: try PaintersCommand.bases(options, store: store),
                                             storePath: storePath, imageCache: imageCache)
    }

    /// Starts the terminal (or the list, where the cursor cannot be addressed) and runs the view until it ends.
    private static func show(_ session: Session, _ arguments: [String], _ options: ParsedOptions, saved: [String: String],
                             storePath: String, environment: [String: String], console: Console) async throws -> ViewEnd {
        let useColor = !options.has("--no-color") && (environment["NO_COLOR"] ?? "").isEmpty && saved[Setting.theme] != "mono"
        // The option was checked with the others (checkViewOptions); a saved value was checked when saved.
        let pixelMode = options.value("--pixels") ?? saved[Setting.imageProtocol]
        // Asked before curses starts, so the answers do not reach its key reader.
        let pixels = TerminalProbe.choose(mode: pixelMode, environment: environment, noColor: !useColor, ascii: options.has("--ascii"))
        // `auto` asks the terminal's background (OSC 11) before curses starts too; no answer means dark.
        let tone = BackgroundProbe.tone(setting: saved[Setting.theme]) { useColor ? BackgroundProbe.ask() : nil }
        let terminal: Terminal
        do {
            terminal = try Terminal(useColor: useColor, useMouse: !options.has("--no-mouse"), pixels: pixels, tone: tone)
        } catch let error as CursesError where error.cannotAddressCursor {
            console.error("artmap: \(error.message); showing the list instead")
            return .finished(try await Artmap.listInstead(arguments, environment: environment, console: console))
        } catch {
            throw CLIError("\(error)")
        }
        defer { terminal.stop() }
        session.loop(terminal: terminal)
        if let reason = session.storeDamage { return .storeDamaged(reason: reason, path: storePath) }
        if let reason = session.inputEnded {
            terminal.stop()
            let message = "the terminal gave no more input (\(reason)); the view has ended"
            // A hang-up is how a terminal window is closed, not a failure: said where it can be, status 0.
            guard TerminalInput.isHangUp(reason) else { throw CLIError(message) }
            console.error("artmap: \(message)")
            return .finished(0)
        }
        return .finished(0)
    }

    /// What the view starts from, as the store holds it: the first catalogue (for a large collection, the
    /// places around the reference), the map, the settings, the hearts, the news and the last sync.
    private static func startOptions(store: CatalogStore, collection: String, together: [String], known: [String], reference: Coordinate,
                                     source: ReferenceSource, followsCollection: Bool, progressive: Bool,
                                     saved: [String: String], notice: String?) throws -> StartOptions {
        // Every place with what the table, map and pictures need (descriptions are read when a detail opens);
        // for a large collection, first the places around the reference; several collections near the point together.
        var start = StartOptions(artworks: together.count > 1 ? try store.artworks(collections: together, fields: .view)
                                    : try store.startingCatalogue(collection: collection, around: reference,
                                                                  nearby: progressive, places: AppState.progressiveStartPlaces))
        start.collection = collection
        start.nearCollections = together
        start.collections = known
        start.reference = reference
        start.referenceSource = source
        start.referenceFollowsCollection = followsCollection
        start.catalogueIsPartial = progressive
        start.catalogueHoldsFullRecords = false
        start.mapSources = try store.mapSourceNames()
        for name in known { start.sources[name] = try store.collectionSource(name) }
        start.settings = saved
        start.favourites = try store.favouriteArtworks()
        start.notice = notice
        if let text = try store.setting(NewsText.textSetting), !text.isEmpty {
            let fetched = try store.setting(NewsText.fetchedSetting).flatMap { ISO8601DateFormatter().date(from: $0) } ?? Date()
            start.news = NewsItem(text: text, fetchedAt: fetched)
        }
        if let looked = try store.setting(AppState.newsLookedSetting) {
            start.whatsNew = try store.changes(since: looked).map { "\($0.title) (\($0.collection))" }
            start.newsLookedBefore = true
            start.newsReadFingerprint = try store.setting(AppState.newsReadSetting)
        } else if !store.isReadOnly {
            // First start: what the embedded catalogue brought is not news.
            try store.setSetting(AppState.newsLookedSetting, ISO8601DateFormatter().string(from: Date()))
        }
        if let last = try store.syncState(collection: collection)?.lastSuccess {
            start.lastSync = ISO8601DateFormatter().date(from: last)
        }
        return start
    }
}
