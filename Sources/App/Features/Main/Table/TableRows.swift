/// One row of the table: a building header or one of its artworks.
public enum TableRow: Hashable, Sendable {
    case building(Int)
    case artwork(Int, Int)

    public var buildingIndex: Int {
        switch self {
        case .building(let b), .artwork(let b, _): return b
        }
    }
}

/// The table's rows as the first row of each building: a building's artworks follow its header, so the row
/// of any index is found by a binary search. A place that stands for its one artwork has no header: its row is
/// the artwork's. At 100,000 artworks an array of `TableRow`s took 2.8 MB (and as much again while it grew);
/// this takes 5 bytes a building.
public struct TableRows: RandomAccessCollection, Hashable, Sendable {
    /// The first row of each building (its header, or its artwork when it has none), ascending.
    private var headers: [Int32] = []
    /// Whether each building is listed without a header.
    private var headerless: [Bool] = []
    public private(set) var endIndex = 0
    /// How many rows are group lines (buildings with a header).
    public private(set) var headerCount = 0

    public var startIndex: Int { 0 }

    public init() {}

    /// Rows for buildings holding these many artworks each, in order; `headerless` buildings (one artwork,
    /// standing for it) get no header row.
    public init(artworkCounts: [Int], headerless: [Bool] = []) {
        headers.reserveCapacity(artworkCounts.count)
        self.headerless = artworkCounts.indices.map { headerless.indices.contains($0) && headerless[$0] && artworkCounts[$0] == 1 }
        var row = 0
        for (b, count) in artworkCounts.enumerated() {
            headers.append(Int32(truncatingIfNeeded: row))
            row += (self.headerless[b] ? 0 : 1) + count
            if !self.headerless[b] { headerCount += 1 }
        }
        endIndex = row
    }

    public subscript(position: Int) -> TableRow {
        precondition(position >= 0 && position < endIndex, "table row \(position) out of 0..<\(endIndex)")
        // The last header at or before the row.
        var low = 0, high = headers.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(headers[middle]) <= position { low = middle } else { high = middle }
        }
        let header = Int(headers[low])
        if headerless[low] { return .artwork(low, position - header) }
        return position == header ? .building(low) : .artwork(low, position - header - 1)
    }

    /// The row of a building's header (for a building without one, its artwork's), or nil when there is no such building.
    public func row(ofBuilding b: Int) -> Int? {
        headers.indices.contains(b) ? Int(headers[b]) : nil
    }
}
