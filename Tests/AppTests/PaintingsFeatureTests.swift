import Catalog
import Foundation
import Geo
import TestSupport
import Testing
@testable import App

private func painting(_ id: String, image: Bool = true) -> Artwork {
    Artwork(id: id, title: "Painting \(id)", artist: "Painter", coordinate: Coordinate(clampingLatitude: 52.36, longitude: 4.8852),
            building: "Rijksmuseum", imageFileName: image ? "https://iiif.example/\(id)/full/!1200,1200/0/default.jpg" : "",
            collection: "rijksmuseum")
}

@Test func fOnAnArtworkRowAsksTheRunLoopToSaveTheHeartAndTheTableShowsIt() throws {
    var state = try campusState()
    press(&state, .tab, .down)
    let (b, a) = try #require(state.selectedArtworkRow, "the second row is an artwork")
    let artwork = state.ranked[b].artworks[a].artwork
    let effects = press(&state, .character("f"))
    #expect(effects == [.toggleFavourite(collection: "campus", id: artwork.id)])
    _ = reduce(&state, .favouritesLoaded([artwork]))
    #expect(state.isFavourite(artwork))
    // On a building's header row there is nothing to heart.
    state.selectedRow = 0
    #expect(press(&state, .character("f")).isEmpty)
    #expect(state.lastMessage?.contains("select an artwork") == true)
    // The 51st is refused by the store; the reason reaches the status line.
    _ = reduce(&state, .favouriteRefused("you already have 50 favourites"))
    #expect(state.lastError == "you already have 50 favourites")
}

@Test func theSlideshowAdvancesOnItsOwnTimerAndIgnoresStaleOnes() throws {
    var state = try campusState()
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting("B"), painting("C", image: false), painting("D")]))
    state.slideshowInterval = 5
    let effects = press(&state, .character("S"))
    let show = try #require(state.topSlideshow, "S opens the slideshow")
    #expect(show.ids == ["A", "B", "D"], "favourites with images, in order")
    // The shown and the next picture are asked for at once, and a timer for this picture.
    #expect(effects.contains(.loadPicture(artworkID: "A")))
    #expect(effects.contains(.loadPicture(artworkID: "B")))
    #expect(effects.contains(.slideshowTimer(seconds: 5, generation: show.generation)))
    _ = reduce(&state, .slideshowTimer(generation: show.generation))
    let after = try #require(state.topSlideshow)
    #expect(after.currentID == "B")
    // A timer from before is ignored; stepping by hand resets the timer.
    _ = reduce(&state, .slideshowTimer(generation: show.generation))
    let still = try #require(state.topSlideshow)
    #expect(still.currentID == "B")
    press(&state, .left)
    let back = try #require(state.topSlideshow)
    #expect(back.currentID == "A")
    // Paused: timers do nothing.
    press(&state, .character(" "))
    _ = reduce(&state, .slideshowTimer(generation: back.generation + 1))
    let paused = try #require(state.topSlideshow)
    #expect(paused.paused && paused.currentID == "A")
    press(&state, .escape)
    #expect(state.overlays.isEmpty)
}

@Test func atIntervalZeroTheSlideshowStaysOnTheNightWatch() throws {
    var state = try campusState()
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting(nightWatchID)]))
    state.slideshowInterval = 0
    let effects = press(&state, .character("S"))
    let show = try #require(state.topSlideshow, "S opens the slideshow")
    #expect(show.ids == [nightWatchID])
    #expect(!effects.contains { if case .slideshowTimer = $0 { return true } else { return false } })
    // Without the Night Watch among what the state holds, the store is asked (see SlideshowRuleTests).
    state.overlays.removeAll()
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting("B")]))
    #expect(press(&state, .character("S")) == [.findSlideshowPictures])
    #expect(state.overlays.isEmpty)
}

@Test func settingsAreEditedInPlaceCheckedAndSavedThroughTheRunLoop() throws {
    var state = try campusState()
    press(&state, .character(","))
    try #require(state.topSettings != nil, ", opens the settings")
    // The first setting is the slideshow interval: type 90, refused with the reason; then 3, saved.
    press(&state, .enter, .backspace, .character("9"), .character("0"))
    #expect(press(&state, .enter).isEmpty)
    let refused = try #require(state.topSettings)
    #expect(refused.problem == "Slideshow interval: 90 is outside 0…60 seconds; not saved")
    press(&state, .backspace, .backspace, .character("3"))
    #expect(press(&state, .enter) == [.saveSetting(key: Setting.slideshowInterval, value: "3")])
    _ = reduce(&state, .settingSaved(key: Setting.slideshowInterval, value: "3"))
    #expect(state.slideshowInterval == 3)
    // A choice cycles with → and is saved at once; d goes back to the default.
    for _ in 0..<4 { press(&state, .down) }
    #expect(press(&state, .right) == [.saveSetting(key: Setting.units, value: "imperial")])
    #expect(press(&state, .character("d")) == [.saveSetting(key: Setting.units, value: nil)])
    press(&state, .escape)
    #expect(state.overlays.isEmpty)
}

@Test func thePaintersScreenSearchesAddsAndRemovesAfterConfirmation() throws {
    var state = try campusState()
    #expect(press(&state, .character("p")) == [.painters(.list)])
    // With no painters yet the screen opens on the search prompt.
    _ = reduce(&state, .painters(.listed([])))
    let empty = try #require(state.topPainters)
    #expect(empty.prompt == "")
    for c in "Vermeer" { press(&state, .character(c)) }
    #expect(press(&state, .enter) == [.painters(.count("Vermeer"))])
    _ = reduce(&state, .painters(.counted(name: "Vermeer", total: 4)))
    #expect(press(&state, .enter) == [.painters(.add("Vermeer"))])
    _ = reduce(&state, .painters(.progress("Vermeer: 2 of 4 paintings")))
    let busy = try #require(state.topPainters)
    #expect(busy.busy == "Vermeer: 2 of 4 paintings")
    #expect(press(&state, .escape) == [.painters(.cancel)], "Esc stops a running fetch")
    _ = reduce(&state, .painters(.finished("added Vermeer: 3 paintings", [PainterSummary(name: "Vermeer", total: 4, stored: 3)])))
    // A later failure says why and keeps the list.
    _ = reduce(&state, .painters(.finished("stopped; nothing was saved", nil)))
    let kept = try #require(state.topPainters)
    #expect(kept.painters.map(\.name) == ["Vermeer"] && kept.message == "stopped; nothing was saved")
    // d asks first; n keeps; d then y removes.
    press(&state, .character("d"))
    #expect(press(&state, .character("n")).isEmpty)
    press(&state, .character("d"))
    #expect(press(&state, .character("y")) == [.painters(.remove("Vermeer"))])
    // Enter on a painter lists their paintings from the store; Enter opens one; t shows them in the table.
    _ = reduce(&state, .painters(.finished("", [PainterSummary(name: "Vermeer", total: 4, stored: 3)])))
    #expect(press(&state, .enter) == [.painters(.paintings("Vermeer"))])
    let listed = reduce(&state, .painters(.paintingsListed(name: "Vermeer", [painting("SK-1"), painting("SK-2")])))
    #expect(listed.contains(.loadPicture(artworkID: "SK-1")), "the first painting's picture is asked for")
    press(&state, .down)
    press(&state, .enter)
    let shown = try #require(state.topDetail, "Enter opens the painting's detail").artworkID
    #expect(shown == "SK-2")
    #expect(press(&state, .character("f")) == [.toggleFavourite(collection: "rijksmuseum", id: "SK-2")])
    press(&state, .escape)
    #expect(press(&state, .character("t")) == [.loadCollection("rijksmuseum")])
    _ = reduce(&state, .collectionLoaded("rijksmuseum", [painting("SK-1"), Artwork(id: "x", title: "Other", artist: "Someone",
                                                                                  coordinate: .ashtonBuilding, collection: "rijksmuseum")]))
    #expect(state.searchText == "Vermeer")
}

@Test func newsShowsABadgeUntilOpened() throws {
    var state = try campusState()
    _ = reduce(&state, .newsLoaded(NewsItem(text: "Late opening", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))))
    #expect(state.newsUnread)
    let effects = press(&state, .character("N"))
    #expect(!state.newsUnread)
    try #require(state.newsIsOnTop, "N opens the news")
    #expect(effects.contains { if case .saveSetting(key: AppState.newsLookedSetting, _) = $0 { return true } else { return false } })
}

@Test func oOpensTheWebPageOrSaysThereIsNone() throws {
    var state = try campusState()
    press(&state, .tab, .down)
    #expect(press(&state, .character("o")).isEmpty)
    #expect(state.lastMessage?.contains("has no web page") == true)
    var withPage = painting("SK-C-5")
    withPage.webPage = "https://www.rijksmuseum.nl/en/collection/SK-C-5"
    _ = reduce(&state, .favouritesLoaded([withPage]))
    press(&state, .character("F"))
    #expect(press(&state, .character("o")) == [.openWebPage("https://www.rijksmuseum.nl/en/collection/SK-C-5")])
}
