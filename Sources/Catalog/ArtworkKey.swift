/// An artwork's identity: the collection that holds it and its id there. The same id may stand in two
/// collections (an OpenStreetMap element imported and fetched), so an id alone names nothing.
public struct ArtworkKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The collection that holds the artwork ("campus", "osm", "helsinki").
    public let collection: String
    /// The artwork's id within that collection ("12", "node/4417000000").
    public let id: String

    public init(collection: String, id: String) {
        self.collection = collection
        self.id = id
    }

    /// "12 in campus", as messages name an artwork.
    public var description: String { "\(id) in \(collection)" }

    public static func < (a: ArtworkKey, b: ArtworkKey) -> Bool {
        (a.collection, a.id) < (b.collection, b.id)
    }
}

extension Artwork {
    /// The artwork's identity across collections.
    public var key: ArtworkKey { ArtworkKey(collection: collection, id: id) }
}
