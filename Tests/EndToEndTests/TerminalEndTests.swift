import Foundation
import Testing
import TestSupport

/// Issue 16, item 12: when the view's terminal goes away (its pty's other side closes, so every read fails
/// with EIO), the view ends with a message instead of retrying the read forever. Issue 35, item 1: that is a
/// hang-up (how a terminal window is closed), so the status is 0.
@Test func theViewEndsWhenItsTerminalStopsGivingInput() throws {
    let home = try temporaryDirectory("e2e-terminal-end")
    let program = try PtyProgram(["--offline"], home: home, columns: 100, rows: 30, cellWidth: 0, cellHeight: 0,
                                 environment: ["COLORTERM": ""])
    // Read what it draws (so it never blocks on a full terminal) until the first frame is there.
    try #require(program.read(untilContains: "quit"), "the view started")

    // The terminal goes away: every read of it now fails.
    program.closeTerminal()
    try #require(program.waitForExitWithoutReading(), "the view is still running 30 s after its terminal went away")
    #expect((program.status & 0x7F) == 0, "it exited, not killed by a signal (status \(program.status))")
    #expect(((program.status >> 8) & 0xFF) == 0)
    let message = try String(contentsOf: program.errorLog, encoding: .utf8)
    #expect(message.contains("the terminal gave no more input ("), "\(message)")
    #expect(message.contains("the view has ended"))
    #expect(message.split(separator: "\n").count == 1, "one line: \(message)")
}

/// Issue 35, item 1: a hang-up with standard error on the same terminal (as in a real one): every write to it
/// fails with EIO, and the view still ends with a plain exit (it died of SIGILL in 5 to 7 runs of 8, the
/// message's write trapping). Five runs, each must end by exit, status 0.
@Test func aHungUpTerminalThatAlsoTakesTheErrorsEndsWithAPlainExit() throws {
    for run in 1...5 {
        let home = try temporaryDirectory("e2e-terminal-hangup")
        let program = try PtyProgram(["--offline"], home: home, columns: 100, rows: 30, cellWidth: 0, cellHeight: 0,
                                     environment: ["COLORTERM": ""], errorsOnTerminal: true)
        try #require(program.read(untilContains: "quit"), "run \(run): the view started")
        program.closeTerminal()
        try #require(program.waitForExitWithoutReading(), "run \(run): still running 30 s after its terminal went away")
        #expect((program.status & 0x7F) == 0, "run \(run): it exited, not killed by a signal (status \(program.status))")
        #expect(((program.status >> 8) & 0xFF) == 0, "run \(run): status \(program.status >> 8)")
    }
}
