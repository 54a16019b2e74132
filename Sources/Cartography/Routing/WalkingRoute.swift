import Geo

/// A walk along the imported ways: the nodes passed, the distance along them, and turn-by-turn steps.
public struct WalkingRoute: Sendable, Equatable {
    /// Every point is a node of an imported way, first the one nearest the start, last the one nearest the target.
    public var points: [GeoPoint]
    /// Metres along the ways, from the first point to the last.
    public var metres: Double
    public var steps: [RouteStep]
    /// Metres from the start to the first point, and from the last point to the target, walked straight.
    public var startGap: Double
    public var endGap: Double

    public init(points: [GeoPoint], metres: Double, steps: [RouteStep], startGap: Double, endGap: Double) {
        self.points = points
        self.metres = metres
        self.steps = steps
        self.startGap = startGap
        self.endGap = endGap
    }

    /// Seconds at 5 km/h, the usual walking pace.
    public var seconds: Double { metres / WalkingRoute.metresPerSecond }
    public static let metresPerSecond = 5000.0 / 3600.0
}

/// One instruction: "left onto Mikonkatu", walked for `metres`.
public struct RouteStep: Sendable, Equatable {
    public var instruction: String
    public var street: String
    public var metres: Double

    public init(instruction: String, street: String, metres: Double) {
        self.instruction = instruction
        self.street = street
        self.metres = metres
    }
}

/// Why there is no route along the ways, said to the user next to the straight line.
public enum RouteFailure: Error, Equatable, Sendable {
    case noWalkingGraph
    case tooFarFromWays(metres: Double, what: String)
    case unreachable

    public var message: String {
        switch self {
        case .noWalkingGraph: return "no streets imported: artmap import an .osm.pbf of the area for walking directions"
        case .tooFarFromWays(let metres, let what): return "the \(what) is \(DistanceText.format(metres)) from the nearest imported path"
        case .unreachable: return "no path along the imported ways connects the two"
        }
    }
}
