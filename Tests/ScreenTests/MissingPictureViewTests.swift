@testable import App
import Catalog
import Cells
import Geo
@testable import Screen
import Foundation
import Testing
import TerminalTypes
import TestSupport

/// The detail of a fetched OpenStreetMap artwork whose picture is missing (issue 34, item 5).
private func fetchedDetail(online: Bool, failure: String? = nil, problem: PictureProblem = .notCached) throws -> [String] {
    let centre = try Coordinate(latitude: 43.7316, longitude: 7.4170)
    let artwork = Artwork(id: "node/7", title: "Statue of a Prince", artist: "", year: "", information: "",
                          coordinate: centre, locationNotes: "", imageFileName: "https://upload.wikimedia.org/prince.jpg", collection: "osm")
    var start = StartOptions(artworks: [artwork])
    start.collection = "osm"
    start.collections = ["campus", "osm"]
    start.reference = centre
    start.sources = ["campus": .service(url: "", imageBase: ""), "osm": .openStreetMap]
    start.online = online
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 45)))
    let id = ArtworkKey(collection: "osm", id: "node/7")
    state.replaceStack([DetailState(artwork: id, scroll: 0)])
    _ = reduce(&state, .pictureUnavailable(id, problem))
    if let failure { _ = reduce(&state, .imagesFailed([id: failure])) }
    return MainView.render(state).trimmedLines
}

/// The placeholder's words, joined across the lines the box wrapped them to.
private func placeholderText(_ lines: [String]) -> String {
    lines.map { $0.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        .joined(separator: " ").split(separator: " ").joined(separator: " ")
}

@Test func aFetchedArtworksDetailSaysThePictureIsNotDownloadedAndThatSFetchesIt() throws {
    let text = placeholderText(try fetchedDetail(online: true))
    #expect(text.contains("image not downloaded yet — press s to fetch the map in view and its pictures"), "\(text)")
    #expect(!text.contains("sync"))
    #expect(!text.contains("artmap fetch"))
}

@Test func aFetchedArtworksDetailSaysWhyTheLastDownloadFailed() throws {
    let text = placeholderText(try fetchedDetail(online: true, failure: "File:Prince.svg is not a picture"))
    #expect(text.contains("the last download of this picture failed: File:Prince.svg is not a picture — press s to fetch the map in view and its pictures again"), "\(text)")
    #expect(!text.contains("o opens"))
}

@Test func offlineTheFetchedArtworksDetailNeverOffersS() throws {
    let text = placeholderText(try fetchedDetail(online: false))
    #expect(text.contains("image not downloaded yet — offline (--offline): start artmap without --offline to download it"), "\(text)")
    #expect(!text.contains("press s"))
}

@Test func aFetchedArtworkWhoseSourceHasNoPictureSaysWhyAndWhatAsksAgain() throws {
    let why = "the Wikidata item Q11879927 has no image (P18)"
    let online = placeholderText(try fetchedDetail(online: true, problem: .noneAtSource(why)))
    #expect(online.contains("no picture: the Wikidata item Q11879927 has no image (P18) — s asks Wikidata and Commons again"), "\(online)")
    #expect(!online.contains("not downloaded yet") && !online.contains("sync"))
    let offline = placeholderText(try fetchedDetail(online: false, problem: .noneAtSource(why)))
    #expect(offline.contains("no picture: the Wikidata item Q11879927 has no image (P18) — offline (--offline): artmap fetch --pictures asks again"), "\(offline)")
}
