import Catalog
import Foundation
import Geo
import TerminalTypes

/// The only place state changes: applies an action and returns the work the run loop must do.
/// Pure: no I/O, no clock (time arrives in `.tick`), no terminal. The root only routes: keys and the mouse
/// to the screen on top, actions to their feature, and what a feature asks (`Delegate`) to its handler.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    let effects = reduceAction(&state, action)
    // Whatever moved the map (a key, a resize, a route, a new reference), the view reads what it now shows.
    return effects + state.routeMain(.settle)
}

private func reduceAction(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .mapTilesRead, .mapBuilt, .routeFound:
        return state.reduceMapReading(action)
    case .key(let key):
        let before = (state.main.reference, state.main.mapCenter)
        return state.handleKey(key) + state.fetchIfMoved(from: before)
    case .mouse(let event):
        let before = (state.main.reference, state.main.mapCenter)
        return state.handleMouse(event) + state.fetchIfMoved(from: before)
    case .resize(let size):
        return state.routeMain(.resize(size))
    case .started:
        return state.started()
    case .tick, .syncProgress, .pixelGraphics, .locationStatus, .error, .favouriteRefused, .settingSaved, .imagesFailed, .notesAnswered:
        state.takeStatus(action)
        return []
    case .collectionLoaded(let name, let artworks, let search):
        return state.replaceCollection(with: .collectionLoaded(name, artworks, search: search))
    case .collectionsLoaded(let names, let artworks):
        return state.replaceCollection(with: .collectionsLoaded(names, artworks))
    case .syncFinished(let summary, let at):
        return state.refreshFinished(summary: summary, at: at)
    case .catalogueReloaded(let artworks):
        state.fullRecords.removeAll()
        let effects = state.routeMain(.catalogue(artworks))
        state.pictures.forgetMissing()
        return effects + state.wantShownPicture()
    case .syncFailed(let reason, let subject):
        return state.refreshFailed(reason: reason, subject: subject)
    case .pictureLoaded, .pictureUnavailable, .terminalCapabilities:
        return state.reducePictures(action)
    case .referenceMoved(let coordinate, let source):
        let before = (state.main.reference, state.main.mapCenter)
        return state.routeMain(.referenceMoved(coordinate, source)) + state.fetchIfMoved(from: before) + state.tellFollowers(coordinate)
    case .terminate:
        // The one way out: `q` on the main screen and a terminating signal both end in `Effect.quit`.
        return [.quit]
    case .liveFix(let fix):
        return state.walkedPast(fix)
    case .seenLoaded(let marks):
        state.setSeen(marks)
        return []
    case .notedToday(let element):
        state.notedToday.insert(element, on: state.now)
        return []
    case .seenRefused(let why):
        state.lastError = why
        return []
    case .favouritesLoaded(let artworks):
        state.setFavourites(artworks, saying: true)
        // The list may have shrunk under an open F (another process removed hearts).
        return state.routeTop(.favourites(.listChanged))
    case .screen(let action):
        return state.routeTop(action)
    case .answer(let action, let id):
        return state.route(action, to: id)
    case .painters(let event, let id):
        return state.painterEvent(event, for: id)
    case .whatsNewLoaded, .newsFailed, .newsLoaded:
        return state.reduceNewsArrival(action)
    case .fullRecordsLoaded(let records):
        state.keepFullRecords(records)
        return []
    case .wholeCatalogueLoaded(let collection, let artworks):
        guard state.takesWholeCatalogue(of: collection) else { return [] }
        state.fullRecords.removeAll()
        return state.routeMain(.catalogue(artworks))
    case .storeDamaged(let reason):
        state.lastError = "the store is damaged (\(reason))"
        return [.quit]
    case .nearMe(let action):
        return state.reduceNearMe(action)
    }
}

extension AppState {
    // MARK: - Routing

    /// Keys go to the search field while it is edited, to a screen's text field while one is typed into,
    /// else through the keymap to the screen on top (or the main screen), else to the global commands.
    mutating func handleKey(_ key: Key) -> [Effect] {
        if layout.tooSmall { return key == .character("q") || key == .escape ? [.quit] : [] }
        if case .paste(let text) = key { return paste(text) }
        if main.searchEditing { return routeMain(.typeSearch(key)) }
        if nearMe.prompt != nil { return typeIntoPlacePrompt(key) }
        if let top = overlays.last {
            switch top.typing(key) {
            case .notTyping: break
            case .action(let action): return routeTop(action)
            case .swallowed: return []
            }
        }
        let context = overlays.last?.keyContext ?? main.keyContext
        guard let command = Keymap.command(for: key, in: context) else { return [] }
        // Messages do not stick: a key's feedback replaces the last message and error (a failed sync stays as its state).
        lastMessage = nil
        lastError = nil
        if let top = overlays.last {
            if let action = top.action(for: command) { return routeTop(action) }
        } else if command == .pickReference, main.showsClusters {
            return pickFarReference()
        } else if let action = MainFeature.action(for: command, in: context) {
            return routeMain(action)
        }
        return perform(command, context: context)
    }

    /// The wheel scrolls the screen on top (when it scrolls); otherwise the mouse is the main screen's.
    mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        guard !layout.tooSmall else { return [] }
        guard let top = overlays.last else { return routeMain(.mouse(event)) }
        guard event.kind == .wheelUp || event.kind == .wheelDown,
              let action = top.action(for: event.kind == .wheelUp ? .rowUp : .rowDown) else { return [] }
        return routeTop(action)
    }

    /// Hands an action to the screen on top.
    @discardableResult
    mutating func routeTop(_ action: OverlayAction) -> [Effect] {
        guard let top = overlays.last else { return [] }
        return route(action, to: top.id)
    }

    /// Hands an action to the screen pushed with `id` (nothing when it has been closed), then what it asks to
    /// its handler.
    mutating func route(_ action: OverlayAction, to id: ScreenID) -> [Effect] {
        guard let index = stackIndex(of: id) else { return [] }
        var screen = overlays[index]
        guard let result = screen.reduce(action, self) else { return [] }
        overlays[index] = screen
        return handle(result, from: id)
    }

    /// Hands an action to the main screen, then what it asks to its handler.
    @discardableResult
    mutating func routeMain(_ action: MainAction) -> [Effect] {
        var screen = main
        let result = MainFeature.reduce(&screen, action, self)
        main = screen
        return handle(result, from: nil)
    }

    /// A collection read or fetched replaces the one shown: the screens, full records and pictures of the old one go.
    mutating func replaceCollection(with action: MainAction) -> [Effect] {
        overlays.removeAll()
        fullRecords.removeAll()
        pictures.removeAll()
        return routeMain(action)
    }

    /// Hands what background work brought to the main screen, then what it asks to its handler.
    mutating func receiveOnMain(_ arrival: MainArrival) -> [Effect] {
        var screen = main
        let result = MainFeature.receive(&screen, arrival)
        main = screen
        return handle(result, from: nil)
    }

    // MARK: - Delegates

    /// Does what a feature asked, in order, after its own effects.
    mutating func handle(_ result: Reduced, from id: ScreenID?) -> [Effect] {
        var effects = (id.map { id in result.effects.map { $0.stamped(by: id) } } ?? result.effects).map(completed)
        for delegate in result.delegates {
            switch delegate {
            case .wantPicture(let id):
                effects += wantPicture(id)
            case .wantWholePicture(let id):
                // A picture decoded at a screen's size (the slideshow's) is read again whole.
                if case .ready(let picture)? = pictures[id], !picture.fullSize { pictures.forget(id) }
                effects += wantPicture(id)
            case .wantFullRecord(let id):
                effects += fullRecordWanted(id)
            case .push(let opening):
                effects += push(opening)
            case .newsRead:
                effects += markNewsRead()
            case .close:
                if let id, let index = stackIndex(of: id) { overlays.remove(at: index) }
            case .message(let text):
                lastMessage = text
            case .showOnMap(let points):
                effects += routeMain(.fitMap(points))
            case .showInTable(let painter):
                overlays.removeAll()
                lastMessage = "paintings by \(painter) (Esc clears the filter)"
                effects.append(.loadCollection(CollectionID.rijksmuseum.name, search: painter))
            }
        }
        return effects
    }

    // MARK: - Start-up and background reports

    /// The work the start options planned: the rest of a large collection, a sync when the data is
    /// stale, the news, and the screens that open at start (the slideshow for `artmap slideshow`).
    mutating func started() -> [Effect] {
        var effects: [Effect] = main.catalogueIsPartial ? [.loadWholeCatalogue(collection: collection)] : []
        if wantsStartupSync() { effects += startSync() }
        if let url = startPlan.newsURL, !url.isEmpty { effects.append(.fetchNews(url: url)) }
        if startPlan.sendNotes { effects.append(.sendNotes) }
        effects += openAtStart()
        effects += fetchIfUncovered(at: main.reference)
        return effects
    }

    /// Takes in what the painters' background work reports, whether or not the screen is still open.
    mutating func painterEvent(_ event: PainterEvent, for id: ScreenID?) -> [Effect] {
        // Paintings came or went: the museum's collection is reachable with n, and reread if it is on screen.
        var effects: [Effect] = []
        if case .finished(_, let painters?) = event {
            if !painters.isEmpty { effects += routeMain(.collectionAvailable(CollectionID.rijksmuseum.name)) }
            if collection == CollectionID.rijksmuseum.name { effects.append(reloadCatalogue) }
        }
        guard let id, stackIndex(of: id) != nil else {
            if case .finished(let line, _) = event { lastMessage = line }
            return effects
        }
        return effects + route(.painters(.event(event)), to: id)
    }

    mutating func startSync(_ name: String? = nil) -> [Effect] {
        if case .running = sync {
            lastMessage = "a sync is already running"
            return []
        }
        sync = .running("starting sync")
        lastError = nil
        refreshing = name ?? collection
        let name = name ?? collection
        guard case .service(let url, let imageBase) = source(of: name), !url.isEmpty else { return [.startSync(collection: name, service: nil)] }
        return [.startSync(collection: name, service: ServiceAddress(url: url, imageBase: imageBase))]
    }
}
