import Foundation

/// The text of a note to OpenStreetMap about one artwork (issue 47): the person's own words (control characters
/// removed, cut so the whole fits the API's 2000 characters), then the element and its osm.org page, and `#artmap`.
/// Pure, so the CLI, the view and the tests build the same text.
public struct NoteText: Sendable, Equatable {
    /// The longest note text OpenStreetMap accepts: openstreetmap-website's NoteComment validates `body` at most
    /// 2000 characters.
    public static let apiLimit = 2000
    /// The tag that ends every note, so mappers can find artmap's notes.
    public static let hashtag = "#artmap"

    /// The person's words as they will be sent (cleaned, cut).
    public let words: String
    /// The element, "node/123".
    public let element: String

    /// The note for `element` with `words`; nil when the words are empty once cleaned (never post without them) or
    /// the id is not an OpenStreetMap element.
    public init?(words typed: String, element: String) {
        guard let element = Self.element(element) else { return nil }
        let cleaned = Self.cleaned(typed)
        guard !cleaned.isEmpty else { return nil }
        self.element = element
        let room = Self.apiLimit - Self.length(Self.tail(element))
        words = Self.length(cleaned) > room ? Self.cut(cleaned, to: room - 1) + "…" : cleaned
    }

    /// A text's length as the API counts it: Ruby's `String#length`, code points (an emoji with a skin tone is two,
    /// "é" typed as e and its accent is two), not the characters a person sees.
    public static func length(_ text: String) -> Int { text.unicodeScalars.count }

    /// The longest start of `text` of at most `room` code points that ends between two characters a person sees.
    static func cut(_ text: String, to room: Int) -> String {
        var out = "", used = 0
        for character in text {
            let size = character.unicodeScalars.count
            if used + size > room { break }
            out.append(character)
            used += size
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// The whole text as posted.
    public var text: String { words + Self.tail(element) }

    /// Whether the words had to be cut to fit.
    public static func isOverLimit(_ typed: String, element: String) -> Bool {
        length(cleaned(typed)) + length(tail(element)) > apiLimit
    }

    /// What follows the words: a blank line, the element and its page, the hashtag.
    static func tail(_ element: String) -> String { "\n\n\(element) \(pageURL(element))\n\(hashtag)" }

    /// The element's page on openstreetmap.org, "https://www.openstreetmap.org/node/123".
    public static func pageURL(_ element: String) -> String { "https://www.openstreetmap.org/\(element)" }

    /// "node/123" when `id` is an OpenStreetMap element (node, way or relation and a positive number), else nil.
    public static func element(_ id: String) -> String? {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, ["node", "way", "relation"].contains(parts[0]), let number = UInt64(parts[1]), number > 0 else { return nil }
        return "\(parts[0])/\(number)"
    }

    /// The words with every control character (C0, C1, bidi and other format controls but the emoji joiner) replaced by a space, runs of spaces made one,
    /// trimmed: a note is one paragraph as the person typed it.
    public static func cleaned(_ typed: String) -> String {
        var out = ""
        var lastSpace = false
        for scalar in typed.unicodeScalars {
            // Format characters are invisible (bidi overrides among them), but the joiner inside an emoji stays.
            // Noncharacters (U+FFFE, U+FFFF and the rest) are refused by the API's character check: they go too.
            let control = scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
                || (scalar.properties.generalCategory == .format && scalar != "\u{200D}") || scalar.properties.isNoncharacterCodePoint
            let space = control || scalar.properties.isWhitespace
            if space {
                if !lastSpace { out.append(" ") }
                lastSpace = true
            } else {
                out.unicodeScalars.append(scalar)
                lastSpace = false
            }
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// Whether a note's text (an open note read back) names `element`: its page URL, or the element itself as a
    /// word ("node/123" not followed by another digit).
    public static func names(_ text: String, element: String) -> Bool {
        var rest = Substring(text)
        while let found = rest.range(of: element) {
            let after = rest[found.upperBound...].first
            let before = found.lowerBound > rest.startIndex ? rest[rest.index(before: found.lowerBound)] : nil
            if !(after?.isNumber ?? false), !(before?.isLetter ?? false) { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }
}

/// The OpenStreetMap elements noted on one day (UTC), as the notes queue counts days: one note an element a day.
public struct NotedElements: Hashable, Sendable {
    /// The day, "2026-12-07".
    public var day: String
    public var elements: Set<String>

    public init(day: String = "", elements: Set<String> = []) {
        self.day = day
        self.elements = elements
    }

    /// Whether `element` was noted on `date`'s day (nothing noted on an earlier day counts any more).
    public func contains(_ element: String, on date: Date) -> Bool {
        !elements.isEmpty && elements.contains(element) && day == Self.day(of: date)
    }

    /// `element` noted on `date`'s day: a set from an earlier day starts again.
    public mutating func insert(_ element: String, on date: Date) {
        let today = Self.day(of: date)
        if today != day { self = NotedElements(day: today) }
        elements.insert(element)
    }

    /// The UTC day of `date`, as the queue writes it.
    public static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
