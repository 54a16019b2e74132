import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// A GPX walk replayed (20 times its pace) moves the reference and re-sorts the table as it goes: the nearest place
/// at the start is the Ashton Building, at the end Crown Place Halls (in process since issue 45, item 3).
@Test func aReplayedWalkMovesTheMarkerAndReordersTheTable() async throws {
    let home = try temporaryDirectory("walk")
    let walk = repositoryRoot.appendingPathComponent("Resources/examples/campus-walk.gpx").path
    let view = try await ViewDriver(home: home, arguments: ["--offline", "--gpx", walk, "--speed", "20"], columns: 160, rows: 45)
    let start = try await view.waitFor("the first frame at the walk's start") { lines in
        lines.contains { $0.contains("▸ Ashton Building (1)") } && statusLine(lines).contains("GPX campus-walk.gpx")
    }
    #expect(statusLine(start).contains("GPX campus-walk.gpx"), "\(statusLine(start))")
    let end = try await view.waitFor(timeout: 60, "Crown Place Halls first in the table") { lines in
        lines.first { $0.contains("│▸ ") }?.contains("Crown Place Halls") == true
    }
    let firstRow = end.first { $0.contains("│▸ ") } ?? ""
    #expect(firstRow.contains("Crown Place Halls"), "the table re-sorted as the walk went: \(firstRow)")
    #expect(end.contains { $0.contains("◎") })
    try await view.quit()
}
