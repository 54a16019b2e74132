import Cells
import App
import COsmium
import Cartography
import Catalog
import Foundation
import Geo
import Screen
import Store
import TerminalTypes

// The imported map: import time against a bare libosmium read of the same file; frame time at 200x60
// over a city-sized layer and one 100 times larger; A* on a grid of more than 100,000 edges; routes between
// seeded random artwork pairs of each real-shaped extract, how many are found and how fast.

/// The Helsinki extract the tests use (© OpenStreetMap contributors, ODbL).
let helsinkiExtract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path

/// Seconds for libosmium alone to hand every object of `path` to callbacks that only count (both passes,
/// multipolygons assembled), as the importer reads it.
func bareParseSeconds(_ path: String) -> Double {
    let start = now()
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .nan }
    defer { close(descriptor) }
    var count = 0
    let rc = withUnsafeMutablePointer(to: &count) { counter -> Int32 in
        var handlers = cosmium_handlers(
            context: UnsafeMutableRawPointer(counter),
            node: { context, _ in context?.assumingMemoryBound(to: Int.self).pointee += 1; return 0 },
            way: { context, _ in context?.assumingMemoryBound(to: Int.self).pointee += 1; return 0 },
            relation: { context, _, _ in context?.assumingMemoryBound(to: Int.self).pointee += 1; return 0 },
            area: { context, _ in context?.assumingMemoryBound(to: Int.self).pointee += 1; return 0 },
            assembly: nil)
        var error = [CChar](repeating: 0, count: 256)
        return cosmium_read_fd(descriptor, "pbf", nil, &handlers, &error, error.count)
    }
    return rc == COSMIUM_OK && count > 0 ? now() - start : .nan
}

/// `copies` × `copies` copies of `features`, each shifted by one tile, so density stays the same and the
/// area grows.
func tiled(_ features: [MapFeature], copies: Int, tile: (lat: Double, lon: Double)) -> [MapFeature] {
    var result: [MapFeature] = []
    result.reserveCapacity(features.count * copies * copies)
    for row in 0..<copies {
        for column in 0..<copies {
            for feature in features {
                var copy = feature
                copy.parts = feature.parts.map { part in
                    part.map { GeoPoint(latitude: $0.latitude + Double(row) * tile.lat, longitude: $0.longitude + Double(column) * tile.lon) }
                }
                result.append(copy)
            }
        }
    }
    return result
}

/// Milliseconds per frame (reduce + render + diff) panning across the middle of `map`.
func mapFrameMilliseconds(_ map: BaseMap, centre: Coordinate, artworks: [Artwork]) -> Double {
    var start = StartOptions(artworks: artworks)
    start.reference = centre
    start.referenceSource = .fixed("bench")
    start.baseMap = map
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 200, rows: 60)))
    // 5 m per cell: streets, paths and buildings all drawn (all the way in, then two steps out).
    for key in Array(repeating: Key.character("+"), count: MainState.zoomLevels.count) + [.character("-"), .character("-")] {
        _ = reduce(&state, .key(key))
    }
    let caches = RenderCaches()
    _ = MainView.render(state, caches: caches)
    return millisecondsPerKey(&state, keys: [.right, .right, .left, .left], presses: 40, caches: caches)
}

/// The hand-made extract around a pedestrian square the tests use.
let plazaExtract = URL(fileURLWithPath: helsinkiExtract).deletingLastPathComponent().appendingPathComponent("plaza.osm").path

/// Keeps an import in memory.
final class MemorySink: MapImportSink {
    var edges: [WalkEdge] = []
    func add(_ feature: MapFeature) throws {}
    func add(_ edge: WalkEdge) throws { edges.append(edge) }
}

/// SplitMix64 from a fixed seed, so every run routes the same pairs.
struct BenchGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Routes `pairs` seeded random artwork-to-artwork pairs of the extract at `path`: the share found and
/// the mean and slowest route time.
func routePairs(_ path: String, pairs: Int, seed: UInt64) throws {
    let sink = MemorySink()
    let result = try OSMImporter.run(path: path, collection: "bench", sink: sink)
    let graph = WalkGraph(edges: sink.edges)
    let artworks = result.artworks
    guard artworks.count >= 2 else { return }
    var generator = BenchGenerator(state: seed)
    var found = 0, total = 0.0, slowest = 0.0
    var failures: [String] = []
    for _ in 0..<pairs {
        let i = Int.random(in: 0..<artworks.count, using: &generator)
        var j = Int.random(in: 0..<(artworks.count - 1), using: &generator)
        if j >= i { j += 1 }
        let start = now()
        let route = Router.route(in: graph, from: artworks[i].coordinate, to: artworks[j].coordinate)
        let seconds = now() - start
        total += seconds
        slowest = max(slowest, seconds)
        switch route {
        case .success: found += 1
        case .failure(let why): failures.append(why.message)
        }
    }
    let name = URL(fileURLWithPath: path).lastPathComponent
    print(String(format: "routes %@: %d of %d seeded artwork pairs (seed %llu) found, %.0f%%; %.2f ms a route, slowest %.2f ms %@ (goal 100%%)",
                 name, found, pairs, seed, 100 * Double(found) / Double(pairs), total / Double(pairs) * 1000, slowest * 1000,
                 found == pairs ? "MET" : "NOT MET"))
    for failure in Set(failures).sorted() { print("  no route: \(failure)") }
}

func mapBench() throws {
    print("== map (OpenStreetMap import, base-layer frames, routes)")
    // Import against the bare parse, best of three each, in the same run.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var bare = Double.infinity, imported = Double.infinity
    for round in 0..<3 {
        bare = min(bare, bareParseSeconds(helsinkiExtract))
        let store = try CatalogStore(path: directory.appendingPathComponent("bench\(round).sqlite").path)
        let start = now()
        _ = try store.importMap(source: "helsinki", file: "helsinki.osm.pbf", collection: "helsinki") { sink in
            try OSMImporter.run(path: helsinkiExtract, collection: "helsinki", sink: sink)
        }
        imported = min(imported, now() - start)
    }
    print(String(format: "import helsinki.osm.pbf (685 KB): %.0f ms; bare libosmium read %.0f ms; ratio %.2fx %@ (goal <= 3x)",
                 imported * 1000, bare * 1000, imported / bare, imported / bare <= 3 ? "MET" : "NOT MET"))

    // Frames over the city and over a layer 100 times larger (10 x 10 copies), centred on the same streets.
    let store = try CatalogStore(path: directory.appendingPathComponent("bench0.sqlite").path)
    let city = try store.baseMap()
    let artworks = try store.artworks(collection: "helsinki")
    let centre = Coordinate(clampingLatitude: 60.1699, longitude: 24.9449)
    let tile = (lat: 0.03, lon: 0.06)
    let large = BaseMap(features: tiled(city.features, copies: 10, tile: tile), graph: city.graph, sources: ["tiled"])
    let largeCentre = Coordinate(clampingLatitude: centre.latitude + 5 * tile.lat, longitude: centre.longitude + 5 * tile.lon)
    let shifted = artworks.map { artwork -> Artwork in
        var copy = artwork
        copy.coordinate = Coordinate(clampingLatitude: artwork.coordinate.latitude + 5 * tile.lat, longitude: artwork.coordinate.longitude + 5 * tile.lon)
        return copy
    }
    let small = mapFrameMilliseconds(city, centre: centre, artworks: artworks)
    let big = mapFrameMilliseconds(large, centre: largeCentre, artworks: shifted)
    print(String(format: "frame at 200x60, 5 m/cell: %d features %.2f ms; %d features %.2f ms; ratio %.2fx %@ (goal <= 1.5x)",
                 city.features.count, small, large.features.count, big, big / small, big / small <= 1.5 ? "MET" : "NOT MET"))

    // A* across a 300 x 300 grid of 20 m blocks (179,400 edges), corner to corner.
    let side = 300
    var edges: [WalkEdge] = []
    let origin = Coordinate(clampingLatitude: 53.35, longitude: -3.05)
    let projection = LocalProjection(center: origin)
    func point(_ x: Int, _ y: Int) -> GeoPoint { GeoPoint(projection.unproject(east: Double(x) * 20, north: Double(y) * 20)) }
    for y in 0..<side {
        for x in 0..<side {
            let id = Int64(y * side + x)
            if x + 1 < side { edges.append(WalkEdge(from: id, to: id + 1, fromPoint: point(x, y), toPoint: point(x + 1, y), metres: 20, street: "Row \(y)")) }
            if y + 1 < side { edges.append(WalkEdge(from: id, to: id + Int64(side), fromPoint: point(x, y), toPoint: point(x, y + 1), metres: 20, street: "Column \(x)")) }
        }
    }
    let graph = WalkGraph(edges: edges)
    var best = Double.infinity
    var length = 0.0
    for _ in 0..<5 {
        let start = now()
        let route = try Router.route(in: graph, from: point(0, 0).coordinate, to: point(side - 1, side - 1).coordinate).get()
        best = min(best, now() - start)
        length = route.metres
    }
    print(String(format: "route corner to corner on %d edges: %.1f ms (%.0f m) %@ (goal < 50 ms)",
                 edges.count, best * 1000, length, best < 0.05 ? "MET" : "NOT MET"))
    for extract in [helsinkiExtract, plazaExtract] { try routePairs(extract, pairs: 40, seed: 22) }
}
