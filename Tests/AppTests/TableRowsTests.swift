import Testing
@testable import App

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
