import Catalog
import Foundation
import Store
import Sync

/// A collection from a web service in the campus service's shape: what changed since its newest record, merged in
/// one transaction, then its missing images. `artmap sync`, `artmap refresh`, the view's start-up sync and `s` all
/// sync through it.
public struct CampusServiceProvider: SourceProvider {
    /// The service and image folder recorded for the collection; empty: the remembered service (the setting, else
    /// the campus's own).
    let url: String
    let imageBase: String

    /// The provider for the remembered service (`artmap sync`), or for the service recorded at `url`.
    public init(url: String = "", imageBase: String = "") {
        self.url = url
        self.imageBase = imageBase
    }

    public init?(_ source: CollectionSource) {
        guard case .service(let url, let imageBase) = source else { return nil }
        self.url = url
        self.imageBase = imageBase
    }

    /// What `artmap sync` asks beyond a refresh: another service, everything again, no images, a wait before writing.
    public struct Options: Sendable {
        /// The service to sync from instead of the recorded one.
        public var source: SyncSource?
        public var full = false
        public var downloadImages = true
        /// The limits to sync within instead of the context's with the setting's image cache limit.
        public var limits: SyncLimits?
        /// Called before anything is written (waits for the store's integrity check; true: the store was rebuilt).
        public var beforeWriting: (@Sendable () throws -> Bool)?

        public init() {}
    }

    /// The service the collection syncs from: its recorded one, else the remembered one. Throws a `SourceError`
    /// saying the address is not usable.
    func service(_ store: CatalogStore) throws -> SyncSource {
        do {
            if !url.isEmpty { return try SyncSource(service: url, imageBase: imageBase.isEmpty ? nil : imageBase) }
            let remembered = try SourceSettings.campusService(nil, imageBase: nil, store: store)
            return try SyncSource(service: remembered.service, imageBase: remembered.imageBase)
        } catch let error as SyncError {
            throw SourceError("its service address is not usable (\(error)); nothing was refreshed", subject: error.url)
        }
    }

    /// The whole sync, with every count (`artmap sync` prints them all). Throws a `SourceError` ("sync failed: …",
    /// the service's reason and URL kept apart for the status line) when nothing was written.
    public func sync(_ collection: CollectionID, with context: SourceContext, options: Options = Options(),
                     progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncReport {
        // The store is opened here only for the settings not given.
        let source = try options.source ?? service(try context.openStore())
        let limits = try options.limits ?? SourceSettings.limits(context.limits, cacheLimit: nil, store: try context.openStore())
        var request = SyncRequest(storePath: context.storePath, source: source, collection: collection.name, full: options.full,
                                  downloadImages: options.downloadImages, imageCache: context.imageCache)
        request.beforeWriting = options.beforeWriting
        return try await Self.run(request, http: context.http, limits: limits, progress: progress)
    }

    /// One sync as asked (its service, collection and image cache all said): the one place the engine runs, its
    /// failure a `SourceError` ("sync failed: …", the service's reason and URL kept apart for the status line).
    public static func run(_ request: SyncRequest, http: any HTTPClient, limits: SyncLimits,
                           progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncReport {
        do {
            return try await SyncEngine(http: http, limits: limits).run(request, progress: progress)
        } catch let error as SyncError {
            throw SourceError("sync failed: \(error)", reason: error.message, subject: error.url)
        } catch {
            throw SourceError("sync failed: \(error)", reason: "\(error)")
        }
    }

    public func refresh(_ collection: CollectionID, with context: SourceContext,
                        progress: @escaping @Sendable (String) -> Void) async throws -> Refreshed {
        let report = try await sync(collection, with: context) { progress($0.text) }
        return Refreshed(collection: collection, merge: report.merge, summary: report.headline, imageFailures: report.imageFailureReasons)
    }
}
