import Cartography
import Catalog
import Geo

/// Walking directions: `g` routes to what is pointed at (the root asks the stack, then hands the target to
/// the main screen), the panel scrolls, Esc clears; a new reference point (the user walked 25 m, or picked
/// another point) recomputes the route from there. Owns only the route; fitting the map to a new route and
/// giving the table the keys are the parent's (`MainFeature`).
public enum RouteFeature {
    /// What the route reads of its parent: where walks start, the walking graph held in memory, and whether the
    /// map is read from the store (then walks are found by the run loop).
    public struct Context: Sendable {
        public var reference: Coordinate
        public var graph: WalkGraph
        public var readsFromStore: Bool
    }

    /// Scrolls or clears the route panel.
    public static func reduce(_ state: inout RouteState?, _ action: RouteAction) {
        switch action {
        case .toSelection:
            break
        case .scroll(let delta):
            guard var route = state else { return }
            let count = (route.walk?.steps.count ?? 0) + 1
            route.scroll = max(0, min(count - 1, route.scroll + delta))
            state = route
        case .clear:
            state = nil
        }
    }

    /// A walk to a target from the reference: found at once on a graph held in memory (true: the map is to fit it),
    /// else asked of the run loop.
    static func walk(_ state: inout RouteState?, to name: String, at target: Coordinate, _ context: Context) -> (Reduced, fit: Bool) {
        if context.readsFromStore {
            let request = RouteRequest(targetName: name, target: target, start: context.reference, fitsMap: true)
            return (Reduced(effects: [.findRoute(request)], delegates: [.message("finding the walk to \(name)…")]), false)
        }
        state = RouteState.compute(to: name, at: target, from: context.reference, graph: context.graph)
        return (message(for: state, name), true)
    }

    /// Computes the route again from the current reference point, after the reference moved: at once on a
    /// graph held in memory, else asked of the run loop (the old route stays until the new one arrives).
    static func reroute(_ state: inout RouteState?, _ context: Context) -> [Effect] {
        guard let route = state, route.start != context.reference else { return [] }
        if context.readsFromStore {
            return [.findRoute(RouteRequest(targetName: route.targetName, target: route.target, start: context.reference, fitsMap: false))]
        }
        var updated = RouteState.compute(to: route.targetName, at: route.target, from: context.reference, graph: context.graph)
        updated.scroll = 0
        state = updated
        return []
    }

    /// A route found in the background: shown if it still answers what is asked (a reroute only while its
    /// route is still open); when the reference has moved since it was asked, it is shown all the same (newer
    /// than what is on screen) and asked again from where things are now, so a walker always sees a route.
    /// True with it when the map is to fit the route.
    static func found(_ state: inout RouteState?, _ route: RouteState, _ request: RouteRequest, _ context: Context) -> (Reduced, fit: Bool) {
        if !request.fitsMap, state?.target != request.target || state?.targetName != request.targetName { return (.none, false) }
        var effects: [Effect] = []
        if request.start != context.reference {
            effects.append(.findRoute(RouteRequest(targetName: request.targetName, target: request.target, start: context.reference, fitsMap: false)))
        }
        state = route
        guard request.fitsMap else { return (Reduced(effects: effects), false) }
        return (Reduced(effects: effects, delegates: message(for: route, route.targetName).delegates), true)
    }

    /// What the status line says of a route just shown.
    private static func message(for route: RouteState?, _ name: String) -> Reduced {
        Reduced(delegates: [.message(route?.failure.map { "no walking route: " + $0.message } ?? "walking route to \(name)")])
    }
}
