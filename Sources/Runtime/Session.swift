import App
import Catalog
import Cells
import Foundation
import Imaging
import Location
import Screen
import Sources
import Store
import Sync

/// The run loop: owns the terminal (any `TerminalBackend`: ncurses, or a terminal in memory in tests) and the state
/// on one thread; effects' answers and background work (sync, signals, the clock) come back through the queue.
/// `run` is the whole loop; `start` and `step` are its parts, which tests drive one turn at a time.
public final class Session {
    var state: AppState
    let queue: ActionQueue
    /// What the views keep between this session's frames (the map's base layer, the table pane): the session's own.
    let caches = RenderCaches()
    private var signalSources: [DispatchSourceSignal] = []
    private let location: LocationSource
    private var locationTask: Task<Void, Never>?
    private var gpsdClient: GpsdClient?
    private var geoClueClient: GeoClueClient?
    private var running = true
    /// When the clock last ticked (on the injected clock: a test's moves only when the test says).
    private var lastTick = Date.distantPast
    /// How many turns running the terminal was readable but gave no key (see `noteQuietWake`).
    private var quietWakes = 0
    /// Waits for the store's integrity check still running beside a large collection's first frame: nil
    /// when sound, else what is wrong. Taken by the background read of the whole collection.
    public var pendingIntegrityCheck: (@Sendable () -> String?)? {
        get { catalogue.pendingIntegrityCheck }
        set { catalogue.pendingIntegrityCheck = newValue }
    }
    /// What effects reach the world through (the store, HTTP, the clock, the browser), and the services the
    /// session was started with.
    let dependencies: Dependencies
    /// The catalogue's effects, kept to hand them the integrity check.
    private let catalogue: CatalogueEffects
    /// Each feature's effect handler, asked in turn; each is built from the dependencies alone.
    private let handlers: [any EffectHandler]

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

    public init(state: AppState, location: LocationSource, dependencies: Dependencies) throws {
        self.state = state
        self.dependencies = dependencies
        self.location = location
        queue = try ActionQueue()
        catalogue = CatalogueEffects(dependencies)
        // The museum's address, once its setting is saved, applies to the next search at once.
        let painters = PaintersEffects(dependencies)
        handlers = [
            catalogue,
            FavouritesEffects(dependencies),
            SeenEffects(dependencies),
            NotesEffects(dependencies),
            SettingsEffects(dependencies) { key, value in painters.settingApplied(key, value) },
            SlideshowEffects(dependencies),
            TimerEffects(dependencies),
            NewsEffects(dependencies),
            WebPageEffects(dependencies),
            MapEffects(dependencies),
            PictureEffects(dependencies),
            painters,
            SyncEffects(dependencies),
            NearMeEffects(dependencies),
            WalkEffects(dependencies),
        ]
    }

    /// Runs the session on `terminal` until it ends (q, a terminating signal, the input gone): what only a process
    /// with a tty needs (signals, ^Z) around `start` and one `step` after another, each waiting for a key, a posted
    /// answer or the next clock tick.
    public func run(on terminal: some TerminalBackend) {
        installSignalHandlers()
        // ^Z is artmap's to handle (not curses'): the pictures must go before the terminal is given back.
        terminal.handleSuspendKey(waking: queue.wakeDescriptor)
        defer {
            // The pipe closes with the queue: ^Z no longer writes to it.
            terminal.handleSuspendKey(waking: -1)
            signalSources.forEach { $0.cancel() }
            stop()
        }
        start(on: terminal)
        while step(on: terminal, waiting: Session.tickInterval) {}
    }

    /// What the state learns before the first frame (the time, the terminal, its size; then `started`, and what its
    /// effects answered at once), then the first frame. The location source starts here.
    public func start(on terminal: some TerminalBackend) {
        startLocation()
        storeVersion = try? dependencies.store.write { try $0.dataVersion() }
        lastTick = dependencies.clock.now
        dispatch(.tick(lastTick))
        dispatch(.terminalCapabilities(colorDepth: terminal.colorDepth, cellAspect: terminal.cellAspect))
        dispatch(.pixelGraphics(terminal.pixelProtocol, limit: terminal.pixelLimit))
        let wakeQueue = queue
        terminal.onPictureReady = { wakeQueue.noteRedraw() }
        dispatch(.resize(terminal.size))
        dispatch(.started)
        settle()
        present(on: terminal)
    }

    /// One turn of the loop: waits up to `seconds` (no longer than the next clock tick) for a key, an answer posted
    /// from the background or a resize; reduces what came (and what its effects answered); ticks the clock when due;
    /// draws a frame when anything changed. False once the session has ended (then nothing is done).
    @discardableResult
    public func step(on terminal: some TerminalBackend, waiting seconds: Double) -> Bool {
        guard running else { return false }
        let untilTick = max(0, Session.tickInterval - dependencies.clock.now.timeIntervalSince(lastTick))
        // Everything that needs the loop wakes it (keys, posted actions, SIGWINCH); otherwise it sleeps until the next tick.
        let inputWaiting = terminal.waitForInput(orWake: queue.readDescriptor, atMost: min(seconds, untilTick))
        queue.clearWakeUps()
        var dirty = false
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
        noteQuietWake(readable: inputWaiting, events: events, terminal)
        if let reason = terminal.inputEnded {
            inputEnded = reason
            running = false
            return false
        }
        if !events.isEmpty { noticeOtherWriters() }
        for event in events {
            if case .resize = event {
                dispatch(.terminalCapabilities(colorDepth: terminal.colorDepth, cellAspect: terminal.cellAspect))
            }
            handle(event)
            // What the key's effects read on the loop is reduced before the next key: three `n`s typed at once
            // step through three collections, each from the one the last brought.
            settle()
            dirty = true
        }
        if settle() { dirty = true }
        let now = dependencies.clock.now
        if now.timeIntervalSince(lastTick) >= Session.tickInterval {
            lastTick = now
            noticeOtherWriters()
            let before = state.syncAgeText
            dispatch(.tick(now))
            settle()
            if state.syncAgeText != before { dirty = true }
        }
        if dirty || !events.isEmpty, running { present(on: terminal) }
        return running
    }

    /// Readable but nothing read, twice running: end of input or a read error that curses calls "no key"; waiting
    /// again would spin (46,000 failed reads in 2 s), so the terminal looks for itself.
    private func noteQuietWake(readable: Bool, events: [TerminalEvent], _ terminal: some TerminalBackend) {
        guard events.isEmpty, readable else {
            quietWakes = 0
            return
        }
        quietWakes += 1
        if quietWakes >= 2 {
            terminal.confirmInput()
            quietWakes = 0
        }
    }

    /// Stops following the location (gpsd, GeoClue, a GPX replay): when the session has ended.
    public func stop() {
        locationTask?.cancel()
        gpsdClient?.stop()
        geoClueClient?.stop()
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

    /// Reduces `action` and performs its effects; what they answer is queued, and reduced by `settle`.
    func dispatch(_ action: Action) {
        if case .storeDamaged(let reason) = action { storeDamage = reason }
        for effect in reduce(&state, action) {
            perform(effect)
        }
    }

    /// Reduces what effects answered until nothing is queued (answers read on the loop, and their own effects'
    /// answers); true when anything was. Bounded, so a chain of answers cannot hold the loop.
    @discardableResult
    func settle() -> Bool {
        var any = false
        for _ in 0..<64 {
            let actions = queue.drain()
            if actions.isEmpty { break }
            any = true
            actions.forEach(dispatch)
        }
        return any
    }

    func perform(_ effect: Effect) {
        switch effect {
        case .quit:
            running = false
        default:
            // Every effect has its feature's handler (HandlerCoverageTests.swift checks each case); one that reaches
            // none is said, never dropped in silence.
            guard let handler = handler(for: effect) else { return queue.post(.error("nothing performs \(effect)")) }
            handler.perform(effect, queue)
        }
    }

    /// The handler whose effect this is: the first that takes it.
    func handler(for effect: Effect) -> (any EffectHandler)? { handlers.first { $0.handles(effect) } }

    /// Every handler that would take this effect (one, for each but `quit`: the loop's own).
    func handlers(taking effect: Effect) -> [any EffectHandler] { handlers.filter { $0.handles(effect) } }

    /// Before a key is handled and on each clock tick: when another connection has written to the store (another
    /// artmap removing a heart, this process's sync or painter writer), the favourites are read again, so a
    /// second open view does not keep (or show) favourites that are gone.
    func noticeOtherWriters() {
        // The data version is the writer's connection's: it moves when another connection commits.
        guard let version = try? dependencies.store.write({ try $0.dataVersion() }) else { return }
        defer { storeVersion = version }
        guard let last = storeVersion, last != version, let favourites = try? dependencies.store.read({ try $0.favouriteArtworks() }) else { return }
        if favourites.map(\.key) != state.favourites.map(\.key) { dispatch(.favouritesLoaded(favourites)) }
    }

    /// Follows gpsd or GeoClue, or replays the GPX walk, in the background; each fix that passes the distance filter becomes an action.
    private func startLocation() {
        if let gpsd = location.gpsd {
            let queue = self.queue
            let label = location.sourceLabel
            let filter = SharedDistanceFilter(location.filter)
            let client = GpsdClient(address: gpsd, maxError: location.maxError) { event in
                queue.post(.locationStatus(event.statusText))
                // Every fix marks what it passes as seen (issue 47); only those past the filter move the view.
                if case .fix(let coordinate, _) = event { queue.post(.liveFix(coordinate)) }
                if case .fix(let coordinate, _) = event, filter.accept(coordinate) {
                    queue.post(.referenceMoved(coordinate, .live(label)))
                }
            }
            gpsdClient = client
            client.start()
            return
        }
        if location.geoclue {
            // As gpsd's: each state change on the status line, each applied fix moves the reference; a GeoClue that
            // goes away is said there and the last position stays.
            let queue = self.queue
            let label = location.sourceLabel
            let filter = SharedDistanceFilter(location.filter)
            let client = GeoClueClient(busAddress: location.busAddress, maxError: location.maxError) { event in
                queue.post(.locationStatus(event.statusText))
                // Every fix marks what it passes as seen (issue 47); only those past the filter move the view.
                if case .fix(let coordinate, _) = event { queue.post(.liveFix(coordinate)) }
                if case .fix(let coordinate, _) = event, filter.accept(coordinate) {
                    queue.post(.referenceMoved(coordinate, .live(label)))
                }
            }
            geoClueClient = client
            client.start()
            return
        }
        guard let replay = location.replay else { return }
        let queue = self.queue
        let label = location.sourceLabel
        let loop = location.loop, filter = location.filter
        locationTask = Task.detached {
            do {
                try await replay.play(loop: loop, filter: filter, every: { queue.post(.liveFix($0)) }) { coordinate in
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
