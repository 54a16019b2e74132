import Catalog
import Geo

/// Walking directions: `g` routes to what is selected, the panel scrolls, Esc clears; a new reference
/// point (the user walked 25 m, or picked another point) recomputes the route from there.
func reduceRoute(_ state: inout AppState, _ action: RouteAction, context: KeyContext) -> [Effect] {
    switch action {
    case .toSelection:
        guard let target = routeTarget(state, context: context) else {
            state.lastMessage = context == .map ? "no building under the cursor to walk to" : "nothing selected to walk to"
            return []
        }
        state.overlays.removeAll()
        state.route = RouteState.compute(to: target.name, at: target.coordinate, from: state.reference, graph: state.baseMap.graph)
        state.focus = .table
        fitRouteInView(&state)
        state.lastMessage = state.route?.failure.map { "no walking route: " + $0.message } ?? "walking route to \(target.name)"
        return []
    case .scroll(let delta):
        guard var route = state.route else { return [] }
        let count = (route.walk?.steps.count ?? 0) + 1
        route.scroll = max(0, min(count - 1, route.scroll + delta))
        state.route = route
        return []
    case .clear:
        state.route = nil
        return []
    }
}

/// Computes the route again from the current reference point, after the reference moved.
func rerouteFromReference(_ state: inout AppState) {
    guard let route = state.route, route.start != state.reference else { return }
    var updated = RouteState.compute(to: route.targetName, at: route.target, from: state.reference, graph: state.baseMap.graph)
    updated.scroll = 0
    state.route = updated
}

/// Centres the map between start and target and zooms out until both are in view.
private func fitRouteInView(_ state: inout AppState) {
    guard let route = state.route else { return }
    let projection = LocalProjection(center: route.start)
    let end = projection.project(route.target)
    state.mapCenter = projection.unproject(east: end.east / 2, north: end.north / 2)
    state.pannedAway = true
    state.cursorX = 0
    state.cursorY = 0
    let half = state.mapHalfExtent
    let index = AppState.zoomLevels.firstIndex { mpc in
        abs(end.east) / 2 / mpc <= Double(half.x) - 1 && abs(end.north) / 2 / (2 * mpc) <= Double(half.y) - 1
    }
    state.zoomIndex = index ?? AppState.zoomLevels.count - 1
}

/// The building or artwork the key was pressed on, with the name the panel shows.
private func routeTarget(_ state: AppState, context: KeyContext) -> (name: String, coordinate: Coordinate)? {
    switch state.overlays.last {
    case .building(let key, let selected)?:
        guard let building = state.rankedBuilding(key: key), building.artworks.indices.contains(selected) else { return nil }
        return (building.artworks[selected].artwork.title, building.artworks[selected].artwork.coordinate)
    case .detail(let id, _)?:
        guard let artwork = state.artwork(id: id) else { return nil }
        return (artwork.title, artwork.coordinate)
    case .viewer(let viewer)?:
        guard let artwork = state.artwork(id: viewer.artworkID) else { return nil }
        return (artwork.title, artwork.coordinate)
    case .favourites(let selected)?:
        guard state.favourites.indices.contains(selected), state.favourites[selected].collection == state.collection else { return nil }
        return (state.favourites[selected].title, state.favourites[selected].coordinate)
    case .help?, .slideshow?, .settings?, .news?, .painters?:
        return nil
    case nil:
        if context == .map {
            guard let b = state.buildingUnderCursor else { return nil }
            return (state.ranked[b].name, state.ranked[b].building.coordinate)
        }
        guard state.rows.indices.contains(state.selectedRow) else { return nil }
        switch state.rows[state.selectedRow] {
        case .building(let b): return (state.ranked[b].name, state.ranked[b].building.coordinate)
        case .artwork(let b, let a):
            let artwork = state.ranked[b].artworks[a].artwork
            return (artwork.title, artwork.coordinate)
        }
    }
}
