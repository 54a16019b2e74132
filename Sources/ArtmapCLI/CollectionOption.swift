import Catalog
import Store

/// `--collection NAME` as a person types it: the stored collection of that name whatever its case.
extension ParsedOptions {
    /// The collection `--collection` names (matched whatever its case), or `fallback` when the option is absent.
    /// A name no collection has is returned as typed, for the command to refuse with its own message.
    func collection(in store: CatalogStore, default fallback: String = Artwork.defaultCollection) throws -> String {
        guard let typed = value("--collection") else { return fallback }
        return try store.collectionNamed(typed) ?? typed
    }
}
