import Cartography
import Catalog
import Geo

/// The walk screen (issue 32): `w` plans a walk from the reference point through the K nearest artworks (or the
/// favourites, the building, what fits in M minutes) as `artmap walk` does; the run loop plans it off the main
/// loop. While it is shown, live fixes tick the stops reached within 20 m, and `x` skips the next stop and plans
/// the rest again from where the walker is.
public enum WalkFeature {
    /// The screen `w` opens: planned from the reference point through the nearest artworks (or as the open one
    /// chose), with the building pointed at for `t`, and the speed and stay the settings say.
    static func opened(_ context: OpeningContext, open previous: WalkState?) -> WalkState {
        // Deeper than a walk takes, so `u` (unseen only) still finds the nearest unseen when the nearest are seen.
        let nearest = context.nearestBuildings(WalkState.candidates).filter { $0.distance <= WalkState.poolRadius }
        let pool = Array(nearest.lazy.flatMap(\.artworks).prefix(WalkState.candidates).map(\.artwork))
        var building: RankedBuilding?
        switch context.pointed {
        case .building(let b)?: building = b
        case .artwork(let a)?: building = context.building(holding: a.key)
        case nil: building = nil
        }
        var pick = previous?.pick ?? .nearest(8)
        if pick == .building && building == nil { pick = .nearest(8) }
        // Checked where read: a hand-edited `walk.speed = 0` is 4.5 here, never a division by zero.
        let speed = context.settings.walkSpeed / 3.6
        let stay = context.settings.walkStay * 60
        var state = WalkState(origin: context.reference, pool: pool, pick: pick, buildingName: building?.name,
                              buildingArtworks: building?.artworks.map(\.artwork) ?? [], speed: speed, stay: stay)
        state.unseenOnly = previous?.unseenOnly ?? false
        return state
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout WalkState, _ action: WalkAction, _ context: FeatureContext) -> Reduced {
        switch action {
        case .plan:
            return plan(&state, context)
        case .more, .fewer:
            return change(&state, by: action == .more ? 1 : -1, context)
        case .nextPick:
            state.pick = nextPick(after: state.pick, state)
            return plan(&state, context)
        case .toggleUnseen:
            state.unseenOnly.toggle()
            return plan(&state, context)
        case .skip:
            return skip(&state)
        case .move(let delta):
            let count = state.itinerary?.stops.count ?? 0
            state.selected = max(0, min(count - 1, state.selected + delta))
            return .none
        case .openSelected:
            guard let stops = state.itinerary?.stops, stops.indices.contains(state.selected) else { return .none }
            return Reduced(delegates: [.openDetail(stops[state.selected].artwork.key)])
        case .planned(let generation, let itinerary):
            guard generation == state.generation else { return .none }
            return planned(&state, itinerary, imperial: context.imperial)
        case .failed(let generation, let why):
            guard generation == state.generation else { return .none }
            state.phase = .failed(why)
            state.carried = nil
            return Reduced(delegates: [.message("no walk: " + why)])
        case .moved(let position):
            state.position = position
            return Reduced(delegates: reach(&state, imperial: context.imperial).map { [.message($0)] } ?? [])
        case .startNaming, .type, .erase, .confirmName, .cancelName, .saved:
            return name(&state, action)
        }
    }

    /// Asks the run loop for a round walk from where the walker is through what `pick` chooses.
    static func plan(_ state: inout WalkState, _ context: FeatureContext) -> Reduced {
        state.carried = nil
        state.savedName = nil
        state.origin = state.position
        var choice = WalkChoice.all
        var artworks: [Artwork]
        // `u`: the seen ones are never chosen, so the K nearest are the K nearest not seen yet.
        let pool = state.unseenOnly ? state.pool.filter { context.seenAt($0) == nil } : state.pool
        switch state.pick {
        case .nearest(let k): artworks = Array(pool.prefix(k))
        case .favourites: artworks = context.favourites
        case .building: artworks = state.buildingArtworks
        case .minutes(let m):
            artworks = Array(pool.prefix(TourOrder.exactLimit))
            choice = .within(seconds: Double(m) * 60, metresPerSecond: state.speed, staySeconds: state.stay)
        }
        if state.unseenOnly { artworks.removeAll { context.seenAt($0) != nil } }
        guard !artworks.isEmpty else {
            let why: String
            switch state.pick {
            case _ where state.unseenOnly: why = "every artwork it would take is seen (u: walk through all again)"
            case .favourites: why = "no favourites yet: f on an artwork hearts it (t chooses another way)"
            case .building: why = "no building was selected when the walk opened (t chooses another way)"
            case .nearest, .minutes: why = "no artworks within \(DistanceText.format(WalkState.poolRadius, imperial: context.imperial)) of here (t: walk through your favourites)"
            }
            state.generation += 1
            state.itinerary = nil
            state.phase = .failed(why)
            return Reduced(delegates: [.message("no walk: " + why)])
        }
        return request(&state, WalkPlanRequest(generation: state.generation + 1, start: state.position, artworks: artworks,
                                               finish: .round, choice: choice), note: "planning a walk through \(state.pick.label)…")
    }

    private static func request(_ state: inout WalkState, _ request: WalkPlanRequest, note: String) -> Reduced {
        state.generation = request.generation
        state.phase = .planning(note)
        return Reduced(effects: [.planWalk(request)], delegates: [.message(note)])
    }

    /// `<` and `>`: a stop fewer or more (2 to 20), or a quarter-hour less or more (15 min to 4 h).
    static func change(_ state: inout WalkState, by step: Int, _ context: FeatureContext) -> Reduced {
        switch state.pick {
        case .nearest(let k):
            let next = max(2, min(min(WalkState.poolSize, max(2, state.pool.count)), k + step))
            guard next != k else { return Reduced(delegates: [.message("a walk takes 2 to \(min(WalkState.poolSize, max(2, state.pool.count))) of the nearest")]) }
            state.pick = .nearest(next)
        case .minutes(let m):
            let next = max(15, min(240, m + 15 * step))
            guard next != m else { return Reduced(delegates: [.message("a timed walk lasts 15 min to 4 h")]) }
            state.pick = .minutes(next)
        case .favourites, .building:
            return Reduced(delegates: [.message("< and > change the number of stops or the minutes (t chooses how)")])
        }
        return plan(&state, context)
    }

    /// The way of choosing after `pick`: nearest, favourites, the building (when one was selected), minutes.
    static func nextPick(after pick: WalkPick, _ state: WalkState) -> WalkPick {
        switch pick {
        case .nearest: return .favourites
        case .favourites: return state.buildingArtworks.isEmpty ? .minutes(30) : .building
        case .building: return .minutes(30)
        case .minutes: return .nearest(8)
        }
    }

    /// `x`: the next stop is left out; the stops after it are planned again from here, back to where the walk began.
    static func skip(_ state: inout WalkState) -> Reduced {
        guard let itinerary = state.itinerary, let next = itinerary.nextIndex else {
            return Reduced(delegates: [.message("no stop left to skip")])
        }
        let skipped = itinerary.stops[next].artwork
        var kept = itinerary
        kept.stops = itinerary.stops.filter(\.reached)
        kept.leftOut.append(WalkLeftOut(title: skipped.title, reason: "skipped"))
        let rest = itinerary.stops.enumerated().filter { !$0.element.reached && $0.offset != next }.map(\.element.artwork)
        let name = "skipped \(DisplayText.clean(skipped.title))"
        guard !rest.isEmpty else {
            kept.homeLeg = nil
            state.itinerary = kept
            state.selected = min(state.selected, max(0, kept.stops.count - 1))
            return Reduced(delegates: [.message(name + ": no stops left")])
        }
        var reduced = request(&state, WalkPlanRequest(generation: state.generation + 1, start: state.position, artworks: rest,
                                                      finish: .at(state.origin), choice: .all), note: name + "; planning the rest…")
        state.carried = kept
        reduced.delegates = [.message(name + "; planning the rest…")]
        return reduced
    }

    /// A plan arrived: after a skip, joined to the part kept; the stops already where the walker stands ticked.
    static func planned(_ state: inout WalkState, _ itinerary: WalkItinerary, imperial: Bool) -> Reduced {
        var walk = itinerary
        if let carried = state.carried {
            walk.start = carried.start
            walk.stops = carried.stops + itinerary.stops
            walk.leftOut = carried.leftOut + itinerary.leftOut
        }
        state.carried = nil
        state.itinerary = walk
        state.origin = walk.start
        state.phase = .ready
        state.selected = walk.nextIndex ?? 0
        let left = walk.leftOut.filter { $0.reason != "skipped" }
        var line = walk.stops.isEmpty ? "no artwork could be walked to" : "walk: \(walk.stops.count) stop\(walk.stops.count == 1 ? "" : "s"), \(DistanceText.format(walk.totalMetres, imperial: imperial))"
        if walk.byStraightLines, !walk.stops.isEmpty { line += " by straight lines (no streets here: artmap import an .osm.pbf, or d online)" }
        if !left.isEmpty { line += "; left out: " + left.map { "\(DisplayText.clean($0.title)) (\($0.reason))" }.joined(separator: ", ") }
        let message = Delegate.message(reach(&state, imperial: imperial) ?? line)
        // A new plan is fitted on the map beside the screen.
        return Reduced(delegates: walk.stops.isEmpty ? [message] : [message, .showOnMap([walk.start] + walk.stops.map(\.artwork.coordinate))])
    }

    /// Ticks the next stop when the walker is within 20 m of it, then the one after while it is as near (two
    /// artworks on one wall); says which, and what is next. A later stop passed on the way is not ticked out of
    /// order: the walk comes back to it, or `x` skips what is in between.
    static func reach(_ state: inout WalkState, imperial: Bool) -> String? {
        guard var walk = state.itinerary, state.phase == .ready else { return nil }
        var reached: [Int] = []
        while let i = walk.nextIndex, Geodesic.distance(from: state.position, to: walk.stops[i].artwork.coordinate) <= WalkState.reachedWithin {
            walk.stops[i].reached = true
            reached.append(i)
        }
        guard let last = reached.last else { return nil }
        state.itinerary = walk
        let ticked = "✓ \(last + 1) \(DisplayText.clean(walk.stops[last].artwork.title))"
        guard let next = walk.nextIndex else {
            state.selected = last
            return ticked + " — every stop seen" + (walk.homeLeg.map { ", \(DistanceText.format($0.metres, imperial: imperial)) back to the start" } ?? "")
        }
        state.selected = next
        let metres = Geodesic.distance(from: state.position, to: walk.stops[next].artwork.coordinate)
        return ticked + " — next \(next + 1) \(DisplayText.clean(walk.stops[next].artwork.title)), \(DistanceText.format(metres, imperial: imperial))"
    }
}
