import Catalog
import Cells
import Foundation
import Imaging
import Store
import TerminalTypes
import Testing
import TestSupport
@testable import App
@testable import Runtime

@Test func aCachedPictureIsDecodedOffTheLoopAndAMissingOneSaidAtOnce() async throws {
    let state = try campusState()
    let shown = try #require(state.main.artworks.first { !$0.imageFileName.isEmpty })
    let (store, path) = try storeHolding(state.main.artworks)
    let file = URL(fileURLWithPath: path + ".png")
    try Data([1, 2, 3]).write(to: file)
    try store.recordCachedImage(shown, path: file.path, byteCount: 3)
    let decoder = PlainDecoder()
    let handler = PictureEffects(dependencies(store, pictures: decoder))
    let replies = RecordedReplies()
    #expect(handler.take(.loadPicture(shown), replies))
    let posted = try await replies.waitForPosted(1)
    guard case .pictureLoaded(let picture)? = posted.first else { throw Unexpected("expected the picture, got \(posted)") }
    #expect(picture.artwork == shown.key && decoder.paths == [file.path])

    let other = try #require(state.main.artworks.first { $0.key != shown.key })
    _ = handler.take(.loadPicture(other), replies)
    guard case .pictureUnavailable(let key, .notCached)? = replies.posted.last else {
        throw Unexpected("a picture not cached is said at once: \(replies.posted)")
    }
    #expect(key == other.key)

    let failing = RecordedReplies()
    _ = PictureEffects(dependencies(store, pictures: PlainDecoder(fails: true))).take(.loadPicture(shown), failing)
    let failed = try await failing.waitForPosted(1)
    guard case .pictureUnavailable(_, .failed(let why))? = failed.first else { throw Unexpected("expected why, got \(failed)") }
    #expect(why == "not a JPEG or PNG file")
    _ = PictureEffects(failingDependencies()).take(.loadPicture(shown), failing)
    guard case .pictureUnavailable(_, .failed(let cacheWhy))? = failing.posted.last else { throw Unexpected("\(failing.posted)") }
    #expect(cacheWhy == "cannot read the image cache: disk I/O error")
}

@Test func aFetchedArtworkWhoseSourceHasNoPictureIsSaidWithTheStoresReason() throws {
    let missing = Artwork(id: "node/5297741005", title: "Report", coordinate: .ashtonBuilding, imageFileName: "File:Report.pdf", collection: "osm")
    let unseen = Artwork(id: "node/7", title: "Prince", coordinate: .ashtonBuilding, imageFileName: "wikidata:Q1", collection: "osm")
    let (store, _) = try storeHolding([missing, unseen], collection: "osm")
    try store.savePictures([ResolvedPicture(reference: "File:Report.pdf", thumbURL: "", problem: "File:Report.pdf is not a picture artmap can show (application/pdf)")],
                           at: "2026-12-02T00:00:00Z")
    let handler = PictureEffects(dependencies(store))
    let replies = RecordedReplies()
    _ = handler.take(.loadPicture(missing), replies)
    guard case .pictureUnavailable(let key, .noneAtSource(let why))? = replies.posted.last else { throw Unexpected("\(replies.posted)") }
    #expect(key == missing.key && why == "File:Report.pdf is not a picture artmap can show (application/pdf)")
    // Never looked up: not downloaded yet (s or fetch --pictures looks it up).
    _ = handler.take(.loadPicture(unseen), replies)
    guard case .pictureUnavailable(_, .notCached)? = replies.posted.last else { throw Unexpected("\(replies.posted)") }
    // Found, with a thumbnail, but not downloaded: not downloaded yet, whatever else the row holds.
    try store.savePictures([ResolvedPicture(reference: "wikidata:Q1", thumbURL: "https://upload.wikimedia.org/thumb/p.jpg")], at: "2026-12-02T00:00:00Z")
    _ = handler.take(.loadPicture(unseen), replies)
    guard case .pictureUnavailable(_, .notCached)? = replies.posted.last else { throw Unexpected("\(replies.posted)") }
    #expect(replies.posted.count == 3)
}

/// Issue 45, item 1: a screen that shows pictures full screen and no larger (the slideshow says so through
/// `StackScreen.showsPicturesAtScreenSize`) has them decoded at the screen's size; under any other screen they are
/// decoded whole (the viewer zooms in).
@Test func aPictureIsDecodedAtTheScreensSizeOnlyUnderAScreenThatSaysItShowsThemSo() async throws {
    var state = try campusState(columns: 100, rows: 30)
    let shown = try #require(state.main.artworks.first { !$0.imageFileName.isEmpty })
    let (store, path) = try storeHolding(state.main.artworks)
    let file = URL(fileURLWithPath: path + ".png")
    try Data([1, 2, 3]).write(to: file)
    try store.recordCachedImage(shown, path: file.path, byteCount: 3)
    let decoder = PlainDecoder()
    let handler = PictureEffects(dependencies(store, pictures: decoder))
    let replies = RecordedReplies()
    // The root asks at the screen's size under the slideshow, whole under a detail.
    state.replaceStack([SlideshowState(ids: [shown.key], interval: 5, origin: "test")])
    state.pictures.forget(shown.key)
    let underSlideshow = try #require(state.wantPicture(shown.key).first)
    #expect(underSlideshow == .loadPicture(shown, fullScreen: TerminalSize(columns: 100, rows: 30)))
    #expect(handler.take(underSlideshow, replies))
    _ = try await replies.waitForPosted(1)
    state.replaceStack([DetailState(artwork: shown.key)])
    state.pictures.forget(shown.key)
    let underDetail = try #require(state.wantPicture(shown.key).first)
    #expect(handler.take(underDetail, replies))
    _ = try await replies.waitForPosted(2)
    let screen = PictureLoader.screenPixels(columns: 100, rows: 30)
    #expect(decoder.screens == ["\(screen.width)×\(screen.height)", "whole"])
}
