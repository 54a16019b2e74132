import Cartography
import Foundation
import Geo
import Testing
import TestSupport

// The world base layer shipped in Resources/world (Natural Earth), and how a damaged file is refused.

private let worldDirectory = repositoryRoot.appendingPathComponent("Resources/world")

@Test func theShippedWorldLayersHoldCoastsCountriesAndPlacesByRank() throws {
    let coarse = try WorldLayerFile.read(worldDirectory.appendingPathComponent("world-110m.txt"))
    #expect(coarse.scale == "110m")
    #expect(coarse.lineCount > 250)
    #expect(coarse.countries.count > 150)
    #expect(coarse.countries.first?.name == "China")
    let helsinki = try #require(coarse.places.first { $0.name == "Helsinki" })
    #expect(abs(helsinki.coordinate.latitude - 60.17) < 0.05 && abs(helsinki.coordinate.longitude - 24.93) < 0.05)
    #expect(coarse.places.map(\.rank) == coarse.places.map(\.rank).sorted())
    let detail = try WorldLayerFile.read(worldDirectory.appendingPathComponent("world-10m.txt"))
    #expect(detail.scale == "10m")
    #expect(detail.pointCount > 10 * coarse.pointCount)
    // Natural Earth's 25 great lakes at 1:110m, its 1:50m lakes in the detailed layer; a point in Lake Ladoga or Lake
    // Superior is water, the shore's land is land.
    #expect(coarse.lakeCount == 25 && detail.lakeCount > 300, "\(coarse.lakeCount) and \(detail.lakeCount) lakes")
    // Rivers: the long ones far out, more close in; open lines, so the land around them stays land.
    #expect(coarse.riverCount > 100 && detail.riverCount > 2 * coarse.riverCount, "\(coarse.riverCount) and \(detail.riverCount) rivers")
    for layer in [coarse, detail] {
        let cairo = layer.isLand(longitude: 31.25, latitude: 30.05)
        #expect(cairo, "Cairo, on the Nile, is land (\(layer.scale))")
        var nearCairo = 0
        layer.forEachLine(west: 30.75, south: 29.55, east: 31.75, north: 30.55) { points, quantum in
            for i in stride(from: 0, to: points.count, by: 2) {
                let lon = Double(points[i]) * quantum, lat = Double(points[i + 1]) * quantum
                if abs(lon - 31.25) < 0.5 && abs(lat - 30.05) < 0.5 { nearCairo += 1 }
            }
        }
        #expect(nearCairo > 0, "the Nile runs through Cairo (\(layer.scale))")
    }
    for layer in [coarse, detail] {
        // Booleans first: an expectation on the layer itself would print all of it.
        let ladoga = layer.isLand(longitude: 31.5, latitude: 60.8), superior = layer.isLand(longitude: -87.5, latitude: 47.7)
        let huron = layer.isLand(longitude: -83, latitude: 44.5), finland = layer.isLand(longitude: 29.0, latitude: 61.5)
        #expect(!ladoga && !superior && !huron, "Ladoga, Superior and Huron are water (\(layer.scale))")
        #expect(finland, "Finland by Ladoga is land (\(layer.scale))")
    }
    let isleRoyale = detail.isLand(longitude: -88.9, latitude: 48.0)
    #expect(isleRoyale, "an island in Lake Superior is land again")
}

@Test func aRiverIsAnOpenLineAndTakesNoLandAway() throws {
    // A square island 0..1° and a river across it: the island is land on both sides of the river; a lake in it is not.
    let text = "artmap-world 1 t 0.01\nL 0 0 100 0 0 100 -100 0 0 -100\nR -50 50 200 0\nW 40 40 20 0 0 20 -20 0 0 -20\n"
    let layer = try WorldLayerFile.parse(Data(text.utf8), file: "t.txt")
    #expect(layer.lineCount == 3 && layer.riverCount == 1 && layer.lakeCount == 1)
    let north = layer.isLand(longitude: 0.5, latitude: 0.8), south = layer.isLand(longitude: 0.5, latitude: 0.2)
    let lake = layer.isLand(longitude: 0.5, latitude: 0.5)
    #expect(north && south && !lake)
}

@Test func aLayerWithWindowsLineEndsReads() throws {
    let layer = try WorldLayerFile.parse(Data("artmap-world 1 x 0.01\r\nP 1 2493 6016 Helsinki\r\nL 0 0 1 1\r\n".utf8), file: "crlf.txt")
    #expect(layer.places.map(\.name) == ["Helsinki"])
    #expect(layer.lineCount == 1)
}

@Test func onlyLinesNearABoxAreVisited() throws {
    let text = "artmap-world 1 test 0.01\nL 0 0 100 0 0 100\nL 10000 5000 100 100\n"
    let layer = try WorldLayerFile.parse(Data(text.utf8), file: "t.txt")
    var seen: [[Int32]] = []
    layer.forEachLine(west: -1, south: -1, east: 2, north: 2) { points, _ in seen.append(Array(points)) }
    #expect(seen == [[0, 0, 100, 0, 100, 100]])
    seen = []
    // Across the antimeridian (west above east): the box 170°E to 170°W holds neither line.
    layer.forEachLine(west: 170, south: -80, east: -170, north: 80) { points, _ in seen.append(Array(points)) }
    #expect(seen.isEmpty)
}

@Test(arguments: [
    ("", "line 1: the file is empty"),
    ("hello\n", "line 1: expected the header first"),
    ("artmap-world 2 x 0.01\n", "line 1: not an artmap world map (version 1) header"),
    ("artmap-world 1 x 0.01\nL 1 2 3\n", "line 2: a line needs two or more points"),
    ("artmap-world 1 x 0.01\nL 1 2 x 4\n", "line 2: not a whole number"),
    ("artmap-world 1 x 0.01\nL 0 0 30000 0\n", "line 2: a point lies off the earth"),
    ("artmap-world 1 x 0.01\nN 1 0 9500 Nowhere\n", "line 2: a name needs a rank"),
    ("artmap-world 1 x 0.01\nQ 1\n", "line 2: unknown record \"Q\""),
    // A grid too fine for 32-bit units, and the one number whose magnitude has no positive Int32, are refused, not traps.
    ("artmap-world 1 x 0.000000001\n", "line 1: not an artmap world map (version 1) header"),
    ("artmap-world 1 x 0.01\nL -2147483648 0 1 1\n", "line 2: a point lies off the earth"),
    ("artmap-world 1 x 0.01\n   \nL 5\n", "line 3: a line needs two or more points"),
])
func aDamagedWorldLayerIsRefusedWithTheLine(text: String, message: String) throws {
    let error = try #require(throws: CartographyError.self) { try WorldLayerFile.parse(Data(text.utf8), file: "w.txt") }
    #expect(error.description.hasPrefix("w.txt: " + message), "\(error)")
}

@Test func anAtlasLeavesOutALayerItCannotReadAndSaysWhy() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("world-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = WorldAtlas.load(directory: directory)
    #expect(missing.coarse == nil)
    #expect(missing.problem?.hasPrefix("world map left out: ") == true)

    try Data("artmap-world 1 110m 0.01\nP 1 2493 6016 Helsinki\nL 0 0 1 1\n".utf8).write(to: directory.appendingPathComponent("world-110m.txt"))
    try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: directory.appendingPathComponent("world-10m.txt"))
    let atlas = WorldAtlas.load(directory: directory)
    #expect(atlas.coarse?.places.first?.name == "Helsinki")
    #expect(atlas.problem == nil)
    // The detailed layer is read when first asked, and its damage is a message, not a crash.
    #expect(atlas.detail == nil)
    let problem = try #require(atlas.problem)
    #expect(problem.contains("detailed world map left out") && problem.contains("world-10m.txt") && problem.contains("not UTF-8"))
}

@Test func landAndWaterAreToldApartByTheCountriesRings() throws {
    let coarse = try WorldLayerFile.read(worldDirectory.appendingPathComponent("world-110m.txt"))
    // Inland Russia, central Brazil and Helsinki's hinterland are land; the mid-Atlantic and the Pacific are not.
    #expect(coarse.isLand(longitude: 90, latitude: 62))
    #expect(coarse.isLand(longitude: -50, latitude: -10))
    #expect(coarse.isLand(longitude: 25.5, latitude: 61))
    #expect(!coarse.isLand(longitude: -40, latitude: 35))
    #expect(!coarse.isLand(longitude: -150, latitude: 0))
}

@Test func aNameIsCutToItsLimitAndTheNamesAreCounted() throws {
    let long = String(repeating: "A", count: 5_000)
    let layer = try WorldLayerFile.parse(Data("artmap-world 1 x 0.01\nP 1 0 0 \(long)\n".utf8), file: "w.txt")
    #expect(layer.places.first?.name.count == WorldLayerFile.maximumNameCharacters)
    let many = "artmap-world 1 x 0.01\n" + String(repeating: "P 1 0 0 x\n", count: WorldLayerFile.maximumNames + 1)
    let error = try #require(throws: CartographyError.self) { try WorldLayerFile.parse(Data(many.utf8), file: "w.txt") }
    #expect(error.description.contains("more than \(WorldLayerFile.maximumNames) names"), "\(error)")
}
