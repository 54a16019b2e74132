import Catalog
import Foundation
import Geo

extension WalkPlanner {
    /// How far from the start an artwork may be for a walk by straight lines (a fetch's widest radius): farther, a
    /// straight line says nothing a person can walk.
    public static let straightLineReach = 5_000.0

    /// Whether a failure means there are no streets to walk at the start (none imported, or none near it), so the walk
    /// is planned by straight lines instead of refused (issue 44, as `g` answers with a straight line).
    public static func wantsStraightLines(_ failure: RouteFailure) -> Bool {
        switch failure {
        case .noWalkingGraph: return true
        case .outsideImportedArea(_, let what), .tooFarFromWays(_, let what): return what == "start"
        default: return false
        }
    }

    /// The same walk planned by straight lines between the stops: the order from the metres as the crow flies (exact
    /// up to 12 stops, as over streets), each leg one straight walk; artworks beyond `straightLineReach` are left out.
    /// Nil when none is within reach.
    public static func planByStraightLines(from start: Coordinate, artworks given: [Artwork], finish: WalkFinish,
                                           choice: WalkChoice = .all) -> ArtWalkPlan? {
        let artworks = given.filter { Geodesic.distance(from: start, to: $0.coordinate) <= straightLineReach }
        guard !artworks.isEmpty else { return nil }
        var points = artworks.map(\.coordinate) + [start]
        if case .at(let end) = finish { points.append(end) }
        let matrix = points.map { a in points.map { b in Geodesic.distance(from: a, to: b) } }
        let end: TourEnd = finish == .round ? .round : finish == .open ? .open : .fixed
        var leftOut: [(artwork: Artwork, reason: String)] = given.filter { a in !artworks.contains { $0.key == a.key } }
            .map { ($0, "more than \(DistanceText.format(straightLineReach)) away, with no streets to walk") }
        let found: (order: [Int], metres: Double)
        switch choice {
        case .all: found = TourOrder.best(matrix, stops: artworks.count, end: end)
        case .within(let seconds, let speed, let stay):
            found = StopBudget.choose(matrix, stops: artworks.count, end: end, budgetSeconds: seconds, metresPerSecond: speed, staySeconds: stay)
            let chosen = Set(found.order)
            for (i, artwork) in artworks.enumerated() where !chosen.contains(i) { leftOut.append((artwork, "it does not fit in the time")) }
        }
        let stops = found.order.map { artworks[$0] }
        var path = [start] + stops.map(\.coordinate)
        switch finish {
        case .round: path.append(start)
        case .open: break
        case .at(let end): path.append(end)
        }
        let legs = path.indices.dropFirst().map { straightLeg(from: path[$0 - 1], to: path[$0]) }
        var plan = ArtWalkPlan(start: start, stops: stops, legs: legs, leftOut: leftOut)
        plan.straightBecause = .noWalkingGraph
        return plan
    }

    /// `plan`, or, when there are no streets at the start, the walk by straight lines through the art within reach,
    /// with why (`straightBecause`): the one rule `artmap walk` and the view's `w` both follow.
    public static func planOrStraight(from start: Coordinate, artworks: [Artwork], finish: WalkFinish, choice: WalkChoice = .all,
                                      source: WalkPieceSource) throws -> Result<ArtWalkPlan, RouteFailure> {
        let planned = try plan(from: start, artworks: artworks, finish: finish, choice: choice, source: source)
        guard case .failure(let why) = planned, wantsStraightLines(why),
              var straight = planByStraightLines(from: start, artworks: artworks, finish: finish, choice: choice) else { return planned }
        straight.straightBecause = why
        return .success(straight)
    }

    /// One straight walk, as a route with a single step ("walk straight north-east, 120 m").
    static func straightLeg(from a: Coordinate, to b: Coordinate) -> WalkingRoute {
        let line = Geodesic.inverse(from: a, to: b)
        let step = RouteStep(instruction: "walk straight \(CompassPoint(bearing: line.initialBearing).name)", street: "", metres: line.distance)
        return WalkingRoute(points: [GeoPoint(a), GeoPoint(b)], metres: line.distance, steps: [step], startGap: 0, endGap: 0)
    }
}
