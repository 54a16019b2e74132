import Cartography
import Catalog
import Geo

/// Which artworks a walk takes, as `artmap walk` chooses them.
public enum WalkPick: Hashable, Sendable {
    /// The K nearest artworks (`--stops K`).
    case nearest(Int)
    /// The favourites (`--favourites`).
    case favourites
    /// The artworks of the building pointed at when the walk screen opened (`--building`).
    case building
    /// As many of the nearest as fit in this many minutes (`--minutes`).
    case minutes(Int)

    /// The words the itinerary's title uses.
    public var label: String {
        switch self {
        case .nearest(let k): return "the \(k) nearest"
        case .favourites: return "your favourites"
        case .building: return "the building's artworks"
        case .minutes(let m): return "what fits in \(m) min"
        }
    }
}

/// One walked leg as the map draws it: from a point, along the ways, to a point (a `WalkingRoute` reduced to
/// what is shown, so a walk can live in the app's hashable state).
public struct WalkLeg: Hashable, Sendable {
    public var from: Coordinate
    public var points: [GeoPoint]
    public var to: Coordinate
    public var metres: Double

    public init(from: Coordinate, points: [GeoPoint], to: Coordinate, metres: Double) {
        self.from = from
        self.points = points
        self.to = to
        self.metres = metres
    }
}

/// One stop of the walk: the artwork, the leg that leads to it, and whether it has been reached.
public struct WalkStop: Hashable, Sendable {
    public var artwork: Artwork
    public var leg: WalkLeg
    public var reached: Bool

    public init(artwork: Artwork, leg: WalkLeg, reached: Bool = false) {
        self.artwork = artwork
        self.leg = leg
        self.reached = reached
    }
}

/// A planned walk: its stops in order, the way back (a round walk), and the artworks left out with why.
public struct WalkItinerary: Hashable, Sendable {
    public var start: Coordinate
    public var stops: [WalkStop]
    /// From the last stop back to the start (nil for an open walk).
    public var homeLeg: WalkLeg?
    /// Artworks not walked to, each with why ("no walking path within 500 m of it", "skipped").
    public var leftOut: [WalkLeftOut]
    /// Planned by straight lines: no streets near the start (issue 44).
    public var byStraightLines = false

    public init(start: Coordinate, stops: [WalkStop], homeLeg: WalkLeg?, leftOut: [WalkLeftOut]) {
        self.start = start
        self.stops = stops
        self.homeLeg = homeLeg
        self.leftOut = leftOut
    }

    /// The first stop not reached yet, by index.
    public var nextIndex: Int? { stops.firstIndex { !$0.reached } }

    /// Every leg, in walking order.
    public var legs: [WalkLeg] { stops.map(\.leg) + (homeLeg.map { [$0] } ?? []) }

    /// The whole walk's metres.
    public var totalMetres: Double { legs.reduce(0) { $0 + $1.metres } }

    /// Seconds from the start to arriving at each stop, walking at `speed` (m/s) and staying `stay` seconds at each.
    public func arrivals(speed: Double, stay: Double) -> [Double] {
        var elapsed = 0.0
        return stops.map { stop in
            elapsed += stop.leg.metres / speed
            defer { elapsed += stay }
            return elapsed
        }
    }
}

/// An artwork the walk does not visit, and why.
public struct WalkLeftOut: Hashable, Sendable {
    public var title: String
    public var reason: String

    public init(title: String, reason: String) {
        self.title = title
        self.reason = reason
    }
}

/// What the walk screen is doing: asking for a plan, showing one, or saying why there is none.
public enum WalkPhase: Hashable, Sendable {
    case planning(String)
    case ready
    case failed(String)
}

/// The walk screen: what to walk through, the plan, where the walker is, and the selected row.
public struct WalkState: Hashable, Sendable {
    public var pick: WalkPick
    /// The nearest artworks from where the screen opened, nearest first: the pool `nearest` and `minutes` choose from.
    public var pool: [Artwork]
    /// The building pointed at when the screen opened (its name and artworks), for `WalkPick.building`.
    public var buildingName: String?
    public var buildingArtworks: [Artwork]
    /// Where the walk begins and, round, ends.
    public var origin: Coordinate
    /// The walker's last known position.
    public var position: Coordinate
    public var phase: WalkPhase = .planning("planning…")
    public var itinerary: WalkItinerary?
    /// Which plan request is the newest; older answers are dropped.
    public var generation = 0
    public var selected = 0
    /// While the rest of the walk is planned again after a skip: the part kept (the stops reached, what was left out).
    public var carried: WalkItinerary?
    /// While a name is typed: to save the walk under it (`W`) or to resume the walk saved under it (`R`).
    public var naming: WalkNaming?
    /// The name the walk shown was saved or resumed under, if any (a new plan forgets it).
    public var savedName: String?
    /// Walking speed (m/s) and the stay at each stop (s).
    public var speed: Double
    public var stay: Double
    /// `u`: plan through artworks not seen yet only (issue 47), as `artmap walk --unseen`.
    public var unseenOnly = false

    /// Walking speed and stay as `artmap walk` takes them by default: 4.5 km/h, 3 minutes.
    public static let defaultSpeed = 4.5 / 3.6
    public static let defaultStay = 180.0
    /// How near a stop counts as reached.
    public static let reachedWithin = 20.0
    /// The largest pool, and the most stops `nearest` takes.
    public static let poolSize = 20
    /// How many of the nearest artworks the pool keeps to choose from (the unseen among them with `u`).
    public static let candidates = 60
    /// How far from the reference point an artwork may be to be walked to (the farthest a fetch reaches, 5 km).
    public static let poolRadius = NearMeState.maxRadius

    public init(origin: Coordinate, pool: [Artwork], pick: WalkPick = .nearest(8), buildingName: String? = nil,
                buildingArtworks: [Artwork] = [], speed: Double = WalkState.defaultSpeed, stay: Double = WalkState.defaultStay) {
        self.origin = origin
        position = origin
        self.pool = pool
        self.pick = pick
        self.buildingName = buildingName
        self.buildingArtworks = buildingArtworks
        self.speed = speed
        self.stay = stay
    }

    /// The next stop to walk to, if the walk is not done.
    public var nextStop: (number: Int, stop: WalkStop)? {
        guard let itinerary, let index = itinerary.nextIndex else { return nil }
        return (index + 1, itinerary.stops[index])
    }
}

/// A name being typed on the walk screen, and what it is for.
public struct WalkNaming: Hashable, Sendable {
    public var resume: Bool
    public var text: String

    public init(resume: Bool, text: String = "") {
        self.resume = resume
        self.text = text
    }
}
