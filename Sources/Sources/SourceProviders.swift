import Catalog
import Foundation
import Store

/// Every kind of source, one registration line each: a new kind (Wikidata's) is its `SourceProvider` type and one
/// line here. `refresh` finds a collection's provider from its recorded source.
public enum SourceProviders {
    /// One line per kind of source, tried in order.
    public static let all: [any SourceProvider.Type] = [
        CampusServiceProvider.self,
        FileProvider.self,
        OpenStreetMapProvider.self,
        RijksmuseumProvider.self,
        WikidataProvider.self,
    ]

    /// The provider for a recorded source, or nil when no kind takes it (nothing recorded).
    public static func provider(for source: CollectionSource) -> (any SourceProvider)? {
        for kind in all {
            if let provider = kind.init(source) { return provider }
        }
        return nil
    }

    /// Refreshes `collection` from its own source, writing only into it: what `artmap refresh` and the view's `s`
    /// share. Throws a `SourceError` starting with the collection's name when nothing was written. The progress lines
    /// do not name the collection: the caller says it where it wants it.
    public static func refresh(_ collection: CollectionID, with context: SourceContext,
                               progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> Refreshed {
        let name = collection.name
        let store = try context.openStore()
        guard !store.isReadOnly else {
            throw SourceError("\(name): cannot save: the store \(context.storePath) is read-only; nothing was refreshed")
        }
        let source = try store.collectionSource(name)
        guard let provider = provider(for: source) else {
            throw SourceError("\(name): no source is recorded for it (an older artmap imported it); import its file again, and refresh works from then on")
        }
        do {
            return try await provider.refresh(collection, with: context, progress: progress)
        } catch let error as SourceError {
            throw error.named(name)
        }
    }
}
