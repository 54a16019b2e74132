import Geo

/// One artwork (or tagged place) as the catalogue knows it, whatever shape of record it came from.
///
/// A value whose fields live in one shared box, copied only when a copy is changed: a catalogue, its buildings and
/// their ranked lists hold each artwork several times, at 8 bytes a copy. The fields only a detail shows (the
/// description, type, dates, page) sit in a second box that an artwork read for a list or the view does without.
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
        get { fields.details?.values.type ?? "" }
        set { changeDetails { $0.type = newValue } }
    }
    /// The description.
    public var information: String {
        get { fields.details?.values.information ?? "" }
        set { changeDetails { $0.information = newValue } }
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
        get { fields.details?.values.thumbnail ?? "" }
        set { changeDetails { $0.thumbnail = newValue } }
    }
    /// "YYYY-MM-DD HH:MM:SS" as the service writes it.
    public var lastModified: String {
        get { fields.details?.values.lastModified ?? "" }
        set { changeDetails { $0.lastModified = newValue } }
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
        get { fields.details?.values.webPage ?? "" }
        set { changeDetails { $0.webPage = newValue } }
    }

    private var fields: Fields

    public init(id: String, title: String, artist: String = "", year: String = "", type: String = "",
                information: String = "", coordinate: Coordinate, building: String? = nil,
                locationNotes: String = "", imageFileName: String = "", thumbnail: String = "",
                lastModified: String = "", enabled: Bool = true, collection: String = Artwork.defaultCollection, webPage: String = "") {
        let details = DetailValues(type: type, information: information, thumbnail: thumbnail, lastModified: lastModified, webPage: webPage)
        fields = Fields(id: id, title: title, artist: artist, year: year, coordinate: coordinate, building: building, locationNotes: locationNotes, imageFileName: imageFileName, enabled: enabled, collection: collection, details: details.isEmpty ? nil : Details(details))
    }

    /// The collection the embedded campus catalogue and the campus service fill.
    public static let defaultCollection = "campus"

    /// The date part of `lastModified`, used as the service's `lastUpdate`.
    public var lastModifiedDate: String { String(lastModified.prefix(10)) }

    public static func == (a: Artwork, b: Artwork) -> Bool {
        if a.fields === b.fields { return true }
        return a.id == b.id
            && a.title == b.title
            && a.artist == b.artist
            && a.year == b.year
            && a.type == b.type
            && a.information == b.information
            && a.coordinate == b.coordinate
            && a.building == b.building
            && a.locationNotes == b.locationNotes
            && a.imageFileName == b.imageFileName
            && a.thumbnail == b.thumbnail
            && a.lastModified == b.lastModified
            && a.enabled == b.enabled
            && a.collection == b.collection
            && a.webPage == b.webPage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(artist)
        hasher.combine(year)
        hasher.combine(type)
        hasher.combine(information)
        hasher.combine(coordinate)
        hasher.combine(building)
        hasher.combine(locationNotes)
        hasher.combine(imageFileName)
        hasher.combine(thumbnail)
        hasher.combine(lastModified)
        hasher.combine(enabled)
        hasher.combine(collection)
        hasher.combine(webPage)
    }

    /// The box to write into, copied first if another artwork shares it.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    private mutating func changeDetails(_ change: (inout DetailValues) -> Void) {
        var values = fields.details?.values ?? DetailValues()
        change(&values)
        unique().details = values.isEmpty ? nil : Details(values)
    }

    /// The fields every artwork uses. Only written through `unique()`, so a shared box is never changed: that
    /// is what makes the unchecked `Sendable` sound.
    private final class Fields: @unchecked Sendable {
        var id: String
        var title: String
        var artist: String
        var year: String
        var coordinate: Coordinate
        var building: String?
        var locationNotes: String
        var imageFileName: String
        var enabled: Bool
        var collection: String
        var details: Details?

        init(id: String, title: String, artist: String, year: String, coordinate: Coordinate, building: String?, locationNotes: String, imageFileName: String, enabled: Bool, collection: String, details: Details?) {
            self.id = id
            self.title = title
            self.artist = artist
            self.year = year
            self.coordinate = coordinate
            self.building = building
            self.locationNotes = locationNotes
            self.imageFileName = imageFileName
            self.enabled = enabled
            self.collection = collection
            self.details = details
        }

        func copy() -> Fields {
            Fields(id: id, title: title, artist: artist, year: year, coordinate: coordinate, building: building, locationNotes: locationNotes, imageFileName: imageFileName, enabled: enabled, collection: collection, details: details)
        }
    }

    /// The fields a list never reads; a box of them is never changed, only replaced.
    private struct DetailValues: Sendable {
        var type = ""
        var information = ""
        var thumbnail = ""
        var lastModified = ""
        var webPage = ""

        var isEmpty: Bool { type.isEmpty && information.isEmpty && thumbnail.isEmpty && lastModified.isEmpty && webPage.isEmpty }
    }

    private final class Details: Sendable {
        let values: DetailValues

        init(_ values: DetailValues) { self.values = values }
    }
}
