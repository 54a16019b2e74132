import Imaging
import TerminalTypes
import Testing
import TestSupport
@testable import App

@Test func theViewerZoomsAndPansWithinThePicture() throws {
    var state = try campusState(columns: 200, rows: 61)
    _ = reduce(&state, .pictureLoaded(picture("40", width: 3200, height: 2400)))
    var viewer = ImageViewerState(artwork: .campus("40"))
    ImageViewerFeature.reduce(&viewer, .zoomIn, state)
    let zoomed = ImageViewerFeature.reduce(&viewer, .zoomIn, state)
    #expect(viewer.magnification == 4)
    let geometry4 = state.viewerGeometry(try #require(state.pictures[.campus("40")]?.readyPicture))
    #expect(zoomed == Reduced(effects: [.prefetchViewerTiles(.campus("40"), geometry4.view(viewer))], delegates: []), "no message repeating the zoom the status shows (issue 23, item 17); tiles around the view are rendered ahead")
    for _ in 0..<8 { ImageViewerFeature.reduce(&viewer, .pan(dx: 1, dy: 0), state) }
    #expect(viewer.centerX == 1 - 0.5 / 4, "panning stops at the picture's edge")
    // 3200 px over a fitted 160 columns: at 8× a column still holds 2.5 px (more than its 2 sub-cells);
    // 16× would give 1.25, less than one pixel per sub-cell.
    let geometry = state.viewerGeometry(try #require(state.pictures[.campus("40")]?.readyPicture))
    #expect(geometry.maxZoomStep == 3)
    ImageViewerFeature.reduce(&viewer, .zoomIn, state)
    let refused = ImageViewerFeature.reduce(&viewer, .zoomIn, state)
    #expect(refused.delegates.first.map { if case .message(let text) = $0 { return text.hasPrefix("at most 8× zoom: one pixel of the picture (") } else { return false } } == true)
    ImageViewerFeature.reduce(&viewer, .fit, state)
    #expect(viewer.zoomStep == 0 && viewer.centerX == 0.5)
    // Before the picture is decoded there is nothing to zoom into and nothing to render ahead.
    var early = ImageViewerState(artwork: .campus("41"))
    #expect(ImageViewerFeature.reduce(&early, .zoomIn, state).effects.isEmpty)
    #expect(early.zoomStep == 0)
}

@Test func theViewersGeometryShowsTheRightPartOfThePicture() {
    let geometry = ImageViewerGeometry(pixelWidth: 1600, pixelHeight: 1200, columns: 200, rows: 60, cellAspect: 2)
    #expect(geometry.fitted == (160, 60))
    var viewer = ImageViewerState(artwork: .campus("x"))
    let whole = geometry.view(viewer)
    #expect(whole.columns == 160 && whole.rows == 60 && whole.source == PixelRect(x: 0, y: 0, width: 1600, height: 1200))
    viewer.zoomStep = 1
    let half = geometry.view(viewer)
    #expect(half.columns == 200 && half.rows == 60)
    #expect(half.source == PixelRect(x: 300, y: 300, width: 1000, height: 600))
    viewer.centerX = 0
    #expect(geometry.view(viewer).source.x == 0, "the source is clamped to the picture")
}

/// Issue 35, item 6: a picture the slideshow decoded at its screen's size is read again whole when the viewer,
/// which zooms in, opens it; one decoded whole is not read twice.
@Test func theViewerAsksAgainForAPictureDecodedOnlyAtTheScreensSize() throws {
    var state = try campusState()
    let reduced = Picture(artwork: .campus("40"), fileName: "40.jpg", fullSize: false,
                          decoded: DecodedImage(format: .png, originalWidth: 10_000, originalHeight: 10_000, orientation: .normal,
                                                pixels: RGBAImage(width: 1280, height: 1280, filledWith: RGB(1, 2, 3))))
    _ = reduce(&state, .pictureLoaded(reduced))
    var effects = state.handle(Reduced(effects: [], delegates: [.openViewer(.campus("40"))]), from: nil)
    #expect(effects.picturesAsked.contains(.campus("40")), "\(effects)")
    _ = reduce(&state, .pictureLoaded(picture("40", width: 3072, height: 3072)))
    state.overlays.removeAll()
    effects = state.handle(Reduced(effects: [], delegates: [.openViewer(.campus("40"))]), from: nil)
    #expect(!effects.picturesAsked.contains(.campus("40")) && effects.contains { if case .prefetchViewerTiles(.campus("40"), _, _) = $0 { true } else { false } },
            "\(effects)")
}

@Test func theViewersBoxIsHeldToTheTerminalsLargestPixelPicture() throws {
    var state = try campusState(columns: 200, rows: 61)
    _ = reduce(&state, .pictureLoaded(picture("40", width: 3200, height: 2400)))
    let picture = try #require(state.pictures[.campus("40")]?.readyPicture)
    // Cells: no limit, whatever the terminal said.
    _ = reduce(&state, .pixelGraphics(.cells, limit: TerminalSize(columns: 100, rows: 30)))
    #expect(state.pixelLimit == nil && state.viewerGeometry(picture).columns == 200)
    // Sixel with a 1000×600-pixel limit in 10×20 cells: the box is 100×30, fit within it, a zoom cropped to it.
    _ = reduce(&state, .pixelGraphics(.sixel, limit: TerminalSize(columns: 100, rows: 30)))
    let geometry = state.viewerGeometry(picture)
    #expect(geometry.columns == 100 && geometry.rows == 30)
    var viewer = ImageViewerState(artwork: .campus("40"))
    #expect(geometry.view(viewer).columns == 80 && geometry.view(viewer).rows == 30, "fit: the whole picture within the limit")
    ImageViewerFeature.reduce(&viewer, .zoomIn, state)
    let zoomed = geometry.view(viewer)
    #expect(zoomed.columns == 100 && zoomed.rows == 30 && zoomed.totalColumns == 160)
    #expect(zoomed.source == PixelRect(x: 600, y: 600, width: 2000, height: 1200), "the middle of the picture: \(zoomed.source)")
}
