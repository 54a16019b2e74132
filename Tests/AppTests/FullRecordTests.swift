import Catalog
import Foundation
import TerminalTypes
import Testing
import TestSupport
@testable import App

/// The campus as the view reads it (`ArtworkFields.view`): no descriptions, types or dates, and location
/// notes only where there is no building name.
func campusAsTheViewHoldsIt() throws -> (state: AppState, full: [Artwork]) {
    let full = try ServiceRecordDecoder.decode(try seedArtworksData()).artworks
    let partial = full.map { artwork -> Artwork in
        var a = artwork
        a.information = ""
        a.type = ""
        a.lastModified = ""
        a.thumbnail = ""
        if a.building != nil { a.locationNotes = "" }
        return a
    }
    var state = AppState(artworks: partial)
    state.catalogueHoldsFullRecords = false
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    return (state, full)
}

@Test func openingADetailReadsTheFullRecordOnceAndKeepsIt() throws {
    var (state, full) = try campusAsTheViewHoldsIt()
    let effects = try openAbstract(&state)
    #expect(effects.contains(.loadFullRecords(collection: "campus", ids: ["40"])), "\(effects)")
    #expect(state.awaitsFullRecord(.campus("40")))
    #expect(state.detailedArtwork(.campus("40"))?.information == "")
    let record = try #require(full.first { $0.id == "40" })
    #expect(!record.information.isEmpty)
    _ = reduce(&state, .fullRecordsLoaded([record]))
    #expect(!state.awaitsFullRecord(.campus("40")))
    #expect(state.detailedArtwork(.campus("40"))?.information == record.information)
    // Back and open again: nothing more to read.
    state.perform(.back, context: .detail)
    #expect(!reduce(&state, .screen(.building(.open))).contains { if case .loadFullRecords = $0 { return true } else { return false } })
}

@Test func aRecordOfAnotherCollectionWithTheSameIdStaysItsOwnAndTheKeptOnesAreBounded() throws {
    var (state, full) = try campusAsTheViewHoldsIt()
    var stranger = full[0]
    stranger.collection = "helsinki"
    stranger.information = "a Helsinki description"
    _ = reduce(&state, .fullRecordsLoaded([stranger]))
    // Kept by (collection, id): the campus artwork with the same id is not shown with Helsinki's text.
    #expect(state.detailedArtwork(full[0].key)?.information != "a Helsinki description")
    #expect(state.awaitsFullRecord(full[0].key), "the campus record is still to be read")
    #expect(state.fullRecords[stranger.key]?.information == "a Helsinki description")
    let many = (0..<AppState.fullRecordLimit).map { i -> Artwork in
        var a = full[0]
        a.id = "many-\(i)"
        return a
    }
    _ = reduce(&state, .fullRecordsLoaded(many))
    #expect(state.fullRecords.count == AppState.fullRecordLimit)
    _ = reduce(&state, .fullRecordsLoaded([full[1]]))
    #expect(state.fullRecords.count == 1, "past the limit the kept records start again")
    // A new catalogue (another collection, or after a sync) forgets them.
    _ = reduce(&state, .catalogueReloaded(state.artworks))
    #expect(state.fullRecords.isEmpty)
}

@Test func aCatalogueReadWholeNeverAsks() throws {
    var state = try campusState()
    let effects = try openAbstract(&state)
    #expect(!effects.contains { if case .loadFullRecords = $0 { return true } else { return false } })
    #expect(!state.awaitsFullRecord(.campus("40")))
}

@Test func theSameIdInTwoCollectionsIsTwoArtworks() throws {
    var state = try campusState()
    let campus = try #require(state.artworks.first)
    var twin = campus
    twin.collection = "helsinki"
    twin.title = "A Helsinki twin"
    _ = reduce(&state, .favouritesLoaded([twin]))
    #expect(state.isFavourite(twin) && !state.isFavourite(campus), "the heart is on the Helsinki artwork only")
    #expect(state.anyArtwork(campus.key)?.title == campus.title)
    #expect(state.anyArtwork(twin.key)?.title == "A Helsinki twin")
}
