import Foundation
import Geo
import Store
import App
import TerminalTypes

// `make bench`: pictures (artmap show against chafa, a viewer pan step, peak memory), then nearest-10 query
// time over 1,000,000 random points for artmap's k-d tree and for SQLite's R*Tree module, on the same points
// in the same run. Prints figures; asserts nothing.

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// The CPU time of the calling thread, in seconds: what a frame cost its thread, not time it waited for a core.
func threadNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func points(_ n: Int, lat: ClosedRange<Double>, lon: ClosedRange<Double>, seed: UInt64) -> [Coordinate] {
    var rng = SplitMix(state: seed)
    return (0..<n).map { _ in
        Coordinate(clampingLatitude: Double.random(in: lat, using: &rng), longitude: Double.random(in: lon, using: &rng))
    }
}

/// Nearest-k through an R*Tree of degenerate boxes: grow a box until it holds k points, then
/// widen it to the k-th distance so nothing nearer is missed, and rank by distance.
final class RTreeNearest {
    let database: Database
    let select: Statement
    let points: [Coordinate]

    init(points: [Coordinate]) throws {
        self.points = points
        database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE pts USING rtree(id, min_lat, max_lat, min_lon, max_lon)")
        let insert = try database.prepare("INSERT INTO pts VALUES (?1, ?2, ?2, ?3, ?3)")
        try database.inTransaction {
            for (i, p) in points.enumerated() {
                try insert.run([.integer(Int64(i)), .real(p.latitude), .real(p.longitude)])
            }
        }
        select = try database.prepare("SELECT id FROM pts WHERE max_lat >= ?1 AND min_lat <= ?2 AND max_lon >= ?3 AND min_lon <= ?4")
    }

    func ids(lat: Double, lon: Double, halfLat: Double, halfLon: Double) throws -> [Int] {
        let south = max(-90, lat - halfLat), north = min(90, lat + halfLat)
        var ranges: [(Double, Double)]
        if halfLon >= 180 {
            ranges = [(-180, 180)]
        } else {
            let west = lon - halfLon, east = lon + halfLon
            ranges = [(max(-180, west), min(180, east))]
            if west < -180 { ranges.append((west + 360, 180)) }
            if east > 180 { ranges.append((-180, east - 360)) }
        }
        var found: [Int] = []
        for (w, e) in ranges {
            try select.bind([.real(south), .real(north), .real(w), .real(e)])
            while try select.step() { found.append(Int(select.column(0).integer ?? 0)) }
        }
        return found
    }

    func box(for metres: Double, at lat: Double) -> (Double, Double) {
        let halfLat = metres / 111_000 + 1e-9
        let cosLat = cos(min(89.999, abs(lat) + halfLat) * .pi / 180)
        let halfLon = (abs(lat) + halfLat >= 90) ? 180 : min(180, metres / (111_000 * max(cosLat, 1e-6)) + 1e-9)
        return (halfLat, halfLon)
    }

    func nearest(to q: Coordinate, k: Int, startMetres: Double) throws -> [Int] {
        var radius = startMetres
        while true {
            let (hl, ho) = box(for: radius, at: q.latitude)
            let candidates = try ids(lat: q.latitude, lon: q.longitude, halfLat: hl, halfLon: ho)
            if candidates.count >= k || (hl >= 90 && ho >= 180) {
                let ranked = candidates.map { ($0, SpatialIndex.sphericalDistance(q, points[$0])) }.sorted { $0.1 < $1.1 }
                guard ranked.count >= k else { return ranked.map(\.0) }
                let kth = ranked[k - 1].1
                if kth <= radius { return ranked.prefix(k).map(\.0) }
                let (hl2, ho2) = box(for: kth, at: q.latitude)
                let wider = try ids(lat: q.latitude, lon: q.longitude, halfLat: hl2, halfLon: ho2)
                return wider.map { ($0, SpatialIndex.sphericalDistance(q, points[$0])) }.sorted { $0.1 < $1.1 }.prefix(k).map(\.0)
            }
            radius *= 2
        }
    }
}

func bench(name: String, points pts: [Coordinate], queries: [Coordinate], areaSquareMetres: Double) throws {
    // Start the R*Tree search at the radius that holds about 10 points for this density: its best case.
    let startMetres = (10 * areaSquareMetres / (Double.pi * Double(pts.count))).squareRoot()
    print("== \(name): \(pts.count) points")
    var t = now()
    let index = SpatialIndex(points: pts)
    print(String(format: "k-d tree build:     %8.2f s", now() - t))
    t = now()
    let rtree = try RTreeNearest(points: pts)
    print(String(format: "R*Tree build:       %8.2f s", now() - t))

    var checksum = 0
    t = now()
    for q in queries { checksum &+= index.nearest(to: q, count: 10).first?.index ?? 0 }
    let indexPerQuery = (now() - t) / Double(queries.count)

    let rtreeQueries = Array(queries.prefix(2000))
    var mismatches = 0
    t = now()
    for q in rtreeQueries { checksum &+= try rtree.nearest(to: q, k: 10, startMetres: startMetres).first ?? 0 }
    let rtreePerQuery = (now() - t) / Double(rtreeQueries.count)
    for q in rtreeQueries.prefix(200) {
        let a = Set(index.nearest(to: q, count: 10).map(\.index))
        let b = Set(try rtree.nearest(to: q, k: 10, startMetres: startMetres))
        if a != b { mismatches += 1 }
    }
    print(String(format: "k-d tree nearest-10: %8.2f µs/query (%d queries)", indexPerQuery * 1e6, queries.count))
    print(String(format: "R*Tree   nearest-10: %8.2f µs/query (%d queries)", rtreePerQuery * 1e6, rtreeQueries.count))
    print(String(format: "ratio R*Tree / k-d tree: %.1fx %@ (goal >= 10x); answers differ on %d of 200 checked; checksum %d",
                 rtreePerQuery / indexPerQuery, rtreePerQuery / indexPerQuery >= 10 ? "MET" : "NOT MET", mismatches, checksum))
}

// `Bench images`, `Bench catalogue`, `Bench frames` and `Bench map` run one part; `Bench N` runs everything, the spatial part on N points.
if CommandLine.arguments.dropFirst().first == "make-jpeg", CommandLine.arguments.count == 4 {
    let size = CommandLine.arguments[3].split(separator: "x").compactMap { Int($0) }
    try Data(try photoLikeJPEG(width: size[0], height: size[1])).write(to: URL(fileURLWithPath: CommandLine.arguments[2]))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "make-body", CommandLine.arguments.count == 5,
   let count = Int(CommandLine.arguments[3]), let buildings = Int(CommandLine.arguments[4]) {
    try serviceBody(count: count, buildings: buildings).write(to: URL(fileURLWithPath: CommandLine.arguments[2]))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "pixels", CommandLine.arguments.count == 3 {
    try pixelBench(URL(fileURLWithPath: CommandLine.arguments[2]))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "sharpness" {
    try sharpnessBench(URL(fileURLWithPath: CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "Tests/ImagingTests/Fixtures/grace-hopper.jpg"))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "images" {
    try imageBench()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "catalogue" {
    try catalogueBench()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "frames" {
    try frameBench()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "moves", CommandLine.arguments.count == 4,
   let count = Int(CommandLine.arguments[2]), let moves = Int(CommandLine.arguments[3]) {
    runMoves(count: count, moves: moves)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "instructions" {
    instructionBench()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "make-city", CommandLine.arguments.count == 4, let side = Int(CommandLine.arguments[3]) {
    // `Bench make-city FILE.osm SIDE`: the synthetic city as .osm XML (`osmium cat` makes it PBF), for profiling.
    try SyntheticCity(side: side).writeXML(to: CommandLine.arguments[2])
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "city-pan", CommandLine.arguments.count == 4, let presses = Int(CommandLine.arguments[3]) {
    // `Bench city-pan STORE N`: N pans east over a stored city, for callgrind.
    let store = try CatalogStore(path: CommandLine.arguments[2])
    var state = try cityState(store: store, collection: "city", centre: SyntheticCity(side: 250).centre)
    let perKey = try panMillisecondsPerKey(&state, store: store, presses: presses)
    print(String(format: "%.3f ms a key, %.3f ms of it beside the run loop", perKey.total, perKey.beside))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "pan-ratio", CommandLine.arguments.count == 3 {
    // `Bench pan-ratio STORE`: the city part's pan figure alone, on the 700 city stored by `Bench city 700`
    // (ARTMAP_BENCH_KEEP=1 keeps it).
    print(try panAgainstCampus(store: CommandLine.arguments[2], city: SyntheticCity(side: 700)).line)
    print(panInstructions(store: CommandLine.arguments[2]))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "campus-pan", CommandLine.arguments.count == 3, let presses = Int(CommandLine.arguments[2]) {
    // `Bench campus-pan N`: N pans east over the generated campus (no map), for callgrind beside `city-pan`.
    var state = AppState(artworks: generatedArtworks(31))
    _ = reduce(&state, .resize(TerminalSize(columns: 200, rows: 60)))
    print(String(format: "%.3f ms a key", try panMillisecondsPerKey(&state, store: nil, presses: presses).total))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "city" {
    // `Bench city [SIDE]`: the big-city part alone, on a SIDE × SIDE city (default 250; the is 700).
    try cityBench(side: CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 250 : 250)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "map-moves", CommandLine.arguments.count == 4, let moves = Int(CommandLine.arguments[3]) {
    try runMapMoves(store: CommandLine.arguments[2], moves: moves)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "world-moves", CommandLine.arguments.count >= 4,
   let metres = Double(CommandLine.arguments[2]), let moves = Int(CommandLine.arguments[3]) {
    runWorldMoves(metresPerCell: metres, moves: moves, whole: CommandLine.arguments.count > 4 && CommandLine.arguments[4] == "whole")
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "world" {
    // `Bench world`: issue 37's instruction figures per zoom band and the view's memory with the 1:10m layer.
    worldBench()
    worldMemoryBench()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "lists" {
    // `Bench lists [SIDE]`: issue 49's list figures alone: a collection beside 100,000 places, a list near a point.
    try collectionBesideBench()
    try listNearBench(side: CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 700 : 700)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "walk" {
    // `Bench walk`: the art-walk figures alone.
    try walkBench()
    try walkOrderBench()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "first-minute" {
    // `Bench first-minute [DELAY]`: issue 30's figures alone, the stand-in answering in DELAY seconds (default 1).
    try firstMinuteBench(delay: CommandLine.arguments.count > 2 ? Double(CommandLine.arguments[2]) ?? 1 : 1)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "map" {
    try mapBench()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "conflation" {
    // `Bench conflation`: issue 46's figures alone.
    try conflationBench()
    exit(0)
}
try imageBench()
try catalogueBench()
try collectionBesideBench()
try frameBench()
instructionBench()
worldBench()
worldMemoryBench()
try mapBench()
try walkBench()
try walkOrderBench()
try firstMinuteBench()
try conflationBench()
// The big city, then the region of issue 49 (9.8 M nodes): imports, first frames, lists and pans at both sizes.
try cityBench(side: SyntheticCity.bigCitySide)
try cityBench(side: SyntheticCity.regionSide)
let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
// A city-sized box around Liverpool (about 20 km x 20 km), then the whole globe.
let city = points(count, lat: 53.32...53.50, lon: -3.12 ... -2.82, seed: 1)
try bench(name: "city box (Liverpool, ~20 km)", points: city,
          queries: points(20_000, lat: 53.32...53.50, lon: -3.12 ... -2.82, seed: 2), areaSquareMetres: 20_000 * 20_000)
let globe = points(count, lat: -90...90, lon: -180...180, seed: 3)
try bench(name: "whole globe", points: globe,
          queries: points(20_000, lat: -90...90, lon: -180...180, seed: 4), areaSquareMetres: 5.1e14)
