import Foundation

/// HTML in a record's text made plain, as open-data portals and services export descriptions (`<p>…</p>`,
/// `<br />`, `&lsquo;`, `&euml;`, `&nbsp;`): block tags become line breaks, known inline tags and comments are
/// dropped, entities (named and numeric) are decoded. Text without a known tag or an entity is returned as it was,
/// so "a < b" or "R&D" stay; done before the terminal's own cleaning (`DisplayText`).
public enum MarkupText {
    /// Tags that end a line.
    static let blockTags: Set<String> = ["p", "br", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "hr",
                                         "section", "article", "header", "footer", "pre", "dl", "dt", "dd", "figure", "figcaption", "address",
                                         "tbody", "thead", "main", "aside", "nav"]
    /// Tags dropped without a break.
    static let inlineTags: Set<String> = ["span", "a", "b", "i", "em", "strong", "u", "font", "td", "th", "img", "sup", "sub", "small", "center",
                                          "code", "s", "strike", "big", "abbr", "cite", "q", "wbr", "o:p", "mark", "ins", "del", "time", "label"]
    /// Named entities beyond the accented letters (`accents` builds those).
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "emsp": " ", "thinsp": " ", "shy": "",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
        "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "ndash": "–", "mdash": "—", "hellip": "…", "bull": "•", "middot": "·",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶",
        "times": "×", "divide": "÷", "plusmn": "±", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²", "sup3": "³", "micro": "µ",
        "szlig": "ß", "aelig": "æ", "AElig": "Æ", "oslash": "ø", "Oslash": "Ø", "oelig": "œ", "OElig": "Œ", "eth": "ð", "thorn": "þ",
        "iexcl": "¡", "iquest": "¿", "ordf": "ª", "ordm": "º", "dagger": "†", "prime": "′", "Prime": "″", "zwj": "", "zwnj": "",
    ]
    /// Accent names and their combining marks: `&euml;` is e + U+0308, `&Eacute;` E + U+0301.
    static let accents: [String: Character] = ["uml": "\u{0308}", "acute": "\u{0301}", "grave": "\u{0300}", "circ": "\u{0302}",
                                               "tilde": "\u{0303}", "ring": "\u{030A}", "cedil": "\u{0327}", "caron": "\u{030C}"]

    /// Whether `text` holds markup or an entity worth converting.
    public static func hasMarkup(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "<")) || text.utf8.contains(UInt8(ascii: "&")) else { return false }
        return plain(text) != text
    }

    /// The text with its HTML made plain (see the type); unchanged when there is none.
    public static func plain(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "<")) || text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var changed = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let (end, replacement) = tag(in: text, at: index) {
                out += replacement
                index = end
                changed = true
            } else if character == "&", let (end, decoded) = entity(in: text, at: index) {
                out += decoded
                index = end
                changed = true
            } else {
                out.append(character)
                index = text.index(after: index)
            }
        }
        return changed ? tidied(out) : text
    }

    /// A known tag or a comment at `start`: where it ends, and what replaces it ("\n" for a block tag).
    private static func tag(in text: String, at start: String.Index) -> (String.Index, String)? {
        let rest = text[text.index(after: start)...]
        if rest.hasPrefix("!--") {
            guard let close = rest.range(of: "-->") else { return nil }
            return (close.upperBound, "")
        }
        guard let close = rest.prefix(2_000).firstIndex(of: ">") else { return nil }
        var inner = rest[..<close]
        if inner.hasPrefix("/") { inner = inner.dropFirst() }
        let name = inner.prefix { $0.isLetter || $0.isNumber || $0 == ":" }.lowercased()
        guard !name.isEmpty else { return nil }
        if blockTags.contains(name) { return (text.index(after: close), "\n") }
        if inlineTags.contains(name) { return (text.index(after: close), name == "td" || name == "th" ? " " : "") }
        return nil
    }

    /// An entity at `start` (`&name;`, `&#233;`, `&#xE9;`): where it ends and its text.
    private static func entity(in text: String, at start: String.Index) -> (String.Index, String)? {
        let rest = text[text.index(after: start)...].prefix(12)
        guard let semicolon = rest.firstIndex(of: ";") else { return nil }
        let name = String(rest[..<semicolon])
        let end = text.index(after: semicolon)
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
            return (end, value == 0xA0 ? " " : String(Character(scalar)))
        }
        if let found = named[name] { return (end, found) }
        if name.count >= 4, let base = name.first, base.isASCII, base.isLetter, let mark = accents[String(name.dropFirst())] {
            return (end, String(String(base) + String(mark)).precomposedStringWithCanonicalMapping)
        }
        return nil
    }

    /// Spaces run together and trimmed on each line, and no empty lines (`</p><p>` is one line break).
    private static func tidied(_ text: String) -> String {
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            if !line.isEmpty { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }
}
