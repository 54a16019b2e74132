import Foundation
import Testing
import TestSupport

/// Issue 49's tour of a region's import: on a terminal the bar follows the file as libosmium reads it, never goes
/// back when libosmium closes the file before handing over its last objects, and says when the store is being
/// written (the seconds after the read used to show "0%").
@Test func theImportsBarOnATerminalNeverGoesBackAndSaysWhenTheStoreIsWritten() throws {
    let home = try temporaryDirectory("e2e-import-progress")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    let program = try PtyProgram(["import", extract], home: home, columns: 120, rows: 10, errorsOnTerminal: true)
    try #require(program.read(untilContains: "imported helsinki.osm.pbf"), "the import ended: \(program.text().debugDescription)")
    let text = program.text()
    let percents = text.matches(of: try Regex(#"\] (\d+)% "#)).compactMap { $0.output[1].substring.flatMap { Int($0) } }
    try #require(percents.count >= 2, "a bar at the nodes' and at the ways' report: \(text.debugDescription)")
    #expect(percents == percents.sorted(), "the bar went back: \(percents)")
    #expect(percents.allSatisfy { $0 < 100 }, "100% only once the file is read whole: \(percents)")
    let read = try #require(text.range(of: "reading helsinki.osm.pbf: 24260 nodes, 5130 ways read; writing the store…"), "\(text.debugDescription)")
    #expect(read.upperBound <= (text.range(of: "imported helsinki.osm.pbf")?.lowerBound ?? text.startIndex))
}
