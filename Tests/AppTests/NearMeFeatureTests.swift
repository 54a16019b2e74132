import Cartography
import Catalog
import Foundation
import Geo
import TestSupport
import Testing
import TerminalTypes
@testable import App

/// The campus view, online and fetching by itself, as a start without --offline makes it.
private func onlineState() throws -> AppState {
    var state = try campusState()
    state.nearMe.online = true
    state.nearMe.autoFetch = true
    return state
}

private let helsinki = Coordinate(clampingLatitude: 60.1676, longitude: 24.9514)

@Test func aStartWhereNoBaseLayerCoversTheReferenceFetchesAroundItAndSaysSo() throws {
    var state = try onlineState()
    let effects = reduce(&state, .started)
    #expect(effects.fetchesAsked.contains { $0 == (state.main.reference, NearMeState.radius) })
    #expect(NearMeFeature.statusText(state.nearMe) == "⇣ fetching the map around 53.4066,-2.9665 from OpenStreetMap")

    var offline = try campusState()
    #expect(!reduce(&offline, .started).contains { if case .fetchMap = $0 { return true } else { return false } })
}

@Test func aStartWhoseReferenceHasABaseLayerFetchesNothing() throws {
    var state = try onlineState()
    let street = MapFeature(sourceID: "way/1", kind: .street, name: "Brownlow Hill",
                            parts: [[GeoPoint(state.main.reference), GeoPoint(latitude: state.main.reference.latitude + 0.001, longitude: state.main.reference.longitude)]])
    state.main.baseMap = BaseMap(features: [street], graph: WalkGraph(edges: []), sources: ["liverpool"])
    #expect(reduce(&state, .started).isEmpty)
}

@Test func movingIntoAnUnfetchedTileFetchesOnceAndKeysStillWorkWhileItRuns() throws {
    var state = try onlineState()
    _ = reduce(&state, .started)
    _ = reduce(&state, .nearMe(.failed("map fetch failed: test")))
    // A live fix far away: its tile is fetched; the same tile again is not asked for twice.
    let first = reduce(&state, .referenceMoved(helsinki, .live("GPX walk")))
    #expect(first.count == 1 && first.fetchesAsked.map(\.center) == [helsinki] && first.fetchesAsked.map(\.radius) == [NearMeState.radius])
    #expect(reduce(&state, .referenceMoved(Coordinate(clampingLatitude: 60.1677, longitude: 24.9515), .live("GPX walk"))).isEmpty)
    // While it runs, keys answer: the layout changes.
    _ = press(&state, .character("L"))
    #expect(state.lastMessage == "layout: side")
    #expect(state.nearMe.fetching == helsinki)
}

@Test func dFetchesAroundTheMapCentreAndOfflineItSaysWhyNot() throws {
    var state = try onlineState()
    state.main.mapCenter = helsinki
    let again = press(&state, .character("d"))
    #expect(again.count == 1 && again.fetchesAsked.map(\.center) == [helsinki] && again.fetchesAsked.map(\.radius) == [NearMeState.radius])
    #expect(press(&state, .character("d")).isEmpty)
    #expect(state.lastMessage == "a map fetch is already running")

    var offline = try campusState()
    offline.nearMe.online = false
    #expect(press(&offline, .character("d")).isEmpty)
    #expect(offline.lastMessage?.hasPrefix("offline (--offline): nothing is fetched") == true)
    #expect(Keymap.bindings.contains { $0.keys == [.character("d")] && $0.description.hasPrefix("fetch streets and artworks around the map's centre") })
}

@Test func atOpensThePlacePromptAndEnterLooksThePlaceUpThenTheMapGoesThere() throws {
    var state = try onlineState()
    _ = press(&state, .character("@"))
    for c in "Havis" { _ = press(&state, .character(c)) }
    #expect(NearMeFeature.promptLine(state.nearMe) == " @ go to Havis▏  Enter find · Esc cancel")
    #expect(press(&state, .enter) == [.findPlace("Havis", online: true)])
    #expect(state.nearMe.prompt == nil)
    let effects = reduce(&state, .nearMe(.placeFound(name: "Havis Amanda", helsinki)))
    #expect(state.main.reference == helsinki && state.main.mapCenter == helsinki)
    #expect(state.main.referenceSource == .fixed("Havis Amanda"))
    #expect(effects.count == 1 && effects.fetchesAsked.map(\.center) == [helsinki] && effects.fetchesAsked.map(\.radius) == [NearMeState.radius])
}

@Test func aFinishedFetchFarFromTheShownCollectionShowsTheFetchedArtworks() throws {
    var state = try onlineState()
    state.main.setReference(helsinki, source: .fixed(nil))
    _ = reduce(&state, .nearMe(.fetchAroundCentre))
    let havis = Artwork(id: "node/1376320186", title: "Havis Amanda", coordinate: helsinki, collection: "osm")
    let effects = reduce(&state, .nearMe(.fetched(summary: "fetched 12 tiles of 12", baseMap: .empty, artworks: [havis])))
    #expect(state.collection == "osm")
    #expect(state.artworks.map(\.id) == ["node/1376320186"])
    #expect(state.lastMessage == "fetched 12 tiles of 12; showing the collection osm")
    #expect(effects.contains { if case .cachePictures(_, lookAgain: false) = $0 { true } else { false } }, "a fetch of a new place looks up only the pictures never looked up")
    #expect(state.nearMe.fetching == nil)
}

/// A start far from any art (issue 30): the view opens on the empty point in Helsinki, collection osm, its zoom chosen
/// for an empty map, the campus kept as the fallback; the fetch around the point has begun.
private func farStart(holdsFullRecords: Bool = true) -> AppState {
    var start = StartOptions(artworks: [])
    start.collection = "osm"
    start.reference = helsinki
    start.referenceSource = .fixed("60.1676,24.9514")
    start.online = true
    start.autoFetch = true
    start.catalogueHoldsFullRecords = holdsFullRecords
    start.farFallback = ("campus", "nothing within 25 km of here: the nearest art shown is 1846 km away")
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    _ = reduce(&state, .started)
    return state
}

/// Art of the city centre, 60 m to 600 m from the point.
private let helsinkiArt = [
    Artwork(id: "node/1376320186", title: "Havis Amanda", coordinate: Coordinate(clampingLatitude: 60.1679, longitude: 24.9524),
            imageFileName: "wikidata:Q523268", collection: "osm"),
    Artwork(id: "node/2", title: "Kolme seppää", coordinate: Coordinate(clampingLatitude: 60.1688, longitude: 24.9405), collection: "osm"),
    Artwork(id: "node/3", title: "Aleksis Kivi", coordinate: Coordinate(clampingLatitude: 60.1712, longitude: 24.9418), collection: "osm"),
]

/// The zoom the view opens at when it starts with this art already there.
private func zoomFitting(_ artworks: [Artwork]) -> Int {
    var start = StartOptions(artworks: artworks)
    start.collection = "osm"
    start.reference = helsinki
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    return state.main.zoomIndex
}

@Test func theFirstArtFetchedAtAFarStartRefitsTheZoomOnce() throws {
    var state = farStart()
    #expect(state.nearMe.fetching == helsinki)
    let empty = state.main.zoomIndex
    let fitted = zoomFitting(helsinkiArt)
    #expect(fitted != empty, "the art must need another zoom than the empty map's for this test to tell")
    _ = reduce(&state, .nearMe(.artworksArrived(helsinkiArt)))
    #expect(state.main.zoomIndex == fitted)
    #expect(state.artworks.count == 3)
    // Once: zoomed in by the user afterwards, the fetch's end leaves the zoom alone.
    _ = press(&state, .character("+"))
    let chosen = state.main.zoomIndex
    _ = reduce(&state, .nearMe(.fetched(summary: "fetched 9 tiles", baseMap: .empty, artworks: helsinkiArt)))
    #expect(state.main.zoomIndex == chosen)
}

@Test func theArtFetchedAtAFarStartKeepsTheZoomWhenTheUserZoomedOrPannedMeanwhile() throws {
    var zoomed = farStart()
    _ = press(&zoomed, .character("-"))
    let chosen = zoomed.main.zoomIndex
    _ = reduce(&zoomed, .nearMe(.artworksArrived(helsinkiArt)))
    #expect(zoomed.main.zoomIndex == chosen)

    var panned = farStart()
    let before = panned.main.zoomIndex
    // Focus on the map, then the cursor past its east edge: the view pans.
    while panned.main.focus != .map { _ = press(&panned, .tab) }
    for _ in 0..<100 { _ = press(&panned, .right) }
    #expect(panned.main.map.pannedAway)
    _ = reduce(&panned, .nearMe(.fetched(summary: "fetched 9 tiles", baseMap: .empty, artworks: helsinkiArt)))
    #expect(panned.main.zoomIndex == before)
}

@Test func aDetailOpenedBeforeTheFetchsPicturesShowsTheirCreditOnceTheyArrive() throws {
    var state = farStart(holdsFullRecords: false)
    _ = reduce(&state, .nearMe(.artworksArrived(helsinkiArt)))
    let havis = helsinkiArt[0]
    let opened = state.handle(Reduced(delegates: [.openDetail(havis.key)]), from: nil)
    #expect(opened.contains(.loadFullRecords(collection: "osm", ids: [havis.id])), "\(opened)")
    var record = havis
    record.information = "Sculpture by Ville Vallgren"
    _ = reduce(&state, .fullRecordsLoaded([record]))
    _ = reduce(&state, .nearMe(.fetched(summary: "fetched 9 tiles", baseMap: .empty, artworks: helsinkiArt)))
    // The pictures are found: the open detail's record is read again (the credit is saved with them), the old one
    // shown until the new arrives.
    let effects = reduce(&state, .nearMe(.picturesCached("1 picture cached")))
    #expect(effects.contains(.loadFullRecords(collection: "osm", ids: [havis.id])), "\(effects)")
    #expect(state.detailedArtwork(havis.key)?.information == "Sculpture by Ville Vallgren")
    record.information += "\nPicture: Jane & John Doe, CC BY-SA 4.0 (Wikimedia Commons)"
    _ = reduce(&state, .fullRecordsLoaded([record]))
    #expect(state.overlays.last?.is(DetailState.self) == true)
    #expect(state.detailedArtwork(havis.key)?.information.hasSuffix("Picture: Jane & John Doe, CC BY-SA 4.0 (Wikimedia Commons)") == true)
}
