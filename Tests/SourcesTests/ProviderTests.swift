import Cartography
import Catalog
import Foundation
import Geo
import Sources
import Store
import Sync
import Testing
import TestSupport

/// A store in a fresh folder, and the context providers reach it and the world through (settings in the store).
private func sourcesHome(_ label: String) throws -> (context: SourceContext, store: CatalogStore) {
    let folder = try temporaryDirectory(label)
    let path = folder.appendingPathComponent("artmap.sqlite").path
    let store = try CatalogStore(path: path)
    let context = SourceContext(storePath: path, openStore: { try CatalogStore(path: path) }, http: CurlHTTPClient(),
                                mapHTTP: CurlHTTPClient(), imageCache: ImageCache(cacheRoot: folder.appendingPathComponent("cache")),
                                limits: SyncLimits(), backoff: ServiceBackoff(attempts: 2, firstDelay: 0.001, maxDelay: 0.001))
    return (context, store)
}

@Test func eachRecordedSourceHasItsOneProvider() throws {
    let file = ImportedFile(path: "/tmp/x.csv", format: "csv", size: 1, modified: 0)
    #expect(SourceProviders.provider(for: .service(url: "", imageBase: "")) is CampusServiceProvider)
    #expect(SourceProviders.provider(for: .file(file)) is FileProvider)
    #expect(SourceProviders.provider(for: .openStreetMap) is OpenStreetMapProvider)
    #expect(SourceProviders.provider(for: .rijksmuseum) is RijksmuseumProvider)
    #expect(SourceProviders.provider(for: .unknown) == nil)
    #expect(CollectionID.osm.assumedSource == .openStreetMap && CollectionID("helsinki").assumedSource == .unknown)
}

/// The campus stand-in: the first refresh brings every record into `campus` in one transaction, the second
/// nothing new; the source is recorded, and no other collection is touched.
@Test func theCampusProviderSyncsOnlyItsCollectionFromTheStandIn() async throws {
    let server = try TestServer()
    let (context, store) = try sourcesHome("campus-provider")
    try store.setSetting(Setting.syncSource, server.serviceURL())
    _ = try store.merge([Artwork(id: "k1", title: "Kept", artist: "", coordinate: .ashtonBuilding, collection: "harbour")],
                        into: "harbour", full: true)
    let first = try await SourceProviders.refresh(.campus, with: context)
    let seed = try seedRecords().count
    #expect(first.merge.new == seed && first.merge.new > 0, "\(first)")
    #expect(first.line.hasPrefix("campus: "), "\(first.line)")
    #expect(try store.artworks(collection: CollectionID.campus.name).count == seed)
    let again = try await SourceProviders.refresh(.campus, with: context)
    #expect(again.merge.new == 0 && again.merge.changed == 0, "\(again)")
    #expect(try store.artworks(collection: "harbour").map(\.id) == ["k1"])
    let recorded = try store.collectionSource(CollectionID.campus.name)
    #expect(recorded.kind == "service" && recorded.origin.contains(server.base), "\(recorded)")
}

/// A CSV file: unchanged, the provider says so without reading it; changed on disk, it is imported again into its
/// collection only, with the counts typed (no output scraped).
@Test func theFileProviderImportsAFileAgainOnlyWhenItChanged() async throws {
    let (context, store) = try sourcesHome("file-provider")
    let folder = try temporaryDirectory("file-provider-data")
    let file = folder.appendingPathComponent("harbour.csv")
    try "id,title,latitude,longitude\nh1,Anchor,53.40,-2.99\nh2,Buoy,53.41,-2.98\n".write(to: file, atomically: true, encoding: .utf8)
    let fileImport = FileImport(path: file.path, format: ImportFormat.of(file.path, head: try BoundedFile.head(file.path)))
    #expect(fileImport.format == .csv)
    let imported = try fileImport.write(nil, into: "harbour", store: store)
    #expect(imported.merge.new == 2 && imported.received == 2, "\(imported.merge)")
    let unchanged = try await SourceProviders.refresh(CollectionID("harbour"), with: context)
    #expect(!unchanged.asked && unchanged.summary == "up to date (harbour.csv is unchanged since it was imported)", "\(unchanged.summary)")

    try "id,title,latitude,longitude\nh1,Anchor,53.40,-2.99\nh2,Buoy,53.41,-2.98\nh3,Crane,53.42,-2.97\n".write(to: file, atomically: true, encoding: .utf8)
    let lines = LinesSeen()
    let changed = try await SourceProviders.refresh(CollectionID("harbour"), with: context) { lines.add($0) }
    #expect(changed.merge.new == 1 && changed.merge.changed == 0 && changed.merge.removed == 0, "\(changed.merge)")
    #expect(changed.line == "harbour: harbour.csv changed on disk and was imported again: 1 new, 0 changed, 0 removed", "\(changed.line)")
    #expect(lines.all == ["importing harbour.csv again"])
    #expect(try store.artworks(collection: "harbour").map(\.id).sorted() == ["h1", "h2", "h3"])
}

/// A recorded source that is not usable is refused with the collection's name, and nothing is written.
@Test func aFileGoneOrARecordedOptionNotAnImportsIsRefusedAndNothingChanges() async throws {
    let (context, store) = try sourcesHome("file-refused")
    _ = try store.merge([Artwork(id: "q1", title: "Quay", artist: "", coordinate: .ashtonBuilding, collection: "quay")], into: "quay", full: true,
                        source: .file(ImportedFile(path: "/nonexistent/quay.csv", format: "csv", size: 1, modified: 0)))
    let gone = await #expect(throws: SourceError.self) { try await SourceProviders.refresh(CollectionID("quay"), with: context) }
    #expect(gone?.message == "quay: its file /nonexistent/quay.csv is gone; nothing was changed (import it again from where it is now)")
    _ = try store.merge([], into: "steered", full: true,
                        source: .file(ImportedFile(path: "/tmp/s.csv", format: "csv", options: ["--store", "/elsewhere"], size: 1, modified: 0)))
    let error = await #expect(throws: SourceError.self) { try await SourceProviders.refresh(CollectionID("steered"), with: context) }
    #expect(error?.message == "steered: its recorded import options hold '--store', which an import does not record; nothing was changed (import the file again)")
    #expect(try store.artworks(collection: "quay").map(\.id) == ["q1"])
    await #expect(throws: SourceError.self) { try await SourceProviders.refresh(CollectionID("nobody"), with: context) }
}

/// The Overpass stand-in: tiles fetched, then aged; the provider asks again for the stale ones only, into `osm`.
@Test func theOpenStreetMapProviderFetchesOnlyItsStaleTilesFromTheStandIn() async throws {
    let folder = try temporaryDirectory("osm-provider-image")
    let image = folder.appendingPathComponent("thumb.jpg")
    try Data(try quadrantJPEG(width: 64, height: 48)).write(to: image)
    let server = try TestServer(osmServicesImage: image)
    let (context, store) = try sourcesHome("osm-provider")
    try store.setSetting(Setting.overpassURL, "\(server.base)/overpass/api/interpreter")
    try store.setSetting(Setting.wikidataURL, "\(server.base)/wikidata")
    try store.setSetting(Setting.commonsURL, "\(server.base)/commons")
    try store.setSetting(Setting.nominatimURL, "\(server.base)/nominatim")
    var request = MapFetchRequest(storePath: context.storePath, center: try Coordinate(latitude: 60.1690, longitude: 24.9480), radius: 300,
                                  maxAgeDays: 30, services: try SourceSettings.openStreetMap(store: store), imageCache: context.imageCache)
    request.downloadPictures = false
    _ = try await MapFetcher(http: CurlHTTPClient(), backoff: context.backoff).run(request)
    let tiles = try store.fetchedTiles().count
    #expect(tiles == 4)
    let fresh = try await SourceProviders.refresh(.osm, with: context)
    #expect(fresh.summary.hasPrefix("up to date (every tile fetched within 30 days)"), "\(fresh.summary)")
    try store.setTileFetchTime(MapTile(row: 6016, column: 2495), "2000-01-01T00:00:00Z")
    let stale = try await SourceProviders.refresh(.osm, with: context)
    #expect(stale.line.hasPrefix("osm: fetched 1 tile: "), "\(stale.line)")
    #expect(try store.fetchedTiles().count == tiles)
    #expect(try store.collectionSource(CollectionID.osm.name) == .openStreetMap)
}

/// Lines a provider reported, in order.
final class LinesSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
