import Catalog
import Store

/// Finds the artwork a person names by id, in whichever collection holds it: what `show`, `route`, `favourites`
/// and `export --route-to` share. `--collection` narrows to one (matched whatever its case).
enum ArtworkLookup {
    /// The artwork with `id`: in the collection `--collection` names, else in the one collection holding it.
    /// Throws a message naming every collection when two hold it, or saying none does; `suffix` ends each message
    /// ("; nothing was written").
    static func find(_ id: String, in choice: CollectionChoice, store: CatalogStore, suffix: String = "") throws -> Artwork {
        if choice.name != nil {
            let collection = try choice.collection(in: store)
            guard let artwork = try store.artworks(collection: collection, ids: [id]).first else {
                throw CLIError("no artwork with id '\(DisplayText.clean(id))' in the collection '\(DisplayText.clean(collection))'\(suffix)")
            }
            return artwork
        }
        let holders = try store.collections(holding: id)
        guard holders.count <= 1 else {
            let names = holders.map { "'\(DisplayText.clean($0))'" }.joined(separator: " and ")
            throw CLIError("the id '\(DisplayText.clean(id))' is in the collections \(names); say which with --collection NAME\(suffix)")
        }
        guard let collection = holders.first, let artwork = try store.artworks(collection: collection, ids: [id]).first else {
            throw CLIError("no artwork with id '\(DisplayText.clean(id))' in any collection; 'artmap list' shows ids in brackets\(suffix)")
        }
        return artwork
    }
}
