import Catalog

/// A large collection starts from the places around the reference (`catalogueIsPartial`) while the rest is
/// read in the background; it arrives as `wholeCatalogueLoaded`.
extension AppState {
    /// Collections larger than this start from the places around the reference.
    public static let progressiveStartThreshold = 2_000
    /// At least how many places around the reference the first frame holds: a table's worth.
    public static let progressiveStartPlaces = 60

    /// Whether a whole collection just read replaces the places around the reference: not when a newer
    /// catalogue (another collection, or one reloaded after a sync) has come since.
    func takesWholeCatalogue(of collection: String) -> Bool {
        main.catalogueIsPartial && collection == main.collection
    }
}
