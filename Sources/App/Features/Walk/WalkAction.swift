import Cartography
import Catalog
import Geo

/// What the walk screen's keys, the planner's answers and the live location ask of it.
public enum WalkAction: Hashable, Sendable {
    /// Ask for a plan of what `pick` chooses, from where the walker is.
    case plan
    /// One stop more or fewer (K nearest), or a quarter-hour more or less (minutes).
    case more, fewer
    /// Choose by the next way: the K nearest, the favourites, the building, the minutes.
    case nextPick
    /// `u`: plan through unseen artworks only, or through all again.
    case toggleUnseen
    /// Leave out the next stop and plan the rest again from here.
    case skip
    /// Move the itinerary's selection.
    case move(Int)
    /// Enter: the selected stop's detail.
    case openSelected
    /// The planner's answer to the request of `generation`.
    case planned(generation: Int, WalkItinerary)
    /// Why the request of `generation` found no walk at all (no walking paths stored, the start far from any).
    case failed(generation: Int, String)
    /// The walker is here now (a live fix that passed the distance filter).
    case moved(Coordinate)
    /// `W`: type a name to save the walk under; `R`: type the name of a saved walk to resume.
    case startNaming(resume: Bool)
    /// A key typed into the name, Backspace, Enter (save or resume), Esc (stop typing).
    case type(Character), erase, confirmName, cancelName
    /// The run loop saved the walk under this name.
    case saved(String)
}

/// A walk to keep in the store under a name: where it starts and ends, its stops in order, each reached or not.
public struct WalkSaveRequest: Hashable, Sendable {
    public var name: String
    public var start: Coordinate
    public var finish: WalkFinish
    public var stops: [ArtworkKey]
    public var reached: [Bool]

    public init(name: String, start: Coordinate, finish: WalkFinish, stops: [ArtworkKey], reached: [Bool]) {
        self.name = name
        self.start = start
        self.finish = finish
        self.stops = stops
        self.reached = reached
    }
}

/// A saved walk to take up again from `position`: its stops not reached planned again, answered as a plan of `generation`.
public struct WalkResumeRequest: Hashable, Sendable {
    public var name: String
    public var position: Coordinate
    public var generation: Int

    public init(name: String, position: Coordinate, generation: Int) {
        self.name = name
        self.position = position
        self.generation = generation
    }
}

/// A walk for the run loop to plan, off the main loop, as `artmap walk` plans it; answered with
/// `WalkAction.planned` or `.failed` of the same generation.
public struct WalkPlanRequest: Hashable, Sendable {
    public var generation: Int
    public var start: Coordinate
    public var artworks: [Artwork]
    public var finish: WalkFinish
    public var choice: WalkChoice

    public init(generation: Int, start: Coordinate, artworks: [Artwork], finish: WalkFinish, choice: WalkChoice) {
        self.generation = generation
        self.start = start
        self.artworks = artworks
        self.finish = finish
        self.choice = choice
    }
}

extension WalkItinerary {
    /// The itinerary of a plan the planner made (`WalkPlanner.plan`) for `finish`: a leg per stop, then the way to the end.
    public init(_ plan: ArtWalkPlan, finish: WalkFinish) {
        var end: Coordinate?
        switch finish {
        case .round: end = plan.start
        case .open: end = nil
        case .at(let point): end = point
        }
        let targets = plan.stops.map(\.coordinate) + (end.map { [$0] } ?? [])
        var legs: [WalkLeg] = []
        var from = plan.start
        for (i, route) in plan.legs.enumerated() where i < targets.count {
            legs.append(WalkLeg(from: from, points: route.points, to: targets[i], metres: route.totalMetres))
            from = targets[i]
        }
        let stops = zip(plan.stops, legs).map { WalkStop(artwork: $0, leg: $1) }
        self.init(start: plan.start, stops: stops, homeLeg: legs.count > plan.stops.count ? legs.last : nil,
                  leftOut: plan.leftOut.map { WalkLeftOut(title: $0.artwork.title, reason: $0.reason) })
        byStraightLines = plan.byStraightLines
    }
}
