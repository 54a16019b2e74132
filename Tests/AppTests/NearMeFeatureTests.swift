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
    #expect(effects.contains(.fetchMap(center: state.main.reference, radius: NearMeState.radius)))
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
    #expect(first == [.fetchMap(center: helsinki, radius: NearMeState.radius)])
    #expect(reduce(&state, .referenceMoved(Coordinate(clampingLatitude: 60.1677, longitude: 24.9515), .live("GPX walk"))).isEmpty)
    // While it runs, keys answer: the layout changes.
    _ = press(&state, .character("L"))
    #expect(state.lastMessage == "layout: side")
    #expect(state.nearMe.fetching == helsinki)
}

@Test func dFetchesAroundTheMapCentreAndOfflineItSaysWhyNot() throws {
    var state = try onlineState()
    state.main.mapCenter = helsinki
    #expect(press(&state, .character("d")) == [.fetchMap(center: helsinki, radius: NearMeState.radius)])
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
    #expect(effects == [.fetchMap(center: helsinki, radius: NearMeState.radius)])
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
    #expect(effects.contains(.cachePictures))
    #expect(state.nearMe.fetching == nil)
}
