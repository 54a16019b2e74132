import Catalog
import Foundation
import Testing
import TestSupport
@testable import Runtime

/// Issue 35, item 6: the slideshow's pictures are decoded at the size its screen shows, not at the 3,072 px the
/// viewer keeps for zooming; a picture that fits the screen anyway counts as whole.
@Test func aPictureForTheSlideshowIsDecodedAtItsScreensSize() throws {
    let folder = try temporaryDirectory("slideshow-size")
    let big = folder.appendingPathComponent("big.png"), small = folder.appendingPathComponent("small.png")
    try Data(PNGWriter.encode(width: 4000, height: 3000, colorType: .grey) { x, y in [(x + y) & 255] }).write(to: big)
    try Data(PNGWriter.encode(width: 300, height: 200, colorType: .grey) { x, _ in [x & 255] }).write(to: small)
    let artwork = Artwork(id: "1", title: "Big", coordinate: .ashtonBuilding, imageFileName: "big.png")
    let screen = PictureLoader.screenPixels(columns: 120, rows: 40)
    #expect(screen.width == 1920 && screen.height == 1280)
    let forScreen = try PictureLoader.load(path: big.path, artwork: artwork, screen: screen)
    #expect(forScreen.pixels.width == 1707 && forScreen.pixels.height == 1280, "\(forScreen.pixels.width)×\(forScreen.pixels.height)")
    #expect(!forScreen.fullSize, "the viewer asks for it again whole")
    let whole = try PictureLoader.load(path: big.path, artwork: artwork)
    #expect(whole.pixels.width == 3072 && whole.fullSize)
    let fits = try PictureLoader.load(path: small.path, artwork: artwork, screen: screen)
    #expect(fits.pixels.width == 300 && fits.fullSize, "nothing was cut")
}
