import Cells
import TerminalTypes
import Testing
@testable import Screen

@Test func aRestyledSecondHalfOfAWideCharacterRedrawsItsHeadJoiningARunJustBefore() {
    var before = Buffer(width: 6, height: 1)
    before.write("a漢b", x: 0, y: 0)
    var after = before
    after.restyle(Rect(x: 2, y: 0, width: 1, height: 1), Style(.accent))
    #expect(after.changedRuns(since: before) == [CellRun(y: 0, x: 1, length: 2)], "the head is drawn with its changed half")
    after.set(0, 0, "c", .normal)
    #expect(after.changedRuns(since: before) == [CellRun(y: 0, x: 0, length: 3)], "one run, not two that touch")
    // Text compared by its characters: the same characters written again are no change.
    var again = before
    again.write("a漢b", x: 0, y: 0)
    #expect(again.changedRuns(since: before) == [])
}
