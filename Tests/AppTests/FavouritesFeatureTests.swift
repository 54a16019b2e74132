import Catalog
import Geo
import Testing
import TestSupport
@testable import App

private func favourite(_ id: String, collection: String = "rijksmuseum") -> Artwork {
    Artwork(id: id, title: "Painting \(id)", coordinate: Coordinate(clampingLatitude: 52.36, longitude: 4.8852),
            imageFileName: "\(id).jpg", collection: collection)
}

@Test func theFavouritesListMovesAsksForEachPictureAndOpensTheDetail() throws {
    var state = try campusState()
    _ = reduce(&state, .favouritesLoaded([favourite("A"), favourite("B"), favourite("C")]))
    var list = FavouritesState()
    #expect(FavouritesFeature.reduce(&list, .move(1), state).delegates == [.wantPicture(ArtworkKey(collection: "rijksmuseum", id: "B"))])
    FavouritesFeature.reduce(&list, .move(5), state)
    #expect(list.selected == 2, "stops at the last")
    #expect(FavouritesFeature.reduce(&list, .openSelected, state).delegates == [.openDetail(ArtworkKey(collection: "rijksmuseum", id: "C"))])
    // The root opens the list only when there is something in it.
    var empty = try campusState()
    #expect(empty.perform(.opening(FavouritesState.self), context: .map) == [])
    #expect(empty.overlays.isEmpty && empty.lastMessage == "no favourites yet: f on an artwork hearts it")
    let opened = state.perform(.opening(FavouritesState.self), context: .map)
    #expect(opened.count == 1 && opened.picturesAsked == [ArtworkKey(collection: "rijksmuseum", id: "A")])
    #expect(state.overlays.count == 1 && state.top(FavouritesState.self) == FavouritesState())
}

/// Issue 16, item 13: favourites re-read from the store (another process removed some) shrink an open F list.
@Test func favouritesReadAgainShrinkAnOpenList() throws {
    var state = try campusState()
    let a = favourite("SK-A-1"), b = favourite("SK-A-2"), c = favourite("SK-A-3")
    _ = reduce(&state, .favouritesLoaded([a, b, c]))
    var list = FavouritesState(selected: 2)
    _ = reduce(&state, .favouritesLoaded([a]))
    #expect(FavouritesFeature.reduce(&list, .listChanged, state) == .none)
    #expect(list.selected == 0)
    #expect(!state.isFavourite(c))
    _ = reduce(&state, .favouritesLoaded([]))
    #expect(FavouritesFeature.reduce(&list, .listChanged, state).delegates == [.close, .message("no favourites left: they were removed elsewhere")])
    // Through the root, with the list on top.
    _ = reduce(&state, .favouritesLoaded([a, b, c]))
    state.perform(.opening(FavouritesState.self), context: .map)
    _ = reduce(&state, .screen(.favourites(.move(2))))
    _ = reduce(&state, .favouritesLoaded([a]))
    #expect(try #require(state.topFavouritesSelection, "the list stays open") == 0)
    _ = reduce(&state, .favouritesLoaded([]))
    #expect(state.overlays.isEmpty)
    #expect(state.lastMessage == "no favourites left: they were removed elsewhere")
}
