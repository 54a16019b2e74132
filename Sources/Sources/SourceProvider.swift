import Catalog
import Foundation
import Store
import Sync

/// One kind of source a collection can come from (the campus service, an imported file, OpenStreetMap's fetched
/// tiles, the Rijksmuseum): it asks its source again and writes what it gives into that collection only, in one
/// transaction. `SourceProviders.all` lists one type per kind; `artmap refresh` and the view's `s` both go
/// through it.
public protocol SourceProvider: Sendable {
    /// The provider for a collection whose recorded source is `source`, or nil when that is another kind's.
    init?(_ source: CollectionSource)
    /// Asks the source again and writes into `collection` only; `progress` takes short lines for a terminal or the
    /// status line. Throws a `SourceError` (or the source's own error) when nothing was written.
    func refresh(_ collection: CollectionID, with context: SourceContext,
                 progress: @escaping @Sendable (String) -> Void) async throws -> Refreshed
}

/// What a provider reaches the world through, built once by a composition root (a command, or the view's): where
/// a writing store connection comes from, HTTP, the image cache and the limits. A provider reads its own settings
/// from the store it opens (`SourceSettings`).
public struct SourceContext: Sendable {
    /// The store's path, for the sync and fetch engines that open connections of their own.
    public var storePath: String
    /// A writing connection to the store, its settings file attached: the composition root's opener.
    public var openStore: @Sendable () throws -> CatalogStore
    /// The campus service's and the museum's HTTP.
    public var http: any HTTPClient
    /// OpenStreetMap's HTTP (its User-Agent names artmap).
    public var mapHTTP: any HTTPClient
    public var imageCache: ImageCache
    /// Time-outs and sizes (the environment's: `ARTMAP_SYNC_TIMEOUT`); the image cache's limit comes from the setting.
    public var limits: SyncLimits
    /// How long a busy service is waited for.
    public var backoff: ServiceBackoff
    /// OpenStreetMap's services as the caller was told them (the view's `--overpass-url` and the rest); nil: the
    /// settings' (`SourceSettings.openStreetMap`).
    public var openStreetMapServices: OSMServices?

    public init(storePath: String, openStore: @escaping @Sendable () throws -> CatalogStore, http: any HTTPClient,
                mapHTTP: any HTTPClient, imageCache: ImageCache, limits: SyncLimits, backoff: ServiceBackoff) {
        self.storePath = storePath
        self.openStore = openStore
        self.http = http
        self.mapHTTP = mapHTTP
        self.imageCache = imageCache
        self.limits = limits
        self.backoff = backoff
    }
}

/// What a refresh did, typed: the counts of what changed and one line saying it (no output to scrape).
public struct Refreshed: Sendable, Equatable {
    public var collection: CollectionID
    /// What the source brought into the collection (all zero when it was up to date).
    public var merge: MergeReport
    /// Whether anything was asked of the source at all (false: up to date without asking, as an unchanged file).
    public var asked: Bool
    /// What changed, in a few words, without the collection's name: "helsinki.geojson changed on disk and was
    /// imported again: 3 new, 1 changed, 0 removed".
    public var summary: String
    /// Why each image that failed did, by artwork id (the view says it where the picture would be).
    public var imageFailures: [String: String]

    public init(collection: CollectionID, merge: MergeReport = MergeReport(), asked: Bool = true, summary: String,
                imageFailures: [String: String] = [:]) {
        self.collection = collection
        self.merge = merge
        self.asked = asked
        self.summary = summary
        self.imageFailures = imageFailures
    }

    /// The line a command prints: the collection's name, then the summary.
    public var line: String { "\(collection.name): \(summary)" }
}
