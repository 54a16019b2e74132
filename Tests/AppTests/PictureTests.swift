import Catalog
import Imaging
import TerminalTypes
import Testing
import TestSupport
@testable import App

@Test func movingThroughABuildingListAsksForEachSelectedPictureOnce() throws {
    var state = try campusState()
    onMain(&state, .focusNext)
    selectRow(&state, try #require(headerRow(state, "Electrical Engineering Building")))
    let first = state.routeMain(.open(.table))
    let list = try #require(state.topBuilding, "expected the building list")
    #expect(list.selected == 0)
    let building = try #require(state.rankedBuilding(key: list.key))
    #expect(first.count == 1 && first.picturesAsked == [building.artworks[0].artwork.key])
    let next = reduce(&state, .screen(.building(.move(.down))))
    #expect(next.count == 1 && next.picturesAsked == [building.artworks[1].artwork.key])
    #expect(reduce(&state, .screen(.building(.move(.up)))) == [], "the first picture is already loading")
    _ = reduce(&state, .pictureUnavailable(building.artworks[1].artwork.key, .notCached))
    #expect(reduce(&state, .screen(.building(.move(.down)))) == [], "a known answer is not asked again")
}

@Test func aLoadedPictureIsKeptAndAFailureIsShownNotRetried() throws {
    var state = try campusState()
    let effects = try openAbstract(&state)
    #expect(effects.picturesAsked.contains(.campus("40")))
    try #require(state.pictures[.campus("40")]?.isLoading == true, "expected loading")
    _ = reduce(&state, .pictureLoaded(picture("40")))
    let loaded = try #require(state.pictures[.campus("40")]?.readyPicture, "expected ready")
    #expect(loaded.pixels.width == 400)
    _ = reduce(&state, .pictureUnavailable(.campus("40"), .failed("bad JPEG: truncated JPEG data")))
    let reason = try #require(state.pictures[.campus("40")]?.failure, "expected failed")
    #expect(reason.contains("truncated"))
    state.perform(.back, context: .detail)
    #expect(reduce(&state, .screen(.building(.open))) == [], "the failure stands until a sync")
    // A sync forgets what was missing or broken and asks again for what is shown.
    #expect(reduce(&state, .syncFinished(summary: "synced", at: state.now)) == [.reloadCatalogue(collections: ["campus"])])
    let after = reduce(&state, .catalogueReloaded(state.artworks))
    #expect(after.count == 1 && after.picturesAsked == [.campus("40")])
}

@Test func aPictureForAnArtworkNotInTheCollectionIsDropped() throws {
    var state = try campusState()
    _ = reduce(&state, .pictureLoaded(picture("no-such-artwork")))
    #expect(state.pictures[.campus("no-such-artwork")] == nil)
}

@Test func anArtworkWithoutAnImageNeedsNoLoading() throws {
    var artworks = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    artworks[0].imageFileName = ""
    var state = AppState(artworks: artworks)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    #expect(state.wantPicture(artworks[0].key) == [])
    #expect(state.pictures[artworks[0].key]?.isNonePublished == true, "expected none published")
}

@Test func pictureMemoryStaysWithinItsBudgetDroppingTheLeastRecentlyShown() {
    let one = picture("a").byteCount
    var memory = PictureMemory(budget: one * 2 + one / 2)
    memory.store(picture("a"))
    memory.store(picture("b"))
    memory.touch(.campus("a"))
    memory.store(picture("c"))
    #expect(memory.bytes <= memory.budget)
    #expect(memory[.campus("b")] == nil, "b was the least recently shown")
    if case .ready? = memory[.campus("a")] {} else { Issue.record("a was shown recently and stays") }
    if case .ready? = memory[.campus("c")] {} else { Issue.record("c was just stored") }
    // One picture larger than the whole budget is still kept while it is shown.
    var tiny = PictureMemory(budget: 10)
    tiny.store(picture("big"))
    if case .ready? = tiny[.campus("big")] {} else { Issue.record("the picture being shown is never evicted") }
}
