import Foundation
import Testing
import TestSupport

/// Issue 16, item 12: when the view's terminal goes away (its pty's other side closes, so every read fails
/// with EIO), the view ends with a message and a failing status instead of retrying the read forever.
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
    #expect(((program.status >> 8) & 0xFF) == 1)
    let message = try String(contentsOf: program.errorLog, encoding: .utf8)
    #expect(message.contains("the terminal gave no more input ("), "\(message)")
    #expect(message.contains("the view has ended"))
    #expect(message.split(separator: "\n").count == 1, "one line: \(message)")
}
