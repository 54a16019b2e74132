import Cells
import TerminalTypes

/// The cells already taken by a marker or a label: nothing else may be written over them. A flag a cell
/// over the map's area (looked up without hashing: a frame asks about every label's cells); cells outside
/// it, which nothing draws on, in a set.
struct OccupiedCells {
    private let area: Rect
    private var taken: [Bool]
    private var outside = Set<Int>()

    /// Nothing taken yet over `area`.
    init(area: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
        self.area = area
        taken = Array(repeating: false, count: max(0, area.width) * max(0, area.height))
    }

    private func slot(_ x: Int, _ y: Int) -> Int? {
        guard area.contains(x: x, y: y) else { return nil }
        return (y - area.y) * area.width + (x - area.x)
    }

    private static func key(_ x: Int, _ y: Int) -> Int { y &* 100_000 &+ x }

    func contains(_ x: Int, _ y: Int) -> Bool {
        if let slot = slot(x, y) { return taken[slot] }
        return outside.contains(Self.key(x, y))
    }

    mutating func insert(_ x: Int, _ y: Int) {
        if let slot = slot(x, y) {
            taken[slot] = true
        } else {
            outside.insert(Self.key(x, y))
        }
    }

    /// Whether cells x..<x+width on row y, and one cell either side, are all free.
    func isFree(x: Int, y: Int, width: Int) -> Bool {
        !((x - 1)...(x + width)).contains { contains($0, y) }
    }

    mutating func insert(x: Int, y: Int, width: Int) {
        for column in x..<(x + width) { insert(column, y) }
    }
}
