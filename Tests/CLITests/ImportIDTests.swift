import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// The ids `list --json` shows for a collection, in order.
private func storedIDs(_ collection: String, home: URL) async throws -> [String] {
    let list = await runArtmap(["list", "--collection", collection, "--json"], home: home)
    let top = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [String: Any], "\(list.err)")
    let buildings = try #require(top["buildings"] as? [[String: Any]])
    return buildings.flatMap { ($0["artworks"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }.sorted()
}

/// Issue 43, item 6: a CSV row without an id is not made `record/N` over a row whose id is `record/N`, and two
/// rows sharing an id are both kept and named.
@Test func csvMadeUpIDsNeverTakeGivenOnesAndRepeatedIDsAreKept() async throws {
    let home = try temporaryDirectory("csv-ids")
    let file = home.appendingPathComponent("art.csv")
    try """
        id,title,latitude,longitude
        record/2,Given,51.5001,-0.1201
        ,Unnamed,51.5002,-0.1202
        X,First X,51.5003,-0.1203
        X,Second X,51.5004,-0.1204
        """.write(to: file, atomically: true, encoding: .utf8)
    let result = await runArtmap(["import", file.path], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("4 artworks (4 new, 0 changed, 0 removed)"), "\(result.out)")
    #expect(result.err.contains("note: CSV lines 4 and 5 share id 'X': kept both, as 'X' and 'X#2'"), "\(result.err)")
    #expect(try await storedIDs("art", home: home) == ["X", "X#2", "record/2", "record/2#2"])
}

/// GeoJSON: `feature/N` is never made over a record whose id is `feature/N`; a repeated id is kept as `X#2`.
@Test func geoJSONMadeUpIDsNeverTakeGivenOnes() async throws {
    let home = try temporaryDirectory("geojson-ids")
    let file = home.appendingPathComponent("art.geojson")
    func point(_ id: String?, _ title: String, _ lon: Double) -> String {
        let idMember = id.map { "\"id\":\"\($0)\"," } ?? ""
        return "{\"type\":\"Feature\",\(idMember)\"properties\":{\"title\":\"\(title)\"},\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),51.5]}}"
    }
    try "{\"type\":\"FeatureCollection\",\"features\":[\(point("feature/2", "Given", -0.121)),\(point(nil, "Unnamed", -0.122)),\(point("Y", "One", -0.123)),\(point("Y", "Two", -0.124))]}"
        .write(to: file, atomically: true, encoding: .utf8)
    let result = await runArtmap(["import", file.path], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("4 artworks (4 new, 0 changed, 0 removed)"), "\(result.out)")
    #expect(result.err.contains("note: features 3 and 4 share id 'Y': kept both, as 'Y' and 'Y#2'"), "\(result.err)")
    #expect(try await storedIDs("art", home: home) == ["Y", "Y#2", "feature/2", "feature/2#2"])
}

/// GPX: repeated `artmap:id`s and a `wpt/N` given by another waypoint; the summary counts what was stored.
@Test func gpxRepeatedAndMadeUpIDsAreAllKept() async throws {
    let home = try temporaryDirectory("gpx-ids")
    let file = home.appendingPathComponent("walk.gpx")
    try """
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:artmap="urn:artmap:gpx-extensions:1">
          <wpt lat="51.5001" lon="-0.1201"><name>Given</name><extensions><artmap:id>wpt/2</artmap:id></extensions></wpt>
          <wpt lat="51.5002" lon="-0.1202"><name>Unnamed</name></wpt>
          <wpt lat="51.5003" lon="-0.1203"><name>One</name><extensions><artmap:id>node/7</artmap:id></extensions></wpt>
          <wpt lat="51.5004" lon="-0.1204"><name>Two</name><extensions><artmap:id>node/7</artmap:id></extensions></wpt>
        </gpx>
        """.write(to: file, atomically: true, encoding: .utf8)
    let result = await runArtmap(["import", file.path], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("4 artworks (4 new, 0 changed, 0 removed)"), "\(result.out)")
    #expect(result.err.contains("note: waypoints 3 and 4 share id 'node/7': kept both, as 'node/7' and 'node/7#2'"), "\(result.err)")
    #expect(try await storedIDs("walk", home: home) == ["node/7", "node/7#2", "wpt/2", "wpt/2#2"])
}

/// Favourites of two collections that share an id, exported to GPX and imported back, are both there.
@Test func favouritesSharingAnIDSurviveAGPXRoundTrip() async throws {
    let home = try temporaryDirectory("gpx-favourites-ids")
    for (name, title, lon) in [("north", "North Hare", -0.1201), ("south", "South Gull", -0.1301)] {
        let file = home.appendingPathComponent("\(name).csv")
        try "id,title,latitude,longitude\na1,\(title),51.5,\(lon)\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(await runArtmap(["import", file.path], home: home).status == 0)
        let added = await runArtmap(["favourites", "add", "a1", "--collection", name], home: home)
        #expect(added.status == 0, "\(added.err)")
    }
    let export = await runArtmap(["export", "--favourites", "--format", "gpx"], home: home)
    #expect(export.status == 0, "\(export.err)")
    let file = home.appendingPathComponent("favourites.gpx")
    try export.out.write(to: file, atomically: true, encoding: .utf8)
    let result = await runArtmap(["import", file.path], home: home)
    #expect(result.out.contains("2 artworks (2 new, 0 changed, 0 removed)"), "\(result.out)\(result.err)")
    let list = await runArtmap(["list", "--collection", "favourites", "--json"], home: home)
    #expect(list.out.contains("North Hare") && list.out.contains("South Gull"), "\(list.out)")
}
