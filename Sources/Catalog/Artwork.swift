import Geo

/// One artwork (or tagged place) as the catalogue knows it, whatever shape of record it came from.
public struct Artwork: Hashable, Sendable {
    public var id: String
    public var title: String
    public var artist: String
    /// Free text as published: "", "1964", "1971-1973", "1980s", "Unveiled 1927".
    public var year: String
    public var type: String
    /// The description.
    public var information: String
    public var coordinate: Coordinate
    /// The building (the service's `location`); nil when the record had none.
    public var building: String?
    public var locationNotes: String
    public var imageFileName: String
    public var thumbnail: String
    /// "YYYY-MM-DD HH:MM:SS" as the service writes it.
    public var lastModified: String
    public var enabled: Bool
    /// The collection it belongs to ("campus" for the campus artworks).
    public var collection: String
    /// The artwork's page on the web (a painting's page at the museum), or "".
    public var webPage: String

    public init(id: String, title: String, artist: String = "", year: String = "", type: String = "",
                information: String = "", coordinate: Coordinate, building: String? = nil,
                locationNotes: String = "", imageFileName: String = "", thumbnail: String = "",
                lastModified: String = "", enabled: Bool = true, collection: String = Artwork.defaultCollection, webPage: String = "") {
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

    /// The collection the embedded campus catalogue and the campus service fill.
    public static let defaultCollection = "campus"

    /// The date part of `lastModified`, used as the service's `lastUpdate`.
    public var lastModifiedDate: String { String(lastModified.prefix(10)) }
}
