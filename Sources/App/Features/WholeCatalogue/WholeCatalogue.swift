import Catalog

/// A large collection starts from the places around the reference (`catalogueIsPartial`) while the rest is
/// read in the background; it arrives as `wholeCatalogueLoaded`.
extension AppState {
    /// Collections larger than this start from the places around the reference.
    public static let progressiveStartThreshold = 2_000
    /// At least how many places around the reference the first frame holds: a table's worth.
    public static let progressiveStartPlaces = 60
}

/// The whole collection has been read: it replaces the places around the reference, keeping the selection,
/// unless a newer catalogue (another collection, or one reloaded after a sync) has come since.
func reduceWholeCatalogue(_ state: inout AppState, collection: String, artworks: [Artwork]) -> [Effect] {
    guard state.catalogueIsPartial, collection == state.collection else { return [] }
    state.catalogueIsPartial = false
    state.setArtworks(artworks)
    return []
}
