import Catalog
import Geo

/// Walking directions: `g` routes to what is pointed at (the root asks the stack, then hands the target to
/// the main screen), the panel scrolls, Esc clears; a new reference point (the user walked 25 m, or picked
/// another point) recomputes the route from there.
extension MainFeature {
    /// Computes the route to a target from the reference and fits both in the map.
    static func routeTo(_ state: inout MainState, name: String, target: Coordinate) {
        state.route = RouteState.compute(to: name, at: target, from: state.reference, graph: state.baseMap.graph)
        state.focus = .table
        fitRouteInView(&state)
    }

    /// Scrolls or clears the route panel.
    static func reduceRoute(_ state: inout MainState, _ action: RouteAction) {
        switch action {
        case .toSelection:
            break
        case .scroll(let delta):
            guard var route = state.route else { return }
            let count = (route.walk?.steps.count ?? 0) + 1
            route.scroll = max(0, min(count - 1, route.scroll + delta))
            state.route = route
        case .clear:
            state.route = nil
        }
    }

    /// Computes the route again from the current reference point, after the reference moved: at once on a
    /// graph held in memory, else asked of the run loop (the old route stays until the new one arrives).
    static func rerouteFromReference(_ state: inout MainState) -> [Effect] {
        guard let route = state.route, route.start != state.reference else { return [] }
        if state.mapTiles.readsFromStore {
            return [.findRoute(RouteRequest(targetName: route.targetName, target: route.target, start: state.reference, fitsMap: false))]
        }
        var updated = RouteState.compute(to: route.targetName, at: route.target, from: state.reference, graph: state.baseMap.graph)
        updated.scroll = 0
        state.route = updated
        return []
    }

    /// A route found in the background: shown if it still answers what is asked (a reroute only while its
    /// route is still open); when the reference has moved since it was asked, it is shown all the same (newer
    /// than what is on screen) and asked again from where things are now, so a walker always sees a route.
    static func routeFound(_ state: inout MainState, _ route: RouteState, _ request: RouteRequest) -> Reduced {
        if !request.fitsMap, state.route?.target != request.target || state.route?.targetName != request.targetName { return .none }
        var effects: [Effect] = []
        if request.start != state.reference {
            effects.append(.findRoute(RouteRequest(targetName: request.targetName, target: request.target, start: state.reference, fitsMap: false)))
        }
        state.route = route
        guard request.fitsMap else { return Reduced(effects: effects) }
        state.focus = .table
        fitRouteInView(&state)
        return Reduced(effects: effects, delegates: [.message(route.failure.map { "no walking route: " + $0.message } ?? "walking route to \(route.targetName)")])
    }

    /// Centres the map between start and target and zooms out until both are in view.
    private static func fitRouteInView(_ state: inout MainState) {
        guard let route = state.route else { return }
        let projection = LocalProjection(center: route.start)
        let end = projection.project(route.target)
        state.mapCenter = projection.unproject(east: end.east / 2, north: end.north / 2)
        state.pannedAway = true
        state.cursorX = 0
        state.cursorY = 0
        let half = state.mapHalfExtent
        let index = MainState.zoomLevels.firstIndex { mpc in
            abs(end.east) / 2 / mpc <= Double(half.x) - 1 && abs(end.north) / 2 / (2 * mpc) <= Double(half.y) - 1
        }
        state.zoomIndex = index ?? MainState.zoomLevels.count - 1
    }
}
