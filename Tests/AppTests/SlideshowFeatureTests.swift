import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import App

private func key(_ id: String) -> ArtworkKey { ArtworkKey(collection: "rijksmuseum", id: id) }

private func painting(_ id: String, image: Bool = true) -> Artwork {
    Artwork(id: id, title: "Painting \(id)", artist: "Painter", coordinate: Coordinate(clampingLatitude: 52.36, longitude: 4.8852),
            building: "Rijksmuseum", imageFileName: image ? "https://iiif.example/\(id)/full/!1200,1200/0/default.jpg" : "",
            collection: "rijksmuseum")
}

@Test func theSlideshowAdvancesOnItsOwnTimerAndIgnoresStaleOnes() throws {
    var state = try campusState()
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting("B"), painting("C", image: false), painting("D")]))
    state.slideshowInterval = 5
    var show = try #require(SlideshowFeature.start(state).show, "the favourites make a show at once")
    #expect(show.ids == [key("A"), key("B"), key("D")], "favourites with images, in order")
    // The shown and the next picture are asked for at once, and a timer for this picture.
    let begun = SlideshowFeature.reduce(&show, .begin, state)
    #expect(begun.delegates == [.wantPicture(key("A")), .wantPicture(key("B"))])
    #expect(begun.effects == [.after(seconds: 5, .slideshow(.timer(generation: show.generation)))])
    let generation = show.generation
    SlideshowFeature.reduce(&show, .timer(generation: generation), state)
    #expect(show.currentID == key("B"))
    // A timer from before is ignored; stepping by hand resets the timer.
    #expect(SlideshowFeature.reduce(&show, .timer(generation: generation), state) == .none)
    #expect(show.currentID == key("B"))
    SlideshowFeature.reduce(&show, .step(-1), state)
    #expect(show.currentID == key("A"))
    // Paused: timers do nothing.
    #expect(SlideshowFeature.reduce(&show, .togglePause, state).delegates.first == .message("slideshow paused (space plays)"))
    SlideshowFeature.reduce(&show, .timer(generation: show.generation), state)
    #expect(show.paused && show.currentID == key("A"))
    // Through the root, the timer reaches the slideshow on top.
    state.perform(.opening(SlideshowState.self), context: .map)
    let onTop = try #require(state.topSlideshow)
    _ = reduce(&state, .answer(.slideshow(.timer(generation: onTop.generation)), to: try #require(state.overlays.last).id))
    #expect(state.topSlideshow?.currentID == key("B"))
}

@Test func atIntervalZeroTheSlideshowStaysOnTheNightWatch() throws {
    var state = try campusState()
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting(nightWatchKey.id)]))
    state.slideshowInterval = 0
    var show = try #require(SlideshowFeature.start(state).show, "a hearted Night Watch is shown at once")
    #expect(show.ids == [nightWatchKey])
    #expect(SlideshowFeature.reduce(&show, .begin, state).effects.isEmpty, "no timer")
    // Without the Night Watch among what the state holds, the store is asked.
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting("B")]))
    #expect(SlideshowFeature.start(state) == .askTheStore)
}

private func campusWithImages(_ state: AppState) -> [Artwork] {
    state.artworks.filter { !$0.imageFileName.isEmpty }
}

/// `S` when only the store knows what to show: the show opens empty, saying it looks, and asks the store for
/// itself (the effect carries its id, so the answer reaches it and no other).
private func openAskingTheStore(_ state: inout AppState) throws -> ScreenID {
    let effects = state.perform(.opening(SlideshowState.self), context: .map)
    let asking = try #require(state.overlays.last?.id)
    #expect(effects == [.findSlideshowPictures(screen: asking)])
    #expect(state.topSlideshow?.origin == SlideshowFeature.looking && state.topSlideshow?.ids == [])
    return asking
}

@Test func atIntervalZeroTheNightWatchFromTheStoreIsShownNotACampusPicture() throws {
    var state = try campusState()
    state.slideshowInterval = 0
    // The shown collection is the campus: the state alone cannot know the store has the Night Watch.
    let asking = try openAskingTheStore(&state)
    var nightWatch = painting(nightWatchKey.id)
    nightWatch.title = "The Night Watch"
    let effects = reduce(&state, .answer(.slideshow(.found(SlideshowPictures(nightWatch: nightWatch, cached: Array(campusWithImages(state).prefix(2))))), to: asking))
    let show = try #require(state.topSlideshow, "the show opens on the Night Watch")
    #expect(show.ids == [nightWatchKey])
    #expect(show.origin == "the Night Watch (interval 0)")
    #expect(effects.picturesAsked.contains(nightWatchKey))
    #expect(state.anyArtwork(nightWatchKey)?.title == "The Night Watch", "its title is found for the status line")
    #expect(state.lastMessage == nil)
    // An answer that comes while a show is on already changes nothing.
    #expect(reduce(&state, .answer(.slideshow(.found(SlideshowPictures(nightWatch: nil, cached: []))), to: asking)) == [])
    #expect(state.topSlideshow == show)
}

@Test func atIntervalZeroWithoutTheNightWatchTheStatusLineSaysHowToGetIt() throws {
    var state = try campusState()
    state.slideshowInterval = 0
    _ = reduce(&state, .favouritesLoaded([painting("SK-A-1")]))
    #expect(SlideshowFeature.start(state) == .askTheStore)
    let found = SlideshowPictures(nightWatch: nil, cached: campusWithImages(state))
    #expect(SlideshowFeature.start(state, found: found)
            == .nothing("interval 0 shows only Rembrandt's Night Watch, which is not in the store: press p and add Rembrandt van Rijn"),
            "no other picture stands in for the Night Watch")
    let asking = try openAskingTheStore(&state)
    #expect(reduce(&state, .answer(.slideshow(.found(found)), to: asking)).isEmpty)
    #expect(state.overlays.isEmpty, "the show that asked closes")
    #expect(state.lastMessage == "interval 0 shows only Rembrandt's Night Watch, which is not in the store: press p and add Rembrandt van Rijn")
}

@Test func withoutFavouritesThePresetPicturesAreCachedOnesPaintingsFirst() throws {
    var state = try campusState()
    state.slideshowInterval = 8
    #expect(SlideshowFeature.start(state) == .askTheStore)
    let campus = campusWithImages(state)
    try #require(campus.count >= 3)
    // What the store reports as cached: two campus pictures and one painting; nothing else is shown.
    let cached = [campus[2], painting("SK-A-4"), campus[0]]
    let show = try #require(SlideshowFeature.start(state, found: SlideshowPictures(nightWatch: nil, cached: cached)).show,
                            "the show opens on the cached pictures")
    #expect(show.ids == [key("SK-A-4"), campus[2].key, campus[0].key])
    #expect(show.origin == "3 cached pictures (no favourites yet)")
    #expect(Overlay.of(show).heldArtworks.map(\.id) == cached.map(\.id), "the show holds what the store found")
}

@Test func withNothingCachedAndNoFavouritesTheSlideshowSaysWhatToDo() throws {
    var state = try campusState()
    state.slideshowInterval = 8
    let asking = try openAskingTheStore(&state)
    _ = reduce(&state, .answer(.slideshow(.found(SlideshowPictures(nightWatch: nil, cached: []))), to: asking))
    #expect(state.overlays.isEmpty)
    #expect(state.lastMessage == "nothing to show: heart artworks with f, or sync to fetch images")
}

/// Issue 23, item 8: with favourites none of which has a picture, the slideshow says so, not "no favourites yet".
@Test func favouritesWithoutPicturesAreNotDenied() throws {
    var state = try campusState()
    state.slideshowInterval = 8
    let hearts = (1...50).map { Artwork(id: "H\($0)", title: "Heart \($0)", coordinate: Coordinate(clampingLatitude: 53.4, longitude: -2.97)) }
    state.setFavourites(hearts)
    #expect(SlideshowFeature.start(state) == .askTheStore)
    let campus = campusWithImages(state)
    let show = try #require(SlideshowFeature.start(state, found: SlideshowPictures(nightWatch: nil, cached: Array(campus.prefix(4)))).show)
    #expect(show.origin == "4 cached pictures (none of your 50 favourites has a picture yet)")
}
