import TerminalTypes

/// Turns the characters a terminal sends into keys. Escape sequences are read whole: a sequence artmap does
/// not know (a function key, Ctrl with an arrow, a mouse report curses did not take) is dropped, never split
/// into Esc plus the keys of its bytes. Knows the variants xterm, tmux, screen, rxvt and the Linux console
/// send for the keys artmap binds (arrows, Shift-arrows, Home, End, Insert, Delete, PgUp, PgDn, Shift-Tab).
/// Curses decodes the sequences its terminfo entry names; this reads what it leaves as Esc and characters.
public struct KeyDecoder: Sendable {
    private var pending: [UInt32] = []
    /// The longest sequence read; a longer run of parameter bytes is dropped as garbage.
    static let maximumSequence = 32

    public init() {}

    /// Whether an escape sequence has begun and more characters are needed to finish it.
    public var isWaiting: Bool { !pending.isEmpty }

    /// Whether only an Esc is open (curses has already waited ESCDELAY for what follows it).
    public var holdsOnlyEscape: Bool { pending == [27] }

    /// Takes characters as they arrive and returns the keys they complete.
    public mutating func feed(_ characters: [UInt32]) -> [Key] {
        var keys: [Key] = []
        for character in characters { feed(character, into: &keys) }
        return keys
    }

    /// Takes one character, appending the keys it completes.
    public mutating func feed(_ character: UInt32, into keys: inout [Key]) {
        if pending.isEmpty {
            if character == 27 { pending = [27] } else if let key = KeyDecoder.plain(character) { keys.append(key) }
            return
        }
        pending.append(character)
        switch KeyDecoder.decode(pending) {
        case .incomplete:
            if pending.count > KeyDecoder.maximumSequence { pending.removeAll() }
        case .key(let key):
            pending.removeAll()
            if let key { keys.append(key) }
        case .escapeThen:
            // Esc, then a character that starts no sequence (a second Esc, a letter): both count.
            pending.removeAll()
            keys.append(.escape)
            feed(character, into: &keys)
        case .broken:
            // A sequence cut short by a control character or Esc: drop it, read the character afresh.
            pending.removeAll()
            feed(character, into: &keys)
        }
    }

    /// The input paused while a sequence was open: a lone Esc is the Escape key, a partial sequence is dropped.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending == [27] ? [.escape] : []
    }

    /// A character outside any sequence.
    static func plain(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        default:
            guard code >= 32, code != 0x7F, let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    enum Outcome: Equatable {
        case incomplete
        /// A whole sequence: its key, or nil for one artmap does not bind.
        case key(Key?)
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
                // `$` ends an rxvt Shift sequence (Esc [ 7 $) only after digits.
                if code == 0x24 && index == 0 { continue }
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
