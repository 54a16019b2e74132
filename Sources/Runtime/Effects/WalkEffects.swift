import App
import Cartography
import Catalog
import Dispatch
import Foundation
import Geo
import Store

/// The walk screen's effects: plans an art walk as `artmap walk` does (`WalkPlanner` over the store's walking
/// graph), on a queue and a reader connection of its own so the loop keeps drawing; answers the walk screen that asked.
struct WalkEffects: EffectHandler {
    /// Plans walks one at a time, in the order asked (a newer request makes the screen drop an older answer).
    private static let walkPlanning = DispatchQueue(label: "artmap.walks", qos: .userInitiated)
    /// Saves on the writer (a few rows); plans on a reader.
    let store: any StoreAccess

    init(_ dependencies: Dependencies) { store = dependencies.store }

    /// Performs the walk screen's effects: plans off the main loop, saves on the loop's own connection.
    func handles(_ effect: Effect) -> Bool {
        // A walk's answers go to the screen that asked: one with no id is nobody's.
        switch effect {
        case .planWalk(_, _?), .saveWalk(_, _?), .resumeWalk(_, _?): return true
        default: return false
        }
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        switch effect {
        case .planWalk(let request, let screen?):
            planWalk(request, into: replies, for: screen)
        case .saveWalk(let request, let screen?):
            let stops = zip(request.stops, request.reached).map { SavedWalkStop(artwork: $0, reached: $1) }
            do {
                try store.write { try $0.saveWalk(SavedWalk(name: request.name, start: request.start, finish: request.finish, stops: stops)) }
                replies.post(.answer(.walk(.saved(request.name)), to: screen))
            } catch {
                replies.post(.error("the walk was not saved: \(DisplayText.clean("\(error)"))"))
            }
        case .resumeWalk(let request, let screen?):
            let store = self.store
            WalkEffects.walkPlanning.async {
                replies.post(.answer(.walk(WalkEffects.resumed(request, store: store)), to: screen))
            }
        default:
            return
        }
    }

    /// Plans `request` off the main loop and posts `.walk(.planned)`, or `.walk(.failed)` with why, to `screen`.
    private func planWalk(_ request: WalkPlanRequest, into sink: any ActionSink, for screen: ScreenID) {
        let store = self.store
        WalkEffects.walkPlanning.async {
            sink.post(.answer(.walk(WalkEffects.walkAnswer(request, store: store)), to: screen))
        }
    }

    /// What the planner says of a request: the itinerary (stops no path reaches left out and named), or why
    /// there is no walk at all (nothing walkable stored, the start far from every path, the store unreadable).
    static func walkAnswer(_ request: WalkPlanRequest, store: any StoreAccess) -> WalkAction {
        do {
            return try store.read { try walkAnswer(request, source: $0) }
        } catch {
            return .failed(generation: request.generation, "cannot read the walking paths: \(error)")
        }
    }

    /// The answer planned on `source`, a reader connection.
    private static func walkAnswer(_ request: WalkPlanRequest, source: CatalogStore) throws -> WalkAction {
        do {
            // No streets at the start: planned by straight lines, as `g` draws a straight line (issue 44).
            switch try WalkPlanner.planOrStraight(from: request.start, artworks: request.artworks, finish: request.finish,
                                                  choice: request.choice, source: source) {
            case .success(let plan):
                return .planned(generation: request.generation, WalkItinerary(plan, finish: request.finish))
            case .failure(let why):
                return .failed(generation: request.generation, why.message)
            }
        } catch {
            return .failed(generation: request.generation, "cannot read the walking paths: \(error)")
        }
    }

    /// A saved walk taken up again from where the walker is: the stops reached stay ticked in front (straight
    /// legs), the others are planned again from here, to where the walk was to end.
    static func resumed(_ request: WalkResumeRequest, store: any StoreAccess) -> WalkAction {
        do {
            return try store.read { try resumed(request, source: $0) }
        } catch {
            return .failed(generation: request.generation, "cannot read the saved walk: \(error)")
        }
    }

    /// The walk taken up again, read from `source`, a reader connection.
    private static func resumed(_ request: WalkResumeRequest, source: CatalogStore) throws -> WalkAction {
        do {
            guard let saved = try source.savedWalk(named: request.name) else {
                let names = try source.savedWalkNames()
                return .failed(generation: request.generation, "no walk saved as '\(DisplayText.clean(request.name))'"
                    + (names.isEmpty ? " (W on the walk screen saves one)" : " (saved: \(names.prefix(8).map(DisplayText.clean).joined(separator: ", ")))"))
            }
            let stops = try source.artworks(of: saved)
            var finish = saved.finish
            if case .round = finish, request.position != saved.start { finish = .at(saved.start) }
            var from = saved.start
            var done: [WalkStop] = []
            for (artwork, _) in stops.filter(\.reached) {
                done.append(WalkStop(artwork: artwork, leg: WalkLeg(from: from, points: [], to: artwork.coordinate,
                                                                    metres: Geodesic.distance(from: from, to: artwork.coordinate)), reached: true))
                from = artwork.coordinate
            }
            let left = stops.filter { !$0.reached }.map(\.artwork)
            guard !left.isEmpty else {
                return .planned(generation: request.generation, WalkItinerary(start: saved.start, stops: done, homeLeg: nil, leftOut: []))
            }
            switch try WalkPlanner.plan(from: request.position, artworks: left, finish: finish, source: source) {
            case .success(let plan):
                var itinerary = WalkItinerary(plan, finish: finish)
                itinerary.start = saved.start
                itinerary.stops = done + itinerary.stops
                return .planned(generation: request.generation, itinerary)
            case .failure(let why):
                return .failed(generation: request.generation, why.message)
            }
        } catch {
            return .failed(generation: request.generation, "cannot read the saved walk: \(error)")
        }
    }
}
