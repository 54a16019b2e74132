import Cells
import Testing
import TerminalTypes
@testable import Curses

/// Issue 23, item 3: the sequences each terminal sends for the keys artmap binds, as bytes, and what they
/// must become. The lists are the terminals' documented defaults (xterm's ctlseqs, tmux's input keys,
/// screen's termcap, rxvt's and the Linux console's keymaps), in both cursor-key modes where they differ.
private func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    var keys = decoder.feed(text.unicodeScalars.map(\.value))
    keys += decoder.flush()
    return keys
}

private let esc = "\u{1B}"

/// The keys every terminal sends the same: plain characters and control keys.
private let common: [(String, Key)] = [
    ("q", .character("q")), ("?", .character("?")), ("[", .character("[")), ("]", .character("]")),
    (" ", .character(" ")), ("\t", .tab), ("\r", .enter), ("\n", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace),
    (esc, .escape), ("é", .character("é")),
]

private let xterm: [(String, Key)] = [
    (esc + "OA", .up), (esc + "OB", .down), (esc + "OC", .right), (esc + "OD", .left),
    (esc + "[A", .up), (esc + "[B", .down), (esc + "[C", .right), (esc + "[D", .left),
    (esc + "[1;2A", .shiftUp), (esc + "[1;2B", .shiftDown), (esc + "[1;2C", .shiftRight), (esc + "[1;2D", .shiftLeft),
    (esc + "OH", .home), (esc + "OF", .end), (esc + "[H", .home), (esc + "[F", .end),
    (esc + "[5~", .pageUp), (esc + "[6~", .pageDown), (esc + "[2~", .insert), (esc + "[3~", .delete), (esc + "[Z", .backTab),
]

private let tmux: [(String, Key)] = [
    (esc + "OA", .up), (esc + "[A", .up), (esc + "OD", .left), (esc + "[1;2A", .shiftUp), (esc + "[1;2B", .shiftDown),
    (esc + "[1;2C", .shiftRight), (esc + "[1;2D", .shiftLeft),
    (esc + "[1~", .home), (esc + "[4~", .end), (esc + "[5~", .pageUp), (esc + "[6~", .pageDown),
    (esc + "[2~", .insert), (esc + "[3~", .delete), (esc + "[Z", .backTab),
]

private let screen: [(String, Key)] = [
    (esc + "OA", .up), (esc + "OB", .down), (esc + "[A", .up), (esc + "[C", .right),
    (esc + "[1~", .home), (esc + "[4~", .end), (esc + "[5~", .pageUp), (esc + "[6~", .pageDown),
    (esc + "[2~", .insert), (esc + "[3~", .delete), (esc + "[Z", .backTab),
]

private let rxvt: [(String, Key)] = [
    (esc + "[A", .up), (esc + "OA", .up), (esc + "[D", .left),
    (esc + "[a", .shiftUp), (esc + "[b", .shiftDown), (esc + "[c", .shiftRight), (esc + "[d", .shiftLeft),
    (esc + "[7~", .home), (esc + "[8~", .end), (esc + "[7$", .home), (esc + "[8$", .end),
    (esc + "[5~", .pageUp), (esc + "[6~", .pageDown), (esc + "[2~", .insert), (esc + "[3~", .delete), (esc + "[Z", .backTab),
]

private let linuxConsole: [(String, Key)] = [
    (esc + "[A", .up), (esc + "[B", .down), (esc + "[C", .right), (esc + "[D", .left),
    (esc + "[1~", .home), (esc + "[4~", .end), (esc + "[5~", .pageUp), (esc + "[6~", .pageDown),
    (esc + "[2~", .insert), (esc + "[3~", .delete),
]

@Test(arguments: [("xterm", xterm), ("tmux", tmux), ("screen", screen), ("rxvt", rxvt), ("linux", linuxConsole), ("all", common)])
func eachTerminalsSequencesBecomeTheirKeys(terminal: String, sequences: [(String, Key)]) {
    for (bytes, key) in sequences {
        #expect(decode(bytes) == [key], "\(terminal): \(bytes.debugDescription)")
        // Followed by a key, the sequence still ends where it should.
        #expect(decode(bytes + "q") == [key, .character("q")], "\(terminal): \(bytes.debugDescription) then q")
    }
}

/// The keys other than characters that artmap binds (KeymapTests checks the keymap binds no others).
let boundSpecialKeys: [Key] = [.up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .pageUp, .pageDown,
                               .home, .end, .enter, .escape, .backspace, .tab, .backTab, .delete]

/// Every key artmap binds is tested here in the sequences of the terminals that send it.
@Test func everyBoundKeyHasASequence() {
    let sent = Set((xterm + tmux + screen + rxvt + linuxConsole + common).map(\.1))
    for key in boundSpecialKeys where !sent.contains(key) {
        Issue.record("no terminal sequence tested for \(key.label)")
    }
}

/// Sequences artmap does not bind are consumed whole: never an Esc (which leaves a screen) nor a `[` (which
/// halves the radius) nor the digits after it.
@Test(arguments: [
    "[15~", "[24~", "[1;5A", "[1;3D", "OP", "[[A", "[<0;12;5M", "[<64;3;4m", "[I", "[O", "[?1;2c", "[M !!", "[11^", "[201~", "[202~",
])
func unknownSequencesAreDroppedWhole(tail: String) {
    #expect(decode(esc + tail) == [], "\(tail.debugDescription)")
    #expect(decode(esc + tail + "j") == [.character("j")], "\(tail.debugDescription) then j")
}

/// A sequence split across reads is put together; the input pausing inside one drops it; Esc Esc is two.
@Test func sequencesSplitAcrossReadsAndLoneEscapes() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([27, 0x5B]) == [])
    #expect(decoder.isWaiting)
    #expect(decoder.feed([0x34, 0x7E]) == [.end])
    #expect(!decoder.isWaiting)
    #expect(decoder.feed([27]) == [] && decoder.holdsOnlyEscape)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed([27, 0x5B, 0x31]) == [])
    #expect(decoder.flush() == [], "a partial sequence is not Esc plus keys")
    #expect(decode(esc + esc) == [.escape, .escape])
    #expect(decode(esc + "\r") == [.escape, .enter])
    // Esc and a letter at once (tmux's send-keys Escape q) are Esc, then the letter: artmap binds no Alt key.
    #expect(decode(esc + "q") == [.escape, .character("q")])
    // A control character cuts a sequence short: the sequence is dropped, the character kept.
    #expect(decode(esc + "[1\t") == [.tab])
    // Runaway parameters are dropped, and keys after them work.
    #expect(decode(esc + "[" + String(repeating: "1;", count: 40) + "A" + "k").last == .character("k"))
}

/// Bracketed paste: what comes between `Esc [ 200 ~` and `Esc [ 201 ~` is one key, its line breaks and letters
/// never keys of their own, even when it arrives in pieces with pauses between them.
@Test func aBracketedPasteIsOneKeyHoweverItArrives() {
    #expect(decode("a\u{1B}[200~the plaque\nis gone\rq\u{1B}[201~b")
            == [.character("a"), .paste("the plaque\nis gone\rq"), .character("b")])
    var decoder = KeyDecoder()
    var keys = decoder.feed(Array("\u{1B}[200~half".unicodeScalars.map(\.value)))
    keys += decoder.flush()
    #expect(decoder.isWaiting, "a pause inside a paste keeps it open")
    keys += decoder.feed(Array(" and\u{1B}[A the rest\u{1B}[201~".unicodeScalars.map(\.value)))
    #expect(keys == [.paste("half and\u{1B}[A the rest")])
    #expect(!decoder.isWaiting)
    // A paste past the limit keeps its first part and still ends where it ends.
    let long = String(repeating: "x", count: KeyDecoder.maximumPaste + 500)
    let cut = decode("\u{1B}[200~" + long + "\u{1B}[201~" + "q")
    #expect(cut.count == 2 && cut.last == .character("q"))
    if case .paste(let text) = cut.first { #expect(text.count == KeyDecoder.maximumPaste) } else { Issue.record("\(cut.first.map { "\($0)" } ?? "none")") }
}
