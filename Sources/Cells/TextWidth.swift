/// Display width of text in terminal cells: wide East Asian characters and emoji take two, combining
/// marks and other zero-width characters none.
public enum TextWidth {
    /// Width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        // Printable ASCII, the usual case, without looking up Unicode properties.
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        // One scalar from a range without marks or format characters (Latin letters with accents, arrows,
        // box drawing, blocks, braille): one cell unless it is wide, without looking up its properties.
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            let v = first.value
            if (0xA1...0x2FF).contains(v) && v != 0xAD { return 1 }
            // Braille (every dot of the map) first: the wide-range switch below costs hundreds of instructions.
            if (0x2800...0x28FF).contains(v) { return 1 }
            if (0x2100...0x2BFF).contains(v) { return isWide(v) ? 2 : 1 }
        }
        var width = 0
        for (i, scalar) in character.unicodeScalars.enumerated() {
            let w = of(scalar)
            if i == 0 { width = w } else if w == 2 { width = 2 }
            if scalar.value == 0xFE0F, character.unicodeScalars.count > 1 { width = 2 }
        }
        return width
    }

    /// Width of one scalar.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) || v == 0x200B { return 0 }
        if isWide(v) { return 2 }
        return 1
    }

    package static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
             0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
             0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
             0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
             0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F320, 0x1F32D...0x1F335,
             0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
             0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
             0x1F550...0x1F567, 0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
             0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
             0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
             0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Width of a string.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        // Every scalar its own one-cell grapheme (ASCII, accented letters, arrows, box drawing, braille, no
        // marks or joiners): count scalars, without grapheme breaking.
        var count = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            guard (0x20..<0x7F).contains(v) || ((0xA1...0x2FF).contains(v) && v != 0xAD) || ((0x2100...0x2BFF).contains(v) && !isWide(v)) else {
                return text.reduce(0) { $0 + of($1) }
            }
            count += 1
        }
        return count
    }

    /// Cuts text to at most `width` cells, ending with "…" when something was cut. Reads at most about
    /// `width` characters past the cut, however long the text.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        // Printable ASCII that fits: the usual case, one pass over the bytes and no copy.
        if text.utf8.count <= width, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var used = 0
        var cut: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let w = of(text[index])
            if cut == nil, used + w > width - 1 { cut = index }
            used += w
            if used > width { break }
            index = text.index(after: index)
        }
        guard used > width, let cut else { return text }
        return String(text[..<cut]) + "…"
    }

    /// Pads (or cuts) text to exactly `width` cells.
    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let cut = truncate(text, to: width)
        let gap = String(repeating: " ", count: max(0, width - of(cut)))
        return alignRight ? gap + cut : cut + gap
    }

    /// Wraps cleaned text into lines of at most `width` cells, breaking at spaces where it can and inside
    /// a word longer than a line. Linear in the text's length: each character is measured once.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var measured = 0
        return wrap(text, width: width, measured: &measured)
    }

    /// `wrap`, counting in `measured` the characters whose width was looked up (the test of linearity).
    package static func wrap(_ text: String, width: Int, measured: inout Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in DisplayText.clean(text).split(separator: " ", omittingEmptySubsequences: true) {
            // Each character's width once; the word is cut into pieces of at most `width` cells as it goes.
            var pieces: [(text: Substring, width: Int)] = []
            var pieceStart = word.startIndex
            var pieceWidth = 0
            var index = word.startIndex
            while index < word.endIndex {
                let w = of(word[index])
                measured += 1
                if pieceWidth + w > width, index > pieceStart {
                    pieces.append((word[pieceStart..<index], pieceWidth))
                    pieceStart = index
                    pieceWidth = 0
                }
                pieceWidth += w
                index = word.index(after: index)
            }
            if pieceStart < word.endIndex { pieces.append((word[pieceStart...], pieceWidth)) }
            if pieces.count > 1 {
                // A word longer than a line starts on its own line; its last piece may be followed.
                if !line.isEmpty { lines.append(line) }
                for piece in pieces.dropLast() { lines.append(String(piece.text)) }
                line = ""
                lineWidth = 0
            }
            guard let last = pieces.last else { continue }
            let w = last.width
            if lineWidth == 0 && line.isEmpty {
                line = String(last.text)
                lineWidth = w
            } else if lineWidth + 1 + w <= width {
                line += " " + last.text
                lineWidth += 1 + w
            } else {
                lines.append(line)
                line = String(last.text)
                lineWidth = w
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
