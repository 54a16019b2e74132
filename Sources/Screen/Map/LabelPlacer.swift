import TerminalTypes

/// Places names on the map greedily in the order given (rank: capitals and big cities first): each takes the first
/// of its spots whose cells, and one either side, are free, or is left out. No two placed names overlap.
enum LabelPlacer {
    /// A name to place: its anchor cell, its text and width, and whether a point is drawn at the anchor (a place:
    /// the name goes to its right, else its left) or the name is centred on it (a country).
    struct Candidate: Equatable {
        let x: Int
        let y: Int
        let text: String
        let width: Int
        let point: Bool
    }

    /// A placed name: where its text starts, and whether its point is drawn (not when a marker holds the cell).
    struct Placed: Equatable {
        let candidate: Candidate
        let x: Int
        let y: Int
        var pointDrawn = false
    }

    /// Places the candidates inside `clip`, marking their cells in `occupied`.
    static func place(_ candidates: [Candidate], clip: Rect, occupied: inout OccupiedCells) -> [Placed] {
        var placed: [Placed] = []
        for candidate in candidates where candidate.width > 0 && candidate.width <= clip.width - 2 {
            let spots: [(x: Int, y: Int)]
            var pointDrawn = false
            if candidate.point {
                // A place under a marker (a cluster, you-are-here) keeps its name beside the marker, without a point.
                guard clip.contains(x: candidate.x, y: candidate.y) else { continue }
                pointDrawn = !occupied.contains(candidate.x, candidate.y)
                let y = candidate.y
                spots = pointDrawn ? [(candidate.x + 1, y), (candidate.x - candidate.width, y)] : [(candidate.x + 2, y), (candidate.x - candidate.width - 1, y)]
            } else {
                // A country's name centred on its label point, else on the row above or below it.
                let x = candidate.x - candidate.width / 2
                spots = [(x, candidate.y), (x, candidate.y - 1), (x, candidate.y + 1)]
            }
            guard let spot = spots.first(where: { x, y in
                x >= clip.x && x + candidate.width <= clip.maxX && y >= clip.y && y < clip.maxY
                    && occupied.isFree(x: x, y: y, width: candidate.width)
            }) else { continue }
            occupied.insertLabel(x: spot.x, y: spot.y, width: candidate.width)
            if pointDrawn { occupied.insertMarker(x: candidate.x, y: candidate.y) }
            placed.append(Placed(candidate: candidate, x: spot.x, y: spot.y, pointDrawn: pointDrawn))
        }
        return placed
    }
}
