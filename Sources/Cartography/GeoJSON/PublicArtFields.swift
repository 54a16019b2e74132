import Catalog
import Foundation
import Geo

/// Which property of a city's public-art GeoJSON fills which field of an artwork. Municipal open-data
/// portals (ArcGIS Hub, Socrata, CKAN) each name their columns differently — `TITLE`, `title_of_work`,
/// `ARTIST`, `first_name` + `last_name`, `YEAR_INSTALLED`, `PHOTOURL` — so the column is chosen once per file
/// from the names the file uses, case-insensitively, in the order of `candidates`; `--field` overrides it.
public struct PublicArtFields: Sendable, Equatable {
    /// An artwork field a column can fill.
    public enum Field: String, CaseIterable, Sendable {
        case id, title, artist, year, description, material, type, address, building, photo
        case webPage = "web_page"
    }

    /// The column names looked for, lower case, best first.
    public static let candidates: [Field: [String]] = [
        .id: ["id", "objectid", "artwork_id", "registryid", "registry_id", "fid"],
        .title: ["title", "name", "title_of_work", "artwork_title"],
        .artist: ["artist", "artists", "artist_name", "creator"],
        .year: ["year", "date", "year_installed", "year_of_installation", "start_date"],
        .description: ["description", "artwork_description", "descriptn", "details", "statement"],
        .material: ["material", "materials", "medium"],
        .type: ["type", "artwork_type", "art_type", "category", "classification"],
        .address: ["address", "location", "siteaddress", "site_address"],
        .building: ["building"],
        .photo: ["photo", "photourl", "photo_url", "image", "image_url", "jpg_url"],
        .webPage: ["web_page", "website", "url", "link"],
    ]

    /// The chosen column of each field, as the file spells it.
    public private(set) var columns: [Field: String] = [:]
    /// `first_name` and `last_name` as the file spells them, used for the artist when no artist column is chosen
    /// or a record's artist is empty.
    public private(set) var nameParts: (first: String, last: String)?

    public static func == (a: PublicArtFields, b: PublicArtFields) -> Bool {
        a.columns == b.columns && a.nameParts?.first == b.nameParts?.first && a.nameParts?.last == b.nameParts?.last
    }

    /// Chooses the columns from a file's property names (`keys`, in the order first seen) and the user's
    /// `overrides` (field name → column). An override naming an unknown field or a column the file lacks is
    /// refused, naming what there is.
    public static func choose(keys: [String], overrides: [String: String] = [:]) throws -> PublicArtFields {
        var byLowered: [String: String] = [:]
        for key in keys where byLowered[key.lowercased()] == nil { byLowered[key.lowercased()] = key }
        var fields = PublicArtFields()
        for field in Field.allCases {
            if let column = candidates[field]?.lazy.compactMap({ byLowered[$0] }).first { fields.columns[field] = column }
        }
        if let first = byLowered["first_name"], let last = byLowered["last_name"] { fields.nameParts = (first, last) }
        for (name, column) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let field = Field(rawValue: name.lowercased()) else {
                throw CartographyError("--field: there is no field '\(name)' (fields: \(Field.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let spelled = byLowered[column.lowercased()] else {
                let shown = keys.prefix(40).joined(separator: ", ")
                throw CartographyError("--field \(name)=\(column): the file has no property '\(column)' (it has: \(shown)\(keys.count > 40 ? ", …" : ""))")
            }
            fields.columns[field] = spelled
        }
        return fields
    }

    /// One line per field: `title ← TITLE`, `artist ← first_name + last_name`, `year (none)`.
    public var summary: [String] {
        Field.allCases.map { field in
            let name = field.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
            if let column = columns[field] {
                if field == .artist, let parts = nameParts { return "\(name)← \(column), else \(parts.first) + \(parts.last)" }
                return "\(name)← \(column)"
            }
            if field == .artist, let parts = nameParts { return "\(name)← \(parts.first) + \(parts.last)" }
            return "\(name)(none)"
        }
    }

    /// The value of `field` in a record's properties (keyed as the file spells them), trimmed; "" when absent.
    public func value(_ field: Field, in properties: [String: String]) -> String {
        columns[field].flatMap { properties[$0] }?.trimmed ?? ""
    }

    /// The artwork one record stands for, every field held to `FieldLimits`. `id` is the record's id (chosen by
    /// the caller, which knows which ids were seen); the address goes into the location notes.
    public func artwork(id: String, properties: [String: String], at coordinate: Coordinate, collection: String) -> Artwork {
        let type = value(.type, in: properties)
        let title = value(.title, in: properties)
        var artist = value(.artist, in: properties)
        if artist.isEmpty, let parts = nameParts {
            artist = [properties[parts.first], properties[parts.last]].compactMap { $0?.trimmed }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        var notes: [String] = []
        let description = value(.description, in: properties)
        if !description.isEmpty { notes.append(description) }
        let material = value(.material, in: properties)
        if !material.isEmpty { notes.append("Material: \(material)") }
        var image = ""
        let photo = value(.photo, in: properties)
        if let url = URL(string: photo), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil {
            image = photo
        } else if !photo.isEmpty {
            notes.append("Image: \(photo)")
        }
        let building = value(.building, in: properties)
        let webPage = value(.webPage, in: properties)
        return FieldLimits.bounded(Artwork(
            id: id, title: title.isEmpty ? (type.isEmpty ? "(untitled)" : "(untitled) \(type)") : title, artist: artist,
            year: Self.year(value(.year, in: properties)), type: type, information: notes.joined(separator: "\n"),
            coordinate: coordinate, building: building.isEmpty ? nil : building,
            locationNotes: value(.address, in: properties), imageFileName: image, collection: collection,
            webPage: webPage.hasPrefix("https://") || webPage.hasPrefix("http://") ? webPage : "")).artwork
    }

    /// A year as published, except that an ISO date-time (`1998-06-01T00:00:00.000`, as Socrata writes dates)
    /// keeps only its date.
    static func year(_ text: String) -> String {
        let bytes = Array(text.utf8)
        if bytes.count > 10, bytes[10] == UInt8(ascii: "T"), bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") {
            return String(text.prefix(10))
        }
        return text
    }
}
