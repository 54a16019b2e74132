import Foundation
import Testing
import TestSupport

/// Issue 43, item 18: the terminal answers artmap's questions only after the view has started (as over a slow SSH
/// link, past the probes' 0.3 s): the answers open nothing and the person's `q` still quits. Before the fix the
/// OSC 11 answer was read as Esc, `]`, `1`, `1`, `;`, `r`, `g`, `b`, `:`, … and `/` opened the search, which then
/// took the `q`: the view never ended.
@Test func lateProbeAnswersAreNoKeysInTheView() throws {
    let home = try temporaryDirectory("e2e-late-answers")
    let program = try PtyProgram(["--offline"], home: home, columns: 100, rows: 30)
    try #require(program.read(untilContains: "\u{1B}]11;?"), "it asks the background: \(program.text().debugDescription)")
    try #require(program.read(untilContains: "quit"), "the view started without the answers")
    let mark = program.output.count
    let esc = "\u{1B}", st = "\u{1B}\\"
    program.send(esc + "]11;rgb:1e1e/1e1e/2e2e" + st + esc + "_Gi=31;OK" + st + esc + "[6;20;10t" + esc + "[4;600;1000t"
                 + esc + "[?1;0;256S" + esc + "[?2;0;1000;600S" + esc + "[?62;4;22c")
    // A long answer too, past the probe's 4096-byte budget, in a read of its own.
    program.send(esc + "]11;rgb:" + String(repeating: "f", count: 5000) + "/0/0\u{07}")
    program.send("q")
    #expect(program.waitForExit(timeout: 30), "q did not quit: \(program.text(from: mark).suffix(800).debugDescription)")
    #expect((program.status & 0x7F) == 0 && ((program.status >> 8) & 0xFF) == 0, "status \(program.status)")
}
