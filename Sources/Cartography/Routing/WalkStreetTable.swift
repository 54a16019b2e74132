import Foundation

/// The street texts of a graph's edges as stored (a kind marker and the name: `WalkKind.stored`), kept as
/// bytes end to end and turned into strings only when a step or a join asks: a corridor across a city holds
/// hundreds of thousands of them and names a few dozen.
struct WalkStreetTable: Sendable {
    private var bytes: [UInt8] = []
    /// Where each text ends in `bytes`; it starts where the one before ends.
    private var ends: [Int32] = []

    var count: Int { ends.count }

    /// Adds a text as stored; returns its number.
    @discardableResult
    mutating func append(stored: String) -> Int32 {
        bytes.append(contentsOf: stored.utf8)
        ends.append(Int32(bytes.count))
        return Int32(ends.count - 1)
    }

    /// Adds a text as stored, from its UTF-8 bytes; returns its number.
    @discardableResult
    mutating func append(utf8: UnsafeRawBufferPointer) -> Int32 {
        bytes.append(contentsOf: utf8)
        ends.append(Int32(bytes.count))
        return Int32(ends.count - 1)
    }

    /// The kind and name of text `i`.
    func street(_ i: Int) -> (kind: WalkKind, street: String) {
        let start = i == 0 ? 0 : Int(ends[i - 1])
        return WalkKind.parse(String(decoding: bytes[start..<Int(ends[i])], as: UTF8.self))
    }
}
