import Cartography
import Foundation
import Testing
@testable import Store

/// Random boxes of a few metres to a few kilometres, spread over a city-sized area (and a few around 0°).
private func randomBoxes(_ count: Int, firstID: Int64 = 1, seed: UInt64) -> [(id: Int64, south: Double, north: Double, west: Double, east: Double)] {
    var generator = SeededGenerator(state: seed)
    return (0..<count).map { i in
        let nearZero = i % 50 == 0
        let south = nearZero ? Double.random(in: -0.01...0.01, using: &generator) : Double.random(in: 51.3...51.6, using: &generator)
        let west = nearZero ? Double.random(in: -0.01...0.01, using: &generator) : Double.random(in: -0.5...0.2, using: &generator)
        let height = Double.random(in: 0...0.02, using: &generator), width = Double.random(in: 0...0.03, using: &generator)
        return (firstID + Int64(i), south, south + height, west, west + width)
    }
}

private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func ids(_ database: Database, south: Double, north: Double, west: Double, east: Double) throws -> Set<Int64> {
    Set(try database.rows("SELECT id FROM boxes WHERE south <= ?1 AND north >= ?2 AND west <= ?3 AND east >= ?4",
                          [.real(north), .real(south), .real(east), .real(west)]).compactMap { $0.first?.integer })
}

@Test func boundsAreRoundedToTheFloatsTheRTreeModuleStores() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE VIRTUAL TABLE boxes USING rtree(id, south, north, west, east)")
    let boxes = randomBoxes(5000, seed: 7)
    let insert = try database.prepare("INSERT INTO boxes VALUES (?1, ?2, ?3, ?4, ?5)")
    for box in boxes { try insert.run([.integer(box.id), .real(box.south), .real(box.north), .real(box.west), .real(box.east)]) }
    let stored = try MapWriter.boxes(database, sql: "SELECT id, south, north, west, east FROM boxes ORDER BY id")
    try #require(stored.count == boxes.count)
    for (box, row) in zip(boxes, stored) {
        let entry = try #require(BoxEntry(id: box.id, south: box.south, north: box.north, west: box.west, east: box.east))
        #expect([entry.south, entry.north, entry.west, entry.east] == [row.south, row.north, row.west, row.east], "box \(box.id)")
    }
    // A reversed side is refused, as the module refuses it.
    #expect(BoxEntry(id: 1, south: 2, north: 1, west: 0, east: 0) == nil)
    #expect(BoxEntry(id: 1, south: .nan, north: 1, west: 0, east: 0) == nil)
}

@Test func aPackedTreePassesSQLitesCheckAndAnswersAsOneBuiltByInserts() throws {
    let packed = try Database(path: ":memory:"), inserted = try Database(path: ":memory:")
    for database in [packed, inserted] { try database.execute("CREATE VIRTUAL TABLE boxes USING rtree(id, south, north, west, east)") }
    let boxes = randomBoxes(30_000, seed: 11)
    let insert = try inserted.prepare("INSERT INTO boxes VALUES (?1, ?2, ?3, ?4, ?5)")
    for box in boxes { try insert.run([.integer(box.id), .real(box.south), .real(box.north), .real(box.west), .real(box.east)]) }
    let entries = try boxes.map { try #require(BoxEntry(id: $0.id, south: $0.south, north: $0.north, west: $0.west, east: $0.east)) }
    try BoxTreeLoader(database: packed, table: "boxes").load(entries)
    #expect(try packed.scalar("SELECT rtreecheck('boxes')")?.text == "ok")
    #expect(try packed.scalar("SELECT COUNT(*) FROM boxes")?.integer == 30_000)
    // More than one level, so internal nodes and parents are exercised.
    #expect(try packed.scalar("SELECT COUNT(*) FROM boxes_parent")?.integer ?? 0 > 100)
    for window in randomBoxes(200, seed: 13) {
        let found = try ids(packed, south: window.south, north: window.north, west: window.west, east: window.east)
        #expect(found == (try ids(inserted, south: window.south, north: window.north, west: window.west, east: window.east)))
    }
    // The module keeps working on the packed tree: deletes and inserts, then the check again.
    try packed.execute("DELETE FROM boxes WHERE id % 3 = 0")
    let more = try packed.prepare("INSERT INTO boxes VALUES (?1, ?2, ?3, ?4, ?5)")
    for box in randomBoxes(3000, firstID: 100_000, seed: 17) {
        try more.run([.integer(box.id), .real(box.south), .real(box.north), .real(box.west), .real(box.east)])
    }
    #expect(try packed.scalar("SELECT rtreecheck('boxes')")?.text == "ok")
    #expect(try packed.scalar("SELECT COUNT(*) FROM boxes")?.integer == 23_000)
}

@Test func anEmptyOrOneNodeTreeIsPackedToo() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE VIRTUAL TABLE boxes USING rtree(id, south, north, west, east)")
    try BoxTreeLoader(database: database, table: "boxes").load([])
    #expect(try database.scalar("SELECT rtreecheck('boxes')")?.text == "ok")
    #expect(try database.scalar("SELECT COUNT(*) FROM boxes")?.integer == 0)
    let few = try randomBoxes(10, seed: 3).map { try #require(BoxEntry(id: $0.id, south: $0.south, north: $0.north, west: $0.west, east: $0.east)) }
    try BoxTreeLoader(database: database, table: "boxes").load(few)
    #expect(try database.scalar("SELECT rtreecheck('boxes')")?.text == "ok")
    #expect(try database.scalar("SELECT COUNT(*) FROM boxes")?.integer == 10)
}
