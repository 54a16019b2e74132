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
    #expect(FavouritesFeature.reduce(&list, .move(1), state).delegates == [.wantPicture("B")])
    FavouritesFeature.reduce(&list, .move(5), state)
    #expect(list.selected == 2, "stops at the last")
    #expect(FavouritesFeature.reduce(&list, .openSelected, state).delegates == [.openDetail("C")])
    // The root opens the list only when there is something in it.
    var empty = try campusState()
    #expect(empty.perform(.openFavourites, context: .map) == [])
    #expect(empty.overlays.isEmpty && empty.lastMessage == "no favourites yet: f on an artwork hearts it")
    #expect(state.perform(.openFavourites, context: .map) == [.loadPicture(artworkID: "A")])
    #expect(state.overlays == [.favourites(FavouritesState())])
}
