import Foundation

// The stored bytes of the walking graph's pieces and of their components, in both versions (`WalkPiece.encoded`
// describes them): read straight from the bytes, node by node and edge by edge, every length and index checked
// against the bytes before it is used, so a damaged or cut-short blob is refused, never read past.

/// Stored bytes read forward and never past `end`: every read answers nil when the bytes end first, and a varint
/// also when it runs past 64 bits or is longer than its value needs (a damaged blob).
struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    var offset: Int
    var end: Int

    init(_ bytes: UnsafeRawBufferPointer, from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
        end = bytes.count
    }

    var remaining: Int { end - offset }

    @inline(__always) mutating func byte() -> UInt8? {
        guard offset < end else { return nil }
        offset += 1
        return bytes[offset - 1]
    }

    /// An unsigned LEB128 varint (seven bits a byte, low first).
    @inline(__always) mutating func varint() -> UInt64? {
        guard offset < end else { return nil }
        let first = bytes[offset]
        offset += 1
        return first < 0x80 ? UInt64(first) : longVarint(first)
    }

    private mutating func longVarint(_ first: UInt8) -> UInt64? {
        var value = UInt64(first & 0x7F), shift: UInt64 = 7
        while offset < end {
            let byte = bytes[offset]
            offset += 1
            // The tenth byte holds the 64th bit only.
            if shift == 63 && byte > 1 { return nil }
            value |= UInt64(byte & 0x7F) << shift
            // A last byte of 0 adds nothing: the same value had a shorter varint.
            if byte < 0x80 { return byte == 0 ? nil : value }
            shift += 7
        }
        return nil
    }

    /// A zigzag varint (0, -1, 1, -2, … as 0, 1, 2, 3, …).
    @inline(__always) mutating func signed() -> Int64? {
        guard let value = varint() else { return nil }
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    /// A varint no larger than `limit`.
    @inline(__always) mutating func count(upTo limit: Int) -> Int? {
        guard let value = varint(), value <= UInt64(limit) else { return nil }
        return Int(value)
    }

    /// A double's eight bytes as they are (little-endian).
    @inline(__always) mutating func double() -> Double? {
        guard end - offset >= 8 else { return nil }
        offset += 8
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset - 8, as: UInt64.self)))
    }
}

/// Bytes written as `ByteCursor` reads them.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func varint(_ value: Int) { varint(UInt64(value)) }

    mutating func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// Coordinates as whole 1e-7 degrees (OpenStreetMap's precision), used for a piece only when every coordinate
/// comes back from them bit for bit (as osmium's do: it gives the integer divided by 10^7).
enum FixedCoordinate {
    /// The integer that `degrees(_:)` turns back into exactly `value`, or nil when none does.
    @inline(__always) static func units(_ value: Double) -> Int64? {
        let scaled = value * 1e7
        // Also nil for NaN and the infinities (no comparison holds).
        guard scaled.magnitude < 0x1p53 else { return nil }
        let units = Int64(scaled.rounded())
        return degrees(units).bitPattern == value.bitPattern ? units : nil
    }

    @inline(__always) static func degrees(_ units: Int64) -> Double { Double(units) / 1e7 }
}

/// A stored piece read in order, straight from its bytes: its header at once (checked to fit), then its street
/// texts, its nodes, and its edges (`WalkPiece.encoded` has both versions). Every node is on the globe and
/// every edge's ends and street are in range, or the read answers nil.
struct WalkPieceReader {
    let bytes: UnsafeRawBufferPointer
    let version: UInt8
    let nodeCount: Int, edgeCount: Int, streetCount: Int
    /// Version 2: whether the coordinates are whole 1e-7 degrees (else doubles as they are).
    let fixedCoordinates: Bool
    /// Where the street texts begin.
    private let streetsAt: Int
    /// Version 2: where the next node or edge is (after the streets from the start).
    private var cursor: ByteCursor
    private var node = 0, edge = 0
    /// Version 2: the last node's id and coordinates, and the last edge's end (each value is a step from them).
    private var lastID: Int64 = 0, lastLatitude: Int64 = 0, lastLongitude: Int64 = 0, lastTo = 0

    /// The smallest version-2 node (three one-byte varints, or an id's and two doubles) and edge (three varints
    /// and the metres): counts the bytes could not hold are refused before anything is read.
    private static let fixedNodeBytes = 3, rawNodeBytes = 17, edgeBytes = 11

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let version = bytes.first else { return nil }
        self.bytes = bytes
        self.version = version
        switch version {
        case 1:
            guard bytes.count >= 13 else { return nil }
            nodeCount = Int(bytes.loadUnaligned(fromByteOffset: 1, as: UInt32.self))
            edgeCount = Int(bytes.loadUnaligned(fromByteOffset: 5, as: UInt32.self))
            streetCount = Int(bytes.loadUnaligned(fromByteOffset: 9, as: UInt32.self))
            fixedCoordinates = false
            streetsAt = 13 + 24 * nodeCount + 20 * edgeCount
            guard streetsAt <= bytes.count else { return nil }
            cursor = ByteCursor(bytes, from: 13)
        case 2:
            var cursor = ByteCursor(bytes, from: 1)
            let most = Int(UInt32.max)
            guard let flags = cursor.byte(), flags & ~1 == 0, let n = cursor.count(upTo: most), let m = cursor.count(upTo: most),
                  let k = cursor.count(upTo: cursor.remaining) else { return nil }
            fixedCoordinates = flags & 1 != 0
            (nodeCount, edgeCount, streetCount) = (n, m, k)
            streetsAt = cursor.offset
            for _ in 0..<k {
                guard let length = cursor.count(upTo: cursor.remaining) else { return nil }
                cursor.offset += length
            }
            guard n * (fixedCoordinates ? Self.fixedNodeBytes : Self.rawNodeBytes) + m * Self.edgeBytes <= cursor.remaining else { return nil }
            self.cursor = cursor
        default:
            return nil
        }
    }

    /// Calls `body` with each street text's UTF-8 bytes, in order; false when one runs past the bytes.
    func forEachStreet(_ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        var at = streetsAt
        for _ in 0..<streetCount {
            let length: Int
            if version == 1 {
                guard bytes.count - at >= 4 else { return false }
                length = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                at += 4
            } else {
                var cursor = ByteCursor(bytes, from: at)
                guard let found = cursor.count(upTo: cursor.remaining) else { return false }
                (length, at) = (found, cursor.offset)
            }
            guard length <= bytes.count - at else { return false }
            body(UnsafeRawBufferPointer(rebasing: bytes[at..<at + length]))
            at += length
        }
        return true
    }

    /// The next node (`nodeCount` of them, in order); nil when the bytes are damaged or it is off the globe.
    @inline(__always) mutating func nextNode() -> (id: Int64, latitude: Double, longitude: Double)? {
        guard node < nodeCount else { return nil }
        let i = node
        node += 1
        let id: Int64, latitude: Double, longitude: Double
        if version == 1 {
            let n = nodeCount
            id = bytes.loadUnaligned(fromByteOffset: 13 + 8 * i, as: Int64.self)
            latitude = bytes.loadUnaligned(fromByteOffset: 13 + 8 * (n + i), as: Double.self)
            longitude = bytes.loadUnaligned(fromByteOffset: 13 + 8 * (2 * n + i), as: Double.self)
        } else {
            guard let step = cursor.signed() else { return nil }
            id = lastID &+ step
            lastID = id
            if fixedCoordinates {
                guard let north = cursor.signed(), let east = cursor.signed() else { return nil }
                lastLatitude &+= north
                lastLongitude &+= east
                latitude = FixedCoordinate.degrees(lastLatitude)
                longitude = FixedCoordinate.degrees(lastLongitude)
            } else {
                guard let a = cursor.double(), let b = cursor.double() else { return nil }
                (latitude, longitude) = (a, b)
            }
        }
        // A point off the globe (NaN, infinite, 1e300) is damage: its tile cannot be computed.
        guard WalkTiling.isOnGlobe(latitude, longitude) else { return nil }
        return (id, latitude, longitude)
    }

    /// The next edge (`edgeCount` of them, in order, once every node is read): its ends as node numbers in the
    /// piece, its street's number and its metres; nil when the bytes are damaged or a number is out of range.
    @inline(__always) mutating func nextEdge() -> (from: Int, to: Int, street: Int, metres: Double)? {
        guard edge < edgeCount, node == nodeCount else { return nil }
        let e = edge
        edge += 1
        let from: Int, to: Int, street: Int, metres: Double
        if version == 1 {
            let at = 13 + 24 * nodeCount, m = edgeCount
            from = Int(bytes.loadUnaligned(fromByteOffset: at + 4 * e, as: UInt32.self))
            to = Int(bytes.loadUnaligned(fromByteOffset: at + 4 * (m + e), as: UInt32.self))
            street = Int(bytes.loadUnaligned(fromByteOffset: at + 4 * (2 * m + e), as: UInt32.self))
            metres = bytes.loadUnaligned(fromByteOffset: at + 12 * m + 8 * e, as: Double.self)
        } else {
            guard let fromStep = cursor.signed(), let toStep = cursor.signed(), let s = cursor.varint(), let length = cursor.double() else { return nil }
            let (a, overflowA) = Int64(lastTo).addingReportingOverflow(fromStep)
            guard !overflowA else { return nil }
            let (b, overflowB) = a.addingReportingOverflow(toStep)
            guard !overflowB, s < UInt64(streetCount) else { return nil }
            (from, to, street, metres) = (Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b), Int(s), length)
            lastTo = to
        }
        guard from >= 0, from < nodeCount, to >= 0, to < nodeCount, street < streetCount else { return nil }
        return (from, to, street, metres)
    }

    /// Whether every node and edge was read and (version 2) the bytes end there.
    var isAtEnd: Bool { node == nodeCount && edge == edgeCount && (version == 1 || cursor.remaining == 0) }
}

/// A piece's stored components read node by node, straight from the bytes: version 1 beside a version-1 piece
/// (each node's key as Int64, then each size as Int32, then the walks as doubles, 44 bytes a node, or 12 without
/// walks); version 2 beside a version-2 piece (`WalkPiece.encodedComponents`).
struct WalkComponentsReader {
    /// Whether the bytes give the nodes' components (none stored yet: each node is a component of its own).
    let labelled: Bool
    /// Whether they give each node's walks to its component's landmarks.
    let withLandmarks: Bool
    private let bytes: UnsafeRawBufferPointer
    private let nodeCount: Int
    private let version: UInt8
    /// Version 2: the next node's index and walks (after the table from the start).
    private var cursor: ByteCursor
    /// Version 2: the only component, or (when several) every one, in the order the indexes name them.
    private var only: (key: Int64, size: Int32) = (0, 0)
    private var table: [(key: Int64, size: Int32)] = []
    /// Nodes read.
    private var node = 0
    /// Version 2: the last node's walks, as bits.
    private var walks = SIMD4<UInt64>()

    /// Nil when version 2's bytes are damaged or cut short; version 1's of another length than a labelling's
    /// read as no labelling (as they always were).
    init?(_ bytes: UnsafeRawBufferPointer, nodeCount n: Int, pieceVersion: UInt8) {
        self.bytes = bytes
        nodeCount = n
        version = pieceVersion
        cursor = ByteCursor(bytes)
        if pieceVersion == 1 || bytes.isEmpty {
            withLandmarks = pieceVersion == 1 && bytes.count == WalkLandmarks.componentBytesPerNode * n
            labelled = withLandmarks || (pieceVersion == 1 && bytes.count == WalkLandmarks.plainComponentBytesPerNode * n)
            return
        }
        guard let flags = cursor.byte(), flags & ~1 == 0,
              let c = cursor.count(upTo: min(n, cursor.remaining / 2)), (c == 0) == (n == 0) else { return nil }
        labelled = true
        withLandmarks = flags & 1 != 0
        if c > 1 { table.reserveCapacity(c) }
        for _ in 0..<c {
            guard let key = cursor.signed(), let size = cursor.signed(), let size32 = Int32(exactly: size) else { return nil }
            if c == 1 { only = (key, size32) } else { table.append((key, size32)) }
        }
        // At least a byte a node for its index after a table of several, and one for its walks' lengths.
        guard n * ((c > 1 ? 1 : 0) + (withLandmarks ? 1 : 0)) <= cursor.remaining else { return nil }
    }

    /// The next node's component (call once for each node, in order, when `labelled`), its walks then read by
    /// `landmark`; nil when damaged.
    @inline(__always) mutating func next() -> (key: Int64, size: Int32)? {
        guard node < nodeCount else { return nil }
        let i = node
        node += 1
        if version == 1 {
            return (bytes.loadUnaligned(fromByteOffset: 8 * i, as: Int64.self),
                    bytes.loadUnaligned(fromByteOffset: 8 * nodeCount + 4 * i, as: Int32.self))
        }
        var component = only
        if !table.isEmpty {
            guard let index = cursor.count(upTo: table.count - 1) else { return nil }
            component = table[index]
        }
        if withLandmarks {
            // Each walk's bits as the last node's XOR the low bytes that follow: a byte of four two-bit lengths
            // first (`WalkComponentsWriter.walkBytes`).
            guard let lengths = cursor.byte() else { return nil }
            if cursor.remaining >= 8 * WalkLandmarks.count {
                // Every word loaded lies within the bytes: each walk's low bytes kept by a mask, none checked alone.
                var at = cursor.offset
                for k in 0..<WalkLandmarks.count {
                    let length = Int(lengths >> (2 * k)) & 3
                    let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                    walks[k] ^= length == 3 ? 0 : word & (UInt64.max &>> UInt64(8 * length))
                    at += WalkComponentsWriter.walkBytes(length)
                }
                cursor.offset = at
            } else {
                for k in 0..<WalkLandmarks.count {
                    guard let low = cursor.lowBytes(WalkComponentsWriter.walkBytes(Int(lengths >> (2 * k)) & 3)) else { return nil }
                    walks[k] ^= low
                }
            }
        }
        return component
    }

    /// The last node's (from `next`) walk to its component's landmark `k` as stored (when `withLandmarks`).
    @inline(__always) func landmark(_ k: Int) -> Double {
        guard version == 1 else { return Double(bitPattern: walks[k]) }
        return bytes.loadUnaligned(fromByteOffset: WalkLandmarks.plainComponentBytesPerNode * nodeCount
                                   + 8 * (WalkLandmarks.count * (node - 1) + k), as: Double.self)
    }

    /// Whether the components end where the bytes do: every node read (version 2), or nothing to read.
    var isAtEnd: Bool { version == 1 || !labelled || (node == nodeCount && cursor.remaining == 0) }
}

extension ByteCursor {
    /// The low `count` bytes of a UInt64, little-endian (the rest 0).
    @inline(__always) mutating func lowBytes(_ count: Int) -> UInt64? {
        guard end - offset >= count else { return nil }
        defer { offset += count }
        if bytes.count - offset >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return count == 8 ? word : word & ((1 << (8 * UInt64(count))) - 1)
        }
        var value: UInt64 = 0
        for i in 0..<count { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        return value
    }
}

/// Writes a version-2 piece's components (`WalkPiece.encodedComponents`): the distinct components as the indexes
/// name them, then each node's index (when there are several) and its walks (when there are any).
struct WalkComponentsWriter {
    /// The bytes a walk takes by its two-bit length: its bits XOR the last node's, without 0, 1 or 2 leading zero
    /// bytes (8, 7 or 6 bytes), or none (3) when the walk is the last node's (the first node's last walks are 0).
    @inline(__always) static func walkBytes(_ length: Int) -> Int { length == 3 ? 0 : 8 - length }
    private var writer: ByteWriter
    private let several: Bool
    private var walks = SIMD4<UInt64>()

    init(components: some Collection<(key: Int64, size: Int32)>, nodeCount n: Int, withLandmarks: Bool) {
        writer = ByteWriter(capacity: 2 + 12 * components.count + n * (1 + (withLandmarks ? 1 + 6 * WalkLandmarks.count : 0)))
        several = components.count > 1
        writer.byte(withLandmarks ? 1 : 0)
        writer.varint(components.count)
        for component in components {
            writer.signed(component.key)
            writer.signed(Int64(component.size))
        }
    }

    /// The next node: its index among the components (ignored when there is only one) and its
    /// `WalkLandmarks.count` walks (none when written without them).
    mutating func node(index: Int, walks metres: ArraySlice<Double>) {
        if several { writer.varint(index) }
        guard !metres.isEmpty else { return }
        var lengths: UInt8 = 0
        var steps = SIMD4<UInt64>()
        for k in 0..<WalkLandmarks.count {
            let bits = metres[metres.startIndex + k].bitPattern
            steps[k] = bits ^ walks[k]
            walks[k] = bits
            let length: UInt8 = steps[k] == 0 ? 3 : UInt8(min(2, steps[k].leadingZeroBitCount / 8))
            lengths |= length << (2 * k)
        }
        writer.byte(lengths)
        for k in 0..<WalkLandmarks.count {
            let count = Self.walkBytes(Int(lengths >> (2 * k)) & 3)
            withUnsafeBytes(of: steps[k].littleEndian) { writer.bytes.append(contentsOf: $0.prefix(count)) }
        }
    }

    var bytes: [UInt8] { writer.bytes }
}
