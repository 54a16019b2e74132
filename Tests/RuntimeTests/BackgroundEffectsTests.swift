@testable import App
import Cartography
import Catalog
import Foundation
import Store
import Sync
import Testing
import TestSupport
@testable import Runtime

@Test func thePaintersListAnswersTheScreenThatAskedAndARemovalReadsTheMuseumsCollectionAgain() throws {
    let (store, path) = try storeHolding([])
    let painting = Artwork(id: "SK-C-5", title: "The Night Watch", artist: "Rembrandt", coordinate: .ashtonBuilding,
                           collection: CollectionID.rijksmuseum.name)
    _ = try store.savePainter("Rembrandt", total: 1, paintings: [painting], collection: CollectionID.rijksmuseum.name)
    let handler = PaintersEffects(store: store, limits: SyncLimits(), context: PaintingsContext(bases: .museum, storePath: path, imageCache: nil))
    let replies = RecordedReplies()
    var also: [Effect] = []
    let reply = EffectReply(now: replies.reply.now, later: replies, also: { also.append($0) })
    let state = try campusState()
    #expect(handler.take(.painters(.paintings("Rembrandt"), screen: ScreenID(4)), state, reply))
    guard case .painters(.paintingsListed(let name, let paintings), let screen)? = replies.answeredNow.first else {
        throw Unexpected("expected the paintings, got \(replies.answeredNow)")
    }
    #expect(name == "Rembrandt" && paintings.map(\.id) == ["SK-C-5"] && screen == ScreenID(4))
    _ = handler.take(.painters(.remove("Rembrandt"), screen: ScreenID(4)), state, reply)
    guard case .painters(.finished(let line, let left?), ScreenID(4)?)? = replies.answeredNow.dropFirst().first else {
        throw Unexpected("expected the removal's line, got \(replies.answeredNow)")
    }
    #expect(line == "removed Rembrandt and 1 painting" && left.isEmpty)
    #expect(also.isEmpty, "the campus is on screen, not the museum's collection: nothing to read again")
    #expect(!handler.take(.loadCollection("campus"), state, reply), "not the painters'")
}

@Test func withoutServicesTheMapIsNotFetchedAndTheViewIsToldWhy() throws {
    let (store, _) = try storeHolding([])
    let replies = RecordedReplies()
    let handler = NearMeEffects(context: nil, store: store)
    #expect(handler.take(.fetchMap(center: .ashtonBuilding, radius: 1_000), try campusState(), replies.reply))
    guard case .nearMe(.failed(let why))? = replies.answeredNow.first else { throw Unexpected("\(replies.answeredNow)") }
    #expect(why == "the map cannot be fetched from here (no services set)")
    #expect(!handler.take(.startSync(collection: "campus"), try campusState(), replies.reply))
}

@Test func anOfflinePlaceSearchLooksInTheStoreOnlyAndSaysWhatItDidNotFind() async throws {
    let (store, path) = try storeHolding([artwork("1", "Havis Amanda")])
    let context = NearMeContext(services: nil, storePath: path, imageCache: ImageCache(cacheRoot: FileManager.default.temporaryDirectory),
                                limits: SyncLimits(), backoff: ServiceBackoff(), maxAgeDays: 30)
    let replies = RecordedReplies()
    _ = NearMeEffects(context: context, store: store).take(.findPlace("Nowhere at all", online: false), try campusState(), replies.reply)
    let posted = try await replies.waitForPosted(1)
    guard case .nearMe(.placeNotFound(let why))? = posted.first else { throw Unexpected("\(posted) \(replies.answeredNow)") }
    #expect(why == "no place named 'Nowhere at all' in the store (offline)")
}

@Test func theDetailedWorldLayerIsReadAheadOffTheLoop() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("world-10m-\(UUID().uuidString).txt")
    try Data("artmap-world 1 10m 0.01\nP 1 2493 6016 Helsinki\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    var state = try campusState()
    state.main.map.world = WorldAtlas(coarse: nil, detailURL: file)
    #expect(MapEffects(reader: MapTileReader(), storePath: ":memory:").take(.readWorldDetail, state, RecordedReplies().reply))
    let deadline = Date().addingTimeInterval(900)
    while state.main.map.world.detailPending && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
    #expect(!state.main.map.world.detailPending, "read in the background")
    #expect(state.main.map.world.detail?.places.first?.name == "Helsinki")
}
