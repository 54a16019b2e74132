import Cells
import Foundation
import Testing
import TestSupport
@testable import Curses

/// The test runner's standard input is not a terminal, so starting curses must fail with a message,
/// not exit the process or leave the terminal in a strange state. (Drawing is tested end to end in tmux.)
@Test func withoutATerminalStartingIsAClearError() throws {
    try #require(isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0, "this test needs a runner without a terminal")
    do {
        _ = try Terminal(useColor: true, useMouse: true)
        Issue.record("curses started without a terminal")
    } catch let error as CursesError {
        #expect(error.message == "the full-screen view needs a terminal; use 'artmap list' in scripts")
    }
}

/// Issue 16, item 12: a terminal that has ended must be told from one with no key yet, or the view spins.
@Test func theInputProbeReportsEndOfInputAndReadErrorsInsteadOfNothing() throws {
    // A pipe: a byte is a byte, an open empty pipe is nothing, a closed one is the end.
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    #expect(TerminalInput.probe(ends[0]) == .nothing)
    var byte: UInt8 = 0x71
    #expect(write(ends[1], &byte, 1) == 1)
    #expect(TerminalInput.probe(ends[0]) == .byte(0x71))
    close(ends[1])
    #expect(TerminalInput.probe(ends[0]) == .ended("end of input"))
    close(ends[0])

    // A terminal whose other side has closed (a hung-up pty): EIO, reported as the end, not as "no key".
    let pty = try PseudoTerminal()
    let master = pty.master
    let slave = open(pty.slavePath, O_RDWR | O_NOCTTY)
    try #require(slave >= 0)
    defer { close(slave) }
    #expect(TerminalInput.probe(slave) == .nothing)
    close(master)
    let probe = TerminalInput.probe(slave)
    #expect(probe == .ended("read error: Input/output error (EIO)") || probe == .ended("end of input"), "\(probe)")
    // And it stays ended: a loop asking again gets the same answer, never a key.
    #expect(TerminalInput.probe(slave) == probe)
}
