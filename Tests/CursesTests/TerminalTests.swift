import Foundation
import Testing
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
