import Foundation

/// One entry of an R-tree of 2-D boxes, its bounds already rounded outwards to 32-bit floats as SQLite's
/// R-tree module stores them.
struct BoxEntry {
    var id: Int64
    var south: Float, north: Float, west: Float, east: Float

    /// The entry for a box given in degrees; nil when a bound is not a number or a side is reversed (what
    /// the R-tree module refuses with a constraint error).
    init?(id: Int64, south: Double, north: Double, west: Double, east: Double) {
        guard south <= north, west <= east else { return nil }
        self.id = id
        self.south = Self.roundedDown(south)
        self.north = Self.roundedUp(north)
        self.west = Self.roundedDown(west)
        self.east = Self.roundedUp(east)
    }

    init(id: Int64, south: Float, north: Float, west: Float, east: Float) {
        self.id = id
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// The float SQLite's R-tree stores for a lower bound: the nearest float, or when that lies above the
    /// value, the value shrunk by one part in 2^23 towards minus infinity (so the stored box always contains
    /// the given one, and equals what an INSERT would have stored).
    static func roundedDown(_ value: Double) -> Float {
        let nearest = Float(value)
        guard Double(nearest) > value else { return nearest }
        return Float(value * (value < 0 ? 1 + 1 / 8_388_608.0 : 1 - 1 / 8_388_608.0))
    }

    /// The float stored for an upper bound (the mirror of `roundedDown`).
    static func roundedUp(_ value: Double) -> Float {
        let nearest = Float(value)
        guard Double(nearest) < value else { return nearest }
        return Float(value * (value < 0 ? 1 - 1 / 8_388_608.0 : 1 + 1 / 8_388_608.0))
    }

    var centreLatitude: Float { (south + north) / 2 }
    var centreLongitude: Float { (west + east) / 2 }

    /// The smallest box holding all of `entries`, as the parent's entry `id`.
    static func enclosing(_ entries: ArraySlice<BoxEntry>, id: Int64) -> BoxEntry {
        var box = BoxEntry(id: id, south: Float.infinity, north: -Float.infinity, west: Float.infinity, east: -Float.infinity)
        for entry in entries {
            box.south = min(box.south, entry.south)
            box.north = max(box.north, entry.north)
            box.west = min(box.west, entry.west)
            box.east = max(box.east, entry.east)
        }
        return box
    }
}

/// Writes a whole 2-D R-tree (`CREATE VIRTUAL TABLE t USING rtree(id, a, b, c, d)`) at once, packed
/// sort-tile-recursive, straight into the module's three shadow tables in SQLite's documented node format:
/// an import of 490,000 boxes inserted one by one rewrites a 4 KB node per box (5 s); packed, the tree is
/// written once, a node at a time. The tree's earlier content is replaced; the caller's transaction keeps
/// it atomic. `SELECT rtreecheck('t')` verifies the result in the tests.
struct BoxTreeLoader {
    let database: Database
    /// The R-tree's name (a fixed identifier of the schema, never user input).
    let table: String

    /// Bytes of one cell: the 64-bit id, then four 32-bit bounds.
    private static let cellBytes = 24

    /// Replaces the tree's content with `entries` (ids unique).
    func load(_ entries: [BoxEntry]) throws {
        let nodeBytes = Int(try database.scalar("SELECT length(data) FROM \"\(table)_node\" WHERE nodeno = 1")?.integer ?? 0)
        let capacity = (nodeBytes - 4) / Self.cellBytes
        guard capacity >= 4 else {
            throw StoreError(code: -1, message: "the R-tree \(table) has no usable root node (\(nodeBytes) bytes)", path: database.path)
        }
        try database.execute("DELETE FROM \"\(table)_node\"; DELETE FROM \"\(table)_parent\"; DELETE FROM \"\(table)_rowid\"")

        // Levels from the leaves up: each level's nodes are runs of the level's entries, packed in order.
        var levels: [[ArraySlice<BoxEntry>]] = []
        var entries = entries
        while true {
            let nodes = Self.packed(&entries, capacity: capacity)
            levels.append(nodes)
            if nodes.count <= 1 { break }
            // The next level holds one entry per node: its box, and (for now) its index in the level.
            entries = nodes.enumerated().map { BoxEntry.enclosing($0.element, id: Int64($0.offset)) }
        }
        // Node numbers: the root is 1, then every other node level by level from the top.
        var numbers: [[Int64]] = Array(repeating: [], count: levels.count)
        var next: Int64 = 1
        for level in levels.indices.reversed() {
            numbers[level] = levels[level].indices.map { _ in
                defer { next += 1 }
                return next
            }
        }

        let insertNode = try database.prepare("INSERT INTO \"\(table)_node\"(nodeno, data) VALUES (?1, ?2)")
        let insertParent = try database.prepare("INSERT INTO \"\(table)_parent\"(nodeno, parentnode) VALUES (?1, ?2)")
        var blob = [UInt8](repeating: 0, count: nodeBytes)
        for (level, nodes) in levels.enumerated() {
            for (index, node) in nodes.enumerated() {
                let number = numbers[level][index]
                blob.withUnsafeMutableBytes { bytes in
                    bytes.initializeMemory(as: UInt8.self, repeating: 0)
                    // The root's first two bytes hold the depth (levels above the leaves); then the cell count.
                    if number == 1 { bytes.storeBytes(of: UInt16(levels.count - 1).bigEndian, toByteOffset: 0, as: UInt16.self) }
                    bytes.storeBytes(of: UInt16(node.count).bigEndian, toByteOffset: 2, as: UInt16.self)
                    var offset = 4
                    for entry in node {
                        let id = level == 0 ? entry.id : numbers[level - 1][Int(entry.id)]
                        bytes.storeBytes(of: UInt64(bitPattern: id).bigEndian, toByteOffset: offset, as: UInt64.self)
                        bytes.storeBytes(of: entry.south.bitPattern.bigEndian, toByteOffset: offset + 8, as: UInt32.self)
                        bytes.storeBytes(of: entry.north.bitPattern.bigEndian, toByteOffset: offset + 12, as: UInt32.self)
                        bytes.storeBytes(of: entry.west.bitPattern.bigEndian, toByteOffset: offset + 16, as: UInt32.self)
                        bytes.storeBytes(of: entry.east.bitPattern.bigEndian, toByteOffset: offset + 20, as: UInt32.self)
                        offset += Self.cellBytes
                    }
                }
                try insertNode.run([.integer(number), .blob(blob)])
                if level > 0 {
                    for entry in node {
                        try insertParent.run([.integer(numbers[level - 1][Int(entry.id)]), .integer(number)])
                    }
                }
            }
        }
        // Which leaf holds each id, written in id order so the table grows at its end.
        var leafOf: [(id: Int64, node: Int64)] = []
        leafOf.reserveCapacity(levels[0].reduce(0) { $0 + $1.count })
        for (index, node) in levels[0].enumerated() {
            for entry in node { leafOf.append((entry.id, numbers[0][index])) }
        }
        leafOf.sort { $0.id < $1.id }
        let insertRow = try database.prepare("INSERT INTO \"\(table)_rowid\"(rowid, nodeno) VALUES (?1, ?2)")
        for row in leafOf {
            try insertRow.bind(1, integer: row.id)
            try insertRow.bind(2, integer: row.node)
            try insertRow.runBound()
        }
    }

    /// Cuts `entries` into nodes of at most `capacity` neighbours (sort-tile-recursive: vertical slices by
    /// longitude, each sorted by latitude). Sorts `entries` in place; the nodes are slices of it. An empty
    /// list makes one empty node (the root of an empty tree).
    private static func packed(_ entries: inout [BoxEntry], capacity: Int) -> [ArraySlice<BoxEntry>] {
        guard entries.count > capacity else { return [entries[...]] }
        let nodeCount = (entries.count + capacity - 1) / capacity
        let sliceCount = Int(Double(nodeCount).squareRoot().rounded(.up))
        let sliceSize = capacity * ((nodeCount + sliceCount - 1) / sliceCount)
        entries.sort { $0.centreLongitude < $1.centreLongitude }
        // Every slice sorted before any node is cut, so no slice shares the buffer while it is sorted.
        for start in stride(from: 0, to: entries.count, by: sliceSize) {
            entries[start..<min(start + sliceSize, entries.count)].sort { $0.centreLatitude < $1.centreLatitude }
        }
        var nodes: [ArraySlice<BoxEntry>] = []
        nodes.reserveCapacity(nodeCount + sliceCount)
        for sliceStart in stride(from: 0, to: entries.count, by: sliceSize) {
            let sliceEnd = min(sliceStart + sliceSize, entries.count)
            for nodeStart in stride(from: sliceStart, to: sliceEnd, by: capacity) {
                nodes.append(entries[nodeStart..<min(nodeStart + capacity, sliceEnd)])
            }
        }
        return nodes
    }
}
