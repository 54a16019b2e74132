import Foundation
import Testing
import TerminalTypes
@testable import Curses

/// Issue 43, item 18: the terminal's answers to artmap's questions (BackgroundProbe's OSC 11 and device attributes,
/// TerminalProbe's kitty query, CSI 16 t and 14 t, XTSMGRAPHICS, and the reports a terminal may add) arriving
/// after the probe stopped waiting (a slow SSH link), split across reads, or longer than any budget, are never
/// keys: before the fix the late OSC 11 answer was Esc, `]`, `1`, `1`, `;`, `r`, … (the route panel, the zoom,
/// the search), and a report over 32 characters spilled its tail as keys.
private let esc = "\u{1B}"
private let st = "\u{1B}\\"

/// Real answers, as terminals send them.
private let answers: [String] = [
    esc + "]11;rgb:1e1e/1e1e/2e2e" + st,                  // OSC 11, ST (xterm, kitty, foot)
    esc + "]11;rgb:ffff/ffff/dddd\u{07}",                 // OSC 11, BEL (VTE, tmux)
    esc + "[?1;0;256S",                                   // XTSMGRAPHICS colour registers
    esc + "[?2;0;1000;600S",                              // XTSMGRAPHICS sixel geometry
    esc + "[?2;3;0S",                                     // XTSMGRAPHICS refusal
    esc + "[4;900;1600t",                                 // XTWINOPS text area in pixels
    esc + "[4;2;2t",                                      // … whose height looks like Shift
    esc + "[6;20;10t",                                    // XTWINOPS cell size
    esc + "[?62;4;22c",                                   // DA1 with sixel
    esc + "[?1;2c",                                       // DA1, VT100
    esc + "[>0;95;0c",                                    // DA2
    esc + "_Gi=31;OK" + st,                               // kitty graphics
    esc + "_Gi=31;ENOTSUPPORTED:no such thing" + st,      // kitty graphics refusal
    esc + "[?2026;2$y",                                   // DECRQM report
    esc + "[4;1$y",                                       // DECRQM report, ANSI mode
    esc + "[12;40R",                                      // cursor position report
    esc + "[1;2R",                                        // … that looks like Shift
    esc + "P>|XTerm(388)" + st,                           // XTVERSION (DCS)
    esc + "P1$r0m" + st,                                  // DECRQSS (DCS)
    "\u{9D}11;rgb:0000/0000/0000\u{9C}",                  // OSC 11 in 8-bit controls
    "\u{9B}?62;4c",                                       // DA1 in 8-bit controls
]

/// Feeds `parts` as separate reads, the input pausing (flush) between them, as when an answer comes late or in pieces.
private func keys(_ parts: [String], pausing: Bool = true) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for part in parts {
        keys += decoder.feed(part.unicodeScalars.map(\.value))
        if pausing { keys += decoder.flush() }
    }
    return keys
}

@Test(arguments: answers)
func answersArrivingLateAreNoKeys(answer: String) {
    // A key, a pause (the probe gave up long ago), the answer in a read of its own, then the person's keys.
    #expect(keys(["j", answer, "q"]) == [.character("j"), .character("q")], "\(answer.debugDescription)")
    #expect(keys([answer + "q"]) == [.character("q")], "\(answer.debugDescription) then q at once")
    #expect(keys([answer + answer + "q"]) == [.character("q")], "two at once")
}

@Test(arguments: answers)
func answersSplitAcrossReadsAreNoKeys(answer: String) {
    let scalars = Array(answer.unicodeScalars)
    // Split after the introducer's shape is known (for strings: Esc and two characters; for reports: Esc, `[`
    // and a parameter): the rest is read to its end even with the input pausing between the pieces.
    let known = scalars[0] == "\u{9B}" ? 2 : scalars[0].value >= 0x80 ? 1 : 3
    for cut in known..<scalars.count {
        let head = String(String.UnicodeScalarView(scalars[..<cut])), tail = String(String.UnicodeScalarView(scalars[cut...]))
        #expect(keys([head, tail, "q"]) == [.character("q")], "\(answer.debugDescription) cut at \(cut), pausing")
    }
    // Without a pause, a cut anywhere.
    for cut in 1..<scalars.count {
        let head = String(String.UnicodeScalarView(scalars[..<cut])), tail = String(String.UnicodeScalarView(scalars[cut...]))
        #expect(keys([head, tail + "q"], pausing: false) == [.character("q")], "\(answer.debugDescription) cut at \(cut)")
    }
}

/// Past any byte budget (the probe reads 4096 bytes; the decoder keeps 32): consumed to the terminator, in pieces.
@Test func longAnswersAreSwallowedToTheirEnd() {
    let longOSC = esc + "]11;rgb:" + String(repeating: "f", count: 5000) + "/0/0" + st
    #expect(keys([longOSC + "q"]) == [.character("q")])
    let pieces = stride(from: 0, to: longOSC.count, by: 1000).map { String(Array(longOSC)[$0..<min($0 + 1000, longOSC.count)]) }
    #expect(keys(pieces + ["q"]) == [.character("q")], "in reads of 1000")
    let longReport = esc + "[?2;0;" + String(repeating: "9", count: 5000) + ";600S"
    #expect(keys([longReport + "q"]) == [.character("q")])
    #expect(keys([String(longReport.prefix(4096)), String(longReport.dropFirst(4096)), "q"]) == [.character("q")], "cut at 4096")
    let longKitty = esc + "_G" + String(repeating: "i=31,", count: 2000) + ";OK" + st
    #expect(keys([longKitty, "q"]) == [.character("q")])
}

/// A string cancelled (CAN, SUB), ended by another sequence, or given up after a silence: keys work after it.
@Test func cutShortAnswersGiveTheKeyboardBack() {
    #expect(keys([esc + "]11;rgb:ff\u{18}q"]) == [.character("q")], "CAN cancels")
    #expect(keys([esc + "]11;rgb:ff" + esc + "[A"]) == [.up], "an Esc inside ends the string and begins a sequence")
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array((esc + "]11;rgb:ff/").unicodeScalars.map(\.value))) == [])
    #expect(decoder.flush() == [] && decoder.holdsOpenSequence, "still open through a pause")
    decoder.abandonOpenSequence()
    #expect(decoder.feed([0x71]) == [.character("q")], "after a long silence, keys again")
}

/// A person typing Esc and then `]`, `P` or `_` (Esc ] at once from tmux's send-keys) still gets those keys:
/// only the shapes answers take open a string.
@Test func escapeThenBracketIsStillTwoKeys() {
    #expect(keys([esc + "]"]) == [.escape, .character("]")])
    #expect(keys([esc + "]j"]) == [.escape, .character("]"), .character("j")])
    #expect(keys([esc + "Pq"]) == [.escape, .character("P"), .character("q")])
    #expect(keys([esc + "_x"]) == [.escape, .character("_"), .character("x")])
    #expect(keys([esc + "]" + esc]) == [.escape, .character("]"), .escape])
    #expect(keys(["\u{9C}q"]) == [.character("q")], "a stray 8-bit ST is no key")
}

/// The probe keeps 4096 bytes of answers; one answer crossing that budget is read on to its end, so the key reader
/// never gets its tail without its introducer (the tail of an OSC 11 body would be keys: `f`, `f`, `/`, …).
@Test func theProbeReadsAnAnswerCrossingItsBudgetToItsEnd() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let answer = Array((esc + "]11;rgb:" + String(repeating: "f", count: 6000) + "/0/0" + st + esc + "[?62;4c").utf8)
    let written = answer.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    try #require(written == answer.count)
    let received = TerminalProbe.collect(from: ends[0], timeout: 10) { ProbeAnswers.parse($0).deviceAttributes }
    #expect(received.count == TerminalProbe.answerBudget)
    var left: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = read(ends[0], &chunk, chunk.count)
        if n <= 0 { break }
        left += chunk[0..<n]
    }
    var decoder = KeyDecoder()
    let keys = decoder.feed(left.map(UInt32.init)) + decoder.flush()
    #expect(keys.isEmpty, "left for the key reader: \(String(decoding: left.prefix(40), as: UTF8.self).debugDescription)")
}
