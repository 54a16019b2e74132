import Catalog
import Foundation

/// What artmap reads from one Rijksmuseum object in Linked Art JSON-LD. Almost everything in that format
/// is an array, `type` may be an array too, and entries are matched by their classification, never by
/// position.
public struct LinkedArtObject: Sendable, Equatable {
    public var objectNumber: String
    public var title: String
    /// "en" or "nl": which language the preferred title was in.
    public var titleLanguage: String
    public var maker: String
    public var date: String
    public var dimensions: String
    public var materials: String
    public var description: String
    public var gallery: String?
    public var webPage: String?
    /// The VisualItem the object shows, which leads to the image.
    public var visualItem: URL?

    static let aat = "http://vocab.getty.edu/aat/"
    static let english = aat + "300388277"
    static let dutch = aat + "300388256"
    static let preferredTitle = aat + "300404670"
    static let objectNumberType = aat + "300312355"
    static let materialStatement = aat + "300435429"
    static let descriptionType = aat + "300417268"
    static let galleryText = aat + "300048722"
    static let centimetres = aat + "300379098"
    static let height = "https://id.rijksmuseum.nl/22011"
    static let width = "https://id.rijksmuseum.nl/22012"

    /// Reads an object; throws `SyncError` naming `url` when it is not JSON or has no object number or title.
    public static func parse(_ data: Data, url: String) throws -> LinkedArtObject {
        guard let root = try? JSONSerialization.jsonObject(with: data), let object = root as? [String: Any] else {
            throw SyncError(url: url, "not a JSON object (malformed Linked Art)")
        }
        let identifiers = entries(object["identified_by"])
        guard let number = identifiers.first(where: { types($0).contains("Identifier") && classes($0).contains(objectNumberType) })
            .flatMap({ text($0["content"]) }), !number.isEmpty else {
            throw SyncError(url: url, "no object number (an Identifier classified \(objectNumberType))")
        }
        let titles = identifiers.filter { types($0).contains("Name") && classes($0).contains(preferredTitle) }
        guard let title = titles.first(where: { languages($0).contains(english) }) ?? titles.first(where: { languages($0).contains(dutch) }) ?? titles.first,
              let titleText = text(title["content"]), !titleText.isEmpty else {
            throw SyncError(url: url, "object \(number) has no preferred title")
        }
        let production = entries(object["produced_by"]).first ?? [:]
        let makers = entries(production["part"]).flatMap { entries($0["carried_out_by"]) }.compactMap(name)
        let maker = makers.first ?? entries(production["referred_to_by"]).compactMap { text($0["content"]) }.first ?? ""
        let timespan = entries(production["timespan"]).first ?? [:]
        var date = entries(timespan["identified_by"]).compactMap { text($0["content"]) }.first ?? ""
        if date.isEmpty, let begin = text(timespan["begin_of_the_begin"]) { date = String(begin.prefix(4)) }
        let dimensionEntries = entries(object["dimension"])
        func measure(_ kind: String) -> String? {
            dimensionEntries.first { classes($0).contains(kind) && (entries($0["unit"]).first.flatMap { text($0["id"]) } == centimetres) }
                .flatMap { text($0["value"]) ?? ($0["value"] as? NSNumber)?.stringValue }
        }
        var dimensions = ""
        if let h = measure(height), let w = measure(width) { dimensions = "height \(h) cm × width \(w) cm" }
        let statements = entries(object["referred_to_by"]).filter { classes($0).contains(materialStatement) }
        let materials = (statements.first { languages($0).contains(english) } ?? statements.first).flatMap { text($0["content"]) } ?? ""
        let subjects = entries(object["subject_of"])
        let descriptions = subjects.filter { classes($0).contains(descriptionType) }
        let described = descriptions.first { languages($0).contains(english) } ?? descriptions.first
        let description = (described.map { entries($0["part"]).filter { classes($0).contains(galleryText) }.compactMap { text($0["content"]) } } ?? [])
            .joined(separator: "\n")
        let gallery = entries(object["current_location"]).flatMap { entries($0["identified_by"]) }
            .first { types($0).contains("Name") }.flatMap { text($0["content"]) }
        let webPage = subjects.flatMap { entries($0["digitally_carried_by"]) }.flatMap { entries($0["access_point"]) }
            .compactMap { text($0["id"]) }.first
        let visualItem = entries(object["shows"]).compactMap { text($0["id"]) }.first.flatMap(URL.init(string:))
        guard number.count <= FieldLimits.id else {
            throw SyncError(url: url, "object number longer than \(FieldLimits.id) characters")
        }
        // Every text is held to its field's limit here, at the door: a million-character title is cut, not stored.
        func held(_ text: String, _ limit: Int) -> String { FieldLimits.cut(text, to: limit) ?? text }
        return LinkedArtObject(objectNumber: number, title: held(titleText, FieldLimits.title), titleLanguage: languages(title).contains(english) ? "en" : "nl",
                               maker: held(maker, FieldLimits.artist), date: held(date, FieldLimits.year),
                               dimensions: held(dimensions, FieldLimits.locationNotes), materials: held(materials, FieldLimits.locationNotes),
                               description: held(description, FieldLimits.information), gallery: gallery.map { held($0, FieldLimits.building) },
                               webPage: webPage.map { held($0, FieldLimits.url) }, visualItem: visualItem)
    }

    /// The id of the first entry under `key` (a VisualItem's `digitally_shown_by`, a DigitalObject's `access_point`).
    public static func firstLink(_ data: Data, key: String, url: String) throws -> URL? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw SyncError(url: url, "not a JSON object (malformed Linked Art)")
        }
        return entries(object[key]).compactMap { text($0["id"]) }.first.flatMap(URL.init(string:))
    }

    // MARK: - JSON-LD helpers

    /// A value as a list of objects, whether it was one object or an array.
    static func entries(_ value: Any?) -> [[String: Any]] {
        if let one = value as? [String: Any] { return [one] }
        return (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }

    static func text(_ value: Any?) -> String? {
        (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func types(_ entry: [String: Any]) -> [String] {
        if let one = entry["type"] as? String { return [one] }
        return (entry["type"] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    static func classes(_ entry: [String: Any]) -> [String] {
        (entry["classified_as"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["id"] as? String ?? $0 as? String }
    }

    static func languages(_ entry: [String: Any]) -> [String] {
        entries(entry["language"]).compactMap { $0["id"] as? String }
    }

    /// A person's name: the English notation, else any notation, else `_label`.
    static func name(_ person: [String: Any]) -> String? {
        let notations = (person["notation"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let english = notations.first { ($0["@language"] as? String) == "en" } ?? notations.first
        return (english?["@value"] as? String) ?? text(person["_label"])
    }
}
