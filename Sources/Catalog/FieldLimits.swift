import Foundation

/// The longest text artmap keeps in each field of a record. Longer text from a service, the museum, an import
/// or the news is cut (and the cut reported), so one 45 MB title cannot make every frame and key press slow.
/// `bounded` is the one function every door uses; `bounded(_ artwork:)` applies it to every field of an
/// artwork, for doors that build artworks from other shapes (the museum, map imports, tagged places).
public enum FieldLimits {
    public static let id = 100
    public static let title = 300
    public static let artist = 200
    public static let year = 60
    public static let type = 100
    public static let information = 20_000
    public static let locationNotes = 1_000
    public static let building = 200
    public static let fileName = 255
    /// An image or web page address (a museum's IIIF URL, an artwork's page).
    public static let url = 2_000
    /// A collection's name.
    public static let collection = 100
    /// A painter's name as typed or stored.
    public static let painter = 200
    /// The news message.
    public static let news = 4_000
    /// A setting's value (a URL, a number, a word).
    public static let setting = 2_000

    /// `text` cut to `limit` characters (with "…"), and a note saying what was cut, or the text as it was.
    /// Linear in `limit`, not in the text's length; a character is also held to 32 bytes, so one grapheme of
    /// a million combining marks cannot pass as "one character".
    public static func bounded(_ text: String, _ limit: Int, field: String) -> (text: String, note: String?) {
        guard let cut = cut(text, to: limit) else { return (text, nil) }
        return (cut, "\(field) cut to \(limit) characters (it had \(text.utf8.count) bytes)")
    }

    /// `text` cut to `limit` characters and "…", or nil when it fits.
    public static func cut(_ text: String, to limit: Int) -> String? {
        let bytes = text.utf8.count
        // A string of at most `limit` UTF-8 bytes has at most `limit` characters: no need to count them.
        if bytes <= limit { return nil }
        let limit = max(1, limit)
        let byteCap = limit * 32
        var count = 0
        var end = text.startIndex
        // Keep `limit - 1` characters and the "…", so the result has at most `limit`.
        while end < text.endIndex, count < limit {
            let next = text.index(after: end)
            if text.utf8.distance(from: text.startIndex, to: next) > byteCap { break }
            end = next
            count += 1
        }
        if end == text.endIndex && bytes <= byteCap { return nil }
        if count >= limit { end = text.index(before: end) }
        if count == 0 {
            // One enormous grapheme: keep its first scalars (a limit of one keeps only the "…").
            if limit < 2 { return "…" }
            var scalars = text.unicodeScalars.startIndex
            var taken = 0
            while scalars < text.unicodeScalars.endIndex, taken < 8 {
                scalars = text.unicodeScalars.index(after: scalars)
                taken += 1
            }
            end = scalars
        }
        return String(text[..<end]) + "…"
    }

    /// Every text field of `artwork` cleaned (HTML made plain by `MarkupText`; `DisplayText.clean`: escape sequences, controls, bidi and zero-width
    /// characters removed; the information keeps its lines) and held to its limit, with a note per cut field
    /// ("title cut to 300 …"), so what a file or a service brings is stored clean and every output shows it so.
    /// The id is cut too (at 100); a door that must refuse a long id checks it first.
    public static func bounded(_ artwork: Artwork) -> (artwork: Artwork, notes: [String]) {
        var artwork = artwork
        var notes: [String] = []
        // Text fields (not ids, addresses of pictures and pages, dates) may hold HTML: made plain first; the
        // information keeps its lines. (Told by flags, not by comparing key paths: each comparison instantiates
        // key paths at run time, a cost an import of a region paid per artwork.)
        enum Kind { case plain, text, lines }
        func apply(_ keyPath: WritableKeyPath<Artwork, String>, _ limit: Int, _ name: String, _ kind: Kind = .plain) {
            var value = artwork[keyPath: keyPath]
            if kind != .plain { value = MarkupText.plain(value) }
            value = kind == .lines ? cleanLines(value) : DisplayText.clean(value)
            guard let cut = cut(value, to: limit) else {
                artwork[keyPath: keyPath] = value
                return
            }
            artwork[keyPath: keyPath] = cut
            notes.append("\(name) cut to \(limit) characters (it had \(value.utf8.count) bytes)")
        }
        apply(\.id, id, "id")
        apply(\.title, title, "title", .text)
        apply(\.artist, artist, "artist", .text)
        apply(\.year, year, "year", .text)
        apply(\.type, type, "type", .text)
        apply(\.information, information, "information", .lines)
        apply(\.locationNotes, locationNotes, "location notes", .text)
        apply(\.imageFileName, url, "image")
        apply(\.thumbnail, url, "thumbnail")
        apply(\.webPage, url, "web page")
        apply(\.collection, collection, "collection")
        apply(\.lastModified, year, "lastModified")
        artwork.building = artwork.building.map { DisplayText.clean(MarkupText.plain($0)) }
        if let building = artwork.building, let cut = cut(building, to: FieldLimits.building) {
            artwork.building = cut
            notes.append("building cut to \(FieldLimits.building) characters (it had \(building.utf8.count) bytes)")
        }
        return (artwork, notes)
    }

    /// Text of several lines cleaned line by line (`DisplayText.clean` folds a line break to a space).
    public static func cleanLines(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayText.clean(String($0)).trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    /// A value typed by a person (a setting, a painter's name): refused, not cut, when it holds a control
    /// character (ESC, CR, LF, tab, other C0/C1), a bidi override or isolate, or a zero-width character,
    /// naming the first one and its position (from 1), or when it is longer than `limit` characters.
    public static func checkTyped(_ text: String, limit: Int, what: String) -> Result<String, CatalogError> {
        var position = 0
        for scalar in text.unicodeScalars {
            position += 1
            if DisplayText.needsCleaning(scalar) {
                let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                return .failure(CatalogError("\(what) has a control character (\(code)\(controlName(scalar).map { ", " + $0 } ?? "")) at character \(position); type it without"))
            }
            if position > limit * 4 { break }
        }
        if text.utf8.count > limit, text.count > limit {
            return .failure(CatalogError("\(what) is \(text.count) characters long, more than the \(limit) allowed"))
        }
        return .success(text)
    }

    static func controlName(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x1B: return "ESC"
        case 0x0D: return "carriage return"
        case 0x0A: return "line feed"
        case 0x09: return "tab"
        case 0x00: return "NUL"
        case 0x7F: return "DEL"
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return "a bidi control"
        case 0x80...0x9F: return "a C1 control"
        case 0x01...0x1F: return "a C0 control"
        default: return nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
