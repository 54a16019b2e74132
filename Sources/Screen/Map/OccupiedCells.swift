import Cells
import TerminalTypes

/// The cells already taken by a marker or a label: nothing else may be written over them. A flag a cell
/// over the map's area (looked up without hashing: a frame asks about every label's cells); cells outside
/// it, which nothing draws on, in a set. Labels and markers also note the clear margin they keep: the map's
/// dots in the cells beside a label, and around a marker, are cleared once everything is placed
/// (`clearMargins`), so a name never runs into braille and a marker stands alone, with or without colour.
struct OccupiedCells {
    private let area: Rect
    private var taken: [Bool]
    private var outside = Set<Int>()
    /// What keeps a margin: a label's run (the cells left and right of it) or a marker (the eight around it).
    private var margins: [(x: Int, y: Int, width: Int, around: Bool)] = []

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

    /// A label's cells taken, with a clear cell kept on either side.
    mutating func insertLabel(x: Int, y: Int, width: Int) {
        guard width > 0 else { return }
        insert(x: x, y: y, width: width)
        margins.append((x, y, width, false))
    }

    /// A marker's cells taken (one, or a few for a walk's "(2)"), with a clear cell kept all round.
    mutating func insertMarker(x: Int, y: Int, width: Int = 1) {
        guard width > 0 else { return }
        insert(x: x, y: y, width: width)
        margins.append((x, y, width, true))
    }

    /// Blanks the map's dots and lines (cells of a map ink's role) in the margins labels and markers keep; cells
    /// taken by another label or marker, and text, stay.
    func clearMargins(in buffer: inout Buffer) {
        for margin in margins {
            let rows = margin.around ? (margin.y - 1)...(margin.y + 1) : margin.y...margin.y
            for y in rows {
                for x in (margin.x - 1)...(margin.x + margin.width) where y != margin.y || x < margin.x || x >= margin.x + margin.width {
                    guard let slot = slot(x, y), !taken[slot], x < buffer.width, y < buffer.height,
                          Self.isMapInk[buffer.cells[y * buffer.width + x].style.role.rawValue] else { continue }
                    buffer.setNarrow(x, y, " ", .normal)
                }
            }
        }
    }

    /// Whether the map's canvas draws its dots and lines in a role, by the role's number (looked up per margin cell).
    private static let isMapInk: [Bool] = {
        let roles = Set(MapInk.allCases.map(\.style.role))
        return Role.allCases.map { roles.contains($0) }
    }()
}
