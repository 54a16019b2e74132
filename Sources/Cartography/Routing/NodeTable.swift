import Foundation

/// OpenStreetMap node ids to graph numbers, by open addressing in one flat array of (id, number) slots: a
/// corridor of half a million nodes is numbered in a few milliseconds, where a `Dictionary` (SipHash, two
/// arrays to visit per probe) takes many times that.
struct NodeTable: Sendable {
    private struct Slot {
        var id: Int64
        var number: Int32
    }
    private var slots: [Slot]
    private var mask: Int
    /// 64 minus the bits of a slot number: the hash is the product's top bits (Fibonacci hashing), which
    /// spreads runs of consecutive ids evenly; its middle bits left long probe runs.
    private var shift: UInt64
    /// The number of the id that collides with the empty marker, kept apart.
    private var emptyKeyNumber: Int32?
    private(set) var count = 0
    private static let empty = Int64.min

    init(capacity: Int = 0) {
        let size = Self.size(for: capacity)
        slots = [Slot](repeating: Slot(id: Self.empty, number: 0), count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// A power of two that holds `capacity` ids under seven tenths full (`NodeNumbers` sizes itself so too).
    static func size(for capacity: Int) -> Int {
        var size = 16
        while size * 7 < capacity * 10 { size <<= 1 }
        return size
    }

    /// The slot an id hashes to, for a table of 2^(64 − `shift`) slots.
    @inline(__always) static func slot(_ id: Int64, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Makes room for `capacity` ids in all, so filling up to that never rehashes.
    mutating func reserve(_ capacity: Int) {
        if Self.size(for: capacity) > slots.count { rehash(to: Self.size(for: capacity)) }
    }

    /// The number of `id`, if it has one.
    func find(_ id: Int64) -> Int32? {
        if id == Self.empty { return emptyKeyNumber }
        return slots.withUnsafeBufferPointer { slots in
            var i = Self.slot(id, shift)
            while true {
                let slot = slots[i]
                if slot.id == id { return slot.number }
                if slot.id == Self.empty { return nil }
                i = (i + 1) & mask
            }
        }
    }

    /// The number of `id`, giving it `new` when it had none; `inserted` says which.
    @inline(__always)
    mutating func findOrInsert(_ id: Int64, new: Int32) -> (value: Int32, inserted: Bool) {
        if id == Self.empty {
            if let known = emptyKeyNumber { return (known, false) }
            emptyKeyNumber = new
            count += 1
            return (new, true)
        }
        if (count + 1) * 10 > slots.count * 7 { rehash(to: slots.count * 2) }
        let mask = self.mask, shift = self.shift
        let found: (Int32, Bool) = slots.withUnsafeMutableBufferPointer { slots in
            var i = Self.slot(id, shift)
            while true {
                let slot = slots[i]
                if slot.id == id { return (slot.number, false) }
                if slot.id == Self.empty {
                    slots[i] = Slot(id: id, number: new)
                    return (new, true)
                }
                i = (i + 1) & mask
            }
        }
        if found.1 { count += 1 }
        return found
    }

    private mutating func rehash(to size: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(id: Self.empty, number: 0), count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = self.mask, shift = self.shift
        slots.withUnsafeMutableBufferPointer { slots in
            for slot in old where slot.id != Self.empty {
                var i = Self.slot(slot.id, shift)
                while slots[i].id != Self.empty { i = (i + 1) & mask }
                slots[i] = slot
            }
        }
    }
}
