import Foundation

// What a route's steps call the streets, in the reader's language (issue 46): the walking graph keeps each way's
// `name`; the map's features keep their `name:xx` too, so the store says what each name reads as
// (`WalkPieceSource.localStreetNames`).

extension WalkingRoute {
    /// The route with each step's street, and the name inside its instruction, as `names` reads it.
    public func renamingStreets(_ names: [String: String]) -> WalkingRoute {
        guard !names.isEmpty else { return self }
        var route = self
        route.steps = steps.map { step in
            guard !step.street.isEmpty, let local = names[step.street], local != step.street else { return step }
            return RouteStep(instruction: step.instruction.replacingOccurrences(of: step.street, with: local), street: local, metres: step.metres)
        }
        return route
    }

    /// The box around the route's points, where its streets' names are looked up.
    public var bounds: FeatureBounds? {
        guard let first = points.first else { return nil }
        var box = FeatureBounds(south: first.latitude, north: first.latitude, west: first.longitude, east: first.longitude)
        for point in points.dropFirst() {
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        return box
    }

    /// The route with its streets named as `source` names them in the reader's language (as it was when none can).
    public func named(by source: WalkPieceSource) -> WalkingRoute {
        guard let box = bounds, let names = try? source.localStreetNames(in: box) else { return self }
        return renamingStreets(names)
    }
}
