import Geo

/// One artwork (or tagged place) as the catalogue knows it, whatever shape of record it came from.
///
/// A value with its fields in one shared box, copied only when a copy is changed: a catalogue, its buildings and
/// their ranked lists hold the same artwork many times over, at 8 bytes a copy instead of 240.
public struct Artwork: Hashable, Sendable {
    public var id: String {
        get { fields.id }
        set { unique().id = newValue }
    }
    public var title: String {
        get { fields.title }
        set { unique().title = newValue }
    }
    public var artist: String {
        get { fields.artist }
        set { unique().artist = newValue }
    }
    /// Free text as published: "", "1964", "1971-1973", "1980s", "Unveiled 1927".
    public var year: String {
        get { fields.year }
        set { unique().year = newValue }
    }
    public var type: String {
        get { fields.type }
        set { unique().type = newValue }
    }
    /// The description.
    public var information: String {
        get { fields.information }
        set { unique().information = newValue }
    }
    public var coordinate: Coordinate {
        get { fields.coordinate }
        set { unique().coordinate = newValue }
    }
    /// The building (the service's `location`); nil when the record had none.
    public var building: String? {
        get { fields.building }
        set { unique().building = newValue }
    }
    public var locationNotes: String {
        get { fields.locationNotes }
        set { unique().locationNotes = newValue }
    }
    public var imageFileName: String {
        get { fields.imageFileName }
        set { unique().imageFileName = newValue }
    }
    public var thumbnail: String {
        get { fields.thumbnail }
        set { unique().thumbnail = newValue }
    }
    /// "YYYY-MM-DD HH:MM:SS" as the service writes it.
    public var lastModified: String {
        get { fields.lastModified }
        set { unique().lastModified = newValue }
    }
    public var enabled: Bool {
        get { fields.enabled }
        set { unique().enabled = newValue }
    }
    /// The collection it belongs to ("campus" for the campus artworks).
    public var collection: String {
        get { fields.collection }
        set { unique().collection = newValue }
    }
    /// The artwork's page on the web (a painting's page at the museum), or "".
    public var webPage: String {
        get { fields.webPage }
        set { unique().webPage = newValue }
    }

    private var fields: Fields

    public init(id: String, title: String, artist: String = "", year: String = "", type: String = "",
                information: String = "", coordinate: Coordinate, building: String? = nil,
                locationNotes: String = "", imageFileName: String = "", thumbnail: String = "",
                lastModified: String = "", enabled: Bool = true, collection: String = Artwork.defaultCollection, webPage: String = "") {
        fields = Fields(id: id, title: title, artist: artist, year: year, type: type, information: information, coordinate: coordinate, building: building, locationNotes: locationNotes, imageFileName: imageFileName, thumbnail: thumbnail, lastModified: lastModified, enabled: enabled, collection: collection, webPage: webPage)
    }

    /// The collection the embedded campus catalogue and the campus service fill.
    public static let defaultCollection = "campus"

    /// The date part of `lastModified`, used as the service's `lastUpdate`.
    public var lastModifiedDate: String { String(lastModified.prefix(10)) }

    public static func == (a: Artwork, b: Artwork) -> Bool {
        a.fields === b.fields || a.fields.sameValues(as: b.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.id)
        hasher.combine(fields.title)
        hasher.combine(fields.artist)
        hasher.combine(fields.year)
        hasher.combine(fields.type)
        hasher.combine(fields.information)
        hasher.combine(fields.coordinate)
        hasher.combine(fields.building)
        hasher.combine(fields.locationNotes)
        hasher.combine(fields.imageFileName)
        hasher.combine(fields.thumbnail)
        hasher.combine(fields.lastModified)
        hasher.combine(fields.enabled)
        hasher.combine(fields.collection)
        hasher.combine(fields.webPage)
    }

    /// The box to write into, copied first if another artwork shares it.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    /// The stored fields. Only written through `unique()`, so a shared box is never changed: that is what makes
    /// the unchecked `Sendable` sound.
    private final class Fields: @unchecked Sendable {
        var id: String
        var title: String
        var artist: String
        var year: String
        var type: String
        var information: String
        var coordinate: Coordinate
        var building: String?
        var locationNotes: String
        var imageFileName: String
        var thumbnail: String
        var lastModified: String
        var enabled: Bool
        var collection: String
        var webPage: String

        init(id: String, title: String, artist: String, year: String, type: String, information: String, coordinate: Coordinate, building: String?, locationNotes: String, imageFileName: String, thumbnail: String, lastModified: String, enabled: Bool, collection: String, webPage: String) {
            self.id = id
            self.title = title
            self.artist = artist
            self.year = year
            self.type = type
            self.information = information
            self.coordinate = coordinate
            self.building = building
            self.locationNotes = locationNotes
            self.imageFileName = imageFileName
            self.thumbnail = thumbnail
            self.lastModified = lastModified
            self.enabled = enabled
            self.collection = collection
            self.webPage = webPage
        }

        func copy() -> Fields {
            Fields(id: id, title: title, artist: artist, year: year, type: type, information: information, coordinate: coordinate, building: building, locationNotes: locationNotes, imageFileName: imageFileName, thumbnail: thumbnail, lastModified: lastModified, enabled: enabled, collection: collection, webPage: webPage)
        }

        func sameValues(as other: Fields) -> Bool {
            id == other.id
                && title == other.title
                && artist == other.artist
                && year == other.year
                && type == other.type
                && information == other.information
                && coordinate == other.coordinate
                && building == other.building
                && locationNotes == other.locationNotes
                && imageFileName == other.imageFileName
                && thumbnail == other.thumbnail
                && lastModified == other.lastModified
                && enabled == other.enabled
                && collection == other.collection
                && webPage == other.webPage
        }
    }
}
