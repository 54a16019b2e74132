import Testing
@testable import App
import TestSupport
import Catalog

@Test func tableRowsAreEachHeaderFollowedByItsArtworks() {
    let rows = TableRows(artworkCounts: [2, 0, 3])
    let expected: [TableRow] = [.building(0), .artwork(0, 0), .artwork(0, 1), .building(1), .building(2),
                                .artwork(2, 0), .artwork(2, 1), .artwork(2, 2)]
    #expect(Array(rows) == expected)
    #expect(rows.count == 8)
    #expect(rows.row(ofBuilding: 0) == 0 && rows.row(ofBuilding: 1) == 3 && rows.row(ofBuilding: 2) == 4)
    #expect(rows.row(ofBuilding: 3) == nil && rows.row(ofBuilding: -1) == nil)
    #expect(rows.firstIndex(of: .artwork(2, 1)) == 6)
    #expect(TableRows().isEmpty && TableRows(artworkCounts: []).isEmpty)
}

@Test func tableRowsAgreeWithTheListTheyReplaceAtScale() {
    // Counts of every size, as a collection's buildings have them.
    let counts = (0..<500).map { ($0 * 7919) % 13 }
    var listed: [TableRow] = []
    for (b, count) in counts.enumerated() {
        listed.append(.building(b))
        for a in 0..<count { listed.append(.artwork(b, a)) }
    }
    let rows = TableRows(artworkCounts: counts)
    #expect(rows.count == listed.count)
    #expect(Array(rows) == listed)
    #expect(rows.indices.allSatisfy { rows[$0].buildingIndex == listed[$0].buildingIndex })
}

/// Issue 29, item 6: a place that is its one artwork is listed as that artwork, with no group line over it.
@Test func aPlaceThatIsItsArtworkHasNoHeaderRow() {
    let rows = TableRows(artworkCounts: [1, 2, 1, 1], headerless: [true, false, false, true])
    #expect(Array(rows) == [.artwork(0, 0), .building(1), .artwork(1, 0), .artwork(1, 1), .building(2), .artwork(2, 0), .artwork(3, 0)])
    #expect(rows.row(ofBuilding: 0) == 0 && rows.row(ofBuilding: 1) == 1 && rows.row(ofBuilding: 3) == 6)
    #expect(rows.count - rows.headerCount == 5, "five artworks under two group lines")
    // Only a place of exactly one artwork goes without its header.
    #expect(Array(TableRows(artworkCounts: [2], headerless: [true])) == [.building(0), .artwork(0, 0), .artwork(0, 1)])
}

/// Issue 36, item 7: when the table scrolls to a selected row it shows the row's building header too, when both
/// fit: after `@` to the farthest artwork (selected with G) its place is nearest, and the table starts at its header
/// (before, at its artwork, the header scrolled off). A step of j past the bottom still scrolls by one row.
@Test func scrollingToARowShowsItsBuildingsHeaderWhenItFits() throws {
    var state = try campusState(columns: 80, rows: 24)
    _ = reduce(&state, .key(.tab))
    _ = reduce(&state, .key(.character("G")))
    let pointed = try #require(state.main.pointed)
    let farthest = try #require({ if case .artwork(let artwork) = pointed { return artwork } else { return nil } }() as Artwork?, "G selects an artwork")
    #expect(state.main.tableScroll > 0)
    _ = reduce(&state, .nearMe(.placeFound(name: farthest.title, farthest.coordinate)))
    // Issue 50: a new reference opens the table on its nearest, the old selection's place forgotten.
    #expect(state.main.selectedRow == 0, "the nearest, at the top")
    #expect(state.main.tableScroll == 0, "nothing above it hidden")
    _ = reduce(&state, .key(.home))
    #expect(state.main.selectedRow == 0 && state.main.tableScroll == 0)
    for _ in 0..<state.main.layout.tableBody.height { _ = reduce(&state, .key(.character("j"))) }
    #expect(state.main.tableScroll == 1, "one step past the bottom scrolls one row")
}
