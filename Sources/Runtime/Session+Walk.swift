import App
import Cartography
import Dispatch
import Foundation
import Store

/// The walk screen's effect: plans an art walk as `artmap walk` does (`WalkPlanner` over the store's walking
/// graph), on a queue and a reader connection of its own so the loop keeps drawing; answers with `.walk`.
extension Session {
    /// Plans walks one at a time, in the order asked (a newer request makes the screen drop an older answer).
    private static let walkPlanning = DispatchQueue(label: "artmap.walks", qos: .userInitiated)

    /// Plans `request` off the main loop and posts `.walk(.planned)`, or `.walk(.failed)` with why.
    func planWalk(_ request: WalkPlanRequest) {
        let queue = self.queue, path = syncRequest.storePath
        Session.walkPlanning.async {
            queue.post(.walk(Session.walkAnswer(request, storePath: path)))
        }
    }

    /// What the planner says of a request: the itinerary (stops no path reaches left out and named), or why
    /// there is no walk at all (nothing walkable stored, the start far from every path, the store unreadable).
    static func walkAnswer(_ request: WalkPlanRequest, storePath: String) -> WalkAction {
        do {
            let source = try CatalogStore.reader(path: storePath)
            switch try WalkPlanner.plan(from: request.start, artworks: request.artworks, finish: request.finish,
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
}
