import Catalog
import Foundation
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import App

private func painting(_ id: String, title: String = "Painting") -> Artwork {
    Artwork(id: id, title: title, artist: "Rembrandt van Rijn", coordinate: Coordinate(clampingLatitude: 52.36, longitude: 4.8852),
            building: "Rijksmuseum", imageFileName: "https://iiif.example/\(id)/full/max/0/default.jpg", collection: "rijksmuseum")
}

/// The campus artworks the seed holds, with images.
private func campusWithImages(_ state: AppState) -> [Artwork] {
    state.artworks.filter { !$0.imageFileName.isEmpty }
}

@Test func atIntervalZeroTheNightWatchFromTheStoreIsShownNotACampusPicture() throws {
    var state = try campusState()
    state.slideshowInterval = 0
    // The shown collection is the campus: the state alone cannot know the store has the Night Watch.
    #expect(press(&state, .character("S")) == [.findSlideshowPictures])
    let campus = campusWithImages(state)
    let effects = reduce(&state, .slideshowPicturesFound(SlideshowPictures(nightWatch: painting(nightWatchID, title: "The Night Watch"),
                                                                           cached: Array(campus.prefix(2)))))
    let show = try #require(state.topSlideshow, "the show opens on the Night Watch")
    #expect(show.ids == [nightWatchID])
    #expect(show.origin == "the Night Watch (interval 0)")
    #expect(effects.contains(.loadPicture(artworkID: nightWatchID)))
    #expect(state.anyArtwork(id: nightWatchID)?.title == "The Night Watch", "its title is found for the status line")
}

@Test func atIntervalZeroWithoutTheNightWatchTheStatusLineSaysHowToGetIt() throws {
    var state = try campusState()
    state.slideshowInterval = 0
    _ = reduce(&state, .favouritesLoaded([painting("SK-A-1")]))
    #expect(press(&state, .character("S")) == [.findSlideshowPictures])
    let effects = reduce(&state, .slideshowPicturesFound(SlideshowPictures(nightWatch: nil, cached: campusWithImages(state))))
    #expect(effects.isEmpty)
    #expect(state.overlays.isEmpty, "no other picture stands in for the Night Watch")
    #expect(state.lastMessage == "interval 0 shows only Rembrandt's Night Watch, which is not in the store: press p and add Rembrandt van Rijn")
}

@Test func withoutFavouritesThePresetPicturesAreCachedOnesPaintingsFirst() throws {
    var state = try campusState()
    state.slideshowInterval = 8
    #expect(press(&state, .character("S")) == [.findSlideshowPictures])
    let campus = campusWithImages(state)
    try #require(campus.count >= 3)
    // What the store reports as cached: two campus pictures and one painting; nothing else is shown.
    let cached = [campus[2], painting("SK-A-4"), campus[0]]
    _ = reduce(&state, .slideshowPicturesFound(SlideshowPictures(nightWatch: nil, cached: cached)))
    let show = try #require(state.topSlideshow, "the show opens on the cached pictures")
    #expect(show.ids == ["SK-A-4", campus[2].id, campus[0].id])
    #expect(show.origin == "3 cached pictures (no favourites yet)")
}

@Test func withNothingCachedAndNoFavouritesTheSlideshowSaysWhatToDo() throws {
    var state = try campusState()
    state.slideshowInterval = 8
    #expect(press(&state, .character("S")) == [.findSlideshowPictures])
    _ = reduce(&state, .slideshowPicturesFound(SlideshowPictures(nightWatch: nil, cached: [])))
    #expect(state.overlays.isEmpty)
    #expect(state.lastMessage == "nothing to show: heart artworks with f, or sync to fetch images")
}

/// Issue 16, item 13: favourites re-read from the store (another process removed some) shrink an open F list.
@Test func favouritesReadAgainShrinkAnOpenList() throws {
    var state = try campusState()
    let a = painting("SK-A-1"), b = painting("SK-A-2"), c = painting("SK-A-3")
    _ = reduce(&state, .favouritesLoaded([a, b, c]))
    press(&state, .character("F"), .down, .down)
    _ = reduce(&state, .favouritesLoaded([a]))
    let selected = try #require(state.topFavouritesSelection, "the list stays open")
    #expect(selected == 0)
    #expect(!state.isFavourite(c))
    _ = reduce(&state, .favouritesLoaded([]))
    #expect(state.overlays.isEmpty)
    #expect(state.lastMessage == "no favourites left: they were removed elsewhere")
}
