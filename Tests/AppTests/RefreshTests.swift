import Cartography
import Catalog
import Foundation
import Geo
import Testing
import TerminalTypes
import TestSupport
@testable import App

/// A view of an imported city (issue 29): its artworks, from a file, with the campus in the store too.
private func cityState(source: CollectionSource, name: String = "helsinki", online: Bool = true, syncIfOlderThan: TimeInterval? = 3600) throws -> AppState {
    let centre = try Coordinate(latitude: 60.1699, longitude: 24.9449)
    let artworks = (0..<5).map { i in
        Artwork(id: "node/\(i)", title: "Statue \(i)", artist: "", year: "", information: "",
                coordinate: (try? Coordinate(latitude: centre.latitude + Double(i) * 0.0005, longitude: centre.longitude)) ?? centre,
                locationNotes: "", imageFileName: "", collection: name)
    }
    var start = StartOptions(artworks: artworks)
    start.collection = name
    start.collections = ["campus", name]
    start.reference = centre
    start.sources = ["campus": .service(url: "", imageBase: ""), name: source]
    start.online = online
    start.syncIfOlderThan = syncIfOlderThan
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 120, rows: 40)))
    return state
}

private let helsinkiFile = CollectionSource.file(ImportedFile(path: "/data/helsinki.osm.pbf", format: "openstreetmap", size: 685_110, modified: 1_800_000_000))

@Test func sOnAnImportedCityRefreshesTheCityAndNeverSyncsTheCampus() throws {
    var state = try cityState(source: helsinkiFile)
    let effects = press(&state, .character("s"))
    #expect(effects.contains(.refreshCollection("helsinki")), "\(effects)")
    #expect(!effects.contains { if case .startSync = $0 { return true } else { return false } }, "no campus sync: \(effects)")
    #expect(state.sync == .running("refreshing helsinki"))
    _ = reduce(&state, .syncFinished(summary: "helsinki: up to date (helsinki.osm.pbf is unchanged since it was imported)", at: Date()))
    #expect(state.lastMessage == "helsinki: up to date (helsinki.osm.pbf is unchanged since it was imported)")
    #expect(state.lastSync == nil, "a file imported again is not a sync of the campus service")
    _ = press(&state, .character("s"))
    _ = reduce(&state, .syncFailed(reason: "its file /data/helsinki.osm.pbf is gone; nothing was changed", subject: nil))
    #expect(state.lastError?.hasPrefix("refresh of helsinki failed: its file /data/helsinki.osm.pbf is gone") == true, "\(state.lastError ?? "")")
    #expect(!(state.lastError ?? "").contains("sync failed"))
}

@Test func offlineSRefreshesNothingAndSaysSo() throws {
    var state = try cityState(source: helsinkiFile, online: false)
    #expect(press(&state, .character("s")).isEmpty)
    #expect(state.lastMessage?.hasPrefix("offline (--offline): s refreshes nothing") == true, "\(state.lastMessage ?? "")")
    var campus = try campusState()
    campus.nearMe.online = false
    #expect(press(&campus, .character("s")).isEmpty, "offline, the campus is not synced either")
    #expect(campus.sync == .idle)
}

@Test func sOnFetchedMapDataFetchesTheTilesInViewAgain() throws {
    var state = try cityState(source: .openStreetMap, name: "osm")
    let effects = press(&state, .character("s"))
    let refresh = try #require(effects.compactMap { effect -> (Coordinate, Double)? in
        if case .refreshMap(let centre, let radius, _) = effect { return (centre, radius) } else { return nil }
    }.first, "\(effects)")
    #expect(refresh.0 == state.main.mapCenter)
    let box = state.main.layout.mapInner
    let halfWidth = state.main.metresPerCell * Double(box.width) / 2
    #expect(refresh.1 >= halfWidth && refresh.1 <= NearMeState.maxRadius, "the view's half-diagonal: \(refresh.1) m")
    #expect(state.nearMe.fetching != nil && state.nearMe.status?.contains("refreshing osm") == true)
    #expect(press(&state, .character("s")).isEmpty, "one fetch at a time")
    // When the tiles are stored, the pictures found before without one are looked up again (only after s).
    let answered = reduce(&state, .nearMe(.fetched(summary: "fetched 1 tile", baseMap: BaseMap(features: [], graph: WalkGraph(edges: []), sources: []), artworks: state.main.artworks)))
    #expect(answered.contains { if case .cachePictures(_, lookAgain: true) = $0 { true } else { false } }, "\(answered)")
    #expect(!state.nearMe.looksAgain)
    // A refresh that fails leaves no "look again" behind for the next fetch (one that follows the walker).
    _ = press(&state, .character("s"))
    #expect(state.nearMe.looksAgain)
    _ = reduce(&state, .nearMe(.failed("Overpass API: busy")))
    #expect(!state.nearMe.looksAgain)
}

@Test func aCollectionWithoutARecordedSourceSaysHowToGiveItOne() throws {
    var state = try cityState(source: .unknown)
    #expect(press(&state, .character("s")).isEmpty)
    #expect(state.lastMessage?.contains("has no recorded source") == true)
}

@Test func startUpSyncsTheServiceOnlyWhenItsCollectionIsOnScreen() throws {
    var city = try cityState(source: helsinkiFile)
    let effects = reduce(&city, .started)
    #expect(!effects.contains { if case .startSync = $0 { return true } else { return false } }, "\(effects)")
    var campus = try campusState()
    campus.nearMe.online = true
    campus.startPlan.syncIfOlderThan = 3600
    #expect(reduce(&campus, .started).syncsAsked == ["campus"])
}

@Test func aCityOnScreenSaysNothingOfSyncingAndItsPicturesPointAtRefresh() throws {
    let state = try cityState(source: helsinkiFile)
    #expect(!state.showsServiceCollection)
    #expect(state.missingPictureHint == "image not downloaded yet — press s to refresh helsinki")
    #expect(try campusState().missingPictureHint == "image not downloaded yet — press s to sync")
}

/// Issue 36, item 4: offline (`--offline`) `s` asks nothing, so no hint offers it: not the picture's, not the
/// detail's "no picture to view", not a failed image's "s tries again".
@Test func offlineNoHintOffersS() throws {
    var campus = try campusState()
    campus.nearMe.online = false
    #expect(campus.missingPictureHint == "image not downloaded yet — offline (--offline): start artmap without --offline to download it")
    let id = try #require(campus.main.artworks.first?.key)
    campus.replaceStack([DetailState(artwork: id, scroll: 0)])
    _ = reduce(&campus, .pictureUnavailable(id, .notCached))
    _ = press(&campus, .character("i"))
    #expect(campus.lastMessage?.hasPrefix("no picture to view: image not downloaded yet — offline") == true, "\(campus.lastMessage ?? "")")
    #expect(!(campus.lastMessage ?? "").contains("press s"))
}

@Test func theAnswerOfARefreshSpeaksOfTheCollectionRefreshedEvenAfterN() throws {
    var state = try cityState(source: helsinkiFile)
    _ = press(&state, .character("s"))
    #expect(state.refreshing == "helsinki")
    // n shows the campus before the refresh of Helsinki fails: the failure is Helsinki's, and no sync is claimed.
    state.main.collection = "campus"
    _ = reduce(&state, .syncFailed(reason: "its file is gone", subject: nil))
    #expect(state.lastError?.hasPrefix("refresh of helsinki failed: its file is gone") == true, "\(state.lastError ?? "")")
    state.main.collection = "helsinki"
    _ = press(&state, .character("s"))
    state.main.collection = "campus"
    _ = reduce(&state, .syncFinished(summary: "helsinki: up to date", at: Date()))
    #expect(state.lastSync == nil, "Helsinki's refresh is not the campus's sync")
    #expect(state.refreshing == nil)
}

@Test func sOnlyFetchesForTheCollectionFetchesFillAnotherWithThatSourceSaysWhy() throws {
    var state = try cityState(source: .openStreetMap, name: "helsinki")
    #expect(press(&state, .character("s")).isEmpty, "a fetch writes into osm, never into helsinki")
}

/// Issue 29, item 3: with the campus and an imported city on screen together, `s` refreshes each from its own
/// source, one after the other, says what each did, and `n` cycles from both together to each alone and back.
@Test func sRefreshesEachCollectionShownTogetherAndNCyclesThroughThem() throws {
    var start = StartOptions(artworks: [Artwork(id: "40", title: "Campus piece", coordinate: .ashtonBuilding),
                                        Artwork(id: "q-1", title: "Quay piece", coordinate: .ashtonBuilding, collection: "quay")])
    start.collection = "campus"
    start.collections = ["campus", "quay", "helsinki"]
    start.nearCollections = ["campus", "quay"]
    start.sources = ["campus": .service(url: "", imageBase: ""), "quay": helsinkiFile]
    start.online = true
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 120, rows: 40)))
    #expect(state.main.shownCollections == ["campus", "quay"] && state.main.shownArtworkCount == 2)

    var effects = press(&state, .character("s"))
    #expect(effects.count == 1 && effects.syncsAsked == ["campus"], "the campus first: \(effects)")
    effects = reduce(&state, .syncFinished(summary: "2 new", at: Date()))
    #expect(effects == [.refreshCollection("quay")], "then the quay, from its file: \(effects)")
    effects = reduce(&state, .syncFailed(reason: "quay.json: no such file or directory (ENOENT)", subject: nil))
    #expect(effects.count == 1 && effects.first.map { if case .reloadCatalogue = $0 { true } else { false } } == true, "\(effects)")
    #expect(state.lastMessage == "campus: 2 new · refresh of quay failed: quay.json: no such file or directory (ENOENT) · s tries again")
    #expect(state.lastError?.hasPrefix("refresh of quay failed") == true)

    // n: both together, then each alone, then both again.
    #expect(press(&state, .character("n")) == [.loadCollection("campus")])
    _ = reduce(&state, .collectionLoaded("campus", [start.artworks[0]]))
    #expect(press(&state, .character("n")) == [.loadCollection("quay")])
    _ = reduce(&state, .collectionLoaded("quay", [start.artworks[1]]))
    #expect(press(&state, .character("n")) == [.loadCollection("helsinki")])
    _ = reduce(&state, .collectionLoaded("helsinki", []))
    #expect(press(&state, .character("n")) == [.loadCollections(["campus", "quay"])])
    _ = reduce(&state, .collectionsLoaded(["campus", "quay"], start.artworks))
    #expect(state.main.showsSeveralCollections && state.lastMessage == "all 2 collections near here together (1 of 4): campus, quay; n shows each alone")
}
