import Testing
import TestSupport
@testable import App

@Test func theBuildingListMovesAsksForEachSelectedPictureAndOpensTheDetail() throws {
    let state = try campusState()
    let ee = try #require(state.main.ranked.first { $0.name == "Electrical Engineering Building" })
    var list = BuildingListState(key: ee.building.key)
    #expect(BuildingListFeature.reduce(&list, .move(.down), state).delegates == [.wantPicture(ee.artworks[1].artwork.key)])
    #expect(list.selected == 1)
    BuildingListFeature.reduce(&list, .move(.bottom), state)
    #expect(list.selected == 8)
    BuildingListFeature.reduce(&list, .move(.down), state)
    #expect(list.selected == 8, "the last artwork stays selected")
    #expect(BuildingListFeature.reduce(&list, .open, state).delegates == [.openDetail(ee.artworks[8].artwork.key)])
    // A building no longer in the catalogue: nothing to select or open.
    var gone = BuildingListState(key: "no such building")
    #expect(BuildingListFeature.reduce(&gone, .open, state) == .none)
}
