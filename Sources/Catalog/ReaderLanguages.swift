import Foundation

/// The languages the reader wants names in, best first (issue 46): the `language` setting when it is set, else
/// `LANGUAGE` (a colon-separated list), else the language part of `LC_ALL`, `LC_MESSAGES` or `LANG`, whether or not
/// that locale is installed ("sv_SE.UTF-8" is Swedish even on a machine that has only C.UTF-8). "C" and "POSIX" name
/// no language. One list a process, chosen where it starts (the composition root), because every store it opens reads
/// titles through it and the environment it comes from is the process's too.
public enum ReaderLanguages {
    /// The languages from these settings and this environment, best first, without repeats; [] for none.
    public static func resolve(environment: [String: String], setting: String?) -> [String] {
        if let setting, !setting.trimmingCharacters(in: .whitespaces).isEmpty {
            let chosen = list(setting, separators: [":", ",", " "])
            if !chosen.isEmpty { return chosen }
        }
        if let language = environment["LANGUAGE"], !language.isEmpty {
            let chosen = list(language, separators: [":"])
            if !chosen.isEmpty { return chosen }
        }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            // The first of these that is set decides, as for the C library: LC_ALL=C means no language.
            return languagePart(value).map { [$0] } ?? []
        }
        return []
    }

    /// "sv" for "sv_SE.UTF-8@euro", "pt-br" for "pt_BR" (lower case, as OSM's `name:pt-BR` is matched); nil for "C",
    /// "POSIX" or text that is no language tag.
    public static func languagePart(_ locale: String) -> String? {
        var text = Substring(locale.trimmingCharacters(in: .whitespaces))
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let language = first.lowercased()
        if language == "c" || text.uppercased() == "POSIX" { return nil }
        // A region is kept only for the languages OSM names by region ("zh-Hant", "pt-BR" are rare; the bare one
        // follows it in `fallbacks`).
        if parts.count > 1, let region = parts.dropFirst().first, (2...4).contains(region.count), region.allSatisfy({ $0.isASCII && $0.isLetter }) {
            return language + "-" + region.lowercased()
        }
        return language
    }

    /// Each language with its bare form after it when it names a region ("pt-br" then "pt").
    public static func fallbacks(_ languages: [String]) -> [String] {
        var result: [String] = []
        for language in languages {
            for candidate in [language, String(language.prefix { $0 != "-" })] where !result.contains(candidate) { result.append(candidate) }
        }
        return result
    }

    private static func list(_ text: String, separators: Set<Character>) -> [String] {
        var result: [String] = []
        for part in text.split(whereSeparator: { separators.contains($0) }) {
            if let language = languagePart(String(part)), !result.contains(language) { result.append(language) }
        }
        return result
    }

    /// The list this process uses (every store opened reads titles through it): from the environment until the
    /// composition root says otherwise with `use`.
    public static var current: [String] {
        lock.lock()
        defer { lock.unlock() }
        if let chosen { return chosen }
        let resolved = resolve(environment: ProcessInfo.processInfo.environment, setting: nil)
        chosen = resolved
        return resolved
    }

    /// Sets the process's list (the composition root, once the `language` setting is read).
    public static func use(_ languages: [String]) {
        lock.lock()
        defer { lock.unlock() }
        chosen = languages
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var chosen: [String]?
}

/// An artwork's names in several languages ("sv" → "Havis Amanda"), as OpenStreetMap's `name:xx` tags and Wikidata's
/// labels give them; kept as text ("sv\tHavis Amanda\nen\t…") in one store column.
public struct NameVariants: Sendable, Equatable {
    public private(set) var pairs: [(language: String, name: String)] = []

    public init() {}

    public init(encoded text: String) {
        guard !text.isEmpty else { return }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty { set(String(parts[0]), String(parts[1])) }
        }
    }

    /// The `name:xx` tags of an OpenStreetMap element (at most 64 languages, each name held to a title's length).
    public static func osm(_ tags: [String: String]) -> NameVariants {
        var names = NameVariants()
        for (key, value) in tags where key.hasPrefix("name:") {
            let language = String(key.dropFirst(5)).lowercased()
            guard (2...12).contains(language.count), language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else { continue }
            names.set(language, value)
            if names.pairs.count >= 64 { break }
        }
        names.pairs.sort { $0.language < $1.language }
        return names
    }

    /// Adds (or replaces) one name; tabs, newlines and control characters go, and it is held to a title's length.
    public mutating func set(_ language: String, _ name: String) {
        let clean = DisplayText.clean(name).trimmingCharacters(in: .whitespaces)
        guard !clean.isEmpty, !language.contains("\t"), !language.contains("\n") else { return }
        let held = FieldLimits.cut(clean, to: FieldLimits.title) ?? clean
        if let index = pairs.firstIndex(where: { $0.language == language }) { pairs[index].name = held } else { pairs.append((language, held)) }
    }

    /// Takes one language's name out.
    public mutating func remove(_ language: String) { pairs.removeAll { $0.language == language } }

    /// Adds a name only where this language has none.
    public mutating func fill(_ language: String, _ name: String) {
        if self[language] == nil { set(language, name) }
    }

    public subscript(language: String) -> String? { pairs.first { $0.language == language }?.name }

    public var isEmpty: Bool { pairs.isEmpty }

    /// The first name in the reader's languages (each, then its bare form), or nil.
    public func preferred(_ languages: [String]) -> String? {
        for language in ReaderLanguages.fallbacks(languages) {
            if let name = self[language] { return name }
        }
        return nil
    }

    public var encoded: String { pairs.map { "\($0.language)\t\($0.name)" }.joined(separator: "\n") }

    public static func == (a: NameVariants, b: NameVariants) -> Bool { a.encoded == b.encoded }
}
