import Catalog
import Foundation
import Geo
import Testing
import TerminalTypes
import TestSupport
@testable import App

/// Fetched OpenStreetMap artworks (collection `osm`) on screen, beside the campus, online or not.
private func fetchedState(online: Bool) throws -> AppState {
    let centre = try Coordinate(latitude: 43.7316, longitude: 7.4170)
    let artworks = (0..<3).map { i in
        Artwork(id: "node/\(i)", title: "Statue \(i)", artist: "", year: "", information: "",
                coordinate: (try? Coordinate(latitude: centre.latitude + Double(i) * 0.0005, longitude: centre.longitude)) ?? centre,
                locationNotes: "", imageFileName: "", collection: "osm")
    }
    var start = StartOptions(artworks: artworks)
    start.collection = "osm"
    start.collections = ["campus", "osm"]
    start.reference = centre
    start.sources = ["campus": .service(url: "", imageBase: ""), "osm": .openStreetMap]
    start.online = online
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 120, rows: 40)))
    return state
}

/// Issue 34, item 5: a fetched artwork's missing picture says why and offers `s`, which fetches the map in view
/// and its pictures — never "sync" (the campus) nor another command.
@Test func aFetchedArtworksMissingPictureSaysWhyAndOffersTheFetch() throws {
    let state = try fetchedState(online: true)
    let id = ArtworkKey(collection: "osm", id: "node/1")
    #expect(state.missingPictureText(id) == "image not downloaded yet — press s to fetch the map in view and its pictures")
    #expect(state.missingPictureText(id, failure: "commons.wikimedia.org: 404 Not Found")
        == "the last download of this picture failed: commons.wikimedia.org: 404 Not Found — press s to fetch the map in view and its pictures again")
    // A campus artwork (a favourite, say) keeps its own collection's action.
    #expect(state.missingPictureText(.campus("40"), failure: "timed out") == "the last download of this picture failed: timed out — s tries again")
}

@Test func offlineAFetchedArtworksMissingPictureNeverOffersS() throws {
    var state = try fetchedState(online: false)
    let id = ArtworkKey(collection: "osm", id: "node/1")
    #expect(state.missingPictureText(id) == "image not downloaded yet — offline (--offline): start artmap without --offline to download it")
    #expect(state.missingPictureText(id, failure: "timed out")
        == "the last download of this picture failed: timed out — offline (--offline): start artmap without --offline to try again")
    state.replaceStack([DetailState(artwork: id, scroll: 0)])
    _ = reduce(&state, .pictureUnavailable(id, .notCached))
    _ = reduce(&state, .imagesFailed([id: "timed out"]))
    _ = press(&state, .character("i"))
    #expect(state.lastMessage == "no picture to view: the last download of this picture failed: timed out — offline (--offline): start artmap without --offline to try again")
}
