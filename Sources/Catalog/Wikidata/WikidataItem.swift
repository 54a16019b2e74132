import Foundation
import Geo

/// One public artwork as Wikidata holds it, gathered from the rows of a WDQS answer (a multi-valued claim gives one
/// row per value): its labels by language, position, creators, inception, materials, what it depicts, kinds, image,
/// Commons category and the OpenStreetMap elements it names (P11693 node, P10689 way, P402 relation).
public struct WikidataItem: Sendable, Equatable, Codable {
    public var id: String
    /// Language → label ("sv" → "Havis Amanda"); the label service's choice under "".
    public var labels: [String: String] = [:]
    public var latitude: Double
    public var longitude: Double
    /// Creators' items ("Q123") and their labels, in the answer's order.
    public var creators: [String] = []
    public var creatorLabels: [String] = []
    /// The year of inception ("1908", "300 BC"), or "".
    public var inception = ""
    public var materials: [String] = []
    public var depicts: [String] = []
    /// What it is an instance of (labels: "sculpture", "mural", "statue").
    public var kinds: [String] = []
    /// "File:Name.jpg" from P18, or "".
    public var image = ""
    public var commonsCategory = ""
    /// OpenStreetMap elements ("node/123", "way/45", "relation/6").
    public var osmElements: [String] = []

    public init(id: String, latitude: Double, longitude: Double) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
    }

    public var coordinate: Coordinate { Coordinate(clampingLatitude: latitude, longitude: longitude) }

    /// The label in the first of `languages`, then English, then the label service's, then any, then the id.
    public func label(in languages: [String]) -> String {
        for language in ReaderLanguages.fallbacks(languages) + ["en"] {
            if let label = labels[language] { return label }
        }
        if let chosen = labels[""], chosen != id { return chosen }
        return labels.keys.sorted().lazy.compactMap { self.labels[$0] }.first { $0 != self.id } ?? id
    }

    /// Every label, each language once (for matching names across languages).
    public var allLabels: [String] { Array(Set(labels.values.filter { $0 != id })).sorted() }

    /// The most items one answer may give: about the public art of a large city's region.
    public static let maxItems = 20_000

    /// The items of a WDQS answer to `WikidataQuery`, in id order. Throws `CatalogError` for an answer that is not
    /// the format: a binding without an item or coordinates, an item that is not a Wikidata entity, WKT that is not
    /// `Point(lon lat)`, an image that is not a Commons FilePath on commons.wikimedia.org, too many items.
    public static func items(from results: SPARQLResults) throws -> [WikidataItem] {
        var found: [String: WikidataItem] = [:]
        for (index, row) in results.bindings.enumerated() {
            let place = "binding \(index + 1)"
            guard let itemTerm = row["item"] else { throw CatalogError("\(place) has no item") }
            guard let id = entityID(itemTerm) else {
                throw CatalogError("\(place): the item \(DisplayText.clean(String(itemTerm.value.prefix(80)))) is not a Wikidata entity URI")
            }
            guard let coordTerm = row["coord"] else { throw CatalogError("\(place) (\(id)) has no coordinates") }
            let point = try Self.point(coordTerm.value, place: "\(place) (\(id))")
            var item = found[id] ?? WikidataItem(id: id, latitude: point.latitude, longitude: point.longitude)
            if let term = row["itemLabel"] { try item.addLabel(term, as: "", place: place) }
            if let term = row["label"] { try item.addLabel(term, as: term.language, place: place) }
            if let term = row["creator"], let creator = entityID(term), !item.creators.contains(creator) {
                item.creators.append(creator)
                if let label = row["creatorLabel"] { item.creatorLabels.append(try checkedLabel(label.value, place: place)) }
            }
            if let term = row["inception"], item.inception.isEmpty { item.inception = year(term.value) }
            if let term = row["materialLabel"] { append(try checkedLabel(term.value, place: place), to: &item.materials) }
            if let term = row["depictsLabel"] { append(try checkedLabel(term.value, place: place), to: &item.depicts) }
            if let term = row["kindLabel"] { append(try checkedLabel(term.value, place: place), to: &item.kinds) }
            if let term = row["image"], item.image.isEmpty { item.image = try commonsFile(term.value, place: "\(place) (\(id))") }
            if let term = row["commonsCategory"], item.commonsCategory.isEmpty { item.commonsCategory = try checkedLabel(term.value, place: place) }
            for (variable, type) in [("osmNode", "node"), ("osmWay", "way"), ("osmRelation", "relation")] {
                guard let term = row[variable] else { continue }
                guard let number = Int64(term.value.trimmingCharacters(in: .whitespaces)), number > 0 else {
                    throw CatalogError("\(place) (\(id)): the OpenStreetMap \(type) id '\(DisplayText.clean(String(term.value.prefix(40))))' is not a number")
                }
                append("\(type)/\(number)", to: &item.osmElements)
            }
            found[id] = item
            if found.count > maxItems {
                throw CatalogError("the answer names more than \(maxItems) items, more than artmap reads at once (ask a smaller area)")
            }
        }
        return found.keys.sorted().compactMap { found[$0] }
    }

    /// "Q123" from "http://www.wikidata.org/entity/Q123" (https too), else nil.
    static func entityID(_ term: SPARQLResults.Term) -> String? {
        guard term.kind == .uri else { return nil }
        for prefix in ["http://www.wikidata.org/entity/", "https://www.wikidata.org/entity/"] where term.value.hasPrefix(prefix) {
            let id = term.value.dropFirst(prefix.count)
            guard id.count >= 2, id.count <= 12, id.first == "Q", id.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return String(id)
        }
        return nil
    }

    /// A WKT point "Point(lon lat)" (longitude first) on the Earth.
    static func point(_ wkt: String, place: String) throws -> Coordinate {
        let text = wkt.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("Point(") && text.hasSuffix(")") else {
            throw CatalogError("\(place): the coordinates '\(DisplayText.clean(String(text.prefix(60))))' are not a WKT Point(lon lat)")
        }
        let numbers = text.dropFirst(6).dropLast().split(separator: " ", omittingEmptySubsequences: true)
        guard numbers.count == 2, let lon = Double(numbers[0]), let lat = Double(numbers[1]),
              let coordinate = try? Coordinate(latitude: lat, longitude: lon) else {
            throw CatalogError("\(place): the point '\(DisplayText.clean(String(text.prefix(60))))' is not a longitude and latitude on the Earth")
        }
        return coordinate
    }

    /// "File:X.jpg" from a Special:FilePath URL on commons.wikimedia.org; any other host is refused.
    static func commonsFile(_ url: String, place: String) throws -> String {
        let prefixes = ["http://commons.wikimedia.org/wiki/Special:FilePath/", "https://commons.wikimedia.org/wiki/Special:FilePath/"]
        guard let prefix = prefixes.first(where: { url.hasPrefix($0) }) else {
            throw CatalogError("\(place): the image \(DisplayText.clean(String(url.prefix(80)))) is not a file on commons.wikimedia.org")
        }
        let name = (String(url.dropFirst(prefix.count)).removingPercentEncoding ?? "").replacingOccurrences(of: "_", with: " ")
            .trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= FieldLimits.fileName, !name.contains("/"), !name.contains("|"), !name.contains("#"),
              name.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value != 127 }) else {
            throw CatalogError("\(place): the image's file name is not a Commons file name")
        }
        return "File:" + name
    }

    /// The year of an xsd:dateTime ("1908-01-01T00:00:00Z" → "1908", "-0300-…" → "300 BC"); other text as it is, short.
    static func year(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let digits = (negative ? text.dropFirst() : Substring(text)).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits.prefix(6)) else { return String(DisplayText.clean(String(text.prefix(20)))) }
        return negative ? "\(number) BC" : String(number)
    }

    private mutating func addLabel(_ term: SPARQLResults.Term, as language: String, place: String) throws {
        let label = try Self.checkedLabel(term.value, place: place)
        guard !label.isEmpty, labels[language] == nil, labels.count < 64 else { return }
        labels[language] = label
    }

    /// A label cleaned and held to a title's length (the reader already refused one past `SPARQLResults.maxValueLength`).
    static func checkedLabel(_ text: String, place: String) throws -> String {
        let clean = DisplayText.clean(text).trimmingCharacters(in: .whitespaces)
        return FieldLimits.cut(clean, to: FieldLimits.title) ?? clean
    }

    private static func append(_ value: String, to list: inout [String]) {
        if !value.isEmpty, !list.contains(value), list.count < 20 { list.append(value) }
    }
}
