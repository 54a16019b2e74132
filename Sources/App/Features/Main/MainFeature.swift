import TerminalTypes
import Catalog
import Geo

/// What the main screen's keys, mouse and the run loop ask of it.
public enum MainAction: Hashable, Sendable {
    case resize(TerminalSize)
    case moveCursor(dx: Int, dy: Int)
    case select(ListStep)
    /// Enter in a pane: open the building or artwork there.
    case open(Pane)
    case focusNext
    case cycleLayout
    /// Zoom the map by steps (negative: in).
    case zoom(Int)
    case recenter
    case pickReference
    case liveReference
    /// A location fix that has passed the distance filter.
    case referenceMoved(Coordinate, ReferenceSource)
    case changeRadius(larger: Bool)
    case startSearch
    /// A key typed into the search field.
    case typeSearch(Key)
    /// Esc on the main screen: close the route, else clear the search.
    case back
    /// Walking directions to a point, with the name the panel shows.
    case routeTo(name: String, Coordinate)
    case route(RouteAction)
    case mouse(MouseEvent)
    case nextCollection
    /// The catalogue as the store holds it now (after a sync, or the whole of a large collection).
    case catalogue([Artwork])
    /// Another collection, with a search to apply (a painter's name) or none.
    case collectionLoaded(String, [Artwork], search: String?)
    /// Several collections' art, read together as one catalogue (`Effect.loadCollections`).
    case collectionsLoaded([String], [Artwork])
    /// The `nearest` setting changed.
    case nearestCount(Int)
}

/// The main screen: map and table side by side, linked (a marker under the cursor selects its building's
/// row and back), the search, the radius, the reference point and the walking route.
public enum MainFeature {
    /// The action a key's command asks of the main screen, pressed in `context`.
    public static func action(for command: Command, in context: KeyContext) -> MainAction? {
        switch command {
        case .moveCursor(let dx, let dy): return .moveCursor(dx: dx, dy: dy)
        case .open: return .open(context == .map ? .map : .table)
        case .focusNext: return .focusNext
        case .cycleLayout: return .cycleLayout
        case .zoomIn: return .zoom(-1)
        case .zoomOut: return .zoom(1)
        case .recenter: return .recenter
        case .pickReference: return .pickReference
        case .liveReference: return .liveReference
        case .radiusSmaller: return .changeRadius(larger: false)
        case .radiusLarger: return .changeRadius(larger: true)
        case .nextCollection: return .nextCollection
        case .route(.scroll(let delta)): return .route(.scroll(delta))
        case .route(.clear): return .route(.clear)
        default: return ListStep(command).map(MainAction.select)
        }
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout MainState, _ action: MainAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .resize(let size):
            state.size = size
            if !state.zoomChosen { chooseInitialZoom(&state) }
            clampCursor(&state)
            state.keepSelectionVisible()
        case .moveCursor(let dx, let dy):
            moveCursor(&state, dx: dx, dy: dy)
        case .select(let step):
            let page = max(1, state.layout.tableBody.height - 1)
            state.selectedRow = step.moved(state.selectedRow, count: state.rows.count, page: page)
            state.keepSelectionVisible()
            linkTableToMap(&state)
        case .open(let pane):
            return open(&state, pane)
        case .focusNext:
            state.focus = state.focus == .map ? .table : .map
        case .cycleLayout:
            state.layoutMode = state.layoutMode.next
            clampCursor(&state)
            state.keepSelectionVisible()
            return message("layout: \(state.layoutMode.rawValue)")
        case .zoom(let step):
            return zoom(&state, by: step)
        case .recenter:
            state.pannedAway = false
            state.mapCenter = state.reference
            state.cursorX = 0
            state.cursorY = 0
            linkMapToTable(&state)
        case .pickReference:
            state.setReference(state.coordinate(atCellX: state.cursorX, y: state.cursorY), source: .picked)
            return Reduced(effects: rerouteFromReference(&state), delegates: [.message("measuring from the picked point")])
        case .liveReference:
            state.setReference(state.liveReference, source: state.liveSource)
            return Reduced(effects: rerouteFromReference(&state), delegates: [.message("measuring from \(state.liveSource.label)")])
        case .referenceMoved(let coordinate, let source):
            state.liveReference = coordinate
            state.liveSource = source
            // While the user measures from a picked point, the live location waits for `M`.
            if state.referenceSource != .picked {
                state.setReference(coordinate, source: source)
                return Reduced(effects: rerouteFromReference(&state))
            }
        case .changeRadius(let larger):
            let keep = state.selectionIdentity
            if let radius = state.radius {
                let next = larger ? radius * 2 : radius / 2
                state.radius = next > 5_000 ? nil : max(25, next)
            } else {
                // From no radius, [ starts at the largest step (25 m doubled) short of the farthest building shown,
                // so something changes even on a 500 m campus.
                let farthest = state.ranked.map(\.distance).max() ?? 3_200
                var step = 25.0
                while step * 2 < farthest, step * 2 <= 3_200 { step *= 2 }
                state.radius = larger ? nil : step
            }
            state.refresh(keeping: keep)
            // The status line shows the radius itself; the message says what changed, not the radius again.
            let outside = state.outsideRadius
            return message(state.radius == nil ? "no radius: every building shown"
                : "\(outside) building\(outside == 1 ? "" : "s") outside the radius ([ halves, ] doubles)")
        case .startSearch:
            state.searchEditing = true
        case .typeSearch(let key):
            editSearch(&state, key)
        case .back:
            if state.route != nil {
                state.route = nil
            } else if !state.searchText.isEmpty {
                setSearch(&state, "")
            }
        case .routeTo(let name, let target):
            if state.mapTiles.readsFromStore {
                let request = RouteRequest(targetName: name, target: target, start: state.reference, fitsMap: true)
                return Reduced(effects: [.findRoute(request)], delegates: [.message("finding the walk to \(name)…")])
            }
            routeTo(&state, name: name, target: target)
            return message(state.route?.failure.map { "no walking route: " + $0.message } ?? "walking route to \(name)")
        case .route(let action):
            reduceRoute(&state, action)
        case .mouse(let event):
            return mouse(&state, event)
        case .nextCollection:
            return nextCollection(state)
        case .catalogue(let artworks):
            state.catalogueIsPartial = false
            state.setArtworks(artworks)
        case .collectionLoaded(let name, let artworks, let search):
            return collectionLoaded(&state, name, artworks, search: search)
        case .collectionsLoaded(let names, let artworks):
            return collectionsLoaded(&state, names, artworks)
        case .nearestCount(let count):
            state.nearestCount = count
        }
        return .none
    }

    private static func message(_ text: String) -> Reduced { Reduced(delegates: [.message(text)]) }

    /// `n`: the next of what can be shown: every collection near the reference together (when several are), then
    /// each collection alone, and round again.
    private static func nextCollection(_ state: MainState) -> Reduced {
        let views = (state.nearCollections.count > 1 ? [state.nearCollections] : []) + state.collections.map { [$0] }
        guard views.count > 1 else { return message("only one collection (artmap import FILE adds more)") }
        let index = views.firstIndex(of: state.shownCollections) ?? -1
        let next = views[(index + 1) % views.count]
        if next.count == 1 { return Reduced(effects: [.loadCollection(next[0])]) }
        return Reduced(effects: [.loadCollections(next)])
    }

    private static func collectionsLoaded(_ state: inout MainState, _ names: [String], _ artworks: [Artwork]) -> Reduced {
        guard let first = names.first else { return .none }
        if names.count == 1 { return collectionLoaded(&state, first, artworks, search: nil) }
        state.shownCollections = names
        state.catalogueIsPartial = false
        state.setArtworks(artworks)
        state.route = nil
        chooseInitialZoom(&state)
        return message("every collection near here: \(names.joined(separator: ", ")) (n shows one at a time)")
    }

    private static func collectionLoaded(_ state: inout MainState, _ name: String, _ artworks: [Artwork], search: String?) -> Reduced {
        state.collection = name
        state.catalogueIsPartial = false
        if !state.collections.contains(name) { state.collections.append(name) }
        state.setArtworks(artworks)
        state.route = nil
        state.followCollection(home: .ashtonBuilding, homeName: "Ashton Building")
        if !state.zoomChosen { chooseInitialZoom(&state) }
        guard let search else { return message("collection: \(name)") }
        setSearch(&state, search)
        return message("\(name): paintings by \(search) (Esc clears the filter)")
    }

    // MARK: - Search

    private static func editSearch(_ state: inout MainState, _ key: Key) {
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
    }

    private static func setSearch(_ state: inout MainState, _ text: String) {
        let keep = state.selectionIdentity
        state.searchText = DisplayText.clean(text)
        state.refresh(keeping: keep)
        linkTableToMap(&state)
    }

    // MARK: - Map

    private static func zoom(_ state: inout MainState, by step: Int) -> Reduced {
        let target = state.coordinate(atCellX: state.cursorX, y: state.cursorY)
        state.zoomIndex = max(0, min(MainState.zoomLevels.count - 1, state.zoomIndex + step))
        // Keep the cursor over the same place when it stays on screen.
        let offset = state.cellOffset(of: target)
        state.cursorX = offset.x
        state.cursorY = offset.y
        clampCursor(&state)
        return message("zoom: \(DistanceText.format(state.metresPerCell)) per cell")
    }

    static func chooseInitialZoom(_ state: inout MainState) {
        let inner = state.layout.mapInner
        guard inner.width > 4, inner.height > 2 else { return }
        state.zoomChosen = true
        // A small collection (a campus) starts with every building on the map; a larger one with the 5 nearest.
        let all = state.catalog.ranked(from: state.reference)
        let nearest = all.count <= MainState.smallCollectionBuildings ? all : Array(all.prefix(5))
        let halfWidthCells = Double(inner.width) / 2 - 1, halfHeightCells = Double(inner.height) / 2 - 1
        let projection = state.projection
        for (index, mpc) in MainState.zoomLevels.enumerated() {
            let fits = nearest.allSatisfy { building in
                let p = projection.project(building.building.coordinate)
                return abs(p.east) / mpc <= halfWidthCells && abs(p.north) / (2 * mpc) <= halfHeightCells
            }
            if fits {
                state.zoomIndex = index
                return
            }
        }
        state.zoomIndex = MainState.zoomLevels.count - 1
    }

    private static func clampCursor(_ state: inout MainState) {
        let half = state.mapHalfExtent
        state.cursorX = max(-half.x, min(half.x, state.cursorX))
        state.cursorY = max(-half.y, min(half.y, state.cursorY))
    }

    /// Moves the cursor; past the edge of the pane the view pans instead.
    private static func moveCursor(_ state: inout MainState, dx: Int, dy: Int) {
        let half = state.mapHalfExtent
        var x = state.cursorX + dx, y = state.cursorY + dy
        var panX = 0, panY = 0
        if x > half.x { panX = x - half.x; x = half.x }
        if x < -half.x { panX = x + half.x; x = -half.x }
        if y > half.y { panY = y - half.y; y = half.y }
        if y < -half.y { panY = y + half.y; y = -half.y }
        if panX != 0 || panY != 0 {
            state.pan(cellsX: panX, y: panY)
            state.pannedAway = true
        }
        state.cursorX = x
        state.cursorY = y
        linkMapToTable(&state)
    }

    /// Cursor on a marker: select that building in the table.
    private static func linkMapToTable(_ state: inout MainState) {
        guard let b = state.buildingUnderCursor, let row = state.rows.row(ofBuilding: b) else { return }
        if state.rows.indices.contains(state.selectedRow), state.rows[state.selectedRow].buildingIndex == b { return }
        state.selectedRow = row
        state.keepSelectionVisible()
    }

    /// A table selection: put the map cursor on its building's marker, panning if it is off screen.
    private static func linkTableToMap(_ state: inout MainState) {
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

    // MARK: - Opening

    private static func open(_ state: inout MainState, _ pane: Pane) -> Reduced {
        if pane == .map {
            guard let b = state.buildingUnderCursor else { return message("no building under the cursor") }
            return openBuilding(state.ranked[b])
        }
        guard state.rows.indices.contains(state.selectedRow) else { return .none }
        switch state.rows[state.selectedRow] {
        case .building(let b): return openBuilding(state.ranked[b])
        case .artwork(let b, let a): return Reduced(delegates: [.openDetail(state.ranked[b].artworks[a].artwork.key)])
        }
    }

    /// A building with one artwork opens that artwork's detail, else the list of its artworks.
    private static func openBuilding(_ building: RankedBuilding) -> Reduced {
        if building.artworks.count == 1, let only = building.artworks.first {
            return Reduced(delegates: [.openDetail(only.artwork.key)])
        }
        return Reduced(delegates: [.openBuilding(building.building.key)])
    }

    // MARK: - Mouse

    private static func mouse(_ state: inout MainState, _ event: MouseEvent) -> Reduced {
        let layout = state.layout
        switch event.kind {
        case .wheelUp, .wheelDown:
            if layout.map.contains(x: event.x, y: event.y) {
                return zoom(&state, by: event.kind == .wheelUp ? -1 : 1)
            } else if layout.table.contains(x: event.x, y: event.y) {
                state.tableScroll = max(0, min(max(0, state.rows.count - layout.tableBody.height),
                                               state.tableScroll + (event.kind == .wheelUp ? -3 : 3)))
                state.selectedRow = max(state.tableScroll, min(state.tableScroll + layout.tableBody.height - 1, state.selectedRow))
            }
            return .none
        case .click, .doubleClick:
            let inner = layout.mapInner
            if inner.contains(x: event.x, y: event.y) {
                state.focus = .map
                state.cursorX = event.x - (inner.x + inner.width / 2)
                state.cursorY = event.y - (inner.y + inner.height / 2)
                clampCursor(&state)
                linkMapToTable(&state)
                return event.kind == .doubleClick ? open(&state, .map) : .none
            }
            let body = layout.tableBody
            if body.contains(x: event.x, y: event.y) {
                state.focus = .table
                let row = state.tableScroll + (event.y - body.y)
                if state.rows.indices.contains(row) {
                    state.selectedRow = row
                    linkTableToMap(&state)
                    if event.kind == .doubleClick { return open(&state, .table) }
                }
            }
            return .none
        }
    }
}
