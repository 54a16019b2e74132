/// The cells already taken by a marker or a label: nothing else may be written over them.
struct OccupiedCells {
    private var cells = Set<Int>()

    private static func key(_ x: Int, _ y: Int) -> Int { y &* 100_000 &+ x }

    func contains(_ x: Int, _ y: Int) -> Bool { cells.contains(Self.key(x, y)) }

    mutating func insert(_ x: Int, _ y: Int) { cells.insert(Self.key(x, y)) }

    /// Whether cells x..<x+width on row y, and one cell either side, are all free.
    func isFree(x: Int, y: Int, width: Int) -> Bool {
        !((x - 1)...(x + width)).contains { contains($0, y) }
    }

    mutating func insert(x: Int, y: Int, width: Int) {
        for column in x..<(x + width) { insert(column, y) }
    }
}
