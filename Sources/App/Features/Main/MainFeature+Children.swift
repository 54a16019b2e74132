import TerminalTypes
import Catalog
import Geo

/// What ties the children together when the reference point moves, new art arrives or a route is found: each
/// child changes its own part, and the parent derives the rows again, reroutes and fits the map.
extension MainFeature {
    /// `m`, `M` and a location fix: the reference point moves, and the route follows it.
    static func reduceReference(_ state: inout MainState, _ action: MainAction) -> Reduced {
        switch action {
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
            guard state.referenceSource != .picked else { return .none }
            state.setReference(coordinate, source: source)
            return Reduced(effects: rerouteFromReference(&state))
        default:
            return .none
        }
    }

    /// `n` and the collections the run loop read: the catalogue changes, then the rows, the route, the zoom and
    /// (when it follows the collection) the reference point.
    static func reduceCatalogue(_ state: inout MainState, _ action: MainAction) -> Reduced {
        switch action {
        case .nextCollection:
            return CatalogueFeature.reduce(&state.catalogue, .next)
        case .catalogue(let artworks):
            let keep = state.selectionIdentity
            CatalogueFeature.reduce(&state.catalogue, .replace(artworks))
            state.refresh(keeping: keep)
            return .none
        case .collectionLoaded(let name, let artworks, let search):
            return collectionLoaded(&state, name, artworks, search: search)
        case .collectionsLoaded(let names, let artworks):
            guard let first = names.first else { return .none }
            if names.count == 1 { return collectionLoaded(&state, first, artworks, search: nil) }
            let keep = state.selectionIdentity
            CatalogueFeature.reduce(&state.catalogue, .loadedTogether(names, artworks))
            state.refresh(keeping: keep)
            state.route = nil
            chooseInitialZoom(&state)
            let place = state.catalogue.cyclePlace.map { " (\($0))" } ?? ""
            return message("all \(names.count) collections near here together\(place): \(names.joined(separator: ", ")); n shows each alone")
        default:
            return .none
        }
    }

    private static func collectionLoaded(_ state: inout MainState, _ name: String, _ artworks: [Artwork], search: String?) -> Reduced {
        let keep = state.selectionIdentity
        CatalogueFeature.reduce(&state.catalogue, .loaded(name, artworks))
        state.refresh(keeping: keep)
        state.route = nil
        state.followCollection(home: .ashtonBuilding, homeName: "Ashton Building")
        if !state.zoomChosen { chooseInitialZoom(&state) }
        guard let search else {
            return message("collection \(name)" + (state.catalogue.cyclePlace.map { " alone (\($0); n for the next)" } ?? ""))
        }
        onSearch(&state, .set(search))
        return message("\(name): paintings by \(search) (Esc clears the filter)")
    }

    // MARK: - Route

    /// Computes the route again from the current reference point (see `RouteFeature.reroute`).
    static func rerouteFromReference(_ state: inout MainState) -> [Effect] {
        RouteFeature.reroute(&state.route, state.routeContext)
    }

    /// A route found in the background (see `RouteFeature.found`); the map fits it when it was asked by `g`.
    static func routeFound(_ state: inout MainState, _ route: RouteState, _ request: RouteRequest) -> Reduced {
        let (reduced, fit) = RouteFeature.found(&state.route, route, request, state.routeContext)
        if fit { fitRoute(&state) }
        return reduced
    }

    /// Gives the table the keys and fits the map to the route shown.
    static func fitRoute(_ state: inout MainState) {
        state.focus = .table
        guard let route = state.route else { return }
        onMap(&state, .fitWalk(from: route.start, to: route.target))
    }

    // MARK: - Opening

    static func open(_ state: inout MainState, _ pane: Pane) -> Reduced {
        if pane == .map {
            // Far out, Enter on a cluster zooms until its buildings fill the pane.
            if state.showsClusters, let cluster = state.cluster(atCellX: state.cursorX, y: state.cursorY) {
                let count = Double(cluster.places.count)
                let middle = Coordinate(clampingLatitude: cluster.places.map(\.latitude).reduce(0, +) / count,
                                        longitude: cluster.places.map(\.longitude).reduce(0, +) / count)
                state.map.centre(on: middle, away: true)
                onMap(&state, .fit(cluster.places))
                state.map.zoomIndex = max(MapState.streetZoomIndex, state.map.zoomIndex)
                linkMapToTable(&state)
                return message("\(cluster.artworks) artwork\(cluster.artworks == 1 ? "" : "s") here: \(DistanceText.format(state.map.metresPerCell)) per cell")
            }
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

    /// The wheel zooms the map or scrolls the table; a click points the map's cursor or selects a row, a double
    /// click opens what it is on.
    static func mouse(_ state: inout MainState, _ event: MouseEvent) -> Reduced {
        let layout = state.layout
        switch event.kind {
        case .wheelUp, .wheelDown:
            if layout.map.contains(x: event.x, y: event.y) {
                return onMap(&state, .zoom(event.kind == .wheelUp ? -1 : 1))
            } else if layout.table.contains(x: event.x, y: event.y) {
                onTable(&state, .wheel(event.kind == .wheelUp ? -3 : 3))
            }
            return .none
        case .click, .doubleClick:
            let inner = layout.mapInner
            if inner.contains(x: event.x, y: event.y) {
                state.focus = .map
                onMap(&state, .pointAt(x: event.x - (inner.x + inner.width / 2), y: event.y - (inner.y + inner.height / 2)))
                linkMapToTable(&state)
                return event.kind == .doubleClick ? open(&state, .map) : .none
            }
            let body = layout.tableBody
            if body.contains(x: event.x, y: event.y) {
                state.focus = .table
                guard state.rows.indices.contains(state.tableScroll + (event.y - body.y)) else { return .none }
                onTable(&state, .click(bodyRow: event.y - body.y))
                linkTableToMap(&state)
                if event.kind == .doubleClick { return open(&state, .table) }
            }
            return .none
        }
    }
}
