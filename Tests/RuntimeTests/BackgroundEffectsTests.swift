@testable import App
import Cartography
import Catalog
import Foundation
import Store
import Sync
import Testing
import TestSupport
@testable import Runtime

@Test func thePaintersListAnswersTheScreenThatAskedAndARemovalSaysWhoIsLeft() throws {
    let (store, _) = try storeHolding([])
    let painting = Artwork(id: "SK-C-5", title: "The Night Watch", artist: "Rembrandt", coordinate: .ashtonBuilding,
                           collection: CollectionID.rijksmuseum.name)
    _ = try store.savePainter("Rembrandt", total: 1, paintings: [painting], collection: CollectionID.rijksmuseum.name)
    let handler = PaintersEffects(dependencies(store))
    let replies = RecordedReplies()
    #expect(handler.take(.painters(.paintings("Rembrandt"), screen: ScreenID(4)), replies))
    guard case .painters(.paintingsListed(let name, let paintings), let screen)? = replies.posted.first else {
        throw Unexpected("expected the paintings, got \(replies.posted)")
    }
    #expect(name == "Rembrandt" && paintings.map(\.id) == ["SK-C-5"] && screen == ScreenID(4))
    _ = handler.take(.painters(.remove("Rembrandt"), screen: ScreenID(4)), replies)
    // The painters left (none) go with the line: the root reads the museum's collection again when it is on screen.
    guard case .painters(.finished(let line, let left?), ScreenID(4)?)? = replies.posted.dropFirst().first else {
        throw Unexpected("expected the removal's line, got \(replies.posted)")
    }
    #expect(line == "removed Rembrandt and 1 painting" && left.isEmpty)
    #expect(!handler.take(.loadCollection("campus"), replies), "not the painters'")
}

@Test func withoutServicesTheMapIsNotFetchedAndTheViewIsToldWhy() throws {
    let (store, _) = try storeHolding([])
    let replies = RecordedReplies()
    let handler = NearMeEffects(dependencies(store))
    #expect(handler.take(.fetchMap(center: .ashtonBuilding, radius: 1_000, screenRadius: 300), replies))
    guard case .nearMe(.failed(let why))? = replies.posted.first else { throw Unexpected("\(replies.posted)") }
    #expect(why == "the map cannot be fetched from here (no services set)")
    #expect(!handler.take(.startSync(collection: "campus", service: nil), replies))
}

@Test func anOfflinePlaceSearchLooksInTheStoreOnlyAndSaysWhatItDidNotFind() async throws {
    let (store, path) = try storeHolding([artwork("1", "Havis Amanda")])
    let context = NearMeContext(services: nil, storePath: path, imageCache: ImageCache(cacheRoot: FileManager.default.temporaryDirectory),
                                limits: SyncLimits(), backoff: ServiceBackoff(), maxAgeDays: 30)
    let replies = RecordedReplies()
    var given = dependencies(store)
    given.nearMe = context
    _ = NearMeEffects(given).take(.findPlace("Nowhere at all", online: false), replies)
    let posted = try await replies.waitForPosted(1)
    guard case .nearMe(.placeNotFound(let why))? = posted.first else { throw Unexpected("\(posted)") }
    #expect(why == "no place named 'Nowhere at all' in the store (offline)")
}

@Test func theDetailedWorldLayerIsReadAheadOffTheLoop() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("world-10m-\(UUID().uuidString).txt")
    try Data("artmap-world 1 10m 0.01\nP 1 2493 6016 Helsinki\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let atlas = WorldAtlas(coarse: nil, detailURL: file)
    #expect(MapEffects(failingDependencies()).take(.readWorldDetail(WorldDetailRead(atlas)), RecordedReplies()))
    let deadline = Date().addingTimeInterval(60)
    while atlas.detailPending && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
    #expect(!atlas.detailPending, "read in the background")
    #expect(atlas.detail?.places.first?.name == "Helsinki")
}
