import Catalog
import Imaging
import TerminalTypes
import Testing
import TestSupport
@testable import App

/// A decoded picture of a solid colour, as the run loop would deliver it.
func picture(_ id: String, width: Int = 400, height: Int = 300) -> Picture {
    let pixels = RGBAImage(width: width, height: height, filledWith: RGB(200, 40, 40))
    return Picture(artworkID: id, fileName: "\(id).jpg",
                   decoded: DecodedImage(format: .jpeg, originalWidth: width, originalHeight: height, orientation: .normal, pixels: pixels))
}

/// Opens the detail of artwork 40 (Abstract) from the Electrical Engineering Building's list.
func openAbstract(_ state: inout AppState) throws -> [Effect] {
    press(&state, .tab)
    let target = try #require(headerRow(state, "Electrical Engineering Building"))
    for _ in 0..<target { press(&state, .down) }
    var effects = press(&state, .enter)
    effects += press(&state, .down)
    effects += press(&state, .enter)
    return effects
}

@Test func movingThroughABuildingListAsksForEachSelectedPictureOnce() throws {
    var state = try campusState()
    press(&state, .tab)
    let target = try #require(headerRow(state, "Electrical Engineering Building"))
    for _ in 0..<target { press(&state, .down) }
    let first = press(&state, .enter)
    let list = try #require(state.topBuilding, "expected the building list")
    #expect(list.selected == 0)
    let building = try #require(state.rankedBuilding(key: list.key))
    #expect(first == [.loadPicture(artworkID: building.artworks[0].artwork.id)])
    #expect(press(&state, .down) == [.loadPicture(artworkID: building.artworks[1].artwork.id)])
    #expect(press(&state, .up) == [], "the first picture is already loading")
    _ = reduce(&state, .pictureUnavailable(artworkID: building.artworks[1].artwork.id, .notCached))
    #expect(press(&state, .down) == [], "a known answer is not asked again")
}

@Test func aLoadedPictureIsKeptAndAFailureIsShownNotRetried() throws {
    var state = try campusState()
    let effects = try openAbstract(&state)
    #expect(effects.contains(.loadPicture(artworkID: "40")))
    try #require(state.pictures["40"]?.isLoading == true, "expected loading")
    _ = reduce(&state, .pictureLoaded(picture("40")))
    let loaded = try #require(state.pictures["40"]?.readyPicture, "expected ready")
    #expect(loaded.pixels.width == 400)
    _ = reduce(&state, .pictureUnavailable(artworkID: "40", .failed("bad JPEG: truncated JPEG data")))
    let reason = try #require(state.pictures["40"]?.failure, "expected failed")
    #expect(reason.contains("truncated"))
    press(&state, .escape)
    #expect(press(&state, .enter) == [], "the failure stands until a sync")
    // A sync forgets what was missing or broken and asks again for what is shown.
    #expect(reduce(&state, .syncFinished(summary: "synced", at: state.now)) == [.reloadCatalogue])
    let after = reduce(&state, .catalogueReloaded(state.artworks))
    #expect(after == [.loadPicture(artworkID: "40")])
}

@Test func aPictureForAnArtworkNotInTheCollectionIsDropped() throws {
    var state = try campusState()
    _ = reduce(&state, .pictureLoaded(picture("no-such-artwork")))
    #expect(state.pictures["no-such-artwork"] == nil)
}

@Test func anArtworkWithoutAnImageNeedsNoLoading() throws {
    var artworks = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    artworks[0].imageFileName = ""
    var state = AppState(artworks: artworks)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    #expect(wantPicture(&state, artworks[0].id) == [])
    #expect(state.pictures[artworks[0].id]?.isNonePublished == true, "expected none published")
}

@Test func pictureMemoryStaysWithinItsBudgetDroppingTheLeastRecentlyShown() {
    let one = picture("a").byteCount
    var memory = PictureMemory(budget: one * 2 + one / 2)
    memory.store(picture("a"))
    memory.store(picture("b"))
    memory.touch("a")
    memory.store(picture("c"))
    #expect(memory.bytes <= memory.budget)
    #expect(memory["b"] == nil, "b was the least recently shown")
    if case .ready? = memory["a"] {} else { Issue.record("a was shown recently and stays") }
    if case .ready? = memory["c"] {} else { Issue.record("c was just stored") }
    // One picture larger than the whole budget is still kept while it is shown.
    var tiny = PictureMemory(budget: 10)
    tiny.store(picture("big"))
    if case .ready? = tiny["big"] {} else { Issue.record("the picture being shown is never evicted") }
}

@Test func enterOrIOnTheDetailOpensTheViewerAndItsKeysZoomAndPan() throws {
    var state = try campusState(columns: 200, rows: 61)
    _ = try openAbstract(&state)
    _ = reduce(&state, .pictureLoaded(picture("40", width: 3200, height: 2400)))
    press(&state, .character("i"))
    let opened = try #require(state.topViewer, "expected the viewer")
    #expect(opened.zoomStep == 0 && opened.artworkID == "40")
    press(&state, .character("+"), .character("+"))
    let zoomed = try #require(state.topViewer)
    #expect(zoomed.magnification == 4)
    #expect(state.lastMessage == "zoom: 4×")
    press(&state, .right, .right, .right, .right, .right, .right, .right, .right)
    let panned = try #require(state.topViewer)
    #expect(panned.centerX == 1 - 0.5 / 4, "panning stops at the picture's edge")
    // 3200 px over a fitted 160 columns: at 8× a column still holds 2.5 px (more than its 2 sub-cells);
    // 16× would give 1.25, less than one pixel per sub-cell.
    let geometry = state.viewerGeometry(try #require(state.pictures["40"]?.readyPicture))
    #expect(geometry.maxZoomStep == 3)
    press(&state, .character("+"), .character("+"))
    #expect(state.lastMessage?.hasPrefix("zoom: at most 8×") == true)
    press(&state, .character("0"))
    let fitted = try #require(state.topViewer)
    #expect(fitted.zoomStep == 0 && fitted.centerX == 0.5)
    press(&state, .escape)
    try #require(state.topDetail != nil, "Esc goes back to the detail")
    press(&state, .enter)
    try #require(state.topViewer != nil, "Enter opens the viewer too")
}

@Test func theViewersGeometryShowsTheRightPartOfThePicture() {
    let geometry = ImageViewerGeometry(pixelWidth: 1600, pixelHeight: 1200, columns: 200, rows: 60, cellAspect: 2)
    #expect(geometry.fitted == (160, 60))
    var viewer = ImageViewerState(artworkID: "x")
    let whole = geometry.view(viewer)
    #expect(whole.columns == 160 && whole.rows == 60 && whole.source == PixelRect(x: 0, y: 0, width: 1600, height: 1200))
    viewer.zoomStep = 1
    let half = geometry.view(viewer)
    #expect(half.columns == 200 && half.rows == 60)
    #expect(half.source == PixelRect(x: 300, y: 300, width: 1000, height: 600))
    viewer.centerX = 0
    #expect(geometry.view(viewer).source.x == 0, "the source is clamped to the picture")
}
