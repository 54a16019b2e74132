import Foundation
import TestSupport
import Testing
@testable import ArtmapCLI

struct ListJSON: Decodable {
    struct Point: Decodable { let latitude: Double; let longitude: Double }
    struct Work: Decodable {
        let id, title, artist, year: String
        let latitude, longitude, distance_m, bearing_deg: Double
    }
    struct Building: Decodable {
        let name: String
        let latitude, longitude, distance_m, bearing_deg: Double
        let artworks: [Work]
    }
    let reference: Point
    let buildings: [Building]
}

@Test func listJSONHasTheDocumentedShapeAnd31Artworks() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["list", "--json"], home: home)
    #expect(result.status == 0, "\(result.err)")
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(result.out.utf8))
    #expect(list.reference.latitude == 53.406566)
    #expect(list.buildings.reduce(0) { $0 + $1.artworks.count } == 31)
    let first = try #require(list.buildings.first)
    #expect(first.name == "Ashton Building")
    #expect(abs(first.distance_m - 21.8) < 0.5)
    #expect(first.bearing_deg > 67.5 && first.bearing_deg < 112.5)
    #expect(list.buildings.first { $0.name == "Electrical Engineering Building" }?.artworks.count == 9)
    // Keys appear in the documented order.
    #expect(result.out.hasPrefix(#"{"reference":{"latitude":53.406566,"longitude":-2.966531},"buildings":[{"name":"Ashton Building","latitude":"#))
    #expect(result.out.contains(#""artworks":[{"id":"46","title":"Figures","artist":"William Birnie Rhind","year":"1912-1914","latitude":53.406561"#))
}

@Test func listTextShowsBuildingsThenArtworks() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["list"], home: home)
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "31 artworks in 13 buildings near 53.406566,-2.966531")
    #expect(lines[2] == "Ashton Building — 1 artwork, 22 m E →")
    #expect(lines[3] == "    Figures · William Birnie Rhind · 1912-1914  [46]", "issue 23, item 11: the id is shown")
    #expect(lines.contains("Electrical Engineering Building — 9 artworks, 58 m SE ↘"))
}

@Test func radiusAndNearestFilter() async throws {
    let home = try temporaryDirectory()
    let near = await runArtmap(["list", "--json", "--radius", "50"], home: home)
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(near.out.utf8))
    #expect(!list.buildings.isEmpty)
    #expect(list.buildings.allSatisfy { $0.distance_m <= 50 })
    let all = try JSONDecoder().decode(ListJSON.self, from: Data(await runArtmap(["list", "--json"], home: home).out.utf8))
    #expect(list.buildings.count == all.buildings.filter { $0.distance_m <= 50 }.count)
    let two = try JSONDecoder().decode(ListJSON.self, from: Data(await runArtmap(["list", "--json", "--nearest", "2"], home: home).out.utf8))
    #expect(two.buildings.map(\.name) == Array(all.buildings.prefix(2)).map(\.name))
    let text = await runArtmap(["list", "--nearest", "2"], home: home)
    #expect(text.out.hasPrefix("3 artworks in 2 buildings near 53.406566,-2.966531 (11 more further away)"))
}

@Test func anotherReferencePointReorders() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["list", "--json", "--at", "53.403219, -2.965829"], home: home)
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(result.out.utf8))
    #expect(list.buildings.first?.name == "Abercromby Square")
    #expect(list.buildings.first?.distance_m == 0)
}

@Test(arguments: [
    (["list", "--bogus"], "unknown option --bogus"),
    (["list", "--at"], "option --at needs a value"),
    (["list", "--at", "53.4"], "option --at"),
    (["list", "--at", "95,0"], "latitude 95"),
    (["list", "--radius", "-3"], "option --radius"),
    (["list", "--radius", "far"], "option --radius"),
    (["list", "--nearest", "0"], "option --nearest"),
    (["list", "--json=yes"], "option --json takes no value"),
    (["list", "extra"], "unexpected argument 'extra'"),
    (["frobnicate"], "unknown command 'frobnicate'"),
])
func badArgumentsExitTwoWithOneLineNamingTheProblem(arguments: [String], expected: String) async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(arguments, home: home)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    let lines = result.err.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(expected) == true, "\(result.err)")
    #expect(lines.last?.hasPrefix("Try 'artmap") == true)
}

@Test func unknownCollectionIsAnError() async throws {
    let result = await runArtmap(["list", "--collection", "nope"], home: try temporaryDirectory())
    #expect(result.status == 1)
    #expect(result.err.contains("no collection named 'nope' (have: campus)"))
}

@Test func helpAndVersion() async throws {
    let home = try temporaryDirectory()
    let help = await runArtmap(["--help"], home: home)
    #expect(help.status == 0)
    #expect(help.out.contains("Usage: artmap"))
    #expect(await runArtmap(["list", "--help"], home: home).out.contains("--nearest K"))
    #expect(await runArtmap(["--version"], home: home).out == "artmap \(Artmap.version)\n")
}

@Test func storeOptionAndDefaultLocation() async throws {
    let home = try temporaryDirectory()
    let custom = home.appendingPathComponent("elsewhere/my.sqlite")
    #expect(await runArtmap(["list", "--store", custom.path], home: home).status == 0)
    #expect(FileManager.default.fileExists(atPath: custom.path))
    #expect(await runArtmap(["list"], home: home).status == 0)
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("data/artmap/artmap.sqlite").path))
}

@Test func theBinaryFindsItsResourcesFromAnyFolder() async throws {
    let home = try temporaryDirectory()
    let result = try runBinary(["list", "--json"], environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.err)")
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(result.out.utf8))
    #expect(list.buildings.reduce(0) { $0 + $1.artworks.count } == 31)
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/artmap/artmap.sqlite").path))
}
