import Foundation
import Testing
import TestSupport

// Issue 23: what a newcomer meets on the command line.

/// Item 16: the view's options are checked even when output is piped and `list` prints instead: a bad one
/// exits 2 with the reason, as it does on a terminal.
@Test(arguments: [["--layout", "foo"], ["--sync-age", "soon"], ["--layout", "side", "--sync-age", "-1"]])
func invalidViewOptionsExit2EvenWhenPiped(arguments: [String]) throws {
    let home = try temporaryDirectory("tour-piped")
    let result = try runArtmapBinary(arguments, home: home)
    #expect(result.status == 2, "\(result.output)")
    #expect(result.output.contains("option --"), "\(result.output)")
    // A good one still prints the list.
    let good = try runArtmapBinary(["--layout", "side"], home: home)
    #expect(good.status == 0 && good.output.contains("Ashton Building"), "\(good.output)")
}
