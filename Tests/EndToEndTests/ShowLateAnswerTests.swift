import Foundation
import Testing
import TestSupport

/// Issue 43, item 19: `show` on a terminal that answers its questions only after the probe stopped waiting (a slow
/// SSH link): the answers are read before `show` exits, and nothing is left in the terminal's input for the
/// shell. Before the fix the OSC/DA answers stayed there, and the shell read them as a typed command line.
@Test func showLeavesNoLateAnswersForTheShell() throws {
    let (home, _) = try homeWithAbstractPhoto()
    let program = try PtyProgram(["show", "40", "--pixels", "auto", "--width", "40", "--height", "12"], home: home,
                                 columns: 100, rows: 30)
    // The test holds the program's side of the terminal too: after the program ends, what it left unread is there.
    let shell = open(program.terminalPath, O_RDWR | O_NOCTTY | O_NONBLOCK)
    try #require(shell >= 0)
    defer { close(shell) }
    try #require(program.read(untilContains: "\u{1B}[?2;1;0S\u{1B}[c"), "it asks: \(program.text().debugDescription)")
    // Not answered in time: the picture comes as cells, so the probe is over before the answers arrive.
    try #require(program.read(untilContains: "\u{1B}[0m"), "the picture is printed: \(program.text().suffix(300).debugDescription)")
    let esc = "\u{1B}", st = "\u{1B}\\"
    program.send(esc + "_Gi=31;ENOTSUPPORTED:no" + st + esc + "[6;20;10t" + esc + "[4;600;1000t" + esc + "[?1;0;256S"
                 + esc + "[?2;0;1000;600S" + esc + "[?62;22c")
    try #require(program.waitForExit(timeout: 30), "show ended")
    #expect(((program.status >> 8) & 0xFF) == 0 && (program.status & 0x7F) == 0, "status \(program.status)")
    // What a shell reading the terminal now would get (raw, so a line without its end is readable too).
    var modes = termios()
    try #require(tcgetattr(shell, &modes) == 0)
    modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
    try #require(tcsetattr(shell, TCSANOW, &modes) == 0)
    var chunk = [UInt8](repeating: 0, count: 4096)
    let left = read(shell, &chunk, chunk.count)
    let leftText = left > 0 ? String(decoding: chunk[0..<left], as: UTF8.self) : ""
    #expect(left <= 0, "left for the shell: \(leftText.debugDescription)")
}
