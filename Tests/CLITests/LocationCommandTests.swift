import Foundation
import Geo
import Testing
import TestSupport
@testable import ArtmapCLI

struct WatchLine: Decodable {
    struct Nearest: Decodable { let name: String; let distance_m: Double }
    let time: String
    let latitude: Double
    let longitude: Double
    let source: String
    let nearest: Nearest
}

let campusWalk = repositoryRoot.appendingPathComponent("Resources/examples/campus-walk.gpx").path

@Test func watchJSONPrintsFixesAtLeast25MetresApartWhoseNearestBuildingChanges() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["watch", "--gpx", campusWalk, "--speed", "200", "--json"], home: home)
    #expect(result.status == 0, "\(result.err)")
    let lines = try result.out.split(separator: "\n").map { try JSONDecoder().decode(WatchLine.self, from: Data($0.utf8)) }
    #expect(lines.count > 10)
    #expect(lines.allSatisfy { $0.source == "gpx" })
    #expect(lines.first?.nearest.name == "Ashton Building")
    #expect(lines.last?.nearest.name == "Crown Place Halls")
    #expect(Set(lines.map(\.nearest.name)).count >= 4)
    for (a, b) in zip(lines, lines.dropFirst()) {
        let d = Geodesic.distance(from: Coordinate(clampingLatitude: a.latitude, longitude: a.longitude),
                                  to: Coordinate(clampingLatitude: b.latitude, longitude: b.longitude))
        #expect(d >= 24.99)
    }
}

@Test func watchTextAndFixedPoint() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["watch", "--at", "53.403219,-2.965829"], home: home)
    #expect(result.status == 0)
    #expect(result.out.hasSuffix(" 53.403219 -2.965829 fixed nearest Abercromby Square 0 m\n"), "\(result.out)")
    let bad = await runArtmap(["watch", "--gpx", "/nonexistent.gpx"], home: home)
    #expect(bad.status == 1)
    #expect(bad.err.contains("/nonexistent.gpx: cannot read the file"))
    #expect(await runArtmap(["watch", "--speed", "3"], home: home).status == 2)
}

@Test func listFromTheFirstPointOfAGPXFile() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["list", "--json", "--gpx", campusWalk], home: home)
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(result.out.utf8))
    #expect(list.reference.latitude == 53.406566)
}

@Test func importingTheLabPlistMakesACollectionListedByDistance() async throws {
    let home = try temporaryDirectory()
    let imported = await runArtmap(["import", repositoryRoot.appendingPathComponent("Resources/examples/coffee.plist").path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(imported.out == "imported 3 places into 'coffee': 3 new, 0 changed, 0 removed, 0 skipped\n")
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(await runArtmap(["list", "--collection", "coffee", "--json"], home: home).out.utf8))
    #expect(list.buildings.map(\.name) == ["Library café", "Guild coffee bar", "Square kiosk"])
    #expect(list.buildings.allSatisfy { $0.artworks.count == 1 && $0.artworks[0].artist.isEmpty })
    let campus = try JSONDecoder().decode(ListJSON.self, from: Data(await runArtmap(["list", "--collection", "campus", "--json"], home: home).out.utf8))
    #expect(campus.buildings.reduce(0) { $0 + $1.artworks.count } == 31, "the campus collection is untouched")
}

@Test func aBadPlistImportsNothing() async throws {
    let home = try temporaryDirectory()
    let file = home.appendingPathComponent("places.plist")
    try """
    <plist><array>
      <dict><key>name</key><string>Good</string><key>latitude</key><real>53.4</real><key>longitude</key><real>-2.9</real></dict>
      <dict><key>name</key><string>Bad</string><key>latitude</key><string>north</string><key>longitude</key><real>-2.9</real></dict>
    </array></plist>
    """.write(to: file, atomically: true, encoding: .utf8)
    let result = await runArtmap(["import", file.path], home: home)
    #expect(result.status == 1)
    #expect(result.err.contains("place 2 (Bad) needs numeric latitude and longitude; nothing was imported"))
    let list = await runArtmap(["list", "--collection", "places"], home: home)
    #expect(list.err.contains("no collection named 'places'"))
    try "not a plist".write(to: file, atomically: true, encoding: .utf8)
    #expect(await runArtmap(["import", file.path], home: home).err.contains("not a readable property list"))
}
