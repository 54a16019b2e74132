import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

// The root: what it does with what features ask (delegates), the commands no screen takes, the one answer
// to "what is pointed at", and the start-up plan.

private func painting(_ id: String) -> Artwork {
    var artwork = Artwork(id: id, title: "Painting \(id)", artist: "Painter", coordinate: Coordinate(clampingLatitude: 52.36, longitude: 4.8852),
                          building: "Rijksmuseum", imageFileName: "https://iiif.example/\(id)/full/!1200,1200/0/default.jpg",
                          collection: "rijksmuseum")
    artwork.webPage = "https://www.rijksmuseum.nl/en/collection/\(id)"
    return artwork
}

@Test func delegatesPushTheScreensAFeatureAsksForAndBackPopsThem() throws {
    var state = try campusState()
    onMain(&state, .focusNext)
    selectRow(&state, try #require(headerRow(state, "Electrical Engineering Building")))
    #expect(state.routeMain(.open(.table)).count == 1, "the list asks for the first artwork's picture")
    let list = try #require(state.topBuilding, "expected the building list, got \(String(describing: state.overlays.last))")
    #expect(list.selected == 0)
    #expect(state.rankedBuilding(key: list.key)?.artworks.count == 9)
    // Selecting an artwork in the list already asks for its picture; the detail then shows it.
    let effects = reduce(&state, .screen(.building(.move(.down)))) + reduce(&state, .screen(.building(.open)))
    let detail = try #require(state.topDetail, "expected the detail")
    #expect(detail.scroll == 0)
    #expect(effects.count == 1 && effects.picturesAsked == [detail.artwork])
    #expect(state.rankedArtwork(detail.artwork)?.1.artwork.title == "Abstract")
    _ = reduce(&state, .screen(.detail(.openImage)))
    #expect(state.top(ImageViewerState.self)?.artwork == detail.artwork)
    #expect(state.perform(.back, context: .viewer) == [])
    #expect(state.overlays.count == 2)
    #expect(state.perform(.quit, context: .detail) == [], "q on a screen goes back")
    #expect(state.overlays.count == 1)
    state.perform(.back, context: .list)
    #expect(state.overlays.isEmpty)
    #expect(state.perform(.quit, context: .table) == [.quit])
    #expect(reduce(&state, .terminate) == [.quit], "a signal ends the same way as q")
}

@Test func aScreenThatAsksToCloseIsPopped() throws {
    var state = try campusState()
    state.perform(.opening(SettingsState.self), context: .map)
    #expect(state.topSettings != nil)
    _ = reduce(&state, .screen(.settings(.cancel)))
    #expect(state.overlays.isEmpty)
    // An action for another screen than the one on top does nothing.
    state.perform(.opening(HelpState.self), context: .map)
    #expect(reduce(&state, .screen(.settings(.cancel))) == [])
    #expect(state.overlays.count == 1 && state.top(HelpState.self) == HelpState(context: .map))
}

@Test func thePointedArtworkIsAnsweredFromTheTopOfTheStackDown() throws {
    var state = try campusState()
    #expect(state.perform(.heart, context: .map) == [], "a building under the map cursor is not an artwork")
    #expect(state.lastMessage == "select an artwork to heart it (f)")
    onMain(&state, .focusNext, .select(.down))
    let row = try #require(state.main.pointed?.artwork)
    #expect(state.perform(.heart, context: .table) == [.toggleFavourite(row.key)])
    // The help has no say: the table row below it answers.
    state.perform(.opening(HelpState.self), context: .table)
    #expect(state.pointed?.artwork?.id == row.id)
    // A painting listed by the painters screen, opened in its detail, can be hearted, opened and routed to.
    state.perform(.back, context: .detail)
    state.perform(.opening(PaintersState.self), context: .table)
    _ = reduce(&state, .painters(.paintingsListed(name: "Painter", [painting("SK-1"), painting("SK-2")]), screen: state.overlays.last?.id))
    _ = reduce(&state, .screen(.painters(.move(1))))
    #expect(state.pointed?.artwork?.id == "SK-2")
    _ = reduce(&state, .screen(.painters(.confirm)))
    #expect(state.topDetail?.artwork == ArtworkKey(collection: "rijksmuseum", id: "SK-2"))
    #expect(state.perform(.heart, context: .detail) == [.toggleFavourite(ArtworkKey(collection: "rijksmuseum", id: "SK-2"))])
    #expect(state.perform(.openWebPage, context: .detail) == [.openWebPage("https://www.rijksmuseum.nl/en/collection/SK-2")])
    #expect(state.perform(.route(.toSelection), context: .detail) == [])
    #expect(state.overlays.isEmpty)
    #expect(state.main.route?.targetName == "Painting SK-2", "routed to, where it once said 'nothing selected'")
}

@Test func oOpensTheWebPageOrSaysThereIsNone() throws {
    var state = try campusState()
    onMain(&state, .focusNext, .select(.down))
    #expect(state.perform(.openWebPage, context: .table).isEmpty)
    #expect(state.lastMessage?.contains("has no web page") == true)
    _ = reduce(&state, .favouritesLoaded([painting("SK-C-5")]))
    state.perform(.opening(FavouritesState.self), context: .table)
    #expect(state.perform(.openWebPage, context: .favourites) == [.openWebPage("https://www.rijksmuseum.nl/en/collection/SK-C-5")])
}

@Test func heartsAreSavedByTheRunLoopAndShownOnceLoaded() throws {
    var state = try campusState()
    onMain(&state, .focusNext, .select(.down))
    let artwork = try #require(state.main.pointed?.artwork)
    let version = state.main.rowsVersion
    _ = reduce(&state, .favouritesLoaded([artwork]))
    #expect(state.isFavourite(artwork))
    #expect(state.main.rowsVersion != version, "the table's rows are drawn again with the heart")
    // The 51st is refused by the store; the reason reaches the status line.
    _ = reduce(&state, .favouriteRefused("you already have 50 favourites"))
    #expect(state.lastError == "you already have 50 favourites")
}

@Test func syncRunsWithoutBlockingAndReportsItsResult() throws {
    var state = try campusState()
    state.nearMe.online = true
    let sync = state.perform(.sync, context: .map)
    #expect(sync.count == 1 && sync.syncsAsked == ["campus"])
    #expect(state.sync == .running("starting sync"))
    #expect(state.perform(.sync, context: .map) == [], "no second sync while one runs")
    _ = reduce(&state, .syncProgress("images 3/31"))
    #expect(state.sync == .running("images 3/31"))
    var artworks = state.artworks
    artworks.removeLast()
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(reduce(&state, .syncFinished(summary: "synced 30 artworks: 0 new, 0 changed, 1 removed, 0 skipped", at: at)) == [.reloadCatalogue(collections: ["campus"])])
    _ = reduce(&state, .catalogueReloaded(artworks))
    #expect(state.sync == .idle)
    #expect(state.artworks.count == 30)
    #expect(state.lastMessage?.hasPrefix("synced 30") == true)
    _ = reduce(&state, .tick(at.addingTimeInterval(600)))
    #expect(state.syncAgeText == "synced 10 min ago")
    state.perform(.sync, context: .map)
    _ = reduce(&state, .syncFailed(reason: "connection refused", subject: "http://127.0.0.1:1/x"))
    #expect(state.lastError == "sync failed: connection refused · s tries again · http://127.0.0.1:1/x")
    #expect(state.artworks.count == 30, "a failed sync keeps what we had")
}

@Test func theStartOptionsMakeTheFirstStateAndStartedAsksForThePlannedWork() throws {
    let campus = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    var start = StartOptions(artworks: campus)
    start.collections = ["campus", "rijksmuseum"]
    start.settings = [Setting.nearest: "4", Setting.slideshowInterval: "3"]
    start.nearestCount = 6
    start.radius = 100
    start.layoutMode = .stacked
    let favourite = try #require(campus.first { !$0.imageFileName.isEmpty })
    start.favourites = [favourite]
    start.news = NewsItem(text: "Late opening", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
    start.newsLookedBefore = true
    start.notice = "the store was damaged and has been rebuilt"
    start.syncIfOlderThan = 3600
    start.newsURL = "http://127.0.0.1:9/news.txt"
    start.slideshow = true
    var state = AppState(start: start)
    #expect(state.main.nearestCount == 6, "the option wins over the setting")
    #expect(state.slideshowInterval == 3)
    #expect(state.main.radius == 100 && state.main.ranked.allSatisfy { $0.distance <= 100 })
    #expect(state.main.layoutMode == .stacked && state.main.collections == ["campus", "rijksmuseum"])
    #expect(state.isFavourite(favourite) && state.newsUnread)
    #expect(state.lastError == "the store was damaged and has been rebuilt")
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    let effects = reduce(&state, .started)
    #expect(effects.first.map { [$0].syncsAsked } == ["campus"], "never synced: stale")
    #expect(effects.contains(.fetchNews(url: "http://127.0.0.1:9/news.txt")), "the news is fetched by the run loop")
    #expect(state.topSlideshow?.ids == [favourite.key], "artmap slideshow opens straight into it, from its option")
    #expect(effects.picturesAsked.contains(favourite.key))
}

@Test func startUpSyncsOnlyWhenTheDataIsStale() throws {
    var state = try campusState()
    state.startPlan.syncIfOlderThan = 3600
    let started = reduce(&state, .started)
    #expect(started.count == 1 && started.syncsAsked == ["campus"])
    var fresh = try campusState()
    fresh.startPlan.syncIfOlderThan = 3600
    fresh.lastSync = Date()
    fresh.now = Date()
    #expect(reduce(&fresh, .started) == [])
    var offline = try campusState()
    #expect(reduce(&offline, .started) == [])
}

@Test func aLiveLocationReachesTheMainScreenAndItsStatusTheBar() throws {
    var state = try campusState()
    let abercromby = Coordinate(clampingLatitude: 53.403219, longitude: -2.965829)
    _ = reduce(&state, .referenceMoved(abercromby, .live("GPX walk.gpx")))
    #expect(state.main.reference == abercromby)
    _ = reduce(&state, .locationStatus("gpsd: no fix"))
    #expect(state.locationStatus == "gpsd: no fix")
}

@Test func newsShowsABadgeUntilOpened() throws {
    var state = try campusState()
    _ = reduce(&state, .newsLoaded(NewsItem(text: "Late opening", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))))
    #expect(state.newsUnread)
    let effects = state.perform(.opening(NewsState.self), context: .map)
    #expect(!state.newsUnread)
    try #require(state.newsIsOnTop, "N opens the news")
    #expect(effects.contains { if case .saveSetting(key: AppState.newsLookedSetting, _) = $0 { return true } else { return false } })
}

@Test func aPainterShownInTheTableComesBackWithItsSearch() throws {
    var state = try campusState()
    let opened = state.perform(.opening(PaintersState.self), context: .map)
    let asker = try #require(state.overlays.last?.id)
    #expect(opened == [.painters(.list, screen: asker)], "the screen's id goes with what it asks")
    _ = reduce(&state, .painters(.finished("added Vermeer: 3 paintings", [PainterSummary(name: "Vermeer", total: 4, stored: 3)]), screen: asker))
    #expect(state.main.collections.contains(CollectionID.rijksmuseum.name), "the museum's collection is reachable with n")
    #expect(reduce(&state, .screen(.painters(.showInTable))) == [.loadCollection(CollectionID.rijksmuseum.name, search: "Vermeer")])
    #expect(state.overlays.isEmpty)
    var vermeer = painting("SK-1")
    vermeer.artist = "Vermeer"
    let other = Artwork(id: "x", title: "Other", artist: "Someone", coordinate: .ashtonBuilding, collection: CollectionID.rijksmuseum.name)
    _ = reduce(&state, .collectionLoaded(CollectionID.rijksmuseum.name, [vermeer, other], search: "Vermeer"))
    #expect(state.main.searchText == "Vermeer")
    #expect(state.main.ranked.flatMap(\.artworks).map(\.artwork.id) == ["SK-1"])
    // Without the screen open, a finished job still says how it went.
    _ = reduce(&state, .painters(.finished("removed Vermeer", [])))
    #expect(state.lastMessage == "removed Vermeer")
}
