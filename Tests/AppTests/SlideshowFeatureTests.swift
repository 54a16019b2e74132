import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import App

private func painting(_ id: String, image: Bool = true) -> Artwork {
    Artwork(id: id, title: "Painting \(id)", artist: "Painter", coordinate: Coordinate(clampingLatitude: 52.36, longitude: 4.8852),
            building: "Rijksmuseum", imageFileName: image ? "https://iiif.example/\(id)/full/!1200,1200/0/default.jpg" : "",
            collection: "rijksmuseum")
}

@Test func theSlideshowAdvancesOnItsOwnTimerAndIgnoresStaleOnes() throws {
    var state = try campusState()
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting("B"), painting("C", image: false), painting("D")]))
    state.slideshowInterval = 5
    var show = try #require(SlideshowFeature.start(state))
    #expect(show.ids == ["A", "B", "D"], "favourites with images, in order")
    // The shown and the next picture are asked for at once, and a timer for this picture.
    let begun = SlideshowFeature.reduce(&show, .begin, state)
    #expect(begun.delegates == [.wantPicture("A"), .wantPicture("B")])
    #expect(begun.effects == [.slideshowTimer(seconds: 5, generation: show.generation)])
    let generation = show.generation
    SlideshowFeature.reduce(&show, .timer(generation: generation), state)
    #expect(show.currentID == "B")
    // A timer from before is ignored; stepping by hand resets the timer.
    #expect(SlideshowFeature.reduce(&show, .timer(generation: generation), state) == .none)
    #expect(show.currentID == "B")
    SlideshowFeature.reduce(&show, .step(-1), state)
    #expect(show.currentID == "A")
    // Paused: timers do nothing.
    #expect(SlideshowFeature.reduce(&show, .togglePause, state).delegates.first == .message("slideshow paused (space resumes)"))
    SlideshowFeature.reduce(&show, .timer(generation: show.generation), state)
    #expect(show.paused && show.currentID == "A")
    // Through the root, the timer reaches the slideshow on top.
    state.perform(.startSlideshow, context: .map)
    let onTop = try #require(state.topSlideshow)
    _ = reduce(&state, .slideshowTimer(generation: onTop.generation))
    #expect(state.topSlideshow?.currentID == "B")
}

@Test func atIntervalZeroTheSlideshowStaysOnTheNightWatch() throws {
    var state = try campusState()
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting(nightWatchID)]))
    state.slideshowInterval = 0
    var show = try #require(SlideshowFeature.start(state))
    #expect(show.ids == [nightWatchID])
    #expect(SlideshowFeature.reduce(&show, .begin, state).effects.isEmpty, "no timer")
    // Without the Night Watch, the first favourite.
    _ = reduce(&state, .favouritesLoaded([painting("A"), painting("B")]))
    #expect(SlideshowFeature.start(state)?.ids == ["A"])
}

@Test func withNothingToShowTheSlideshowSaysWhy() throws {
    var artworks = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    for index in artworks.indices { artworks[index].imageFileName = "" }
    var state = AppState(artworks: artworks)
    #expect(SlideshowFeature.start(state) == nil)
    #expect(state.perform(.startSlideshow, context: .map) == [])
    #expect(state.lastMessage == SlideshowFeature.nothingToShow && state.overlays.isEmpty)
}
