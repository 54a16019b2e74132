import Foundation

/// Writes OpenStreetMap PBF files byte by byte (protobuf varints, blobs raw or zlib-compressed with fixed
/// Huffman codes and runs of zeros as back-references), so tests can make well-formed and crafted files alike.
public enum PBFWriter {
    /// Bytes of a message, where a long run of zeros stays a count until it is compressed.
    public enum Piece: Sendable {
        case bytes([UInt8])
        case zeros(Int)

        var count: Int {
            switch self {
            case .bytes(let bytes): return bytes.count
            case .zeros(let count): return count
            }
        }
    }

    /// A protobuf message under construction.
    public struct Message: Sendable {
        public private(set) var pieces: [Piece] = []
        public private(set) var count = 0

        /// An empty message.
        public init() {}

        private mutating func append(_ bytes: [UInt8]) {
            pieces.append(.bytes(bytes))
            count += bytes.count
        }

        private mutating func key(_ field: Int, _ wire: UInt64) { append(PBFWriter.varint(UInt64(field) << 3 | wire)) }

        /// A varint field.
        public mutating func varint(_ field: Int, _ value: UInt64) {
            key(field, 0)
            append(PBFWriter.varint(value))
        }

        /// A length-delimited field of raw bytes (a string, or a packed list already encoded).
        public mutating func bytes(_ field: Int, _ data: [UInt8]) {
            key(field, 2)
            append(PBFWriter.varint(UInt64(data.count)))
            append(data)
        }

        /// A string field (UTF-8).
        public mutating func string(_ field: Int, _ text: String) { bytes(field, Array(text.utf8)) }

        /// An embedded message.
        public mutating func message(_ field: Int, _ inner: Message) {
            key(field, 2)
            append(PBFWriter.varint(UInt64(inner.count)))
            pieces += inner.pieces
            count += inner.count
        }

        /// A packed list of `zeros` zero varints (a delta list that never moves).
        public mutating func zeros(_ field: Int, _ zeros: Int) {
            key(field, 2)
            append(PBFWriter.varint(UInt64(zeros)))
            pieces.append(.zeros(zeros))
            count += zeros
        }

        /// A packed list of zigzag varints (sint64).
        public mutating func packedSigned(_ field: Int, _ values: [Int64]) {
            bytes(field, values.flatMap { PBFWriter.varint(UInt64(bitPattern: ($0 << 1) ^ ($0 >> 63))) })
        }

        /// A packed list of plain varints (uint32, int32 ≥ 0, enums).
        public mutating func packed(_ field: Int, _ values: [UInt64]) { bytes(field, values.flatMap { PBFWriter.varint($0) }) }

        /// The bytes, zero runs written out (for small messages).
        public var flattened: [UInt8] {
            var out: [UInt8] = []
            for piece in pieces {
                switch piece {
                case .bytes(let bytes): out += bytes
                case .zeros(let count): out += [UInt8](repeating: 0, count: count)
                }
            }
            return out
        }
    }

    /// A protobuf base-128 varint.
    public static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
        return out
    }

    /// Deltas of `values` (PBF stores ids and references as differences from the one before).
    public static func deltas(_ values: [Int64]) -> [Int64] {
        var previous: Int64 = 0
        return values.map { value in
            defer { previous = value }
            return value &- previous
        }
    }

    // MARK: - OpenStreetMap messages

    /// A string table (index 0 is the empty string, as writers make it).
    public static func stringTable(_ strings: [String]) -> Message {
        var table = Message()
        for string in [""] + strings { table.string(1, string) }
        return table
    }

    /// Dense nodes; latitudes and longitudes in 1e-7 degrees; `keysVals` as PBF packs them (0 ends a node's tags).
    public static func denseNodes(ids: [Int64], latitudes: [Int64], longitudes: [Int64], keysVals: [UInt64] = []) -> Message {
        var dense = Message()
        dense.packedSigned(1, deltas(ids))
        dense.packedSigned(8, deltas(latitudes))
        dense.packedSigned(9, deltas(longitudes))
        if !keysVals.isEmpty { dense.packed(10, keysVals) }
        var group = Message()
        group.message(2, dense)
        return group
    }

    /// One way in a group of its own; `tags` are string-table indices.
    public static func way(id: Int64, refs: [Int64], tags: [(UInt64, UInt64)] = []) -> Message {
        var way = Message()
        way.varint(1, UInt64(bitPattern: id))
        if !tags.isEmpty {
            way.packed(2, tags.map(\.0))
            way.packed(3, tags.map(\.1))
        }
        way.packedSigned(8, deltas(refs))
        var group = Message()
        group.message(3, way)
        return group
    }

    /// One relation in a group of its own; members are (way id, role index); `tags` are string-table indices.
    public static func relation(id: Int64, wayMembers: [(Int64, UInt64)], tags: [(UInt64, UInt64)] = []) -> Message {
        var relation = Message()
        relation.varint(1, UInt64(bitPattern: id))
        if !tags.isEmpty {
            relation.packed(2, tags.map(\.0))
            relation.packed(3, tags.map(\.1))
        }
        relation.packed(8, wayMembers.map(\.1))
        relation.packedSigned(9, deltas(wayMembers.map(\.0)))
        relation.packed(10, wayMembers.map { _ in 1 })
        var group = Message()
        group.message(4, relation)
        return group
    }

    /// A primitive block: the string table (none when nil) and groups.
    public static func block(strings: [String]?, groups: [Message]) -> Message {
        var block = Message()
        if let strings { block.message(1, stringTable(strings)) }
        for group in groups { block.message(2, group) }
        return block
    }

    /// How a block is stored in its blob.
    public enum Storage: Sendable {
        case raw
        case zlib
        /// zlib data with a claimed raw size that is not the real one.
        case zlibClaiming(Int)
    }

    /// A whole file: the OSMHeader blob, then one OSMData blob per block.
    public static func file(_ blocks: [Message], storage: Storage = .raw) -> Data {
        var header = Message()
        header.string(4, "OsmSchema-V0.6")
        header.string(4, "DenseNodes")
        var out = Data()
        out += blob(type: "OSMHeader", header, storage: .raw)
        for block in blocks { out += blob(type: "OSMData", block, storage: storage) }
        return out
    }

    static func blob(type: String, _ content: Message, storage: Storage) -> Data {
        var blob = Message()
        switch storage {
        case .raw:
            blob.bytes(1, content.flattened)
        case .zlib:
            blob.varint(2, UInt64(content.count))
            blob.bytes(3, zlib(content.pieces))
        case .zlibClaiming(let size):
            blob.varint(2, UInt64(size))
            blob.bytes(3, zlib(content.pieces))
        }
        let body = blob.flattened
        var header = Message()
        header.string(1, type)
        header.varint(3, UInt64(body.count))
        let headerBytes = header.flattened
        let length = UInt32(headerBytes.count)
        return Data([UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + headerBytes + body)
    }

    // MARK: - zlib with fixed Huffman codes

    /// A zlib stream of `pieces`: bytes as literals, each run of zeros as a literal and back-references of
    /// distance 1 (258 bytes for 13 bits), so megabytes of zeros take kilobytes.
    public static func zlib(_ pieces: [Piece]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman
        var a: UInt64 = 1, b: UInt64 = 0
        for piece in pieces {
            switch piece {
            case .bytes(let bytes):
                for byte in bytes {
                    bits.literal(Int(byte))
                    a = (a + UInt64(byte)) % 65521
                    b = (b + a) % 65521
                }
            case .zeros(var count):
                guard count > 0 else { continue }
                b = (b + a * UInt64(count % 65521)) % 65521
                bits.literal(0)
                count -= 1
                while count >= 3 {
                    let length = min(258, count)
                    bits.length(length)
                    bits.huffman(0, count: 5)  // distance 1
                    count -= length
                }
                for _ in 0..<count { bits.literal(0) }
            }
        }
        bits.literal(256)
        var out: [UInt8] = [0x78, 0x01] + bits.finish()
        let adler = UInt32(b << 16 | a)
        out += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return out
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var used = 0

        /// Bits least significant first (header fields, extra bits).
        mutating func write(_ value: UInt32, count: Int) {
            for i in 0..<count {
                current |= ((value >> UInt32(i)) & 1) << UInt32(used)
                used += 1
                if used == 8 {
                    bytes.append(UInt8(current))
                    current = 0
                    used = 0
                }
            }
        }

        /// A Huffman code, most significant bit first.
        mutating func huffman(_ code: UInt32, count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { write((code >> UInt32(i)) & 1, count: 1) }
        }

        /// A literal/length symbol of the fixed code.
        mutating func literal(_ symbol: Int) {
            switch symbol {
            case 0...143: huffman(UInt32(0x30 + symbol), count: 8)
            case 144...255: huffman(UInt32(0x190 + symbol - 144), count: 9)
            case 256...279: huffman(UInt32(symbol - 256), count: 7)
            default: huffman(UInt32(0xC0 + symbol - 280), count: 8)
            }
        }

        /// A match length 3...258 (its symbol and extra bits).
        mutating func length(_ length: Int) {
            if length == 258 { return literal(285) }
            let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227]
            let extra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]
            var index = bases.count - 1
            while bases[index] > length { index -= 1 }
            literal(257 + index)
            write(UInt32(length - bases[index]), count: extra[index])
        }

        mutating func finish() -> [UInt8] {
            if used > 0 { bytes.append(UInt8(current)) }
            return bytes
        }
    }
}
