import TerminalTypes

/// Turns the characters a terminal sends into keys. Escape sequences are read whole: a sequence artmap does
/// not know (a function key, Ctrl with an arrow, a mouse report curses did not take) is dropped, never split
/// into Esc plus the keys of its bytes. Knows the variants xterm, tmux, screen, rxvt and the Linux console
/// send for the keys artmap binds (arrows, Shift-arrows, Home, End, Insert, Delete, PgUp, PgDn, Shift-Tab).
/// Curses decodes the sequences its terminfo entry names; this reads what it leaves as Esc and characters.
///
/// The terminal's answers to artmap's questions (`BackgroundProbe`, `TerminalProbe`) are recognised by their
/// shape whenever they come, even long after the question (a slow SSH link): a CSI report (`CSI ? … c`,
/// `CSI ? … S`, `CSI 4;H;W t`, `CSI ? … $ y`) is one unbound sequence, however many parameters it has, and
/// a string (OSC `ESC ] digits`, DCS `ESC P params`, kitty's APC `ESC _ G`, or their 8-bit forms) is swallowed
/// to its terminator (ST, BEL; CAN and SUB cancel it), however long, never turned into keys.
public struct KeyDecoder: Sendable {
    private var pending: [UInt32] = []
    /// Where the decoder is inside a sequence too long to keep: its characters are dropped to its end.
    private var skipping: Skipping?
    /// The text of a bracketed paste being read (after `Esc [ 200 ~`), up to `Esc [ 201 ~`; nil outside one.
    private var pasted: [UInt32]?
    /// The most of one paste kept (the rest is read to the paste's end and dropped).
    static let maximumPaste = 16_384
    /// How a bracketed paste ends: `Esc [ 201 ~`.
    static let pasteEnd: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    /// The longest sequence kept; a longer CSI is consumed to its final character without being kept.
    static let maximumSequence = 32
    /// What may follow Esc to open a string the terminal sends: `]` (OSC), `P` (DCS), `_` (APC).
    static let stringIntroducers: Set<UInt32> = [0x5D, 0x50, 0x5F]

    enum Skipping: Equatable {
        /// The rest of a CSI sequence longer than `maximumSequence`, or of a report whose first half came before a
        /// pause, up to its final character.
        case controlSequence
        /// The body of a string (OSC, DCS, APC, PM, SOS), up to ST or BEL.
        case string
        /// An Esc inside a string: a `\` ends it (ST); anything else ends it and starts afresh.
        case stringEscape
    }

    public init() {}

    /// Whether an escape sequence has begun and more characters are needed to finish it.
    public var isWaiting: Bool { !pending.isEmpty || skipping != nil || pasted != nil }

    /// Whether a terminal's answer string (or an overlong CSI) is open: it survives pauses (`flush`), as an answer
    /// over a slow link comes in pieces, until its terminator or `abandonOpenSequence`.
    public var holdsOpenSequence: Bool { skipping != nil || pasted != nil }

    /// Whether only an Esc is open (curses has already waited ESCDELAY for what follows it).
    public var holdsOnlyEscape: Bool { pending == [27] && skipping == nil }

    /// Takes characters as they arrive and returns the keys they complete.
    public mutating func feed(_ characters: [UInt32]) -> [Key] {
        var keys: [Key] = []
        for character in characters { feed(character, into: &keys) }
        return keys
    }

    /// Takes one character, appending the keys it completes.
    public mutating func feed(_ character: UInt32, into keys: inout [Key]) {
        if pasted != nil {
            takePasted(character, into: &keys)
            return
        }
        if let skipping {
            skip(character, in: skipping, into: &keys)
            return
        }
        if pending.isEmpty {
            switch character {
            case 27: pending = [27]
            case 0x9B: pending = [27, 0x5B]  // 8-bit CSI
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipping = .string  // 8-bit DCS, SOS, OSC, PM, APC
            default: if let key = KeyDecoder.plain(character) { keys.append(key) }
            }
            return
        }
        pending.append(character)
        switch KeyDecoder.decode(pending) {
        case .incomplete:
            if pending.count > KeyDecoder.maximumSequence {
                // An overlong CSI (a report with a runaway parameter list) is read to its end, not as keys.
                if pending[1] == 0x5B { skipping = .controlSequence }
                pending.removeAll()
            }
        case .key(let key):
            pending.removeAll()
            if let key { keys.append(key) }
        case .string:
            pending.removeAll()
            skipping = .string
        case .pasteStart:
            pending.removeAll()
            pasted = []
        case .escapeThen:
            // Esc, then characters that start no sequence (a second Esc, a letter, `]` and a letter): all count.
            let rest = pending.dropFirst()
            pending.removeAll()
            keys.append(.escape)
            for next in rest { feed(next, into: &keys) }
        case .broken:
            // A sequence cut short by a control character or Esc: drop it, read the character afresh.
            pending.removeAll()
            feed(character, into: &keys)
        }
    }

    /// One character of a bracketed paste: kept (up to `maximumPaste`) until `Esc [ 201 ~` ends it as one key.
    private mutating func takePasted(_ character: UInt32, into keys: inout [Key]) {
        guard var text = pasted else { return }
        if text.count < Self.maximumPaste + Self.pasteEnd.count {
            text.append(character)
        } else {
            // Past the limit only the last few characters are kept, to see the end come.
            text.removeSubrange((Self.maximumPaste)..<(Self.maximumPaste + 1))
            text.append(character)
        }
        if text.count >= Self.pasteEnd.count, Array(text.suffix(Self.pasteEnd.count)) == Self.pasteEnd {
            text.removeLast(Self.pasteEnd.count)
            pasted = nil
            let scalars = text.prefix(Self.maximumPaste).compactMap(Unicode.Scalar.init)
            keys.append(.paste(String(String.UnicodeScalarView(scalars))))
            return
        }
        pasted = text
    }

    /// One character inside a sequence being dropped.
    private mutating func skip(_ character: UInt32, in state: Skipping, into keys: inout [Key]) {
        switch state {
        case .controlSequence:
            switch character {
            case 0x20...0x3F: return
            case 0x40...0x7E: skipping = nil
            default:
                skipping = nil
                feed(character, into: &keys)
            }
        case .string:
            switch character {
            case 27: skipping = .stringEscape
            case 0x07, 0x9C, 0x18, 0x1A: skipping = nil  // BEL, ST; CAN and SUB cancel the string
            default: return
            }
        case .stringEscape:
            skipping = nil
            // Esc then anything but `\` ends the string and begins a sequence of its own.
            if character != 0x5C { feed(27, into: &keys); feed(character, into: &keys) }
        }
    }

    /// The input paused while a sequence was open: a lone Esc is the Escape key, Esc and a string's introducer
    /// are those two keys, a partial sequence is dropped. An answer string, or a CSI with parameters begun (the
    /// first half of a report), stays open to its end.
    public mutating func flush() -> [Key] {
        guard skipping == nil, pasted == nil else { return [] }
        defer { pending.removeAll() }
        if pending == [27] { return [.escape] }
        // A CSI with parameters begun: the rest of a report split by a slow link, read to its final character.
        if pending.count >= 3, pending[1] == 0x5B, (0x30...0x3F).contains(pending[2]) {
            skipping = .controlSequence
            return []
        }
        if pending.count == 2, pending[0] == 27, KeyDecoder.stringIntroducers.contains(pending[1]) {
            return [.escape] + [KeyDecoder.plain(pending[1])].compactMap { $0 }
        }
        return []
    }

    /// Gives up on an open answer string or overlong CSI (the terminal fell silent inside it for long): what
    /// comes next is read as keys again.
    public mutating func abandonOpenSequence() {
        skipping = nil
        pasted = nil
        pending.removeAll()
    }

    /// A character outside any sequence.
    static func plain(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        default:
            // C0 and C1 controls are no keys (a stray 8-bit ST or CSI byte from a terminal is none either).
            guard code >= 32, !(0x7F...0x9F).contains(code), let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    enum Outcome: Equatable {
        case incomplete
        /// A whole sequence: its key, or nil for one artmap does not bind.
        case key(Key?)
        /// The introducer of a string the terminal sends (OSC, DCS, APC): its body follows.
        case string
        /// `Esc [ 200 ~`: the terminal sends pasted text, up to `Esc [ 201 ~`.
        case pasteStart
        case escapeThen
        case broken
    }

    /// Decodes a sequence that starts with Esc.
    static func decode(_ sequence: [UInt32]) -> Outcome {
        guard sequence.count >= 2 else { return .incomplete }
        let second = sequence[1]
        switch second {
        case 0x5B: return csi(Array(sequence.dropFirst(2)))
        case 0x4F: return ss3(Array(sequence.dropFirst(2)))
        case 0x5D, 0x50, 0x5F:
            // An answer string by its shape: OSC `ESC ] 11;…`, DCS `ESC P 1$r…` / `ESC P >|…`, kitty's `ESC _ G…`.
            // Anything else after Esc ] (a person typing Esc then `]` then a letter) is those keys.
            guard sequence.count >= 3 else { return .incomplete }
            let third = sequence[2]
            switch second {
            case 0x5D: return (0x30...0x39).contains(third) ? .string : .escapeThen
            case 0x50: return (0x30...0x3F).contains(third) ? .string : .escapeThen
            default: return third == 0x47 ? .string : .escapeThen
            }
        // Esc and a key at once (Alt, or Esc typed just before a key: tmux's send-keys sends both at once):
        // artmap binds no Alt key, so it is Esc, then the key.
        default: return .escapeThen
        }
    }

    /// `Esc [` …: parameters, intermediates, one final character (rxvt also ends with `$`, `^` or `@`).
    static func csi(_ body: [UInt32]) -> Outcome {
        guard let first = body.first else { return .incomplete }
        if first == 0x5B { return body.count >= 2 ? .key(nil) : .incomplete }  // Linux console F1–F5: Esc [ [ A
        if first == 0x4D { return body.count >= 4 ? .key(nil) : .incomplete }  // X10 mouse: Esc [ M and three bytes
        for (index, code) in body.enumerated() {
            switch code {
            case 0x30...0x3F, 0x20...0x23, 0x25...0x2F: continue
            case 0x24, 0x40...0x7E:
                // `$` ends an rxvt Shift sequence (Esc [ 7 $) only after digits alone; elsewhere it is an
                // intermediate (DECRQM's report `Esc [ ? 2026 ; 2 $ y`).
                if code == 0x24 && (index == 0 || !body[..<index].allSatisfy({ (0x30...0x39).contains($0) })) { continue }
                if code == 0x7E, Array(body[..<index]) == [0x32, 0x30, 0x30] { return .pasteStart }
                return .key(csiKey(parameters: body[..<index], final: code))
            default:
                return .broken
            }
        }
        return .incomplete
    }

    /// `Esc O` …: one final character, after an optional modifier (old xterm: Esc O 2 A).
    static func ss3(_ body: [UInt32]) -> Outcome {
        for (index, code) in body.enumerated() {
            switch code {
            case 0x30...0x3F: continue
            case 0x40...0x7E:
                let shifted = body[..<index].map { Character(Unicode.Scalar(UInt8($0))) } == ["2"]
                guard index == 0 || shifted else { return .key(nil) }
                return .key(cursorKey(code, shifted: shifted) ?? (code == 0x4D ? .enter : nil))
            default:
                return .broken
            }
        }
        return .incomplete
    }

    /// The key of a whole CSI sequence, or nil for one artmap does not bind.
    static func csiKey(parameters: ArraySlice<UInt32>, final: UInt32) -> Key? {
        let text = String(String.UnicodeScalarView(parameters.compactMap(Unicode.Scalar.init)))
        if text.hasPrefix("<") || text.hasPrefix("?") || text.hasPrefix(">") { return nil }  // mouse, reports
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifier = numbers.count >= 2 ? numbers[1] : nil
        switch final {
        case 0x7E, 0x24, 0x5E, 0x40:  // ~, and rxvt's $ (Shift), ^ (Ctrl), @ (Ctrl-Shift)
            guard let number = numbers.first ?? nil else { return nil }
            switch number {
            case 1, 7: return .home
            case 4, 8: return .end
            case 2: return .insert
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        case 0x5A: return text.isEmpty ? .backTab : nil
        case 0x61...0x64: return text.isEmpty ? cursorKey(final - 0x20, shifted: true) : nil  // rxvt Esc [ a
        default:
            guard text.isEmpty || text == "1" || modifier == 2 else { return nil }
            return cursorKey(final, shifted: modifier == 2)
        }
    }

    /// Arrows (A–D), Home (H) and End (F).
    static func cursorKey(_ final: UInt32, shifted: Bool) -> Key? {
        switch final {
        case 0x41: return shifted ? .shiftUp : .up
        case 0x42: return shifted ? .shiftDown : .down
        case 0x43: return shifted ? .shiftRight : .right
        case 0x44: return shifted ? .shiftLeft : .left
        case 0x48: return .home
        case 0x46: return .end
        default: return nil
        }
    }
}
