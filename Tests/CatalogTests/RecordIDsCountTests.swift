import Catalog
import Testing

/// A file whose rows all share one id gives each its own number in one pass (the numbering goes on where it left off,
/// so 20,000 repeats are not 20,000² tries), and a number the file gives itself is still never taken.
@Test func repeatedIdsAreNumberedOnwardAndNeverTakeAGivenOne() {
    var ids = RecordIDs(noun: "CSV line")
    for (i, id) in ["X", "X", "X#3", "X"].enumerated() { ids.add(given: id, at: i + 2, madeUp: "record/\(i + 1)") }
    #expect(ids.resolve().ids == ["X", "X#2", "X#3", "X#4"])
    var many = RecordIDs(noun: "CSV line")
    for i in 0..<20_000 { many.add(given: "same", at: i + 2, madeUp: "record/\(i + 1)") }
    let resolved = many.resolve().ids
    #expect(Set(resolved).count == 20_000 && resolved.last == "same#20000")
}
