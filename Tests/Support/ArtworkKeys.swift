import Catalog

extension ArtworkKey {
    /// A campus artwork's key, as most tests name one.
    public static func campus(_ id: String) -> ArtworkKey { ArtworkKey(collection: Artwork.defaultCollection, id: id) }
}
