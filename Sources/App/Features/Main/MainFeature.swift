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
    /// Back to street zoom at the reference point (`0`).
    case streetZoom
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
    /// `n` or `N` while a filter is on: the next or previous match (`TableState.selectMatch`).
    case match(forward: Bool)
    /// The catalogue as the store holds it now (after a sync, or the whole of a large collection).
    case catalogue([Artwork])
    /// Another collection, with a search to apply (a painter's name) or none.
    case collectionLoaded(String, [Artwork], search: String?)
    /// Several collections' art, read together as one catalogue (`Effect.loadCollections`).
    case collectionsLoaded([String], [Artwork])
    /// The `nearest` setting changed.
    case nearestCount(Int)
    /// A place found by name becomes the reference point, the map centred on it.
    case moveReference(to: Coordinate, name: String)
    /// The reference point is the user's home now (`~`): named so, and where `M` goes back to (issue 44).
    case becomeHome(String)
    /// Art fetched around the reference, shown as the collection `name` in place of one with nothing there.
    case showFetched(String, [Artwork])
    /// Choose the zoom again to fit the nearest art (the first art fetched at a start far from any, issue 30).
    case fitNearest
    /// A collection the store now holds, reachable with `n`.
    case collectionAvailable(String)
    /// A collection with art near here now (fetched beside the one shown): `n` shows them together too.
    case collectionNear(String)
    /// Hearts or settings changed: the rows show them again.
    case sharedChanged
    /// After any action: the map asks for the tiles it now shows.
    case settle
    /// The map fitted to show these points (a walk planned).
    case fitMap([Coordinate])
}

/// The main screen: map and table side by side, linked (a marker under the cursor selects its building's
/// row and back), the search, the radius, the reference point and the walking route. The parent of five
/// children (`CatalogueFeature`, `TableFeature`, `SearchFeature`, `MapPaneFeature`, `RouteFeature`): it turns each
/// action into theirs, and keeps what ties them together (the reference point, the link between the map's
/// cursor and the table's selection, the rows derived again when the catalogue or the filters change).
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
        case .streetZoom: return .streetZoom
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
            onMap(&state, .clamp)
            state.keepSelectionVisible()
        case .moveCursor(let dx, let dy):
            onMap(&state, .moveCursor(dx: dx, dy: dy))
            linkMapToTable(&state)
        case .select(let step):
            onTable(&state, .select(step))
            linkTableToMap(&state)
        case .open(let pane):
            return open(&state, pane)
        case .focusNext:
            state.focus = state.focus == .map ? .table : .map
        case .cycleLayout:
            state.layoutMode = state.layoutMode.next
            onMap(&state, .clamp)
            state.keepSelectionVisible()
            return message("layout: \(state.layoutMode.rawValue)")
        case .zoom(let step):
            return onMap(&state, .zoom(step))
        case .recenter:
            onMap(&state, .recenter)
            linkMapToTable(&state)
        case .streetZoom:
            let reduced = onMap(&state, .streetZoom)
            linkMapToTable(&state)
            return reduced
        case .pickReference, .liveReference, .referenceMoved:
            return reduceReference(&state, action)
        case .changeRadius(let larger):
            return changeRadius(&state, larger: larger)
        case .startSearch:
            onSearch(&state, .start)
        case .typeSearch(let key):
            onSearch(&state, .type(key))
        case .back:
            if state.route != nil {
                state.route = nil
            } else if !state.searchText.isEmpty {
                onSearch(&state, .set(""))
            }
        case .routeTo(let name, let target):
            let (reduced, fit) = RouteFeature.walk(&state.route, to: name, at: target, state.routeContext)
            if fit { fitRoute(&state) }
            return reduced
        case .route(let action):
            RouteFeature.reduce(&state.route, action)
        case .mouse(let event):
            return mouse(&state, event)
        case .nextCollection, .catalogue, .collectionLoaded, .collectionsLoaded:
            return reduceCatalogue(&state, action)
        case .match(let forward):
            guard let found = state.table.selectMatch(forward: forward, height: state.layout.tableBody.height) else {
                return message("nothing matches \"\(state.searchText)\" here")
            }
            linkTableToMap(&state)
            return message("match \(found.place) of \(found.of) · n next · N previous · Esc clears the filter")
        case .nearestCount(let count):
            onSearch(&state, .nearestCount(count))
        case .moveReference, .becomeHome, .showFetched, .fitNearest, .collectionAvailable, .collectionNear, .sharedChanged, .settle, .fitMap:
            return reduceAsked(&state, action)
        }
        return .none
    }

    static func message(_ text: String) -> Reduced { Reduced(delegates: [.message(text)]) }

    // MARK: - Children

    /// Hands an action to the map.
    @discardableResult
    static func onMap(_ state: inout MainState, _ action: MapAction) -> Reduced {
        MapPaneFeature.reduce(&state.map, action, state.mapContext)
    }

    /// Hands an action to the table.
    static func onTable(_ state: inout MainState, _ action: TableAction) {
        TableFeature.reduce(&state.table, action, height: state.layout.tableBody.height)
    }

    /// Hands an action to the filters; when the search was set, the rows follow it and the map the selection.
    static func onSearch(_ state: inout MainState, _ action: SearchAction) {
        let keep = state.selectionIdentity
        guard SearchFeature.reduce(&state.search, action) else { return }
        state.refresh(keeping: keep)
        linkTableToMap(&state)
    }

    /// `[` and `]`: the radius halved or doubled, and what that hides.
    private static func changeRadius(_ state: inout MainState, larger: Bool) -> Reduced {
        let keep = state.selectionIdentity
        let farthest = state.radius == nil ? state.ranked.map(\.distance).max() : nil
        _ = SearchFeature.reduce(&state.search, .changeRadius(larger: larger, farthest: farthest))
        state.refresh(keeping: keep)
        // The status line shows the radius itself; the message says what changed, not the radius again.
        let outside = state.outsideRadius
        return message(state.radius == nil ? "no radius: every building shown"
            : "\(outside) building\(outside == 1 ? "" : "s") outside the radius ([ halves, ] doubles)")
    }

    /// The first zoom: a small collection (a campus) starts with every building on the map; a larger one with
    /// the 5 nearest.
    static func chooseInitialZoom(_ state: inout MainState) {
        let inner = state.layout.mapInner
        guard inner.width > 4, inner.height > 2 else { return }
        let all = state.catalog.ranked(from: state.reference)
        let nearest = all.count <= MainState.smallCollectionBuildings ? all : Array(all.prefix(5))
        onMap(&state, .fit(nearest.map(\.building.coordinate)))
    }

    /// Cursor on a marker: select that building in the table.
    static func linkMapToTable(_ state: inout MainState) {
        guard let b = state.buildingUnderCursor, let row = state.rows.row(ofBuilding: b) else { return }
        if state.rows.indices.contains(state.selectedRow), state.rows[state.selectedRow].buildingIndex == b { return }
        state.selectedRow = row
        state.keepSelectionVisible()
    }

    /// A table selection: put the map cursor on its building's marker, panning if it is off screen.
    static func linkTableToMap(_ state: inout MainState) {
        guard let building = state.selectedBuilding else { return }
        onMap(&state, .show(building.building.coordinate))
    }
}
