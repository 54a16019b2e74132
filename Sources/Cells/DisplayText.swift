/// Untrusted text made safe to show on a terminal.
public enum DisplayText {
    /// Removes terminal escape sequences whole (CSI such as colours, OSC such as titles and links), other
    /// C0/C1 controls, bidi overrides and isolates, and zero-width characters; folds tabs and newlines to
    /// single spaces. Data from the service, files or gpsd goes through this
    /// before it reaches a terminal.
    public static func clean(_ text: String) -> String {
        // Printable ASCII, the usual case, is already clean: no copy.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        // Other text with nothing to remove or turn into a space (arrows, accents, box drawing): no copy either.
        if !text.unicodeScalars.contains(where: needsCleaning) { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        /// Inside an escape sequence being dropped: just after ESC, or in a CSI's parameters.
        enum Escape { case none, start, csi }
        var escape = Escape.none
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let v = scalar.value
            index += 1
            switch escape {
            case .none:
                break
            case .start:
                escape = v == 0x5B ? .csi : .none
                if v == 0x5D { index = oscEnd(scalars, from: index) }
                continue
            case .csi:
                // Parameters and intermediates (0x20...0x3F) up to a final byte (0x40...0x7E).
                if !(0x20...0x3F).contains(v) { escape = .none }
                if (0x40...0x7E).contains(v) || (0x20...0x3F).contains(v) { continue }
            }
            if v == 0x1B { escape = .start; continue }
            if v == 0x9B { escape = .csi; continue }
            if v == 0x9D { index = oscEnd(scalars, from: index); continue }
            if v == 0x09 || v == 0x0A || v == 0x0D || v == 0x0B || v == 0x0C || v == 0x85 || v == 0x2028 || v == 0x2029 {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { continue }
            if (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x2069).contains(v)
                || v == 0xFEFF || v == 0x061C || v == 0x180E || (0xFFF9...0xFFFB).contains(v) {
                continue
            }
            result.append(scalar)
            lastWasSpace = v == 0x20
        }
        return String(result)
    }

    /// The longest OSC text (a title, a link's address) removed whole: a longer one, or one never ended, loses
    /// only its introducer, and its text is kept as text (with controls removed), so that a stray OSC cannot
    /// swallow the rest of a field.
    public static let longestOSC = 2048

    /// Where the text after an OSC introducer resumes: just after its terminator (BEL, ST as 0x9C, or ESC \\)
    /// when one comes within `longestOSC` scalars, else at `start` (only the introducer is dropped).
    package static func oscEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, index - start <= longestOSC {
            let v = scalars[index].value
            if v == 0x07 || v == 0x9C { return index + 1 }
            if v == 0x1B {
                // ESC \\ is ST; any other ESC ends the OSC too (terminals abandon it), and starts its own sequence.
                return index + 1 < scalars.count && scalars[index + 1].value == 0x5C ? index + 2 : index
            }
            index += 1
        }
        return start
    }

    /// Whether `clean` removes a scalar or turns it into a space.
    package static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x2069).contains(v)
            || v == 0xFEFF || v == 0x061C || v == 0x180E || (0xFFF9...0xFFFB).contains(v)
    }
}
