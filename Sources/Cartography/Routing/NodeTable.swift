import Foundation

/// OpenStreetMap node ids to graph numbers, by open addressing in two flat arrays: a corridor of half a
/// million nodes is numbered in a few milliseconds, where a `Dictionary` (SipHash, a box per table) takes
/// many times that.
struct NodeTable: Sendable {
    private var keys: [Int64]
    private var values: [Int32]
    private var mask: Int
    /// The value of the id that collides with the empty marker, kept apart.
    private var emptyKeyValue: Int32?
    private(set) var count = 0
    private static let empty = Int64.min

    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [Int64](repeating: Self.empty, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always) private static func slot(_ id: Int64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> 29) & mask
    }

    /// The number of `id`, if it has one.
    func find(_ id: Int64) -> Int32? {
        if id == Self.empty { return emptyKeyValue }
        return keys.withUnsafeBufferPointer { keys in
            var i = Self.slot(id, mask)
            while true {
                let key = keys[i]
                if key == id { return values[i] }
                if key == Self.empty { return nil }
                i = (i + 1) & mask
            }
        }
    }

    /// The number of `id`, giving it `new` when it had none; `inserted` says which.
    mutating func findOrInsert(_ id: Int64, new: Int32) -> (value: Int32, inserted: Bool) {
        if id == Self.empty {
            if let known = emptyKeyValue { return (known, false) }
            emptyKeyValue = new
            count += 1
            return (new, true)
        }
        if (count + 1) * 2 > keys.count { grow() }
        let mask = self.mask
        let found: (Int32, Bool) = keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                var i = Self.slot(id, mask)
                while true {
                    let key = keys[i]
                    if key == id { return (values[i], false) }
                    if key == Self.empty {
                        keys[i] = id
                        values[i] = new
                        return (new, true)
                    }
                    i = (i + 1) & mask
                }
            }
        }
        if found.1 { count += 1 }
        return found
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let size = oldKeys.count * 2
        keys = [Int64](repeating: Self.empty, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
        let mask = self.mask
        keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                for (j, id) in oldKeys.enumerated() where id != Self.empty {
                    var i = Self.slot(id, mask)
                    while keys[i] != Self.empty { i = (i + 1) & mask }
                    keys[i] = id
                    values[i] = oldValues[j]
                }
            }
        }
    }
}
