import Catalog
import Foundation
import Geo
import TerminalTypes

/// The only place state changes: applies an action and returns the work the run loop must do.
/// Pure: no I/O, no clock (time arrives in `.tick`), no terminal.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .key(let key):
        let before = (state.reference, state.mapCenter)
        return handleKey(&state, key) + state.fetchIfMoved(from: before)
    case .mouse(let event):
        let before = (state.reference, state.mapCenter)
        return handleMouse(&state, event) + state.fetchIfMoved(from: before)
    case .resize(let size):
        state.size = size
        if !state.zoomChosen { chooseInitialZoom(&state) }
        clampCursor(&state)
        state.keepSelectionVisible()
        return []
    case .tick(let date):
        state.now = date
        return []
    case .started(let maxAge):
        let whole: [Effect] = state.catalogueIsPartial ? [.loadWholeCatalogue(collection: state.collection)] : []
        let fetch = state.fetchIfUncovered(at: state.reference)
        guard let maxAge else { return whole + fetch }
        if let last = state.lastSync, state.now.timeIntervalSince(last) < maxAge { return whole + fetch }
        return whole + fetch + startSync(&state)
    case .collectionLoaded(let name, let artworks):
        state.collection = name
        state.catalogueIsPartial = false
        if !state.collections.contains(name) { state.collections.append(name) }
        state.overlays.removeAll()
        state.setArtworks(artworks)
        state.route = nil
        state.followCollection(home: .ashtonBuilding, homeName: "Ashton Building")
        if !state.zoomChosen { chooseInitialZoom(&state) }
        state.pictures.removeAll()
        state.lastMessage = "collection: \(name)"
        if let search = state.pendingSearch {
            state.pendingSearch = nil
            setSearch(&state, search)
            state.lastMessage = "\(name): paintings by \(search) (Esc clears the filter)"
        }
        return []
    case .syncProgress(let text):
        state.sync = .running(text)
        return []
    case .syncFinished(let summary, let at):
        state.sync = .idle
        state.lastSync = at
        state.now = max(state.now, at)
        state.lastMessage = summary
        state.lastError = nil
        return [.reloadCatalogue]
    case .catalogueReloaded(let artworks):
        state.catalogueIsPartial = false
        state.setArtworks(artworks)
        state.pictures.forgetMissing()
        return wantShownPicture(&state)
    case .syncFailed(let message):
        state.sync = .failed(message)
        state.lastError = "sync failed: " + message
        return []
    case .pictureLoaded, .pictureUnavailable, .terminalCapabilities:
        return reducePictures(&state, action)
    case .referenceMoved(let coordinate, let source):
        state.liveReference = coordinate
        state.liveSource = source
        // While the user measures from a picked point, the live location waits for `M`.
        if state.referenceSource != .picked {
            let before = (state.reference, state.mapCenter)
            state.setReference(coordinate, source: source)
            rerouteFromReference(&state)
            return state.fetchIfMoved(from: before)
        }
        return []
    case .locationStatus(let text):
        state.locationStatus = text
        return []
    case .error(let message):
        state.lastError = message
        return []
    case .terminate:
        return quit(&state)
    case .favouritesLoaded(let artworks):
        state.setFavourites(artworks)
        // The list may have shrunk under an open F (another process removed hearts).
        if case .favourites(let selected)? = state.overlays.last {
            if artworks.isEmpty {
                state.overlays.removeLast()
                state.lastMessage = "no favourites left: they were removed elsewhere"
            } else {
                state.overlays[state.overlays.count - 1] = .favourites(selected: min(selected, artworks.count - 1))
            }
        }
        return []
    case .newsFailed(let reason):
        state.newsProblem = reason
        return []
    case .favouriteRefused(let message):
        state.lastError = message
        return []
    case .slideshowTimer(let generation):
        return reduceSlideshow(&state, .timer(generation: generation))
    case .slideshowPicturesFound(let pictures):
        return reduceSlideshow(&state, .found(pictures))
    case .painters(let event):
        return reducePainterEvent(&state, event)
    case .settingSaved(let key, let value):
        state.applySetting(key: key, value: value)
        if Setting.named(key) != nil { state.lastMessage = "\(key) = \(value ?? "default")" }
        return []
    case .newsLoaded(let item):
        if item != nil { state.newsProblem = nil }
        state.news = item
        state.newsUnread = item != nil
        return []
    case .fullRecordsLoaded(let records):
        return reduceFullRecords(&state, records)
    case .wholeCatalogueLoaded(let collection, let artworks):
        return reduceWholeCatalogue(&state, collection: collection, artworks: artworks)
    case .storeDamaged(let reason):
        state.lastError = "the store is damaged (\(reason))"
        return quit(&state)
    case .nearMe(let action):
        return state.reduceNearMe(action)
    }
}

// MARK: - Keys

/// Keys typed into a text field of a settings or painters screen (a value, a painter's name, y/n).
private func typeIntoField(_ state: inout AppState, _ key: Key) -> [Effect]? {
    switch state.overlays.last {
    case .settings(let screen)? where screen.editing != nil:
        switch key {
        case .enter: return reduceSettings(&state, .edit)
        case .escape: return reduceSettings(&state, .cancel)
        case .backspace, .delete: return reduceSettings(&state, .erase)
        case .character(let c): return reduceSettings(&state, .type(c))
        default: return []
        }
    case .painters(let screen)? where screen.prompt != nil || screen.confirmRemove != nil:
        switch key {
        case .enter: return reducePainters(&state, screen.confirmRemove != nil ? .answer(true) : .confirm)
        case .escape: return reducePainters(&state, .cancel)
        case .backspace, .delete: return reducePainters(&state, .erase)
        case .character(let c): return reducePainters(&state, .type(c))
        default: return []
        }
    default:
        return nil
    }
}

/// `o`: the selected artwork's web page, opened by the run loop (or shown when there is no display).
private func openWebPage(_ state: inout AppState) -> [Effect] {
    let id: String?
    switch state.overlays.last {
    case .detail(let shown, _)?: id = shown
    case .viewer(let viewer)?: id = viewer.artworkID
    case .building(let key, let selected)?:
        id = state.rankedBuilding(key: key).flatMap { $0.artworks.indices.contains(selected) ? $0.artworks[selected].artwork.id : nil }
    case .favourites(let selected)?: id = state.favourites.indices.contains(selected) ? state.favourites[selected].id : nil
    case .slideshow(let show)?: id = show.currentID
    default:
        if state.rows.indices.contains(state.selectedRow), case .artwork(let b, let a) = state.rows[state.selectedRow] {
            id = state.ranked[b].artworks[a].artwork.id
        } else {
            id = nil
        }
    }
    guard let id, let artwork = state.anyArtwork(id: id) else {
        state.lastMessage = "select an artwork to open its web page"
        return []
    }
    guard !artwork.webPage.isEmpty else {
        state.lastMessage = "'\(artwork.title)' has no web page"
        return []
    }
    if let reason = WebPageLink.refusal(artwork.webPage) {
        state.lastError = "not opening '\(DisplayText.clean(artwork.title))' on the web: \(reason)"
        return []
    }
    state.lastMessage = "web page: \(artwork.webPage)"
    return [.openWebPage(artwork.webPage)]
}

private func handleKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    if state.layout.tooSmall {
        if key == .character("q") || key == .escape { return quit(&state) }
        return []
    }
    if state.searchEditing { return editSearch(&state, key) }
    if state.nearMe.prompt != nil { return state.typeIntoPlacePrompt(key) }
    if let effects = typeIntoField(&state, key) { return effects }
    let context: KeyContext
    switch state.overlays.last {
    case .building?: context = .list
    case .detail?, .help?: context = .detail
    case .viewer?: context = .viewer
    case .favourites?: context = .favourites
    case .slideshow?: context = .slideshow
    case .settings?: context = .settings
    case .news?: context = .news
    case .painters?: context = .painters
    case nil: context = state.focus == .map ? .map : (state.route != nil ? .route : .table)
    }
    guard let command = Keymap.command(for: key, in: context) else { return [] }
    state.lastMessage = nil
    return perform(&state, command, context: context)
}

private func perform(_ state: inout AppState, _ command: Command, context: KeyContext) -> [Effect] {
    switch command {
    case .quit:
        if state.overlays.isEmpty { return quit(&state) }
        state.overlays.removeLast()
        return []
    case .back:
        if !state.overlays.isEmpty {
            state.overlays.removeLast()
        } else if state.route != nil {
            state.route = nil
        } else if !state.searchText.isEmpty {
            setSearch(&state, "")
        }
        return []
    case .help:
        if case .help? = state.overlays.last { state.overlays.removeLast() } else { state.overlays.append(.help(scroll: 0)) }
        return []
    case .focusNext:
        if state.overlays.isEmpty { state.focus = state.focus == .map ? .table : .map }
        return []
    case .sync:
        return startSync(&state)
    case .search:
        state.overlays.removeAll()
        state.searchEditing = true
        return []
    case .cycleLayout:
        state.layoutMode = state.layoutMode.next
        state.lastMessage = "layout: \(state.layoutMode.rawValue)"
        clampCursor(&state)
        state.keepSelectionVisible()
        return []
    case .zoomIn, .zoomOut:
        zoom(&state, by: command == .zoomIn ? -1 : 1)
        return []
    case .recenter:
        state.pannedAway = false
        state.mapCenter = state.reference
        state.cursorX = 0
        state.cursorY = 0
        linkMapToTable(&state)
        return []
    case .pickReference:
        let picked = state.coordinate(atCellX: state.cursorX, y: state.cursorY)
        state.setReference(picked, source: .picked)
        state.lastMessage = "measuring from the picked point"
        rerouteFromReference(&state)
        return []
    case .liveReference:
        state.setReference(state.liveReference, source: state.liveSource)
        state.lastMessage = "measuring from \(state.liveSource.label)"
        rerouteFromReference(&state)
        return []
    case .nextCollection:
        guard state.collections.count > 1 else {
            state.lastMessage = "only one collection (artmap import FILE adds more)"
            return []
        }
        let index = state.collections.firstIndex(of: state.collection) ?? -1
        return [.loadCollection(state.collections[(index + 1) % state.collections.count])]
    case .radiusSmaller, .radiusLarger:
        changeRadius(&state, larger: command == .radiusLarger)
        return []
    case .moveCursor(let dx, let dy):
        moveCursor(&state, dx: dx, dy: dy)
        return []
    case .rowUp, .rowDown, .pageUp, .pageDown, .top, .bottom:
        return moveSelection(&state, command, context: context)
    case .open:
        return open(&state, context: context)
    case .openImage:
        guard case .detail(let id, _)? = state.overlays.last else { return [] }
        state.overlays.append(.viewer(ImageViewerState(artworkID: id)))
        let wanted = wantPicture(&state, id)
        if case .ready? = state.pictures[id] { return wanted + [.prefetchViewerTiles] }
        return wanted
    case .viewer(let action):
        return reduceViewer(&state, action)
    case .route(let action):
        return reduceRoute(&state, action, context: context)
    case .favourites(let action):
        return reduceFavourites(&state, action)
    case .slideshow(let action):
        return reduceSlideshow(&state, action)
    case .settings(let action):
        return reduceSettings(&state, action)
    case .painters(let action):
        return reducePainters(&state, action)
    case .news(let open, let scroll):
        return reduceNews(&state, open: open, scroll: scroll)
    case .openWebPage:
        return openWebPage(&state)
    case .nearMe(let command):
        return state.reduceNearMe(command.action)
    }
}

/// The one way out: `q` on the main screen and a terminating signal both end in `Effect.quit`.
private func quit(_ state: inout AppState) -> [Effect] {
    [.quit]
}

private func startSync(_ state: inout AppState) -> [Effect] {
    if case .running = state.sync {
        state.lastMessage = "a sync is already running"
        return []
    }
    state.sync = .running("starting sync")
    state.lastError = nil
    return [.startSync]
}

// MARK: - Search

private func editSearch(_ state: inout AppState, _ key: Key) -> [Effect] {
    switch key {
    case .escape:
        state.searchEditing = false
        setSearch(&state, "")
    case .enter, .tab:
        state.searchEditing = false
    case .backspace, .delete:
        if !state.searchText.isEmpty { setSearch(&state, String(state.searchText.dropLast())) }
    case .character(let c):
        if state.searchText.count < 60 { setSearch(&state, state.searchText + String(c)) }
    default:
        break
    }
    return []
}

private func setSearch(_ state: inout AppState, _ text: String) {
    let keep = state.selectionIdentity
    state.searchText = DisplayText.clean(text)
    state.refresh(keeping: keep)
    linkTableToMap(&state)
}

// MARK: - Map

private func zoom(_ state: inout AppState, by step: Int) {
    let target = state.coordinate(atCellX: state.cursorX, y: state.cursorY)
    state.zoomIndex = max(0, min(AppState.zoomLevels.count - 1, state.zoomIndex + step))
    // Keep the cursor over the same place when it stays on screen.
    let offset = state.cellOffset(of: target)
    state.cursorX = offset.x
    state.cursorY = offset.y
    clampCursor(&state)
    state.lastMessage = "zoom: \(DistanceText.format(state.metresPerCell)) per cell"
}

private func chooseInitialZoom(_ state: inout AppState) {
    let inner = state.layout.mapInner
    guard inner.width > 4, inner.height > 2 else { return }
    state.zoomChosen = true
    let nearest = state.catalog.ranked(from: state.reference, nearest: 5)
    let halfWidthCells = Double(inner.width) / 2 - 1, halfHeightCells = Double(inner.height) / 2 - 1
    let projection = state.projection
    for (index, mpc) in AppState.zoomLevels.enumerated() {
        let fits = nearest.allSatisfy { building in
            let p = projection.project(building.building.coordinate)
            return abs(p.east) / mpc <= halfWidthCells && abs(p.north) / (2 * mpc) <= halfHeightCells
        }
        if fits {
            state.zoomIndex = index
            return
        }
    }
    state.zoomIndex = AppState.zoomLevels.count - 1
}

private func clampCursor(_ state: inout AppState) {
    let half = state.mapHalfExtent
    state.cursorX = max(-half.x, min(half.x, state.cursorX))
    state.cursorY = max(-half.y, min(half.y, state.cursorY))
}

/// Moves the cursor; past the edge of the pane the view pans instead.
private func moveCursor(_ state: inout AppState, dx: Int, dy: Int) {
    let half = state.mapHalfExtent
    var x = state.cursorX + dx, y = state.cursorY + dy
    var panX = 0, panY = 0
    if x > half.x { panX = x - half.x; x = half.x }
    if x < -half.x { panX = x + half.x; x = -half.x }
    if y > half.y { panY = y - half.y; y = half.y }
    if y < -half.y { panY = y + half.y; y = -half.y }
    if panX != 0 || panY != 0 {
        state.mapCenter = state.coordinate(atCellX: panX, y: panY)
        state.pannedAway = true
    }
    state.cursorX = x
    state.cursorY = y
    linkMapToTable(&state)
}

/// Cursor on a marker: select that building in the table.
private func linkMapToTable(_ state: inout AppState) {
    guard let b = state.buildingUnderCursor, let row = state.rows.firstIndex(of: .building(b)) else { return }
    if state.rows.indices.contains(state.selectedRow), state.rows[state.selectedRow].buildingIndex == b { return }
    state.selectedRow = row
    state.keepSelectionVisible()
}

/// A table selection: put the map cursor on its building's marker, panning if it is off screen.
private func linkTableToMap(_ state: inout AppState) {
    guard let building = state.selectedBuilding else { return }
    let offset = state.cellOffset(of: building.building.coordinate)
    let half = state.mapHalfExtent
    if abs(offset.x) <= half.x && abs(offset.y) <= half.y {
        state.cursorX = offset.x
        state.cursorY = offset.y
    } else {
        state.mapCenter = building.building.coordinate
        state.pannedAway = true
        state.cursorX = 0
        state.cursorY = 0
    }
}

private func changeRadius(_ state: inout AppState, larger: Bool) {
    let keep = state.selectionIdentity
    if let radius = state.radius {
        let next = larger ? radius * 2 : radius / 2
        state.radius = next > 5_000 ? nil : max(25, next)
    } else {
        state.radius = larger ? nil : 3_200
    }
    state.refresh(keeping: keep)
    state.lastMessage = state.radius.map { "within \(state.distanceText($0))" } ?? "no radius"
}

// MARK: - Table, lists, detail

private func moveSelection(_ state: inout AppState, _ command: Command, context: KeyContext) -> [Effect] {
    switch state.overlays.last {
    case .building(let key, let selected)?:
        let count = state.rankedBuilding(key: key)?.artworks.count ?? 0
        state.overlays[state.overlays.count - 1] = .building(key: key, selected: stepped(selected, command, count: count, page: 10))
        return wantShownPicture(&state)
    case .detail(let id, let scroll)?:
        state.overlays[state.overlays.count - 1] = .detail(artworkID: id, scroll: scrolled(scroll, command, page: max(1, state.size.rows - 8)))
        return []
    case .help(let scroll)?:
        state.overlays[state.overlays.count - 1] = .help(scroll: scrolled(scroll, command, page: max(1, state.size.rows - 8)))
        return []
    case .viewer?, .favourites?, .slideshow?, .settings?, .news?, .painters?:
        return []
    case nil:
        let page = max(1, state.layout.tableBody.height - 1)
        state.selectedRow = stepped(state.selectedRow, command, count: state.rows.count, page: page)
        state.keepSelectionVisible()
        linkTableToMap(&state)
        return []
    }
}

private func stepped(_ index: Int, _ command: Command, count: Int, page: Int) -> Int {
    guard count > 0 else { return 0 }
    let next: Int
    switch command {
    case .rowUp: next = index - 1
    case .rowDown: next = index + 1
    case .pageUp: next = index - page
    case .pageDown: next = index + page
    case .top: next = 0
    case .bottom: next = count - 1
    default: next = index
    }
    return max(0, min(count - 1, next))
}

private func scrolled(_ scroll: Int, _ command: Command, page: Int) -> Int {
    switch command {
    case .rowUp: return max(0, scroll - 1)
    case .rowDown: return scroll + 1
    case .pageUp: return max(0, scroll - page)
    case .pageDown: return scroll + page
    case .top: return 0
    default: return scroll
    }
}

private func open(_ state: inout AppState, context: KeyContext) -> [Effect] {
    switch state.overlays.last {
    case .building(let key, let selected)?:
        guard let building = state.rankedBuilding(key: key), building.artworks.indices.contains(selected) else { return [] }
        return openDetail(&state, building.artworks[selected].artwork.id)
    case .detail?, .help?, .viewer?, .favourites?, .slideshow?, .settings?, .news?, .painters?:
        return []
    case nil:
        if context == .map {
            guard let b = state.buildingUnderCursor else {
                state.lastMessage = "no building under the cursor"
                return []
            }
            return openBuilding(&state, state.ranked[b])
        }
        guard state.rows.indices.contains(state.selectedRow) else { return [] }
        switch state.rows[state.selectedRow] {
        case .building(let b): return openBuilding(&state, state.ranked[b])
        case .artwork(let b, let a): return openDetail(&state, state.ranked[b].artworks[a].artwork.id)
        }
    }
}

private func openBuilding(_ state: inout AppState, _ building: RankedBuilding) -> [Effect] {
    if building.artworks.count == 1, let only = building.artworks.first {
        return openDetail(&state, only.artwork.id)
    }
    state.overlays.append(.building(key: building.building.key, selected: 0))
    return wantShownPicture(&state)
}

private func openDetail(_ state: inout AppState, _ id: String) -> [Effect] {
    state.overlays.append(.detail(artworkID: id, scroll: 0))
    return state.fullRecordWanted(id) + wantPicture(&state, id)
}

// MARK: - Mouse

private func handleMouse(_ state: inout AppState, _ event: MouseEvent) -> [Effect] {
    let layout = state.layout
    guard !layout.tooSmall else { return [] }
    switch event.kind {
    case .wheelUp, .wheelDown:
        if !state.overlays.isEmpty {
            return moveSelection(&state, event.kind == .wheelUp ? .rowUp : .rowDown, context: .detail)
        }
        if layout.map.contains(x: event.x, y: event.y) {
            zoom(&state, by: event.kind == .wheelUp ? -1 : 1)
        } else if layout.table.contains(x: event.x, y: event.y) {
            state.tableScroll = max(0, min(max(0, state.rows.count - layout.tableBody.height),
                                           state.tableScroll + (event.kind == .wheelUp ? -3 : 3)))
            state.selectedRow = max(state.tableScroll, min(state.tableScroll + layout.tableBody.height - 1, state.selectedRow))
        }
        return []
    case .click, .doubleClick:
        guard state.overlays.isEmpty else { return [] }
        let inner = layout.mapInner
        if inner.contains(x: event.x, y: event.y) {
            state.focus = .map
            state.cursorX = event.x - (inner.x + inner.width / 2)
            state.cursorY = event.y - (inner.y + inner.height / 2)
            clampCursor(&state)
            linkMapToTable(&state)
            return event.kind == .doubleClick ? open(&state, context: .map) : []
        }
        let body = layout.tableBody
        if body.contains(x: event.x, y: event.y) {
            state.focus = .table
            let row = state.tableScroll + (event.y - body.y)
            if state.rows.indices.contains(row) {
                state.selectedRow = row
                linkTableToMap(&state)
                if event.kind == .doubleClick { return open(&state, context: .table) }
            }
        }
        return []
    }
}
