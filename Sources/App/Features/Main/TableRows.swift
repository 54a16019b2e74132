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

/// The table's rows as the row of each building's header: a building's artworks follow its header, so the row
/// of any index is found by a binary search. At 100,000 artworks an array of `TableRow`s took 2.8 MB (and as
/// much again while it grew); this takes 4 bytes a building.
public struct TableRows: RandomAccessCollection, Hashable, Sendable {
    /// The row of each building's header, ascending.
    private var headers: [Int32] = []
    public private(set) var endIndex = 0

    public var startIndex: Int { 0 }

    public init() {}

    /// Rows for buildings holding these many artworks each, in order.
    public init(artworkCounts: [Int]) {
        headers.reserveCapacity(artworkCounts.count)
        var row = 0
        for count in artworkCounts {
            headers.append(Int32(truncatingIfNeeded: row))
            row += 1 + count
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
        return position == header ? .building(low) : .artwork(low, position - header - 1)
    }

    /// The row of a building's header, or nil when there is no such building.
    public func row(ofBuilding b: Int) -> Int? {
        headers.indices.contains(b) ? Int(headers[b]) : nil
    }
}
