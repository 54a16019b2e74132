import App
import Catalog
import Foundation
import Sources
import Store
import Sync
import Testing
import TestSupport
@testable import Runtime

// Each feature's effects, performed in process with the dependencies they are given: effect in, actions out.

@Test func theCatalogueReadsCollectionsAndFullRecordsAndSaysWhichFailed() throws {
    let (store, _) = try storeHolding([artwork("1", "Pool"), artwork("2", "Skyline")])
    let handler = CatalogueEffects(Dependencies(store: store, storePath: ":memory:"))
    let replies = RecordedReplies()
    let state = try campusState()
    #expect(handler.take(.loadCollection("campus", search: "Pool"), state, replies.reply))
    guard case .collectionLoaded(let name, let artworks, let search)? = replies.answeredNow.first else {
        throw Unexpected("expected the collection, got \(replies.answeredNow)")
    }
    #expect(name == "campus" && artworks.map(\.title).sorted() == ["Pool", "Skyline"] && search == "Pool")
    #expect(handler.take(.loadFullRecords(collection: "campus", ids: ["2"]), state, replies.reply))
    if case .fullRecordsLoaded(let records)? = replies.answeredNow.last { #expect(records.map(\.id) == ["2"]) } else {
        Issue.record("expected the full record, got \(replies.answeredNow)")
    }
    #expect(!handler.take(.toggleFavourite(ArtworkKey(collection: "campus", id: "1")), state, replies.reply), "not the catalogue's")

    let broken = CatalogueEffects(Dependencies(store: FailingStore(), storePath: ":memory:"))
    let failed = RecordedReplies()
    _ = broken.take(.loadCollection("harbour", search: nil), state, failed.reply)
    _ = broken.take(.reloadCatalogue, state, failed.reply)
    let errors = failed.answeredNow.compactMap { if case .error(let text) = $0 { return text } else { return nil } }
    #expect(errors == ["cannot load the collection harbour: disk I/O error", "cannot read the catalogue after the sync: disk I/O error"])
}

@Test func aHeartIsSavedThenTakenAwayAndRefusedOnAReadOnlyOrBrokenStore() throws {
    let (store, _) = try storeHolding([artwork("1")])
    let handler = FavouritesEffects(store: store)
    let replies = RecordedReplies()
    let key = ArtworkKey(collection: "campus", id: "1")
    let state = try campusState()
    _ = handler.take(.toggleFavourite(key), state, replies.reply)
    _ = handler.take(.toggleFavourite(key), state, replies.reply)
    let lists = replies.answeredNow.compactMap { if case .favouritesLoaded(let list) = $0 { return list.map(\.key) } else { return nil } }
    #expect(lists == [[key], []])
    _ = handler.take(.toggleFavourite(ArtworkKey(collection: "campus", id: "gone")), state, replies.reply)
    let broken = FailingStore()
    _ = FavouritesEffects(store: broken).take(.toggleFavourite(key), state, replies.reply)
    broken.isReadOnly = true
    _ = FavouritesEffects(store: broken).take(.toggleFavourite(key), state, replies.reply)
    let refusals = replies.answeredNow.compactMap { if case .favouriteRefused(let why) = $0 { return why } else { return nil } }
    #expect(refusals == ["that artwork is no longer in the store", "cannot save the heart: disk I/O error",
                         "cannot save the heart: the store is read-only"])
}

@Test func aSettingIsSavedAppliedAndAnsweredOrItsFailureSaid() throws {
    let (store, _) = try storeHolding([])
    var applied: [String] = []
    let handler = SettingsEffects(store: store) { key, value in applied.append("\(key)=\(value ?? "default")") }
    let replies = RecordedReplies()
    let state = try campusState()
    #expect(handler.take(.saveSetting(key: "units", value: "imperial"), state, replies.reply))
    #expect(try store.setting("units") == "imperial")
    #expect(applied == ["units=imperial"])
    if case .settingSaved(let key, let value)? = replies.answeredNow.last { #expect(key == "units" && value == "imperial") } else {
        Issue.record("expected settingSaved, got \(replies.answeredNow)")
    }
    let readOnly = FailingStore()
    readOnly.isReadOnly = true
    _ = SettingsEffects(store: readOnly) { _, _ in applied.append("never") }.take(.saveSetting(key: "units", value: "metric"), state, replies.reply)
    if case .error(let text)? = replies.answeredNow.last { #expect(text == "cannot save units: the store is read-only") } else {
        Issue.record("expected an error, got \(replies.answeredNow)")
    }
    #expect(applied == ["units=imperial"], "a setting not saved is not applied")
}

@Test func aTimerPostsItsActionToTheScreenThatAskedWhenTheClockSays() throws {
    let clock = ManualClock()
    let handler = TimerEffects(clock: clock)
    let replies = RecordedReplies()
    let screen = ScreenID(7)
    #expect(handler.take(.after(seconds: 8, .slideshow(.timer(generation: 3)), screen: screen), try campusState(), replies.reply))
    #expect(clock.delays == [8])
    #expect(replies.posted.isEmpty, "nothing before the clock says")
    clock.fireAll()
    guard case .answer(let action, let to)? = replies.posted.first else {
        throw Unexpected("expected an answer, got \(replies.posted)")
    }
    #expect(action == .slideshow(.timer(generation: 3)) && to == screen)
}

@Test func theNewsIsFetchedCleanedAndKeptOrItsFailureSaid() async throws {
    let (_, path) = try storeHolding([])
    let state = try campusState()
    let http = CannedHTTP(status: 200, body: "Late opening\u{1B}[31m tonight\n")
    let replies = RecordedReplies()
    #expect(NewsEffects(http: http, storePath: path).take(.fetchNews(url: "http://127.0.0.1:9/news.txt"), state, replies.reply))
    let answer = try await replies.waitForPosted(1)
    guard case .newsLoaded(let item?)? = answer.first else {
        throw Unexpected("expected the news, got \(answer)")
    }
    #expect(item.text == "Late opening tonight", "escape sequences go")
    #expect(try CatalogStore(path: path).setting(NewsText.textSetting) == "Late opening tonight")
    #expect(http.urls.map(\.absoluteString) == ["http://127.0.0.1:9/news.txt"])

    let failing = RecordedReplies()
    _ = NewsEffects(http: CannedHTTP(status: 500, body: ""), storePath: path).take(.fetchNews(url: "http://127.0.0.1:9/n"), state, failing.reply)
    _ = NewsEffects(http: http, storePath: path).take(.fetchNews(url: "file:///etc/passwd"), state, failing.reply)
    if case .newsFailed(let why)? = failing.answeredNow.first { #expect(why.contains("is not an http or https URL")) } else {
        Issue.record("a file URL is refused at once: \(failing.answeredNow)")
    }
    if case .newsFailed(let why)? = try await failing.waitForPosted(1).first { #expect(why == "the news fetch failed: the server answered HTTP 500 · http://127.0.0.1:9/n") } else {
        Issue.record("expected the failure, got \(failing.posted)")
    }
}

@Test func aWebPageOpensInTheBrowserUnlessRefusedOrThereIsNoDisplay() throws {
    let state = try campusState()
    let browser = RecordingBrowser()
    let replies = RecordedReplies()
    _ = WebPageEffects(browser: browser).take(.openWebPage("https://example.org/art/1"), state, replies.reply)
    _ = WebPageEffects(browser: browser).take(.openWebPage("--help"), state, replies.reply)
    #expect(browser.opened == ["https://example.org/art/1"], "an option is never passed to the browser")
    _ = WebPageEffects(browser: RecordingBrowser(unavailable: "no display")).take(.openWebPage("https://example.org/a"), state, replies.reply)
    let errors = replies.answeredNow.compactMap { if case .error(let text) = $0 { return text } else { return nil } }
    #expect(errors.count == 2)
    #expect(errors.first?.hasPrefix("not opening the web page:") == true)
    #expect(errors.last == "no display to open the web page: its address is in the detail (Enter) · https://example.org/a")
}

@Test func theSlideshowFindsNothingInAnEmptyStoreAndSaysWhenTheStoreFails() throws {
    let (store, _) = try storeHolding([artwork("1")])
    let state = try campusState()
    let replies = RecordedReplies()
    let show = ScreenID(7)
    _ = SlideshowEffects(store: store).take(.findSlideshowPictures(screen: show), state, replies.reply)
    _ = SlideshowEffects(store: FailingStore()).take(.findSlideshowPictures(screen: show), state, replies.reply)
    // The answers go to the slideshow that asked, by its id.
    let answers = replies.answeredNow.compactMap { if case .answer(let action, let id) = $0, id == show { return action } else { return nil } }
    #expect(answers == [.slideshow(.found(SlideshowPictures(nightWatch: nil, cached: []))),
                        .slideshow(.lookFailed("cannot look for slideshow pictures: disk I/O error"))], "\(replies.answeredNow)")
}

/// The view's `s` on an imported file goes through the file's `SourceProvider`, as `artmap refresh` does: no command
/// run by its words, no output scraped; the counts come typed. Without sources, or on a read-only store, it says so.
@Test func sRefreshesAFileThroughItsProviderAndASyncIsRefusedOnAReadOnlyStore() async throws {
    let (store, path) = try storeHolding([])
    let state = try campusState()
    let file = try temporaryDirectory("view-s").appendingPathComponent("harbour.csv")
    try "id,title,latitude,longitude\nh1,Anchor,53.40,-2.99\n".write(to: file, atomically: true, encoding: .utf8)
    _ = try FileImport(path: file.path, format: .csv).write(nil, into: "harbour", store: store)
    try "id,title,latitude,longitude\nh1,Anchor,53.40,-2.99\nh2,Buoy,53.41,-2.98\n".write(to: file, atomically: true, encoding: .utf8)
    let sources = SourceContext(storePath: path, openStore: { try CatalogStore(path: path) }, http: CurlHTTPClient(), mapHTTP: CurlHTTPClient(),
                                imageCache: ImageCache(cacheRoot: FileManager.default.temporaryDirectory), limits: SyncLimits(), backoff: ServiceBackoff())
    let replies = RecordedReplies()
    _ = SyncEffects(store: store, sources: sources).take(.refreshCollection("harbour"), state, replies.reply)
    let posted = try await replies.waitForPosted(2)
    #expect(posted.count == 2)
    if case .syncProgress(let text)? = posted.first { #expect(text == "harbour: importing harbour.csv again") } else { Issue.record("\(posted)") }
    if case .syncFinished(let summary, _)? = posted.last {
        #expect(summary == "harbour: harbour.csv changed on disk and was imported again: 1 new, 0 changed, 0 removed")
    } else { Issue.record("\(posted)") }
    #expect(try store.artworks(collection: "harbour").map(\.id).sorted() == ["h1", "h2"])

    let none = RecordedReplies()
    _ = SyncEffects(store: store, sources: nil).take(.refreshCollection("quay"), state, none.reply)
    let readOnly = FailingStore()
    readOnly.isReadOnly = true
    _ = SyncEffects(store: readOnly, sources: sources).take(.startSync(collection: "campus"), state, none.reply)
    let reasons = none.answeredNow.compactMap { if case .syncFailed(let reason, _) = $0 { return reason } else { return nil } }
    #expect(reasons == ["quay cannot be refreshed from the view", "cannot save: the store is read-only"])
}
