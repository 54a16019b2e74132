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
    let handler = CatalogueEffects(dependencies(store))
    let replies = RecordedReplies()
    #expect(handler.take(.loadCollection("campus", search: "Pool"), replies))
    guard case .collectionLoaded(let name, let artworks, let search)? = replies.posted.first else {
        throw Unexpected("expected the collection, got \(replies.posted)")
    }
    #expect(name == "campus" && artworks.map(\.title).sorted() == ["Pool", "Skyline"] && search == "Pool")
    #expect(handler.take(.loadFullRecords(collection: "campus", ids: ["2"]), replies))
    if case .fullRecordsLoaded(let records)? = replies.posted.last { #expect(records.map(\.id) == ["2"]) } else {
        Issue.record("expected the full record, got \(replies.posted)")
    }
    #expect(!handler.take(.toggleFavourite(ArtworkKey(collection: "campus", id: "1")), replies), "not the catalogue's")

    let broken = CatalogueEffects(failingDependencies())
    let failed = RecordedReplies()
    _ = broken.take(.loadCollection("harbour", search: nil), failed)
    _ = broken.take(.reloadCatalogue(collections: ["campus"]), failed)
    let errors = failed.posted.compactMap { if case .error(let text) = $0 { return text } else { return nil } }
    #expect(errors == ["cannot load the collection harbour: disk I/O error", "cannot read the catalogue after the sync: disk I/O error"])
}

@Test func aHeartIsSavedThenTakenAwayAndRefusedOnAReadOnlyOrBrokenStore() throws {
    let (store, _) = try storeHolding([artwork("1")])
    let handler = FavouritesEffects(dependencies(store))
    let replies = RecordedReplies()
    let key = ArtworkKey(collection: "campus", id: "1")
    _ = handler.take(.toggleFavourite(key), replies)
    _ = handler.take(.toggleFavourite(key), replies)
    let lists = replies.posted.compactMap { if case .favouritesLoaded(let list) = $0 { return list.map(\.key) } else { return nil } }
    #expect(lists == [[key], []])
    _ = handler.take(.toggleFavourite(ArtworkKey(collection: "campus", id: "gone")), replies)
    _ = FavouritesEffects(failingDependencies()).take(.toggleFavourite(key), replies)
    _ = FavouritesEffects(failingDependencies(readOnly: true)).take(.toggleFavourite(key), replies)
    let refusals = replies.posted.compactMap { if case .favouriteRefused(let why) = $0 { return why } else { return nil } }
    #expect(refusals == ["that artwork is no longer in the store", "cannot save the heart: disk I/O error",
                         "cannot save the heart: the store is read-only"])
}

@Test func aSettingIsSavedAppliedAndAnsweredOrItsFailureSaid() throws {
    let (store, _) = try storeHolding([])
    var applied: [String] = []
    let handler = SettingsEffects(dependencies(store)) { key, value in applied.append("\(key)=\(value ?? "default")") }
    let replies = RecordedReplies()
    #expect(handler.take(.saveSetting(key: "units", value: "imperial"), replies))
    #expect(try store.setting("units") == "imperial")
    #expect(applied == ["units=imperial"])
    if case .settingSaved(let key, let value)? = replies.posted.last { #expect(key == "units" && value == "imperial") } else {
        Issue.record("expected settingSaved, got \(replies.posted)")
    }
    _ = SettingsEffects(failingDependencies(readOnly: true)) { _, _ in applied.append("never") }.take(.saveSetting(key: "units", value: "metric"), replies)
    if case .error(let text)? = replies.posted.last { #expect(text == "cannot save units: the store is read-only") } else {
        Issue.record("expected an error, got \(replies.posted)")
    }
    #expect(applied == ["units=imperial"], "a setting not saved is not applied")
}

@Test func aTimerPostsItsActionToTheScreenThatAskedWhenTheClockSays() throws {
    let clock = ManualClock()
    let handler = TimerEffects(Dependencies(store: FailingStore(), clock: clock))
    let replies = RecordedReplies()
    let screen = ScreenID(7)
    #expect(handler.take(.after(seconds: 8, .slideshow(.timer(generation: 3)), screen: screen), replies))
    #expect(clock.delays == [8])
    #expect(replies.posted.isEmpty, "nothing before the clock says")
    clock.fireAll()
    guard case .answer(let action, let to)? = replies.posted.first else {
        throw Unexpected("expected an answer, got \(replies.posted)")
    }
    #expect(action == .slideshow(.timer(generation: 3)) && to == screen)
}

@Test func theNewsIsFetchedCleanedAndKeptOrItsFailureSaid() async throws {
    let (store, path) = try storeHolding([])
    let http = CannedHTTP(status: 200, body: "Late opening\u{1B}[31m tonight\n")
    let replies = RecordedReplies()
    #expect(NewsEffects(dependencies(store, http: http)).take(.fetchNews(url: "http://127.0.0.1:9/news.txt"), replies))
    let answer = try await replies.waitForPosted(1)
    guard case .newsLoaded(let item?)? = answer.first else {
        throw Unexpected("expected the news, got \(answer)")
    }
    #expect(item.text == "Late opening tonight", "escape sequences go")
    #expect(try CatalogStore(path: path).setting(NewsText.textSetting) == "Late opening tonight")
    #expect(http.urls.map(\.absoluteString) == ["http://127.0.0.1:9/news.txt"])

    let failing = RecordedReplies()
    _ = NewsEffects(dependencies(store, http: CannedHTTP(status: 500, body: ""))).take(.fetchNews(url: "http://127.0.0.1:9/n"), failing)
    _ = NewsEffects(dependencies(store, http: http)).take(.fetchNews(url: "file:///etc/passwd"), failing)
    let failures = try await failing.waitForPosted(2).compactMap { if case .newsFailed(let why) = $0 { return why } else { return nil } }
    #expect(failures.contains { $0.contains("is not an http or https URL") }, "a file URL is refused: \(failures)")
    #expect(failures.contains("the news fetch failed: the server answered HTTP 500 · http://127.0.0.1:9/n"), "\(failures)")
}

@Test func aWebPageOpensInTheBrowserUnlessRefusedOrThereIsNoDisplay() throws {
    let browser = RecordingBrowser()
    let replies = RecordedReplies()
    _ = WebPageEffects(Dependencies(store: FailingStore(), browser: browser)).take(.openWebPage("https://example.org/art/1"), replies)
    _ = WebPageEffects(Dependencies(store: FailingStore(), browser: browser)).take(.openWebPage("--help"), replies)
    #expect(browser.opened == ["https://example.org/art/1"], "an option is never passed to the browser")
    _ = WebPageEffects(Dependencies(store: FailingStore(), browser: RecordingBrowser(unavailable: "no display"))).take(.openWebPage("https://example.org/a"), replies)
    let errors = replies.posted.compactMap { if case .error(let text) = $0 { return text } else { return nil } }
    #expect(errors.count == 2)
    #expect(errors.first?.hasPrefix("not opening the web page:") == true)
    #expect(errors.last == "no display to open the web page: its address is in the detail (Enter) · https://example.org/a")
}

@Test func theSlideshowFindsNothingInAnEmptyStoreAndSaysWhenTheStoreFails() throws {
    let (store, _) = try storeHolding([artwork("1")])
    let replies = RecordedReplies()
    let show = ScreenID(7)
    _ = SlideshowEffects(dependencies(store)).take(.findSlideshowPictures(screen: show), replies)
    _ = SlideshowEffects(failingDependencies()).take(.findSlideshowPictures(screen: show), replies)
    // The answers go to the slideshow that asked, by its id.
    let answers = replies.posted.compactMap { if case .answer(let action, let id) = $0, id == show { return action } else { return nil } }
    #expect(answers == [.slideshow(.found(SlideshowPictures(nightWatch: nil, cached: []))),
                        .slideshow(.lookFailed("cannot look for slideshow pictures: disk I/O error"))], "\(replies.posted)")
}

/// The view's `s` on an imported file goes through the file's `SourceProvider`, as `artmap refresh` does: no command
/// run by its words, no output scraped; the counts come typed. Without sources, or on a read-only store, it says so.
@Test func sRefreshesAFileThroughItsProviderAndASyncIsRefusedOnAReadOnlyStore() async throws {
    let (store, path) = try storeHolding([])
    let request = SyncRequest(storePath: path, source: try SyncSource(service: "http://127.0.0.1:9/api"), collection: "campus",
                              imageCache: ImageCache(cacheRoot: FileManager.default.temporaryDirectory))
    let file = try temporaryDirectory("view-s").appendingPathComponent("harbour.csv")
    try "id,title,latitude,longitude\nh1,Anchor,53.40,-2.99\n".write(to: file, atomically: true, encoding: .utf8)
    _ = try FileImport(path: file.path, format: .csv).write(nil, into: "harbour", store: store)
    try "id,title,latitude,longitude\nh1,Anchor,53.40,-2.99\nh2,Buoy,53.41,-2.98\n".write(to: file, atomically: true, encoding: .utf8)
    let sources = SourceContext(storePath: path, openStore: { try CatalogStore(path: path) }, http: CurlHTTPClient(), mapHTTP: CurlHTTPClient(),
                                imageCache: ImageCache(cacheRoot: FileManager.default.temporaryDirectory), limits: SyncLimits(), backoff: ServiceBackoff())
    let replies = RecordedReplies()
    _ = SyncEffects(Dependencies(store: SharedStore(store), sync: request, sources: sources)).take(.refreshCollection("harbour"), replies)
    let posted = try await replies.waitForPosted(2)
    #expect(posted.count == 2)
    if case .syncProgress(let text)? = posted.first { #expect(text == "harbour: importing harbour.csv again") } else { Issue.record("\(posted)") }
    if case .syncFinished(let summary, _)? = posted.last {
        #expect(summary == "harbour: harbour.csv changed on disk and was imported again: 1 new, 0 changed, 0 removed")
    } else { Issue.record("\(posted)") }
    #expect(try store.artworks(collection: "harbour").map(\.id).sorted() == ["h1", "h2"])

    let none = RecordedReplies()
    _ = SyncEffects(Dependencies(store: SharedStore(store), sync: request)).take(.refreshCollection("quay"), none)
    var readOnly = failingDependencies(readOnly: true)
    readOnly.sync = request
    readOnly.sources = sources
    _ = SyncEffects(readOnly).take(.startSync(collection: "campus", service: nil), none)
    let reasons = none.posted.compactMap { if case .syncFailed(let reason, _) = $0 { return reason } else { return nil } }
    #expect(reasons == ["quay cannot be refreshed from the view", "cannot save: the store is read-only"])
}

/// Issue 50: a failed fetch in the view says the reason first and what to do, not the Overpass URL and its query.
@Test func aFailedFetchSaysTheReasonFirst() {
    let offline = NearMeEffects.fetchFailure(SyncError(url: "https://overpass-api.de/api/interpreter?data=" + String(repeating: "x", count: 200), "unknown host"))
    #expect(offline == "no network (unknown host): the map could not be fetched — --offline stops trying")
    let busy = NearMeEffects.fetchFailure(SyncError(url: "https://overpass-api.de/api/interpreter", "the server answered HTTP 504"))
    #expect(busy == "the map could not be fetched: the server answered HTTP 504 — d tries again")
}

@Test func seenIsMarkedByHandTakenOffMarkedByWalkingAndRefusedOnABrokenStore() throws {
    let (store, _) = try storeHolding([artwork("1"), artwork("2")])
    let handler = SeenEffects(dependencies(store))
    let replies = RecordedReplies()
    let one = ArtworkKey(collection: "campus", id: "1"), two = ArtworkKey(collection: "campus", id: "2")
    _ = handler.take(.toggleSeen(one), replies)
    _ = handler.take(.markSeen([one, two]), replies)
    _ = handler.take(.toggleSeen(one), replies)
    let marks = replies.posted.compactMap { if case .seenLoaded(let marks) = $0 { return Set(marks.keys) } else { return nil } }
    #expect(marks == [[one], [one, two], [two]])
    #expect(try store.seenMarks().map(\.how) == [.walk])
    _ = SeenEffects(failingDependencies()).take(.markSeen([one]), replies)
    _ = SeenEffects(failingDependencies(readOnly: true)).take(.toggleSeen(one), replies)
    let refusals = replies.posted.compactMap { if case .seenRefused(let why) = $0 { return why } else { return nil } }
    #expect(refusals == ["cannot save what you have seen: disk I/O error", "cannot save what you have seen: the store is read-only"])
}

@Test func twoPlaceSearchesInARowArePacedByTheLimiterTheHandlerWasGiven() async throws {
    let (store, path) = try storeHolding([])
    let clock = ManualClock()
    let start = clock.now
    let limiter = ClockLimiter(clock: clock)
    let http = CannedHTTP(status: 200, body: #"[{"lat":"60.17","lon":"24.94","name":"Mikonkatu","display_name":"Mikonkatu, Helsinki"}]"#)
    let local = try #require(URL(string: "http://127.0.0.1:9"))
    var given = dependencies(store, http: http, clock: clock)
    given.nominatimLimiter = limiter
    given.nearMe = NearMeContext(services: OSMServices(overpass: [local], wikidata: local, commons: local, nominatim: local),
                                 storePath: path, imageCache: ImageCache(cacheRoot: FileManager.default.temporaryDirectory),
                                 limits: SyncLimits(), backoff: ServiceBackoff(), maxAgeDays: 30)
    let handler = NearMeEffects(given)
    let replies = RecordedReplies()
    // Nothing in the store is named so: both ask Nominatim, through the one limiter of the dependencies.
    #expect(handler.take(.findPlace("Mikonkatu", online: true), replies))
    #expect(handler.take(.findPlace("Mikonkatu, Helsinki", online: true), replies))
    let first = try await replies.waitForPosted(1)
    try await limiter.waitForParked(1)
    #expect(limiter.parked == 1, "the second search waits its turn")
    #expect(first.count == 1 && http.urls.count == 1, "one request so far: \(http.urls)")
    clock.advance(by: 0.5)
    #expect(limiter.parked == 1 && http.urls.count == 1, "half a second on, still waiting")
    clock.advance(by: 0.5)
    let both = try await replies.waitForPosted(2)
    #expect(http.urls.count == 2)
    #expect(limiter.intervals == [1, 1], "Nominatim's second between requests")
    #expect(limiter.letGo == [start, start.addingTimeInterval(1)])
    for answer in both {
        guard case .nearMe(.placeFound(let name, _)) = answer else { throw Unexpected("\(both)") }
        #expect(name == "Mikonkatu")
    }
}
