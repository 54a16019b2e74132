import Catalog

/// The main screen's catalogue: the artworks of the collections shown, their index for look-ups, and which
/// collections there are to show.
public struct CatalogueState: Sendable {
    public internal(set) var artworks: [Artwork] = []
    public internal(set) var catalog = CatalogQuery(artworks: [])
    /// The collections whose art is shown, first the one messages speak of: one, or every collection with art
    /// near the reference (`nearCollections`).
    public internal(set) var shownCollections: [String] = [Artwork.defaultCollection]
    /// The collection shown, or the first of those shown together. Setting it shows that one alone.
    public internal(set) var collection: String {
        get { shownCollections.first ?? Artwork.defaultCollection }
        set { shownCollections = [newValue] }
    }
    /// Every collection in the store, for the key that cycles them.
    public internal(set) var collections: [String] = []
    /// The collections with art near the reference at start, shown together when there are several (`n` cycles
    /// from them to each collection alone and back).
    public internal(set) var nearCollections: [String] = []
    /// True while the catalogue holds only the places around the reference of a large collection and the
    /// rest is being read (see Root/WholeCatalogue).
    public internal(set) var isPartial = false

    /// A catalogue of `artworks`.
    public init(artworks: [Artwork] = []) {
        replace(artworks)
    }

    /// What `n` steps through, always in this order: every collection near here together (when several are), then
    /// each collection alone.
    public var cycle: [[String]] {
        (nearCollections.count > 1 ? [nearCollections] : []) + collections.map { [$0] }
    }

    /// Where what is shown stands in the cycle (1-based) and how long the cycle is: "2 of 3".
    public var cyclePlace: String? {
        let views = cycle
        guard views.count > 1, let index = views.firstIndex(of: shownCollections) else { return nil }
        return "\(index + 1) of \(views.count)"
    }

    /// Whether the art of more than one collection is shown (the detail and the table then name each one's).
    public var showsSeveralCollections: Bool { shownCollections.count > 1 }

    /// Replaces the artworks and their index.
    mutating func replace(_ newArtworks: [Artwork]) {
        artworks = newArtworks
        catalog = CatalogQuery(artworks: newArtworks)
    }
}
