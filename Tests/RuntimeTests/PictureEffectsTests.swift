import Catalog
import Cells
import Foundation
import Imaging
import Store
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
    let handler = PictureEffects(store: store, decoder: decoder)
    let replies = RecordedReplies()
    #expect(handler.take(.loadPicture(shown.key), state, replies.reply))
    let posted = try await replies.waitForPosted(1)
    guard case .pictureLoaded(let picture)? = posted.first else { throw Unexpected("expected the picture, got \(posted)") }
    #expect(picture.artwork == shown.key && decoder.paths == [file.path])

    let other = try #require(state.main.artworks.first { $0.key != shown.key })
    _ = handler.take(.loadPicture(other.key), state, replies.reply)
    guard case .pictureUnavailable(let key, .notCached)? = replies.answeredNow.last else {
        throw Unexpected("a picture not cached is said at once: \(replies.answeredNow)")
    }
    #expect(key == other.key)

    let failing = RecordedReplies()
    _ = PictureEffects(store: store, decoder: PlainDecoder(fails: true)).take(.loadPicture(shown.key), state, failing.reply)
    let failed = try await failing.waitForPosted(1)
    guard case .pictureUnavailable(_, .failed(let why))? = failed.first else { throw Unexpected("expected why, got \(failed)") }
    #expect(why == "not a JPEG or PNG file")
    _ = PictureEffects(store: FailingStore(), decoder: decoder).take(.loadPicture(shown.key), state, failing.reply)
    guard case .pictureUnavailable(_, .failed(let cacheWhy))? = failing.answeredNow.last else { throw Unexpected("\(failing.answeredNow)") }
    #expect(cacheWhy == "cannot read the image cache: disk I/O error")
}

@Test func aFetchedArtworkWhoseSourceHasNoPictureIsSaidWithTheStoresReason() throws {
    let missing = Artwork(id: "node/5297741005", title: "Report", coordinate: .ashtonBuilding, imageFileName: "File:Report.pdf", collection: "osm")
    let unseen = Artwork(id: "node/7", title: "Prince", coordinate: .ashtonBuilding, imageFileName: "wikidata:Q1", collection: "osm")
    var start = StartOptions(artworks: [missing, unseen])
    start.collection = "osm"
    let shown = AppState(start: start)
    let (store, _) = try storeHolding([missing, unseen], collection: "osm")
    try store.savePictures([ResolvedPicture(reference: "File:Report.pdf", thumbURL: "", problem: "File:Report.pdf is not a picture artmap can show (application/pdf)")],
                           at: "2026-12-02T00:00:00Z")
    let handler = PictureEffects(store: store, decoder: PlainDecoder())
    let replies = RecordedReplies()
    _ = handler.take(.loadPicture(missing.key), shown, replies.reply)
    guard case .pictureUnavailable(let key, .noneAtSource(let why))? = replies.answeredNow.last else { throw Unexpected("\(replies.answeredNow)") }
    #expect(key == missing.key && why == "File:Report.pdf is not a picture artmap can show (application/pdf)")
    // Never looked up: not downloaded yet (s or fetch --pictures looks it up).
    _ = handler.take(.loadPicture(unseen.key), shown, replies.reply)
    guard case .pictureUnavailable(_, .notCached)? = replies.answeredNow.last else { throw Unexpected("\(replies.answeredNow)") }
    // Found, with a thumbnail, but not downloaded: not downloaded yet, whatever else the row holds.
    try store.savePictures([ResolvedPicture(reference: "wikidata:Q1", thumbURL: "https://upload.wikimedia.org/thumb/p.jpg")], at: "2026-12-02T00:00:00Z")
    _ = handler.take(.loadPicture(unseen.key), shown, replies.reply)
    guard case .pictureUnavailable(_, .notCached)? = replies.answeredNow.last else { throw Unexpected("\(replies.answeredNow)") }
    #expect(replies.answeredNow.count == 3)
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
    let handler = PictureEffects(store: store, decoder: decoder)
    let replies = RecordedReplies()
    state.replaceStack([SlideshowState(ids: [shown.key], interval: 5, origin: "test")])
    #expect(handler.take(.loadPicture(shown.key), state, replies.reply))
    _ = try await replies.waitForPosted(1)
    state.replaceStack([DetailState(artwork: shown.key)])
    #expect(handler.take(.loadPicture(shown.key), state, replies.reply))
    _ = try await replies.waitForPosted(2)
    let screen = PictureLoader.screenPixels(columns: 100, rows: 30)
    #expect(decoder.screens == ["\(screen.width)×\(screen.height)", "whole"])
}
