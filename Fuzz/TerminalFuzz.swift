import Foundation
import TerminalTypes

// libFuzzer target: what the terminal sends back (issue 43, item 18). Sources/Curses/KeyDecoder.swift,
// BackgroundProbe.swift, PixelSupport.swift and LateAnswers.swift are compiled into this harness (the rest of Curses
// needs ncurses). The bytes are fed to the key decoder as raw bytes and as UTF-8 (8-bit C1 controls included), whole
// and split where the bytes say: the keys must be the same either way (the decoder keeps its state across reads),
// and no control character is ever a character key.
// Answers made from the bytes (an OSC 11 body, a CSI report's parameters, a kitty reply, a DCS string, however long)
// must give no key at all, before and after arbitrary input, and the person's `q` after them must still be `q`.
// The probe's parsers (ProbeAnswers, BackgroundProbe) must take any bytes without trapping.

private func keys(_ scalars: [UInt32], splitAt cut: Int?) -> [Key] {
    var decoder = KeyDecoder()
    guard let cut else { return decoder.feed(scalars) + decoder.flush() }
    let at = min(cut, scalars.count)
    return decoder.feed(Array(scalars[..<at])) + decoder.feed(Array(scalars[at...])) + decoder.flush()
}

/// The bytes as text for a string's body: printable ASCII, no terminator.
private func body(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.map { 0x20 + $0 % 0x5F }, as: UTF8.self)
}

/// The bytes as a CSI report's parameters (digits, `;`, `:` …).
private func parameters(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.map { 0x30 + $0 % 0x10 }, as: UTF8.self)
}

private let esc = "\u{1B}"
private let st = "\u{1B}\\"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = ProbeAnswers.parse(bytes)
    _ = BackgroundProbe.parse(bytes)
    _ = LateAnswers.owed(after: ProbeAnswers.parse(bytes), tmux: size % 2 == 0)

    let cut = bytes.first.map { Int($0) * max(1, size / 256) }
    for scalars in [bytes.map(UInt32.init), String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)] {
        let whole = keys(scalars, splitAt: nil)
        guard whole == keys(scalars, splitAt: cut) else { fatalError("the keys depend on where the reads were split") }
        for case .character(let character) in whole {
            for scalar in character.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                fatalError("a control character became a key: \(scalar.value)")
            }
        }
    }

    // Answers built from the bytes, arriving late (in reads of their own), in pieces, and long.
    let text = body(bytes), numbers = parameters(bytes)
    let answers = [
        esc + "]11;rgb:" + text + st, esc + "]11;" + text + "\u{07}", "\u{9D}11;" + text + "\u{9C}",
        esc + "[?" + numbers + "S", esc + "[?" + numbers + "c", esc + "[>" + numbers + "c", esc + "[4;" + numbers + "t",
        esc + "[?" + numbers + "$y", esc + "_G" + text + st, esc + "P>|" + text + st, esc + "P1$r" + text + st,
    ]
    for answer in answers {
        var decoder = KeyDecoder()
        var got = decoder.feed(Array("j".unicodeScalars.map(\.value))) + decoder.flush()
        let scalars = answer.unicodeScalars.map(\.value)
        let split = cut.map { min($0, scalars.count) } ?? 0
        got += decoder.feed(Array(scalars[..<split]))
        if split >= 3 { got += decoder.flush() }  // a pause once the answer's shape is known
        got += decoder.feed(Array(scalars[split...])) + decoder.flush()
        got += decoder.feed([0x71]) + decoder.flush()
        guard got == [.character("j"), .character("q")] else {
            fatalError("an answer became keys: \(answer.prefix(80).debugDescription) -> \(got)")
        }
    }
    return 0
}
