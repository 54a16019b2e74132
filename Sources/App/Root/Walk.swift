import Catalog
import Geo

/// What the root does for the walk screen: opens it from where things stand (the nearest artworks, the building
/// pointed at), and hands it the planner's answers and the live fixes wherever it is on the stack.
extension AppState {
    /// The walk screen's place on the stack, if it is open.
    var walkIndex: Int? { overlays.lastIndex { $0.state(WalkState.self) != nil } }

    /// The walk screen's state, if it is open.
    public var walk: WalkState? { walkIndex.flatMap { overlays[$0].state(WalkState.self) } }

    /// `w`: the walk screen, planned from the reference point through the nearest artworks (or as the open one
    /// chose), over any screen but the ones above an open walk, which close.
    mutating func openWalk() -> [Effect] {
        let previous = walk
        if let index = walkIndex { overlays.removeSubrange(index...) }
        let nearest = main.catalog.ranked(from: main.reference, nearest: WalkState.poolSize)
        let pool = Array(nearest.lazy.flatMap(\.artworks).prefix(WalkState.poolSize).map(\.artwork))
        var building: RankedBuilding?
        switch pointed {
        case .building(let b)?: building = b
        case .artwork(let a)?: building = rankedArtwork(a.key)?.0
        case nil: building = nil
        }
        var pick = previous?.pick ?? .nearest(8)
        if pick == .building && building == nil { pick = .nearest(8) }
        // Speed and stay as the settings say (the command's defaults otherwise).
        let speed = settings[Setting.walkSpeed].flatMap(DecimalText.double).map { $0 / 3.6 } ?? WalkState.defaultSpeed
        let stay = settings[Setting.walkStay].flatMap(DecimalText.double).map { $0 * 60 } ?? WalkState.defaultStay
        push(WalkState(origin: main.reference, pool: pool, pick: pick, buildingName: building?.name,
                       buildingArtworks: building?.artworks.map(\.artwork) ?? [], speed: speed, stay: stay))
        return routeTop(.walk(.plan))
    }

    /// Hands the walk screen an answer or a fix wherever it is on the stack; a new plan is fitted on the map.
    mutating func routeWalk(_ action: WalkAction) -> [Effect] {
        guard let index = walkIndex else { return [] }
        let effects = route(.walk(action), to: overlays[index].id)
        if case .planned = action, let walk, walk.phase == .ready, let itinerary = walk.itinerary, !itinerary.stops.isEmpty {
            return effects + routeMain(.fitMap([itinerary.start] + itinerary.stops.map(\.artwork.coordinate)))
        }
        return effects
    }
}
