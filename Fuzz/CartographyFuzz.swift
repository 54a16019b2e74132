import Cartography
import Foundation
import Geo

// libFuzzer target: OpenStreetMap XML and PBF files and GeoJSON must never crash the importers; whatever
// they accept must survive the stored geometry's round trip, a base map's queries and a route over the graph
// it builds. An input
// starting with 0xFF is a stored walking piece instead (4 bytes of its edges' length, the edges' bytes, then
// its components and landmark walks): labelled and routed through as a store's rows would be. An input starting
// with 0xFE is a world layer file (WorldLayerFile), its lakes and rivers too.
final class CountingSink: MapImportSink {
    var features: [MapFeature] = []
    var edges: [WalkEdge] = []
    func add(_ feature: MapFeature) throws { if features.count < 1000 { features.append(feature) } }
    func add(_ edge: WalkEdge) throws { if edges.count < 5000 { edges.append(edge) } }
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-fuzz-\(getpid())")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    if bytes.first == 0xFF {
        routeOverStoredPiece(Array(bytes.dropFirst()))
        return 0
    }
    // 0xFE: a world layer file (Resources/world): refused or read, and whatever is read walked whole.
    if bytes.first == 0xFE {
        if let layer = try? WorldLayerFile.parse(Data(bytes.dropFirst()), file: "fuzz.txt") {
            var points = 0
            layer.forEachLine(west: -180, south: -90, east: 180, north: 90) { line, _ in points += line.count }
            layer.forEachLine(west: 170, south: -10, east: -170, north: 10) { line, _ in points += line.count }
            // Land or water over the rings only (lakes' shores among them, rivers not), at a few points.
            let land = [(0.5, 0.5), (0.0, 0.0), (179.9, 0.0), (-180.0, -90.0)].filter { layer.isLand(longitude: $0.0, latitude: $0.1) }
            _ = (points, land.count, layer.lakeCount, layer.riverCount, layer.countries.count, layer.places.first?.name)
        }
        return 0
    }
    let sink = CountingSink()
    // The first byte picks the reader, so one corpus covers all three.
    switch bytes.first.map({ $0 % 3 }) ?? 0 {
    case 0:
        _ = try? GeoJSONImporter.run(data: bytes.dropFirst(), path: "fuzz.geojson", collection: "fuzz", sink: sink)
    default:
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent(bytes.first.map { $0 % 3 } == 1 ? "fuzz.osm" : "fuzz.osm.pbf")
        guard (try? bytes.dropFirst().write(to: file)) != nil else { return 0 }
        _ = try? OSMImporter.run(path: file.path, collection: "fuzz", sink: sink)
    }
    for feature in sink.features {
        _ = GeometryCoding.decode(GeometryCoding.encode(feature.parts))
        _ = feature.contains(feature.centroid)
    }
    // Whatever was accepted becomes a map the view can ask: the grid, long lines' stretches, landmarks, and a
    // coverage of the tiles around each feature.
    let map = BaseMap(features: sink.features, graph: WalkGraph(edges: []), sources: ["fuzz"])
    for (index, feature) in sink.features.prefix(50).enumerated() {
        let box = map.bounds(of: index)
        for metresPerCell in [1.0, 60, 20_000] {
            _ = map.features(in: box, metresPerCell: metresPerCell)
            _ = map.landmarks(in: box, metresPerCell: metresPerCell)
        }
        for part in feature.parts.indices { _ = map.stretches(of: index, part: part) }
        // (A view's area, as the view asks: a degree or less.)
        if !box.isEmpty, box.north - box.south < 1, box.east - box.west < 1 {
            let band = MapTiling.band(metresPerCell: 20)
            let coverage = MapCoverage(reading: 0, tiles: Set(MapTiling.tiles(covering: box, band: band)))
            _ = coverage.sameFeatures(as: coverage, in: box, band: band)
        }
    }
    let graph = WalkGraph(edges: sink.edges)
    if let first = sink.edges.first, let last = sink.edges.last {
        _ = Router.route(in: graph, from: first.fromPoint.coordinate, to: last.toPoint.coordinate)
    }
    return 0
}

/// One stored piece served for every tile a route asks for, as damaged or odd as the input makes it.
final class FuzzedPieces: WalkPieceSource {
    let edges: [UInt8], components: [UInt8], facts: WalkGraphFacts?

    init(edges: [UInt8], components: [UInt8]) {
        self.edges = edges
        self.components = components
        var labeller = WalkComponentLabeller()
        _ = edges.withUnsafeBytes { labeller.add($0) }
        facts = labeller.finish()
        if labeller.pieceCount == 1 { _ = labeller.components(ofPiece: 0) }
    }

    func walkFacts() throws -> WalkGraphFacts? { facts }
    func walkPieces(in ranges: [ClosedRange<Int64>]) throws -> [WalkPiece] {
        let piece = edges.withUnsafeBytes { e in components.withUnsafeBytes { WalkPiece.decode(tile: ranges.first?.lowerBound ?? 0, e, components: $0) } }
        return piece.map { [$0] } ?? []
    }
    func visitWalkPieces(in ranges: [ClosedRange<Int64>],
                         _ visit: (_ tile: Int64, _ edges: UnsafeRawBufferPointer, _ components: UnsafeRawBufferPointer) -> Bool) throws {
        for range in ranges.prefix(64) {
            _ = edges.withUnsafeBytes { e in components.withUnsafeBytes { visit(range.lowerBound, e, $0) } }
        }
    }
}

func routeOverStoredPiece(_ input: [UInt8]) {
    guard input.count >= 4 else { return }
    let length = min(input.count - 4, Int(input[0]) | Int(input[1]) << 8 | Int(input[2]) << 16 | Int(input[3]) << 24)
    let edges = Array(input[4..<4 + length]), components = Array(input[(4 + length)...])
    let source = FuzzedPieces(edges: edges, components: components)
    guard let facts = source.facts else { return }
    let b = facts.bounds
    let corners = [Coordinate(clampingLatitude: b.south, longitude: b.west), Coordinate(clampingLatitude: b.north, longitude: b.east)]
    _ = try? CorridorRouter.route(from: corners[0], to: corners[1], source: source)
}
