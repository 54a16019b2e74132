import Catalog
import Foundation
import TerminalTypes
import Testing
import TestSupport
@testable import App

/// The campus as a large collection's first frame would hold it: the places around the Ashton Building
/// only, with the whole expected.
func campusStartedNearby() throws -> (state: AppState, whole: [Artwork]) {
    let whole = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    let nearby = whole.filter { $0.building == "Ashton Building" || $0.building == "Electrical Engineering Building" }
    var state = AppState(artworks: nearby)
    state.main.catalogueIsPartial = true
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    return (state, whole)
}

@Test func aPartialStartAsksForTheWholeAndTakesItKeepingTheSelection() throws {
    var (state, whole) = try campusStartedNearby()
    #expect(reduce(&state, .started) == [.loadWholeCatalogue(collection: "campus")])
    onMain(&state, .focusNext, .select(.down))
    let selected = try #require(state.main.selectionIdentity)
    #expect(selected.artwork != nil)
    #expect(state.main.ranked.count == 2)
    _ = reduce(&state, .wholeCatalogueLoaded(collection: "campus", whole))
    #expect(!state.main.catalogueIsPartial)
    #expect(state.main.ranked.reduce(0) { $0 + $1.artworks.count } == 31)
    #expect(state.main.selectionIdentity?.artwork == selected.artwork && state.main.selectionIdentity?.building == selected.building,
            "the selected artwork stays selected")
    // A whole catalogue never asks again.
    #expect(reduce(&state, .started) == [])
}

@Test func aWholeCatalogueThatComesLateIsDropped() throws {
    var (state, whole) = try campusStartedNearby()
    // A sync finished first and the catalogue was reloaded: the background read is older.
    _ = reduce(&state, .catalogueReloaded(Array(whole.prefix(5))))
    _ = reduce(&state, .wholeCatalogueLoaded(collection: "campus", whole))
    #expect(state.artworks.count == 5)
    // Another collection's whole is not this one's.
    var (other, _) = try campusStartedNearby()
    _ = reduce(&other, .wholeCatalogueLoaded(collection: "helsinki", whole))
    #expect(other.main.catalogueIsPartial)
}

@Test func aDamagedStoreEndsTheViewSayingWhy() throws {
    var (state, _) = try campusStartedNearby()
    #expect(reduce(&state, .storeDamaged("integrity check: page 5 is never used")) == [.quit])
    #expect(state.lastError == "the store is damaged (integrity check: page 5 is never used)")
}
