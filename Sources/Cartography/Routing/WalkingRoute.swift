import Geo

/// A walk along the imported ways: the nodes passed, the distance along them, and turn-by-turn steps.
public struct WalkingRoute: Sendable, Equatable {
    /// The point on an imported way nearest the start (of the main network, unless both ends share a
    /// smaller one), the nodes passed, and the point on a way nearest the target.
    public var points: [GeoPoint]
    /// Metres along the ways, from the first point to the last.
    public var metres: Double
    /// Turn-by-turn, the straight walks to and from the ways included when they are 5 m or more.
    public var steps: [RouteStep]
    /// Metres from the start to the first point, and from the last point to the target, walked straight.
    public var startGap: Double
    public var endGap: Double
    /// Where the walk joins the ways and leaves them (nil for a route made by hand).
    public var startJoin: RouteJoin?
    public var targetJoin: RouteJoin?

    public init(points: [GeoPoint], metres: Double, steps: [RouteStep], startGap: Double, endGap: Double,
                startJoin: RouteJoin? = nil, targetJoin: RouteJoin? = nil) {
        self.points = points
        self.metres = metres
        self.steps = steps
        self.startGap = startGap
        self.endGap = endGap
        self.startJoin = startJoin
        self.targetJoin = targetJoin
    }

    /// The whole walk: along the ways and the straight walks to and from them.
    public var totalMetres: Double { metres + startGap + endGap }

    /// Seconds at 4.5 km/h, the default walking pace, for the whole walk (as `totalMetres`).
    public var seconds: Double { totalMetres / WalkingRoute.metresPerSecond }
    /// The walking speed of the default setting walk.speed (4.5 km/h): routes and walks assume the same (issue 50).
    public static let metresPerSecond = 4500.0 / 3600.0
}

/// A point on an imported edge: between the nodes `fromNode` and `toNode` (OpenStreetMap ids),
/// `along` metres from `fromNode` of the edge's `length`.
public struct RouteJoin: Sendable, Equatable {
    public var fromNode: Int64, toNode: Int64
    public var along: Double, length: Double

    public init(fromNode: Int64, toNode: Int64, along: Double, length: Double) {
        self.fromNode = fromNode
        self.toNode = toNode
        self.along = along
        self.length = length
    }
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
    /// The start or target lies this far outside the box around every imported way.
    case outsideImportedArea(metres: Double, what: String)
    /// The start or target is near only a small piece of the network, with no main network within reach.
    case island(nodes: Int, what: String)
    /// Both ends are on main networks, but not the same one.
    case separateNetworks(startNodes: Int, targetNodes: Int)
    case unreachable

    public var message: String {
        switch self {
        case .noWalkingGraph: return "no streets imported: artmap import an .osm.pbf of the area for walking directions"
        case .tooFarFromWays(let metres, let what):
            // The planner looks no farther than the router's gap: at that distance it knows only "more than".
            let distance = (metres >= Router.maximumGap ? "more than " : "") + DistanceText.format(metres)
            return "the \(what) is \(distance) from the nearest imported path"
        case .outsideImportedArea(let metres, let what):
            return "the \(what) is \(DistanceText.format(metres)) outside the imported area (import an extract that covers it)"
        case .island(let nodes, let what):
            return "the \(what) is on an island of \(nodes) path node\(nodes == 1 ? "" : "s") that no imported way joins to the main network"
            + " within \(DistanceText.format(Router.maximumGap))"
        case .separateNetworks(let startNodes, let targetNodes):
            return "the start and the target are on separate networks (\(startNodes) and \(targetNodes) path nodes) that no imported way joins"
        case .unreachable: return "no path along the imported ways connects the two"
        }
    }

    /// The message with the start named as the caller knows it ("the start (home: Helsinki, 60.17,24.94) is 1846 km
    /// outside the imported area"), so a start the user never chose says where it came from (issue 44).
    public func message(start: String) -> String {
        switch self {
        case .tooFarFromWays(_, let what), .outsideImportedArea(_, let what), .island(_, let what):
            guard what == "start", message.hasPrefix("the start") else { return message }
            return start + message.dropFirst("the start".count)
        default:
            return message
        }
    }
}
