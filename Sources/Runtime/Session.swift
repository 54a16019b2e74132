import App
import Catalog
import Cells
import Curses
import Foundation
import Imaging
import Location
import Screen
import Store
import Sync

/// Refreshes one collection from its own source, writing only into it; says what changed in one line.
public typealias CollectionRefreshing = @Sendable (_ collection: String, _ progress: @escaping @Sendable (String) -> Void) async throws -> String

/// The run loop: owns the terminal and the reading store connection on one thread; background work
/// (sync, signals, the clock) posts actions through the queue.
public final class Session {
    var state: AppState
    let store: CatalogStore
    let queue: ActionQueue
    let syncRequest: SyncRequest
    let limits: SyncLimits
    /// A painter being fetched from the museum, so Esc can stop it.
    var painterTask: Task<Void, Never>?
    /// Where the museum is (`--rijks-base`, the setting, or the museum itself), and the news URL, for the
    /// background work the paintings side starts.
    public var paintings = PaintingsContext()
    /// Reads the base layer's tiles off the main thread, on a store connection of its own.
    let mapReader = MapTileReader()
    /// What the views keep between this session's frames (the map's base layer, the table pane): the session's own.
    let caches = RenderCaches()
    /// The OpenStreetMap services and where fetched data goes, for the near-me feature (nil: never fetches).
    public var nearMe: NearMeContext?
    /// Refreshes a collection that is not the service's from its own source (`s`): the command line gives it.
    public var refresher: CollectionRefreshing?
    private var signalSources: [DispatchSourceSignal] = []
    private let location: LocationSource
    private var locationTask: Task<Void, Never>?
    private var gpsdClient: GpsdClient?
    private var prefetchTask: Task<Void, Never>?
    private var running = true
    /// Waits for the store's integrity check still running beside a large collection's first frame: nil
    /// when sound, else what is wrong. Taken by the background read of the whole collection.
    public var pendingIntegrityCheck: (@Sendable () -> String?)?

    /// Waits for a store check running beside the view; damage ends the view so the store can be rebuilt.
    public func watchIntegrity(_ check: @escaping @Sendable () -> String?) {
        let queue = self.queue
        Task.detached(priority: .utility) {
            if let problem = check() { queue.post(.storeDamaged(problem)) }
        }
    }
    /// Why the view ended early: the integrity check found the store damaged.
    public private(set) var storeDamage: String?
    /// Why the view ended because its terminal gave no more input (EOF, EIO), if it did.
    public private(set) var inputEnded: String?
    /// The store's data version when last looked at (see `noticeOtherWriters`).
    private var storeVersion: Int64?
    /// Why a heart is refused when the favourites are full (the view and `artmap favourites add` say the same).
    public static let favouritesFullMessage = "you already have \(CatalogStore.favouritesLimit) favourites, the most artmap keeps (the slideshow shows each one full screen, "
        + "and high-resolution pictures take memory on a small machine); remove one first with 'artmap favourites remove ID' or f in the view"
    /// How often the clock ticks (for "synced N min ago").
    static let tickInterval: TimeInterval = 30

    public init(state: AppState, store: CatalogStore, syncRequest: SyncRequest, limits: SyncLimits,
         location: LocationSource) throws {
        self.state = state
        self.location = location
        self.store = store
        self.syncRequest = syncRequest
        self.limits = limits
        queue = try ActionQueue()
    }

    public func loop(terminal: Terminal) {
        installSignalHandlers()
        // ^Z is artmap's to handle (not curses'): the pictures must go before the terminal is given back.
        terminal.handleSuspendKey(waking: queue.wakeDescriptor)
        defer {
            // The pipe closes with the queue: ^Z no longer writes to it.
            terminal.handleSuspendKey(waking: -1)
            signalSources.forEach { $0.cancel() }
            locationTask?.cancel()
            gpsdClient?.stop()
        }
        start(on: terminal)
        var lastTick = Date()
        var dirty = true
        var quietWakes = 0
        while running {
            if dirty {
                present(on: terminal)
                dirty = false
            }
            // Everything that needs the loop wakes it (keys, posted actions, SIGWINCH); otherwise it sleeps
            // until the next clock tick.
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: queue.readDescriptor, events: Int16(POLLIN), revents: 0)]
            let untilTick = max(0, Session.tickInterval - Date().timeIntervalSince(lastTick))
            _ = poll(&fds, 2, Int32(min(untilTick, Session.tickInterval) * 1000) + 1)
            queue.clearWakeUps()
            if queue.takeResize(), let size = terminal.adoptWindowSize() {
                dispatch(.terminalCapabilities(colorDepth: terminal.colorDepth, cellAspect: terminal.cellAspect))
                dispatch(.resize(size))
                dirty = true
            }
            // ^Z: pictures away, terminal restored, stopped; on `fg` the SIGCONT note below repaints everything.
            if terminal.takeSuspendRequest() { terminal.suspend() }
            let redraw = queue.takeRedraw()
            if redraw.repaint { terminal.invalidate() }
            if redraw.redraw { dirty = true }
            let events = terminal.readEvents()
            // Readable but nothing read, twice running: end of input or a read error that curses calls "no key";
            // polling again would spin (46,000 failed reads in 2 s), so look for ourselves.
            if events.isEmpty, fds[0].revents != 0 {
                quietWakes += 1
                if quietWakes >= 2 {
                    terminal.confirmInput()
                    quietWakes = 0
                }
            } else {
                quietWakes = 0
            }
            if let reason = terminal.inputEnded {
                inputEnded = reason
                running = false
                break
            }
            if !events.isEmpty { noticeOtherWriters() }
            for event in events {
                if case .resize = event {
                    dispatch(.terminalCapabilities(colorDepth: terminal.colorDepth, cellAspect: terminal.cellAspect))
                }
                handle(event)
                dirty = true
            }
            for action in queue.drain() {
                dispatch(action)
                dirty = true
            }
            let now = Date()
            if now.timeIntervalSince(lastTick) >= Session.tickInterval {
                lastTick = now
                noticeOtherWriters()
                let before = state.syncAgeText
                dispatch(.tick(now))
                if state.syncAgeText != before { dirty = true }
            }
        }
    }

    /// What the state learns before the first frame: the time, the terminal, its size; then `started`.
    private func start(on terminal: Terminal) {
        startLocation()
        storeVersion = try? store.dataVersion()
        dispatch(.tick(Date()))
        dispatch(.terminalCapabilities(colorDepth: terminal.colorDepth, cellAspect: terminal.cellAspect))
        dispatch(.pixelGraphics(terminal.pixels.kind))
        let wakeQueue = queue
        terminal.onPictureReady = { wakeQueue.noteRedraw() }
        dispatch(.resize(terminal.size))
        dispatch(.started)
    }

    /// Draws the state as it is now on `terminal` (only what changed since its last frame reaches the screen).
    func present(on terminal: some TerminalBackend) {
        terminal.draw(MainView.render(state, caches: caches))
    }

    /// Turns one event from the terminal into the action it means.
    func handle(_ event: TerminalEvent) {
        switch event {
        case .key(let key): dispatch(.key(key))
        case .mouse(let mouse): dispatch(.mouse(mouse))
        case .resize(let size): dispatch(.resize(size))
        }
    }

    func dispatch(_ action: Action) {
        if case .storeDamaged(let reason) = action { storeDamage = reason }
        for effect in reduce(&state, action) {
            perform(effect)
        }
    }

    func perform(_ effect: Effect) {
        switch effect {
        case .quit:
            running = false
        case .fetchMap, .refreshMap, .cachePictures, .findPlace:
            performNearMe(effect)
        case .loadCollection(let name, let search):
            do {
                dispatch(.collectionLoaded(name, try store.artworks(collection: name, fields: .view), search: search))
            } catch {
                dispatch(.error("cannot load the collection \(name): \(error)"))
            }
        case .loadCollections(let names):
            do {
                dispatch(.collectionsLoaded(names, try store.artworks(collections: names, fields: .view)))
            } catch {
                dispatch(.error("cannot load the collections \(names.joined(separator: ", ")): \(error)"))
            }
        case .loadPicture(let id):
            loadPicture(id)
        case .prefetchViewerTiles:
            prefetchViewerTiles()
        case .reloadCatalogue:
            do {
                dispatch(.catalogueReloaded(try store.artworks(collections: state.main.shownCollections, fields: .view)))
                if let looked = try store.setting(AppState.newsLookedSetting) {
                    dispatch(.whatsNewLoaded(try store.changes(since: looked).map { "\($0.title) (\($0.collection))" }))
                }
            } catch {
                dispatch(.error("cannot read the catalogue after the sync: \(error)"))
            }
        case .toggleFavourite(let artwork):
            toggleFavourite(artwork)
        case .findSlideshowPictures:
            do {
                dispatch(.slideshowPicturesFound(try Session.slideshowPictures(store)))
            } catch {
                dispatch(.error("cannot look for slideshow pictures: \(error)"))
            }
        case .slideshowTimer(let seconds, let generation):
            let queue = self.queue
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { queue.post(.slideshowTimer(generation: generation)) }
        case .painters(let request):
            performPainters(request)
        case .saveSetting(let key, let value):
            saveSetting(key: key, value: value)
        case .openWebPage(let url):
            openWebPage(url)
        case .fetchNews(let url):
            fetchNews(from: url)
        case .loadWholeCatalogue(let collection):
            let queue = self.queue, path = syncRequest.storePath, check = pendingIntegrityCheck
            pendingIntegrityCheck = nil
            Task.detached(priority: .userInitiated) {
                do {
                    let artworks = try CatalogStore.reader(path: path).artworks(collection: collection, fields: .view)
                    // Nothing read from a damaged store is shown.
                    if let problem = check?() {
                        queue.post(.storeDamaged(problem))
                        return
                    }
                    queue.post(.wholeCatalogueLoaded(collection: collection, artworks))
                } catch {
                    if let problem = check?() {
                        queue.post(.storeDamaged(problem))
                    } else {
                        queue.post(.error("cannot read the whole collection \(collection): \(error)"))
                    }
                }
            }
        case .readMapTiles(let request):
            mapReader.read(request, storePath: syncRequest.storePath, queue: queue)
        case .buildMap(let request):
            mapReader.build(request, queue: queue)
        case .findRoute(let request):
            mapReader.findRoute(request, storePath: syncRequest.storePath, queue: queue)
        case .planWalk, .saveWalk, .resumeWalk:
            performWalk(effect)
        case .loadFullRecords(let collection, let ids):
            do {
                dispatch(.fullRecordsLoaded(try store.artworks(collection: collection, ids: ids)))
            } catch {
                dispatch(.error("cannot read the artwork's details: \(error)"))
            }
        case .refreshCollection(let name):
            refresh(name)
        case .startSync(let collection):
            guard !store.isReadOnly else {
                dispatch(.syncFailed(reason: "cannot save: the store is read-only", subject: syncRequest.storePath))
                return
            }
            let queue = self.queue
            var request = syncRequest
            // Into the collection asked for, from the service it came from (the campus's is the remembered one).
            request.collection = collection
            if case .service(let url, let imageBase) = state.source(of: collection), !url.isEmpty,
               let own = try? SyncSource(service: url, imageBase: imageBase.isEmpty ? nil : imageBase) {
                request.source = own
            }
            let engine = SyncEngine(limits: limits)
            Task.detached {
                do {
                    let report = try await engine.run(request) { step in queue.post(.syncProgress(step.text)) }
                    let failed = Dictionary(uniqueKeysWithValues: report.imageFailureReasons.map { (ArtworkKey(collection: request.collection, id: $0.key), $0.value) })
                    queue.post(.imagesFailed(failed))
                    queue.post(.syncFinished(summary: report.headline, at: Date()))
                } catch {
                    if let failure = error as? SyncError {
                        queue.post(.syncFailed(reason: failure.message, subject: failure.url))
                    } else {
                        queue.post(.syncFailed(reason: "\(error)", subject: nil))
                    }
                }
            }
        }
    }

    /// Refreshes a collection from its own source with the refresher the composition root gave; the answer is
    /// the sync's (`syncFinished`, `syncFailed`), so the catalogue is read again as after a sync.
    private func refresh(_ name: String) {
        guard let refresher else {
            dispatch(.syncFailed(reason: "\(name) cannot be refreshed from the view", subject: nil))
            return
        }
        guard !store.isReadOnly else {
            dispatch(.syncFailed(reason: "cannot save: the store is read-only", subject: syncRequest.storePath))
            return
        }
        let queue = self.queue
        Task.detached {
            do {
                let summary = try await refresher(name) { queue.post(.syncProgress($0)) }
                queue.post(.syncFinished(summary: summary, at: Date()))
            } catch {
                // The refresher names the collection first; the status line names it already.
                let text = DisplayText.clean("\(error)")
                queue.post(.syncFailed(reason: text.hasPrefix(name + ": ") ? String(text.dropFirst(name.count + 2)) : text, subject: nil))
            }
        }
    }

    /// Before a key is handled and on each clock tick: when another connection has written to the store (another
    /// artmap removing a heart, this process's sync or painter writer), the favourites are read again, so a
    /// second open view does not keep (or show) favourites that are gone.
    func noticeOtherWriters() {
        guard let version = try? store.dataVersion() else { return }
        defer { storeVersion = version }
        guard let last = storeVersion, last != version, let favourites = try? store.favouriteArtworks() else { return }
        if favourites.map(\.key) != state.favourites.map(\.key) { dispatch(.favouritesLoaded(favourites)) }
    }

    /// The Night Watch if the store has it, and up to four artworks whose images are cached, paintings first
    /// (most recently used first within each collection).
    static func slideshowPictures(_ store: CatalogStore) throws -> SlideshowPictures {
        let nightWatch = try store.artworks(collection: paintingsCollection, fields: .view, ids: [nightWatchKey.id]).first
        let cached = try store.cachedImages()
        var collections: [String] = []
        for image in cached where !collections.contains(image.artwork.collection) { collections.append(image.artwork.collection) }
        collections.sort { ($0 == paintingsCollection ? 0 : 1) < ($1 == paintingsCollection ? 0 : 1) }
        var found: [Artwork] = []
        for collection in collections where found.count < SlideshowPictures.presetCount {
            let ids = Array(cached.filter { $0.artwork.collection == collection }.map(\.artwork.id).prefix(256))
            let byID = Dictionary(try store.artworks(collection: collection, fields: .view, ids: ids).map { ($0.id, $0) },
                                  uniquingKeysWith: { first, _ in first })
            found += ids.compactMap { byID[$0] }.filter { !$0.imageFileName.isEmpty }.prefix(SlideshowPictures.presetCount - found.count)
        }
        return SlideshowPictures(nightWatch: nightWatch, cached: found)
    }

    /// Finds the cached file on the loop's own connection, then reads and decodes it off the main thread.
    private func loadPicture(_ id: ArtworkKey) {
        guard let artwork = state.anyArtwork(id) else { return }
        let path: String?
        do {
            path = try store.cachedImagePath(id)
        } catch {
            dispatch(.pictureUnavailable(id, .failed("cannot read the image cache: \(error)")))
            return
        }
        guard let path else {
            dispatch(.pictureUnavailable(id, .notCached))
            return
        }
        try? store.touchCachedImage(id)
        let queue = self.queue
        // One decode at a time: each may take up to the per-picture limit (512 MB) while it runs, and a
        // slideshow asks for two at once, a detail and its viewer for more.
        // The slideshow shows a picture full screen and no larger: it is decoded to the screen's size.
        let screen = state.overlays.last?.isSlideshow == true ? PictureLoader.screenPixels(columns: state.size.columns, rows: state.size.rows) : nil
        PictureLoader.decoding.async {
            do {
                queue.post(.pictureLoaded(try PictureLoader.load(path: path, artwork: artwork, screen: screen)))
            } catch {
                queue.post(.pictureUnavailable(id, .failed("\(error)")))
            }
        }
    }

    /// Renders the viewer's neighbouring tiles in the background; one prefetch at a time, the latest view wins.
    private func prefetchViewerTiles() {
        guard let viewer = state.topViewer, case .ready(let picture)? = state.pictures[viewer.artwork] else { return }
        let view = state.viewerGeometry(picture).view(viewer)
        let depth = state.colorDepth, symbols = state.pictureSymbols
        prefetchTask?.cancel()
        prefetchTask = Task.detached(priority: .utility) {
            picture.prefetch(totalColumns: view.totalColumns, totalRows: view.totalRows, window: view.window, depth: depth, symbols: symbols)
        }
    }

    /// Replays the GPX walk in the background; each fix that passes the distance filter becomes an action.
    private func startLocation() {
        if let gpsd = location.gpsd {
            let queue = self.queue
            let label = location.sourceLabel
            let filter = SharedDistanceFilter(location.filter)
            let client = GpsdClient(address: gpsd, maxError: location.maxError) { event in
                queue.post(.locationStatus(event.statusText))
                if case .fix(let coordinate, _) = event, filter.accept(coordinate) {
                    queue.post(.referenceMoved(coordinate, .live(label)))
                }
            }
            gpsdClient = client
            client.start()
            return
        }
        guard let replay = location.replay else { return }
        let queue = self.queue
        let label = location.sourceLabel
        let loop = location.loop, filter = location.filter
        locationTask = Task.detached {
            do {
                try await replay.play(loop: loop, filter: filter) { coordinate in
                    queue.post(.referenceMoved(coordinate, .live(label)))
                }
                queue.post(.error("\(label): the walk has ended"))
            } catch {}
        }
    }

    /// Terminating signals become `Action.terminate`, handled like `q`; SIGWINCH wakes the loop at once.
    private func installSignalHandlers() {
        let queue = self.queue
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { queue.post(.terminate) }
            source.resume()
            signalSources.append(source)
        }
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        resize.setEventHandler { queue.noteResize() }
        resize.resume()
        signalSources.append(resize)
        // After ^Z and fg curses repaints the cells; pictures drawn in pixels are drawn again with them.
        let continued = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
        continued.setEventHandler { queue.noteRepaint() }
        continued.resume()
        signalSources.append(continued)
    }
}
