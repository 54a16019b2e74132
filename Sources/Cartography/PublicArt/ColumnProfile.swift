import Foundation

/// What the values of one column of a public-art file look like, gathered in a first pass over the records so
/// that a field is chosen by what a column holds as well as by its name (a `Title` of part labels, a `date`
/// of full dates, an unnamed column of photo URLs).
public struct ColumnProfile: Sendable {
    /// The column as the file spells it.
    public let name: String
    /// Non-empty values.
    public private(set) var filled = 0
    /// Characters of the non-empty values (each counted up to 1,000).
    public private(set) var totalLength = 0
    /// Values holding a year or a date ("1957-60", "1998-06-01T00:00:00.000", "06/01/1998").
    public private(set) var yearLike = 0
    /// Values that are whole dates ("1998-06-01", "06/01/1998"), not only years.
    public private(set) var dates = 0
    /// Values that are http(s) URLs of an image (by the path's ending or an image host).
    public private(set) var imageURLs = 0
    /// Values that are http(s) URLs of any kind.
    public private(set) var webURLs = 0
    /// Values that read as people's names: two to five capitalised words, no digits ("Maud Cotter", "Eilis O'Connell").
    public private(set) var personLike = 0
    /// Hashes of distinct values, up to `maxTracked`.
    private var seen = Set<Int>()

    /// Distinct values are counted up to this many: enough to tell part labels from titles, bounded per column.
    static let maxTracked = 20_000

    public init(name: String) { self.name = name }

    /// How many distinct non-empty values the column holds (up to `maxTracked`).
    public var distinct: Int { seen.count }

    /// The mean length of the non-empty values, in characters.
    public var meanLength: Double { filled == 0 ? 0 : Double(totalLength) / Double(filled) }

    /// Counts one value.
    public mutating func add(_ value: String) {
        let text = value.trimmed
        guard !text.isEmpty, !ValueShape.isPlaceholder(text) else { return }
        if ValueShape.isPersonName(text) { personLike += 1 }
        filled += 1
        totalLength += min(text.count, 1_000)
        if seen.count < Self.maxTracked { seen.insert(text.hashValue) }
        if let year = ValueShape.year(in: text) {
            yearLike += 1
            if year.date != nil { dates += 1 }
        }
        if ValueShape.isWebURL(text) {
            webURLs += 1
            if ValueShape.isImageURL(text) { imageURLs += 1 }
        }
    }
}

/// The shapes of values the field survey looks for.
public enum ValueShape {
    /// Hosts that serve pictures whatever the path says.
    static let imageHosts = ["upload.wikimedia.org", "i.imgur.com", "staticflickr.com", "res.cloudinary.com",
                             "images.unsplash.com", "googleusercontent.com", "i.ibb.co", "pbs.twimg.com"]
    static let imageEndings = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".tif", ".tiff", ".bmp", ".heic"]

    /// Words written where a value is missing: "None" (a Python export), "null", "NULL", "N/A", "n.v.t." (Dutch
    /// "not applicable"), "-": read as empty.
    public static func isPlaceholder(_ text: String) -> Bool {
        guard text.utf8.count <= 9 else { return false }
        return ["none", "null", "n/a", "n.v.t.", "n.v.t", "nvt", "na", "nan", "-", "--", "nil", "undefined", "n.a.", "k.a."]
            .contains(text.trimmed.lowercased())
    }

    /// Whether a value reads as people's names: two to five words each starting with a capital letter (particles
    /// such as "van", "de", "O'" allowed), no digits, at most 60 characters; several names may be joined by "&", ",",
    /// "and", "en", "und", "et", "y", "e", "ja", "och", "og".
    public static func isPersonName(_ text: String) -> Bool {
        guard text.count <= 60, !text.contains(where: \.isNumber) else { return false }
        let joiners: Set<String> = ["&", "and", "en", "und", "et", "y", "e", "ja", "och", "og", "+"]
        let particles: Set<String> = ["van", "de", "der", "den", "von", "du", "da", "di", "del", "la", "le", "ter", "ten", "zu", "af", "av", "'t"]
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }).map(String.init).filter { !joiners.contains($0.lowercased()) }
        guard (2...10).contains(words.count) else { return false }
        var capitalised = 0
        for word in words {
            if particles.contains(word.lowercased()) { continue }
            guard let first = word.first, first.isLetter, word.allSatisfy({ $0.isLetter || "'’.-".contains($0) }) else { return false }
            if first.isUppercase { capitalised += 1 } else { return false }
        }
        return capitalised >= 2
    }

    /// Whether `text` is an http(s) URL with a host.
    public static func isWebURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), !text.contains(" ") else { return false }
        return URL(string: text)?.host?.isEmpty == false
    }

    /// Whether `text` is an http(s) URL of a picture: its path ends in an image type, or its host serves pictures.
    public static func isImageURL(_ text: String) -> Bool {
        guard isWebURL(text), let url = URL(string: text), let host = url.host?.lowercased() else { return false }
        let path = url.path.lowercased()
        return imageEndings.contains { path.hasSuffix($0) } || imageHosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The year a short value holds and, when the value is a whole date, that date: "1998-06-01T00:00:00.000" →
    /// ("1998", "1998-06-01"); "06/01/1998" → ("1998", "06/01/1998"); "1957-60" → ("1957-60", nil): a range or a
    /// decade is shown as written. Nil when there is no year from 1000 to 2199 in at most 40 characters.
    public static func year(in text: String) -> (shown: String, date: String?)? {
        let value = text.trimmed
        guard value.utf8.count <= 40 else { return nil }
        let bytes = Array(value.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= bytes.count && range.allSatisfy { (48...57).contains(bytes[$0]) } }
        // ISO dates and date-times: 1998-06-01, 1998-06-01T00:00:00.000, 1998/06/01
        if digits(0..<4), bytes.count >= 10, [45, 47].contains(bytes[4]), digits(5..<7), bytes[7] == bytes[4], digits(8..<10) {
            let date = String(value.prefix(10))
            return bytes.count == 10 || [84, 32].contains(bytes[10]) ? (String(value.prefix(4)), date) : nil
        }
        // Day and month first: 06/01/1998, 6.1.1998, 01-06-1998 (possibly with a time after a space)
        let datePart = value.split(separator: " ").first.map(String.init) ?? value
        let pieces = datePart.split(whereSeparator: { "/.-".contains($0) })
        if pieces.count == 3, pieces[0].count <= 2, pieces[1].count <= 2, pieces[2].count == 4,
           pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }), isYear(pieces[2]) {
            return (String(pieces[2]), datePart)
        }
        // Free text holding a year: "1964", "1971-1973", "1980s", "c. 1927", "Unveiled 1927"
        var run = 0
        for (i, byte) in bytes.enumerated() {
            run = (48...57).contains(byte) ? run + 1 : 0
            if run == 4, i + 1 == bytes.count || !(48...57).contains(bytes[i + 1]), isYear(value.utf8.dropFirst(i - 3).prefix(4)) {
                return (value, nil)
            }
        }
        return nil
    }

    private static func isYear(_ bytes: Substring.UTF8View) -> Bool {
        Int(String(decoding: bytes, as: UTF8.self)).map { (1000...2199).contains($0) } ?? false
    }

    private static func isYear(_ text: Substring) -> Bool {
        Int(text).map { (1000...2199).contains($0) } ?? false
    }
}
