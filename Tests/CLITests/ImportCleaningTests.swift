import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// The artworks `list --json` prints for a collection, by id.
private func listed(_ collection: String, home: URL) async throws -> (raw: String, byID: [String: [String: Any]]) {
    let list = await runArtmap(["list", "--collection", collection, "--json"], home: home)
    let top = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [String: Any], "\(list.err)")
    let buildings = try #require(top["buildings"] as? [[String: Any]])
    var byID: [String: [String: Any]] = [:]
    for building in buildings {
        for artwork in building["artworks"] as? [[String: Any]] ?? [] { byID[artwork["id"] as? String ?? ""] = artwork }
    }
    return (list.out, byID)
}

/// Issue 43, item 21: escape sequences, C1 controls and bidi overrides in a CSV file are cleaned as they enter the
/// store, so `list --json` (and export) never emit them.
@Test func csvTextIsCleanedWhenItEnters() async throws {
    let home = try temporaryDirectory("csv-clean")
    let file = home.appendingPathComponent("art.csv")
    try "id,title,artist,latitude,longitude\n\"a\u{1B}[2J1\",\"\u{1B}[31mRed\u{1B}[0m Hare\",\"Ann\u{9B}31m \u{202E}Lee\",53.4066,-2.9665\n"
        .write(to: file, atomically: true, encoding: .utf8)
    let imported = await runArtmap(["import", file.path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    let list = try await listed("art", home: home)
    #expect(!list.raw.contains("\\u001b") && !list.raw.contains("\u{1B}") && !list.raw.contains("\u{202E}") && !list.raw.contains("\u{9B}"), "\(list.raw)")
    let artwork = try #require(list.byID["a1"], "\(list.byID.keys)")
    #expect(artwork["title"] as? String == "Red Hare")
    #expect(artwork["artist"] as? String == "Ann Lee")
}

/// GeoJSON likewise, the description too.
@Test func geoJSONTextIsCleanedWhenItEnters() async throws {
    let home = try temporaryDirectory("geojson-clean")
    let file = home.appendingPathComponent("art.geojson")
    let properties: [String: Any] = ["id": "g1", "title": "\u{1B}]0;owned\u{7}Iron Gull", "description": "line one\u{1B}[1m\nline two\u{200B}"]
    let collection: [String: Any] = ["type": "FeatureCollection", "features": [
        ["type": "Feature", "properties": properties, "geometry": ["type": "Point", "coordinates": [-2.9665, 53.4066]]],
    ]]
    try JSONSerialization.data(withJSONObject: collection).write(to: file)
    let imported = await runArtmap(["import", file.path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    let list = try await listed("art", home: home)
    #expect(!list.raw.contains("\\u001b") && !list.raw.contains("\\u0007") && !list.raw.contains("owned"), "\(list.raw)")
    #expect(list.byID["g1"]?["title"] as? String == "Iron Gull")
    let geoJSON = await runArtmap(["export", "--format", "geojson", "--collection", "art"], home: home)
    #expect(geoJSON.out.contains("\"description\":\"line one line two\"") && !geoJSON.out.contains("u001b") && !geoJSON.out.contains("\u{200B}")
            && !geoJSON.out.contains("u200b"), "\(geoJSON.out)")
}
