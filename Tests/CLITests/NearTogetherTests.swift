import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 29, item 3: what is near, whatever holds it. Two collections beside the campus, sharing one OpenStreetMap
/// element (an import and a fetch of the same place): `list` shows every collection's art near the point, that
/// element once, and names each artwork's collection; `--collection` narrows to one.
private func record(_ id: String, _ title: String, lat: String) -> String {
    """
    {"id":"\(id)","title":"\(title)","artist":"A. Maker","yearOfWork":"1999","Information":"","lat":"\(lat)","long":"-2.9660",
     "locationNotes":"Quay","fileName":"","lastModified":"2020-01-01 00:00:00","location":"Quay","enabled":"1"}
    """
}

func homeWithTwoCollectionsBesideTheCampus(_ name: String) async throws -> URL {
    let home = try temporaryDirectory(name)
    let harbour = home.appendingPathComponent("harbour.json")
    try "{\"artworks\":[\(record("node/7001", "Anchor", lat: "53.4060")),\(record("harbour-2", "Rope Bench", lat: "53.4061"))]}"
        .write(to: harbour, atomically: true, encoding: .utf8)
    let quay = home.appendingPathComponent("quay.json")
    try "{\"artworks\":[\(record("node/7001", "Anchor, as fetched", lat: "53.4060")),\(record("quay-3", "Tide Gauge", lat: "53.4062"))]}"
        .write(to: quay, atomically: true, encoding: .utf8)
    for file in [harbour, quay] {
        let imported = await runArtmap(["import", file.path], home: home)
        #expect(imported.status == 0, "\(imported.out)\(imported.err)")
    }
    return home
}

@Test func everyCollectionNearThePointIsListedTogetherEachElementOnce() async throws {
    let home = try await homeWithTwoCollectionsBesideTheCampus("near-together")
    let list = await runArtmap(["list"], home: home)
    #expect(list.status == 0, "\(list.err)")
    // 31 campus artworks, the harbour's 2 and the quay's Tide Gauge: the shared element once, from the first imported.
    #expect(list.out.hasPrefix("34 artworks"), "\(list.out)")
    #expect(list.out.contains("Anchor · A. Maker · 1999  [node/7001 in harbour]"), "\(list.out)")
    #expect(!list.out.contains("Anchor, as fetched"), "the same element is shown once: \(list.out)")
    #expect(list.out.contains("[quay-3 in quay]") && list.out.contains("[40 in campus]"), "\(list.out)")
    let json = await runArtmap(["list", "--json"], home: home)
    #expect(json.out.contains("\"id\":\"quay-3\"") && json.out.contains("\"collection\":\"quay\""), "\(json.out.prefix(400))")

    // One collection asked for: only its own, ids without a collection.
    let quay = await runArtmap(["list", "--collection", "Quay"], home: home)
    #expect(quay.out.hasPrefix("2 artworks") && quay.out.contains("Anchor, as fetched · A. Maker · 1999  [node/7001]"), "\(quay.out)")
}

@Test func atAPointWithNothingNearTheListSaysHowFarTheNearestArtIs() async throws {
    let home = try temporaryDirectory("nothing-near")
    let list = await runArtmap(["list", "--at", "60.17,24.944"], home: home)
    #expect(list.status == 0, "\(list.err)")
    let last = try #require(list.out.split(separator: "\n").last.map(String.init))
    #expect(last.hasPrefix("nothing within 25 km of here: the nearest art shown is ") && last.hasSuffix(" km away"), "\(list.out.suffix(300))")
    // Near the campus, no such line.
    #expect(!(await runArtmap(["list"], home: home)).out.contains("nothing within"))
}
