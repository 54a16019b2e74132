import Cartography
import Geo

/// Walking directions to one building or artwork: the route along the imported ways, or why there is
/// none (then the map shows a straight line with bearing and distance). Lives until Esc.
public struct RouteState: Sendable, Equatable {
    public var targetName: String
    public var target: Coordinate
    /// The reference point the route was computed from.
    public var start: Coordinate
    public var walk: WalkingRoute?
    public var failure: RouteFailure?
    /// First step shown in the panel.
    public var scroll = 0

    public init(targetName: String, target: Coordinate, start: Coordinate, walk: WalkingRoute?, failure: RouteFailure?) {
        self.targetName = targetName
        self.target = target
        self.start = start
        self.walk = walk
        self.failure = failure
    }

    /// Metres as the crow flies, and the bearing, for the straight-line answer.
    public var straight: (metres: Double, bearing: Double) {
        let result = Geodesic.inverse(from: start, to: target)
        return (result.distance, result.initialBearing)
    }

    /// Computes the route from `start` on `graph`.
    public static func compute(to name: String, at target: Coordinate, from start: Coordinate, graph: WalkGraph) -> RouteState {
        switch Router.route(in: graph, from: start, to: target) {
        case .success(let walk): return RouteState(targetName: name, target: target, start: start, walk: walk, failure: nil)
        case .failure(let why): return RouteState(targetName: name, target: target, start: start, walk: nil, failure: why)
        }
    }
}

/// A walk to find in the background: to what, from where, and whether the map fits it when it arrives
/// (`g`) or it only follows the reference that moved.
public struct RouteRequest: Hashable, Sendable {
    public var targetName: String
    public var target: Coordinate
    public var start: Coordinate
    public var fitsMap: Bool

    public init(targetName: String, target: Coordinate, start: Coordinate, fitsMap: Bool) {
        self.targetName = targetName
        self.target = target
        self.start = start
        self.fitsMap = fitsMap
    }

    /// The route's state once found (or why not).
    public func state(_ result: Result<WalkingRoute, RouteFailure>) -> RouteState {
        switch result {
        case .success(let walk): return RouteState(targetName: targetName, target: target, start: start, walk: walk, failure: nil)
        case .failure(let why): return RouteState(targetName: targetName, target: target, start: start, walk: nil, failure: why)
        }
    }
}

/// What the route panel and its keys do.
public enum RouteAction: Hashable, Sendable {
    /// Route to what is selected where the key was pressed (map cursor, table row, list, detail).
    case toSelection
    case scroll(Int)
    case clear
}
