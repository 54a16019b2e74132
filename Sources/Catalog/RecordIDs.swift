import Foundation

/// The ids of one file's records made unique, so an import never stores one record over another: every id the
/// file gives is kept for the record that first gives it; a record repeating an id is kept too, as `X#2` (`X#3`, …),
/// with a note naming both records; a record without an id gets its made-up one (`record/N`, `feature/N`, `wpt/N`),
/// or that with `#2`, … when the file gives that id to another record. No made-up or renamed id is one the file gives.
public struct RecordIDs: Sendable {
    /// What a record is called in notes, in the singular ("CSV line", "feature", "waypoint"); "s" makes the plural.
    public let noun: String
    private var entries: [(given: String, place: Int, madeUp: String)] = []

    public init(noun: String) {
        self.noun = noun
    }

    /// Adds the next record: the id it gives ("" when none), where it is (its line or number, for notes), and the
    /// id it has when it gives none.
    /// The given id is cleaned (`DisplayText.clean`) and held to `FieldLimits.id`, as the artwork's other fields are.
    public mutating func add(given: String, at place: Int, madeUp: String) {
        let clean = DisplayText.clean(given).trimmingCharacters(in: .whitespaces)
        entries.append((FieldLimits.cut(clean, to: FieldLimits.id) ?? clean, place, madeUp))
    }

    /// Each record's id, in the order added, and a note for each record that repeats an id
    /// ("CSV lines 4 and 9 share id 'X': kept both, as 'X' and 'X#2'").
    public func resolve() -> (ids: [String], notes: [String]) {
        let given = Set(entries.map(\.given).filter { !$0.isEmpty })
        var used = Set<String>()
        var firstPlace: [String: Int] = [:]
        var ids: [String] = []
        var notes: [String] = []
        // The next number tried for each base: 100,000 rows sharing one id take one step each, not 100,000.
        var nextNumber: [String: Int] = [:]
        ids.reserveCapacity(entries.count)
        for entry in entries {
            if !entry.given.isEmpty, !used.contains(entry.given) {
                used.insert(entry.given)
                firstPlace[entry.given] = entry.place
                ids.append(entry.given)
                continue
            }
            let base = entry.given.isEmpty ? entry.madeUp : entry.given
            var id = base
            var number = nextNumber[base] ?? 2
            while given.contains(id) || used.contains(id) {
                let suffix = "#\(number)"
                id = (FieldLimits.cut(base, to: FieldLimits.id - suffix.count) ?? base) + suffix
                number += 1
            }
            nextNumber[base] = number
            used.insert(id)
            ids.append(id)
            if !entry.given.isEmpty {
                let first = firstPlace[entry.given].map(String.init) ?? "?"
                notes.append("\(noun)s \(first) and \(entry.place) share id '\(entry.given)': kept both, as '\(entry.given)' and '\(id)'")
            }
        }
        return (ids, notes)
    }
}
