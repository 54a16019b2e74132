import Cartography
import Catalog
import Foundation
import Geo
import Testing

/// Collects what an importer streams, for tests.
final class RecordingSink: MapImportSink {
    var features: [MapFeature] = []
    var edges: [WalkEdge] = []
    func add(_ feature: MapFeature) throws { features.append(feature) }
    func add(_ edge: WalkEdge) throws { edges.append(edge) }
}

func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)).path
}

@Test func helsinkiExtractBecomesABaseLayerAWalkingGraphAndArtworks() throws {
    let sink = RecordingSink()
    let result = try OSMImporter.run(path: try fixture("helsinki.osm.pbf"), collection: "helsinki", sink: sink)
    #expect(result.nodes == 24_260)
    #expect(result.ways == 5_130)
    #expect(result.artworks.count == 65)
    let kinds = Dictionary(grouping: sink.features, by: \.kind).mapValues(\.count)
    #expect((kinds[.building] ?? 0) > 500)
    #expect((kinds[.street] ?? 0) > 100)
    #expect((kinds[.footway] ?? 0) > 500)
    #expect((kinds[.tram] ?? 0) > 0)
    #expect(sink.edges.count == result.edges && result.edges > 5_000)
    // A well-known statue with every field mapped.
    let amanda = try #require(result.artworks.first { $0.title == "Havis Amanda" })
    #expect(amanda.artist == "Ville Vallgren")
    #expect(amanda.year == "1908")
    #expect(amanda.id.hasPrefix("node/") || amanda.id.hasPrefix("way/"))
    #expect(amanda.information.contains("© OpenStreetMap contributors"))
    #expect(sink.features.contains { $0.name == "Mikonkatu" && $0.kind.isRoad })
    // Every edge joins two nodes of the file with a positive length, except a node joined to a pedestrian
    // area's node at the very same spot (real data has such duplicates).
    let sane = { (edge: WalkEdge) in edge.from != edge.to && (edge.metres > 0 || edge.kind == .area && edge.fromPoint == edge.toPoint) }
    #expect(sink.edges.allSatisfy(sane), "\(sink.edges.filter { !sane($0) })")
}

@Test func handMadeEdgeCasesAreReadAsOpenStreetMapMeansThem() throws {
    let sink = RecordingSink()
    let result = try OSMImporter.run(path: try fixture("edge-cases.osm"), collection: "edge", sink: sink)
    // The multipolygon: two outer pieces joined into one ring plus the inner ring; the missing member noted.
    let hall = try #require(sink.features.first { $0.name == "Hollow Hall" })
    #expect(hall.kind == .building)
    #expect(hall.sourceID == "relation/30")
    #expect(hall.parts.count == 2)
    #expect(hall.contains(GeoPoint(latitude: 53.4021, longitude: -2.9690)))
    #expect(!hall.contains(GeoPoint(latitude: 53.4025, longitude: -2.9690)), "the courtyard is a hole")
    #expect(result.notes.contains { $0.contains("relation/30") && $0.contains("outside the file") })
    // Unnamed artwork: titled by its type, notes from its tags.
    let mural = try #require(result.artworks.first { $0.id == "node/42" })
    #expect(mural.title == "(untitled) mural")
    #expect(mural.information.contains("Material: paint"))
    let relief = try #require(result.artworks.first { $0.id == "node/40" })
    #expect(relief.artist == "A. Maker" && relief.year == "1971")
    // A way across the antimeridian stays a short line.
    let dateLine = try #require(sink.features.first { $0.name == "Date Line Road" })
    #expect(dateLine.bounds.east - dateLine.bounds.west < 0.01)
    #expect(dateLine.bounds.contains(GeoPoint(latitude: 0.5, longitude: -179.9999)))
    // Walking: foot=no and access=private ways are not in the graph.
    #expect(Set(sink.edges.map(\.street)) == ["North Path", "Top Street", "Date Line Road"])
    #expect(sink.features.contains { $0.kind == .landmark && $0.name == "Small Museum" })
}

@Test func corruptTruncatedAndUnknownFilesFailWithTheFileAndTheProblem() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-osm-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let whole = try Data(contentsOf: URL(fileURLWithPath: try fixture("helsinki.osm.pbf")))
    let truncated = directory.appendingPathComponent("cut.osm.pbf")
    try whole.prefix(whole.count / 2).write(to: truncated)
    var flipped = whole
    for i in stride(from: 2000, to: 6000, by: 7) { flipped[i] ^= 0x5A }
    let damaged = directory.appendingPathComponent("damaged.osm.pbf")
    try flipped.write(to: damaged)
    // libreadosm died on a <tag> without v (found by the fuzzer); osmium reads it as an empty value.
    let tagWithoutValue = directory.appendingPathComponent("no-value.osm")
    try Data(#"<osm version="0.6"><node id="1" lat="1" lon="2"><tag k="tourism" role="x"/></node></osm>"#.utf8).write(to: tagWithoutValue)
    #expect(try OSMImporter.run(path: tagWithoutValue.path, collection: "x", sink: RecordingSink()).nodes == 1)
    let unknown = directory.appendingPathComponent("notes.txt")
    try Data("hello".utf8).write(to: unknown)
    for path in [truncated.path, damaged.path, try fixture("corrupt.osm"), unknown.path, directory.appendingPathComponent("missing.osm").path] {
        do {
            _ = try OSMImporter.run(path: path, collection: "x", sink: RecordingSink())
            Issue.record("\(path) was accepted")
        } catch let error as CartographyError {
            #expect(error.file == path)
            #expect(!error.message.isEmpty)
        }
    }
}

@Test func geoJSONFeatureCollectionsBecomeFeaturesEdgesAndArtworks() throws {
    let path = try fixture("sample.geojson")
    let sink = RecordingSink()
    let result = try GeoJSONImporter.run(data: try Data(contentsOf: URL(fileURLWithPath: path)), path: path, collection: "g", sink: sink)
    #expect(sink.features.first { $0.name == "Geo Path" }?.sourceID == "way/100")
    #expect(sink.features.first { $0.name == "Split Street" }?.parts.count == 2)
    let donut = try #require(sink.features.first { $0.name == "Donut House" })
    #expect(donut.kind == .building)
    #expect(donut.contains(GeoPoint(latitude: 53.4121, longitude: -2.9698)))
    #expect(!donut.contains(GeoPoint(latitude: 53.4125, longitude: -2.9690)))
    #expect(sink.features.first { $0.name == "Twin Gardens" }?.parts.count == 2)
    #expect(sink.features.contains { $0.kind == .otherLine }, "unknown properties are kept as a plain line")
    #expect(Set(result.artworks.map(\.title)) == ["Donut Sculpture", "Plain Point"])
    #expect(result.notes.contains { $0.hasPrefix("feature 7:") && $0.contains("outside the world") })
    // The path and the street share a position, so they share a graph node.
    let graph = WalkGraph(edges: sink.edges)
    #expect(graph.nodeCount == 5)
    do {
        _ = try GeoJSONImporter.run(data: Data("{\"type\":\"Feature\"}".utf8), path: "x.geojson", collection: "g", sink: RecordingSink())
        Issue.record("a lone Feature was accepted")
    } catch let error as CartographyError {
        #expect(error.message.contains("FeatureCollection"))
    }
}

@Test func geometryRoundTripsThroughItsStoredBytesAndRefusesDamage() {
    let parts = [[GeoPoint(latitude: 53.4, longitude: -2.97), GeoPoint(latitude: -33.8688, longitude: 181.2)], [GeoPoint(latitude: 0, longitude: 0)]]
    let bytes = GeometryCoding.encode(parts)
    let back = GeometryCoding.decode(bytes)
    #expect(back?.count == 2)
    #expect(abs((back?[0][1].longitude ?? 0) - 181.2) < 1e-6)
    #expect(GeometryCoding.decode(Array(bytes.dropLast(4))) == nil)
    #expect(GeometryCoding.decode([1, 2, 3]) == nil)
}

@Test func aFrameAsksOnlyForFeaturesInViewAndBigEnoughForTheZoom() {
    var features: [MapFeature] = []
    for i in 0..<200 {
        let lat = 53.0 + Double(i) * 0.01
        features.append(MapFeature(sourceID: "way/\(i)", kind: i % 2 == 0 ? .footway : .majorRoad, name: "",
                                   parts: [[GeoPoint(latitude: lat, longitude: -3), GeoPoint(latitude: lat, longitude: -2.999)]]))
    }
    let map = BaseMap(features: features, graph: WalkGraph(edges: []), sources: ["t"])
    let view = FeatureBounds(south: 53.095, north: 53.125, west: -3.01, east: -2.99)
    #expect(map.features(in: view, metresPerCell: 1) == [10, 11, 12])
    #expect(map.features(in: view, metresPerCell: 500) == [11], "footways vanish when zoomed out")
}

/// Every feature meeting `view` and drawn at `metresPerCell`, by looking at each one.
private func everyFeature(of map: BaseMap, in view: FeatureBounds, metresPerCell: Double) -> [Int] {
    map.features.indices.filter { i in
        let box = map.bounds(of: i)
        return map.features[i].kind.coarsestMetresPerCell >= metresPerCell && box.south <= view.north && box.north >= view.south
            && [0.0, 360, -360].contains { box.west + $0 <= view.east && box.east + $0 >= view.west }
    }
}

@Test func theGridFindsWhatALookAtEveryFeatureFindsCloseTogetherOrFarApart() {
    var random = SystemRandomNumberGenerator()
    let kinds: [FeatureKind] = [.building, .footway, .street, .majorRoad, .motorway, .water]
    func cluster(around centre: (Double, Double), count: Int, spread: Double) -> [MapFeature] {
        (0..<count).map { i in
            let lat = centre.0 + Double.random(in: -spread...spread, using: &random)
            let lon = centre.1 + Double.random(in: -spread...spread, using: &random)
            // Mostly small, some long (past the grid's limit of cells a feature is listed in).
            let size = i % 17 == 0 ? Double.random(in: 0.05...0.3, using: &random) : Double.random(in: 0.0001...0.02, using: &random)
            return MapFeature(sourceID: "way/\(i)", kind: kinds[i % kinds.count], name: "",
                              parts: [[GeoPoint(latitude: lat, longitude: lon), GeoPoint(latitude: lat + size / 3, longitude: lon + size)]])
        }
    }
    let close = cluster(around: (53.4, -2.97), count: 400, spread: 0.05)
    // Liverpool and Helsinki in one map: the grid's extent is far larger than its entries.
    let apart = cluster(around: (53.4, -2.97), count: 200, spread: 0.05) + cluster(around: (60.17, 24.94), count: 200, spread: 0.05)
    for features in [close, apart] {
        let map = BaseMap(features: features, graph: WalkGraph(edges: []), sources: ["t"])
        for _ in 0..<400 {
            // Either end of a feature: views reach the grid's edges, where only a feature's far end may lie.
            let centre = features[Int.random(in: 0..<features.count, using: &random)].parts[0][Int.random(in: 0...1, using: &random)]
            // Mostly a few grid cells (each looked up), sometimes more than the grid lists (every list read).
            let half = Double.random(in: 0...1, using: &random) < 0.8 ? Double.random(in: 0.001...0.03, using: &random) : Double.random(in: 0.03...0.3, using: &random)
            let view = FeatureBounds(south: centre.latitude - half / 2, north: centre.latitude + half / 2,
                                     west: centre.longitude - half, east: centre.longitude + half)
            let zooms: [Double] = [1, 20, 60, 300, 5000]
            let metresPerCell: Double = zooms[Int.random(in: 0..<zooms.count, using: &random)]
            let found = map.features(in: view, metresPerCell: metresPerCell)
            let expected = everyFeature(of: map, in: view, metresPerCell: metresPerCell)
            #expect(found == expected)
        }
    }
    // Every 0.01° cell of the close cluster's area on its own, edges included (where only a feature's far end lies).
    let map = BaseMap(features: close, graph: WalkGraph(edges: []), sources: ["t"])
    let area = close.map(\.bounds).reduce(close[0].bounds) {
        FeatureBounds(south: min($0.south, $1.south), north: max($0.north, $1.north), west: min($0.west, $1.west), east: max($0.east, $1.east))
    }
    var swept = 0
    for row in Int((area.south / 0.01).rounded(.down))...Int((area.north / 0.01).rounded(.down)) {
        for column in Int((area.west / 0.01).rounded(.down))...Int((area.east / 0.01).rounded(.down)) {
            let view = FeatureBounds(south: Double(row) * 0.01 + 0.002, north: Double(row) * 0.01 + 0.008,
                                     west: Double(column) * 0.01 + 0.002, east: Double(column) * 0.01 + 0.008)
            let found = map.features(in: view, metresPerCell: 1)
            let expected = everyFeature(of: map, in: view, metresPerCell: 1)
            #expect(found == expected)
            swept += expected.isEmpty ? 0 : 1
        }
    }
    #expect(swept > 50)
}

@Test func aLongLineIsCutIntoStretchesWhoseBoxesHoldTheirPoints() throws {
    let points = (0..<100).map { GeoPoint(latitude: 53.4 + Double($0 % 7) * 0.001, longitude: -3 + Double($0) * 0.001) }
    let short = Array(points.prefix(2 * BaseMap.stretchPoints))
    let map = BaseMap(features: [MapFeature(sourceID: "way/1", kind: .street, name: "", parts: [short, points]),
                                 MapFeature(sourceID: "way/2", kind: .water, name: "", parts: [points])],
                      graph: WalkGraph(edges: []), sources: ["t"])
    #expect(map.stretches(of: 0, part: 0).isEmpty, "a short part is drawn whole")
    #expect(map.stretches(of: 1, part: 0).isEmpty, "an area needs its whole ring")
    let stretches = map.stretches(of: 0, part: 1)
    #expect(stretches.count == (points.count - 1 + BaseMap.stretchPoints - 1) / BaseMap.stretchPoints)
    for (k, box) in stretches.enumerated() {
        for p in points[(k * BaseMap.stretchPoints)...min(points.count - 1, (k + 1) * BaseMap.stretchPoints)] {
            #expect(box.south <= p.latitude && p.latitude <= box.north && box.west <= p.longitude && p.longitude <= box.east)
        }
    }
    #expect(map.stretches(of: 0, part: 2).isEmpty && map.stretches(of: 5, part: 0).isEmpty)
}

@Test func twoMapsOfOneReadingHoldingEveryTileOverAnAreaHoldTheSameFeaturesThere() {
    let area = FeatureBounds(south: 53.401, north: 53.409, west: -2.975, east: -2.962)
    let band = MapTiling.band(metresPerCell: 20)
    let over = Set(MapTiling.tiles(covering: area, band: band))
    #expect(!over.isEmpty)
    let elsewhere = Set(MapTiling.tiles(covering: FeatureBounds(south: 53.5, north: 53.51, west: -2.9, east: -2.89), band: band))
    let a = MapCoverage(reading: 1, tiles: over.union(elsewhere)), b = MapCoverage(reading: 1, tiles: over)
    #expect(a.sameFeatures(as: b, in: area, band: band))
    #expect(!a.sameFeatures(as: MapCoverage(reading: 2, tiles: over), in: area, band: band), "another reading of the store's map")
    #expect(!a.sameFeatures(as: MapCoverage(reading: 1, tiles: over.subtracting([over.first!])), in: area, band: band), "a tile missing")
    #expect(!b.sameFeatures(as: b, in: area, band: band + 1), "another band's tiles")
}
