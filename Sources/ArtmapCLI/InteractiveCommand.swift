import App
import Catalog
import Curses
import Foundation
import Runtime
import Geo
import Location
import Screen
import Sources
import Store
import Sync

/// `artmap` with no command on a terminal: the full-screen map and table.
enum InteractiveCommand {
    static let parser = OptionParser(command: nil, options: ViewOptions.self, maxPositionals: 0)

    /// The full-screen view's options (also `artmap --help`'s second half).
    struct ViewOptions: CommandOptions {
        var at: Coordinate?
        var radius: Double?
        var nearest: Int?
        var location = LocationInput()
        var layout = LayoutMode.auto
        var collection = CollectionChoice()
        var ascii = false
        var noColor = false
        var noMouse = false
        var pixels: String?
        var offline = false
        var near: String?
        var syncAge: TimeInterval?
        var rijksBase: String?
        var services = OSMServiceInput()
        var store = StoreOption()
        var version = false
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<ViewOptions>] = place + LocationInput.declarations.lifted(\.location) + look + online
            + OSMServiceInput.declarations.lifted(\.services) + StoreOption.declarations.lifted(\.store) + [
                .help,
                .flag(OptionParser.versionOption.name, \.version, help: OptionParser.versionOption.help),
            ]

        private static let place: [OptionDeclaration<ViewOptions>] = [
            .option("--at", \.at, .coordinate, help: "reference point (default: home, location.home, else where the view last was, else the Ashton Building)"),
            .option("--radius", \.radius, .metres(within: 1...100_000), help: "show only what is within this distance (1 to 100000, as the setting map.radius)"),
            .option("--nearest", \.nearest, .count(upTo: 100), valueName: "K", help: "highlight the K nearest buildings, 1 to 100 (default 10)"),
        ]

        private static let look: [OptionDeclaration<ViewOptions>] = [
            .option("--layout", \.layout, .choice(LayoutMode.allCases), help: "auto, side or stacked (default auto)"),
            CollectionChoice.declaration(help: "show only this collection (default: every collection with art within 25 km of the point, or the nearest one)").lifted(\.collection),
            .flag("--ascii", \.ascii, help: "plain ASCII instead of braille and symbols"),
            .flag("--no-color", \.noColor, help: "monochrome (also when NO_COLOR is set)"),
            .flag("--no-mouse", \.noMouse, help: "do not capture the mouse"),
            .option("--pixels", \.pixels, .choice(PixelChoice.modes), help: "pictures as auto, kitty, sixel, iterm or cells (default the images.protocol setting, auto)"),
        ]

        private static let online: [OptionDeclaration<ViewOptions>] = [
            .flag("--offline", \.offline, help: "do not sync, fetch or search online"),
            NearOption.declaration(\.near),
            .option("--sync-age", \.syncAge, .number(within: 0...31_536_000, unit: "seconds", valueName: "SECONDS"), help: "sync at start-up when older than this (default 3600, or the setting)"),
            .option("--rijks-base", \.rijksBase, .text("URL"), help: "the Rijksmuseum's search, id and IIIF bases under one URL (or the setting)"),
        ]

        /// Whether a point of the user's own was given (`--at`, `--near`) rather than a source or the default.
        var fixedPointGiven: Bool { at != nil || near != nil }
    }

    /// The view by the words typed (`Artmap`'s dispatch): `--help` and `--version` answered, else the typed run.
    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        let given = try parser.parse(arguments)
        if answeredHelpOrVersion(given, console: console) { return 0 }
        return try await run(options: try parser.typed(given, as: ViewOptions.self), environment: environment, console: console)
    }

    /// The view with its options already typed (what code calls: `artmap slideshow` builds them); `startSlideshow`
    /// opens straight into the slideshow, at `slideshowInterval` seconds when given. A store found damaged after a
    /// large collection's first frame is moved aside and the view starts again on a new one.
    static func run(options: ViewOptions, environment: [String: String], console: Console,
                    slideshowInterval: Double? = nil, startSlideshow: Bool = false) async throws -> Int32 {
        var end: ViewEnd
        do {
            end = try await runView(options, environment: environment, console: console,
                                    slideshowInterval: slideshowInterval, startSlideshow: startSlideshow, notice: nil)
        } catch let error as StoreError where error.isDamage {
            // A large collection starts before its check has finished: a read that meets the damage first ends up here.
            end = .storeDamaged(reason: error.message, path: options.store.resolvedPath(environment: environment))
        }
        if case .storeDamaged(let reason, let path) = end {
            // Every connection of the first run is closed by now.
            let replaced = try CatalogStore.replaceDamaged(path, reason: reason, now: Date())
            let message = replaced.recovery?.message
            if let message { console.error("artmap: \(message)") }
            end = try await runView(options, environment: environment, console: console,
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

    /// `notice` is shown in the status line from the start (why the view started again).
    private static func runView(_ options: ViewOptions, environment: [String: String], console: Console,
                                slideshowInterval: Double?, startSlideshow: Bool, notice: String?) async throws -> ViewEnd {
        let view = try await prepareView(options: options, environment: environment, console: console, slideshowInterval: slideshowInterval,
                                         startSlideshow: startSlideshow, notice: notice)
        return try await show(view, environment: environment, console: console)
    }

    /// A view ready to run: its session (state, effects' dependencies, location) and what running it needs.
    struct PreparedView {
        let session: Session
        let options: ViewOptions
        let saved: [String: String]
        let storePath: String
    }

    /// Everything `artmap` does before the terminal starts: store, settings, the start, the session wired to its
    /// dependencies (`adjust` changes them: a test's clock), from the typed options.
    static func prepareView(options: ViewOptions, environment: [String: String], console: Console, slideshowInterval: Double?,
                            startSlideshow: Bool, notice: String?, adjust: (inout Dependencies) -> Void = { _ in }) async throws -> PreparedView {
        // A large collection's first frame does not wait for the store's integrity check: the check goes on
        // beside it, and the rest of the collection is shown only once it has passed. Otherwise the store is
        // checked before anything is shown.
        let checked = try StoreOpening.openCheckingAlongside(options.store, environment: environment, console: console)
        var progressive = (try? checked.store.startsNearby(collection: options.collection.collection(in: checked.store),
                                                           threshold: AppState.progressiveStartThreshold)) ?? false
        // A store holding an imported city is large, and its check would hold the first frame back by seconds:
        // there too the check goes on beside the view, which ends (and the store is rebuilt) if it finds damage.
        let checkPath = options.store.resolvedPath(environment: environment)
        let large = ((try? FileManager.default.attributesOfItem(atPath: checkPath)[.size] as? Int) ?? 0) > largeStoreBytes
        if !progressive && !large { _ = try checked.settleCheck() }
        let storeForSettings = checked.store
        let saved = try SettingsReading.saved(storeForSettings)
        let checkedSettings = CheckedSettings(saved) // a hand-edited `map.nearest = -3`: named on the status line, 10 used
        var location = try LocationOptions(options.location, command: nil, console: console, defaultFilter: checkedSettings.distanceFilter)
        if !options.fixedPointGiven { location.follow(setting: saved[Setting.locationSource]) } // location.source, when no option says
        let offline = options.offline
        if options.near != nil && (options.at != nil || location.firstPoint != nil || location.gpsd != nil) {
            throw CLIError.usage("use one of --at, --near, --gpx and --gpsd", command: nil)
        }
        let near = try await OSMServiceOptions.nearPoint(options.near, services: options.services, store: storeForSettings, offline: offline,
                                                         environment: environment, command: nil)
        let here = viewStart(options, location: location, near: near, store: storeForSettings)
        let reference = here.point.coordinate
        let radius = options.radius ?? checkedSettings.radius
        let nearest = options.nearest ?? checkedSettings.nearest
        let syncAge: TimeInterval = options.syncAge ?? checkedSettings.syncMaxAge
        let storePath = options.store.resolvedPath(environment: environment)
        let store = storeForSettings
        let known = try store.collectionNames()
        let pointGiven = here.pointGiven
        var collection = try options.collection.collection(in: store, at: pointGiven ? reference : nil)
        if collection != (try options.collection.collection(in: store)) {
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
        let together = notice == nil ? try options.collection.collectionsShownTogether(in: store, at: reference, metres: radius) : []
        if let first = together.first {
            collection = first
            progressive = false
            if !large { _ = try checked.settleCheck() }
        }
        let followsCollection = here.followsCollection
        var startReference = reference, startSource = here.source
        if progressive, followsCollection, let middle = try store.defaultReference(collection: collection, home: .ashtonBuilding) {
            startReference = middle
            startSource = .fixed("middle of \(collection)")
        }
        var start = try startOptions(store: store, collection: collection, together: together, known: known, reference: startReference,
                                     source: startSource, followsCollection: followsCollection, progressive: progressive, saved: saved,
                                     notice: notice)
        if pointGiven, start.notice == nil { start.notice = try nothingNearNotice(store, start, at: startReference, radius: radius) }
        start.notice = start.notice ?? checkedSettings.notice ?? firstRunNotice(here.point, source: startSource, gpsd: location.gpsd != nil || location.geoclue || startSlideshow)
        try applyViewOptions(&start, options, store: store, saved: saved, slideshowInterval: slideshowInterval,
                             startSlideshow: startSlideshow, nearest: nearest, radius: radius, layout: options.layout, syncAge: syncAge)
        if pointGiven { startOnTheEmptyPoint(&start, collection: collection, at: startReference, store: store) }
        start.world = ResourceLocator.worldAtlas(environment: environment)
        if let problem = start.world.problem, start.notice == nil { start.notice = problem }
        let source = try SyncCommand.resolveSource(source: nil, imageBase: nil, store: store)
        let syncRequest = SyncRequest(storePath: storePath, source: source, collection: collection,
                                      imageCache: ImageCache(cacheRoot: StoreLocation.cacheDirectory(environment: environment)))
        var dependencies = try effectDependencies(options, store: store, syncRequest: syncRequest, environment: environment)
        adjust(&dependencies)
        let session = try Session(state: AppState(start: start), location: location.source, dependencies: dependencies)
        if progressive, let check = checked.takeCheck() { session.pendingIntegrityCheck = { check.problem() } }
        if large, let check = checked.takeCheck() { session.watchIntegrity { check.problem() } }
        return PreparedView(session: session, options: options, saved: saved, storePath: storePath)
    }

    /// The line that says no art is near a point the user gave, and how far the nearest is; nil when some is near.
    private static func nothingNearNotice(_ store: CatalogStore, _ start: StartOptions, at reference: Coordinate,
                                          radius: Double?) throws -> String? {
        guard try store.collectionsNear(reference, metres: radius ?? CollectionChoice.nearMetres).isEmpty else { return nil }
        return CollectionChoice.nothingNearLine(nearest: CatalogQuery(artworks: start.artworks).ranked(from: reference, nearest: 1).first?.distance,
                                             metres: radius)
    }

    /// `--help` and `--version`: printed, and the view not started.
    private static func answeredHelpOrVersion(_ given: ParsedOptions, console: Console) -> Bool {
        if given.asksForHelp {
            console.line(Artmap.usage + "\n\nOptions of the full-screen view:\n" + parser.helpLines().joined(separator: "\n"))
            return true
        }
        if given.asksForVersion {
            console.line("artmap \(Artmap.version)")
            return true
        }
        return false
    }

    /// Where the view starts (issue 44's one "here": the option, a GPX walk, home, where the view last was, the campus),
    /// how the status line names it, whether it is a point of the user's own (it then shows what is near it, whichever
    /// collection holds it; gpsd's first fix comes later), and whether the view follows the collection instead.
    private static func viewStart(_ options: ViewOptions, location: LocationOptions, near: Coordinate?,
                                  store: CatalogStore) -> (point: StartPoint, source: ReferenceSource, pointGiven: Bool, followsCollection: Bool) {
        let point = StartResolving.start(option: StartResolving.given(options.at, option: "--at", near: near, nearText: options.near),
                                         live: location.firstPoint.map { ($0, location.sourceLabel) }, store: store)
        var source: ReferenceSource
        switch point.origin {
        case .live: source = .live(location.sourceLabel)
        case .option: source = near != nil ? .fixed(DisplayText.clean(options.near ?? "")) : .fixed(nil)
        // A home set by coordinates has no name: "home" (the status line gives the coordinates once, after it).
        case .home(let name): source = .home(DisplayText.clean(name ?? ""))
        case .lastShown: source = .fixed("where the view last was")
        case .builtIn: source = .fixed("Ashton Building")
        }
        // A live source whose first fix comes later: the start it waits at says so.
        let waitsFor = location.gpsd != nil ? "gpsd" : location.geoclue ? "GeoClue" : nil
        if let waitsFor, case .fixed(let name) = source { source = .fixed("\(name ?? "fixed point"), until \(waitsFor) has a fix") }
        if let waitsFor, case .home(let name) = source { source = .home((name.isEmpty ? "" : "\(name), ") + "until \(waitsFor) has a fix") }
        return (point, source, !point.isBuiltIn, waitsFor == nil && point.isBuiltIn)
    }

    /// Issue 44 item 4: with no option, live source, home or last place, the view says where it is and why, and how to
    /// say where you are (`@`, then `~` keeps it as home). Not while gpsd's first fix is coming (`waiting`), nor over
    /// a slideshow the view starts in, whose line counts the pictures.
    static func firstRunNotice(_ point: StartPoint, source: ReferenceSource, gpsd waiting: Bool) -> String? {
        guard point.isBuiltIn, !waiting, source == .fixed("Ashton Building") else { return nil }
        return "the built-in campus, Liverpool: @ says where you are, ~ keeps it as home"
    }

    /// The view's options and the saved settings, into what the view starts from.
    private static func applyViewOptions(_ start: inout StartOptions, _ options: ViewOptions, store: CatalogStore, saved: [String: String],
                                         slideshowInterval: Double?, startSlideshow: Bool, nearest: Int, radius: Double?,
                                         layout: LayoutMode, syncAge: TimeInterval) throws {
        giveServiceOptions(options.services, to: &start.settings)
        let offline = options.offline
        start.slideshowInterval = slideshowInterval
        start.nearestCount = nearest
        start.radius = radius
        start.layoutMode = layout
        start.ascii = options.ascii
        let syncAtStart = !options.offline && saved[Setting.syncAtStart] != "no"
        start.syncIfOlderThan = syncAtStart ? syncAge : nil
        start.newsURL = options.offline ? nil : saved[Setting.newsURL]
        start.slideshow = startSlideshow
        // Art near me, anywhere: online, the view fetches what no base layer covers (Features/NearMe).
        start.online = !offline
        start.autoFetch = OSMServiceOptions.autoFetch(store)
        start.queuedNotes = (try? store.queuedNotes().count) ?? 0
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
        start.collection = CollectionID.osm.name
        start.nearCollections = []
        start.catalogueIsPartial = false
        start.syncIfOlderThan = nil
        start.lastSync = nil
    }

    /// What the run loop's effects reach the world through: the store (its connection as the writer, readers beside
    /// it), HTTP, the clock, Nominatim's pacing, and the services: what is near (OpenStreetMap), `s` for each
    /// collection, the painters.
    private static func effectDependencies(_ options: ViewOptions, store: CatalogStore, syncRequest: SyncRequest,
                                           environment: [String: String]) throws -> Dependencies {
        let offline = options.offline
        let storePath = syncRequest.storePath
        let limits = try SyncCommand.limits(cacheLimit: nil, store: store, environment: environment)
        let services = offline ? nil : try OSMServiceOptions.services(options.services, store: store, command: nil)
        let nearMe = NearMeContext(services: services,
                                   storePath: storePath, imageCache: syncRequest.imageCache, limits: limits,
                                   backoff: ServiceBackoff.fromEnvironment(environment), maxAgeDays: try OSMServiceOptions.maxAgeDays(store))
        let shared = SharedStore(store)
        // One pacing of Nominatim for the session, on a connection of its own (its turns are taken off the loop): every
        // `@` search waits for it, and other artmaps on the store see its times.
        let limiter: any RequestLimiter = services == nil || shared.isReadOnly ? NoRequestLimit() : OSMLookup.nominatimLimiter(try shared.connectionForLongWork())
        return Dependencies(store: shared, nominatimLimiter: limiter, browser: XDGOpen(environment: environment), sync: syncRequest,
                            limits: limits, nearMe: nearMe,
                            paintings: PaintingsContext(bases: try PaintersCommand.bases(options.rijksBase, store: store), imageCache: syncRequest.imageCache),
                            sources: sources(storePath: storePath, environment: environment, services: services),
                            notes: try notesContext(store: store, online: !offline))
    }

    /// Where the detail's notes go (osm.api-url) and the token (osm.token); sent only when online.
    private static func notesContext(store: CatalogStore, online: Bool) throws -> NotesContext {
        let client = try NotesCommand.client(apiURL: nil, store: store, command: nil)
        return NotesContext(apiURL: client.base, token: client.token, online: online)
    }

    /// The sources `s` refreshes through, asking OpenStreetMap where this view was told to (its options, else the
    /// settings), as its own fetches do.
    private static func sources(storePath: String, environment: [String: String], services: OSMServices?) -> SourceContext {
        var context = SourceWiring.context(storePath: storePath, environment: environment)
        context.openStreetMapServices = services
        return context
    }

    /// Starts the terminal (or the list, where the cursor cannot be addressed) and runs the view until it ends.
    private static func show(_ view: PreparedView, environment: [String: String], console: Console) async throws -> ViewEnd {
        let options = view.options, saved = view.saved
        let useColor = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty && saved[Setting.theme] != "mono"
        // The option was checked as it was parsed (a choice); a saved value was checked when saved.
        let pixelMode = options.pixels ?? saved[Setting.imageProtocol]
        // Asked before curses starts, so the answers do not reach its key reader.
        let pixels = TerminalProbe.choose(mode: pixelMode, environment: environment, noColor: !useColor, ascii: options.ascii)
        // `auto` asks the terminal's background (OSC 11) before curses starts too; no answer means dark.
        let tone = BackgroundProbe.tone(setting: saved[Setting.theme]) {
            useColor && BackgroundProbe.mayAsk(environment: environment) ? BackgroundProbe.ask() : nil
        }
        let terminal: Terminal
        do {
            terminal = try Terminal(useColor: useColor, useMouse: !options.noMouse, pixels: pixels, tone: tone)
        } catch let error as CursesError where error.cannotAddressCursor {
            console.error("artmap: \(error.message); showing the list instead")
            return .finished(try await Artmap.listInstead(options, environment: environment, console: console))
        } catch {
            throw CLIError("\(error)")
        }
        defer { terminal.stop() }
        view.session.run(on: terminal)
        // The terminal is given back before anything is said on standard error.
        terminal.stop()
        return try ended(view, console: console)
    }

    /// How the view ended, once its session has (a store found damaged, the input gone, or q), the place it showed
    /// remembered for the next start.
    static func ended(_ view: PreparedView, console: Console) throws -> ViewEnd {
        let session = view.session
        if let reason = session.storeDamage { return .storeDamaged(reason: reason, path: view.storePath) }
        session.rememberReference(as: StartResolving.lastShownSetting)
        if let reason = session.inputEnded {
            let message = "the terminal gave no more input (\(reason)); the view has ended"
            // A hang-up is how a terminal window is closed, not a failure: said where it can be, status 0.
            guard TerminalInput.isHangUp(reason) else { throw CLIError(message) }
            console.error("artmap: \(message)")
            return .finished(0)
        }
        return .finished(0)
    }

    /// The settings screen shows what this run uses: a service URL given as an option, not only the saved one.
    private static func giveServiceOptions(_ services: OSMServiceInput, to settings: inout UserSettings) {
        let given: [(String, String, String?)] = [(Setting.overpassURL, "--overpass-url", services.overpass),
                                                  (Setting.wikidataURL, "--wikidata-url", services.wikidata),
                                                  (Setting.commonsURL, "--commons-url", services.commons),
                                                  (Setting.nominatimURL, "--nominatim-url", services.nominatim)]
        for case let (key, option, value?) in given { if let setting = Setting.named(key) { settings.give(setting, value, byOption: option) } }
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
        start.settings = UserSettings(saved: saved)
        start.favourites = try store.favouriteArtworks()
        start.seen = Dictionary(try store.seenMarks().map { ($0.key, $0.at) }, uniquingKeysWith: { first, _ in first })
        start.notedToday = try store.elementsNotedToday()
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
