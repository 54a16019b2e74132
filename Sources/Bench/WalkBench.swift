import Cartography
import Catalog
import Foundation
import Geo
import Store

/// `make bench`'s art-walk figures on the Helsinki extract: the heuristic order's length over the exact one on 20
/// seeded samples of 10 stops (the real walking metres between them), and a 20-stop `artmap walk` against one
/// `artmap route`, whole processes, in the same run.
func walkBench() throws {
    let extract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-walk-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    _ = runCapturing([releaseArtmap(), "import", extract], home: home)
    let store = try CatalogStore(path: home.appendingPathComponent(".local/share/artmap/artmap.sqlite").path)
    let artworks = try store.artworks(collection: "helsinki", fields: .listing)
    guard artworks.count >= 20 else { print("art walks: the Helsinki extract did not import (\(artworks.count) artworks)"); return }
    let centre = Coordinate(clampingLatitude: 60.1699, longitude: 24.9449)
    var rng = SplitMix(state: 32)
    var ratios: [Double] = []
    for _ in 0..<20 {
        let sample = Array(artworks.shuffled(using: &rng).prefix(10))
        let d = try WalkPlanner.metresBetween(sample.map(\.coordinate) + [centre], source: store)
        guard d.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { continue }
        let exact = TourOrder.best(d, stops: 10, end: .round).metres
        ratios.append(TourOrder.heuristic(d, stops: 10, end: .round).metres / exact)
    }
    ratios.sort()
    if let worst = ratios.last {
        print(String(format: "art walks: heuristic ÷ exact over %d samples of 10 stops: median %.4f, worst %.4f (target ≤ 1.01)",
                     ratios.count, ratios[ratios.count / 2], worst))
    }
    func seconds(_ argv: [String]) -> Double {
        (0..<3).map { _ in let t = now(); _ = runCapturing(argv, home: home); return now() - t }.sorted()[1]
    }
    let target = artworks.min { Geodesic.inverse(from: centre, to: $0.coordinate).distance > Geodesic.inverse(from: centre, to: $1.coordinate).distance }!
    let route = seconds([releaseArtmap(), "route", "--from", "60.1699,24.9449", "--to", target.id])
    let walk = seconds([releaseArtmap(), "walk", "--from", "60.1699,24.9449", "--stops", "20"])
    print(String(format: "art walks: a 20-stop walk %.0f ms, one route to the farthest artwork %.0f ms: %.1f× (target ≤ 10×)",
                 walk * 1000, route * 1000, walk / route))
}

/// Issue 49: three seeded 10-stop round walks on each extract against the exact order (Held–Karp) over `route`'s own
/// lengths between every pair (goal: at most 1.01×), each leg against `route` between the same points.
func walkOrderBench() throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/CartographyTests/Fixtures")
    let extracts: [(file: String, start: Coordinate)] = [
        ("helsinki.osm.pbf", Coordinate(clampingLatitude: 60.1699, longitude: 24.9449)),
        ("plaza.osm", Coordinate(clampingLatitude: 42.5080, longitude: 1.5220)),
    ]
    for (file, start) in extracts {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-walk-order-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        _ = runCapturing([releaseArtmap(), "import", fixtures.appendingPathComponent(file).path], home: home)
        let store = try CatalogStore(path: home.appendingPathComponent(".local/share/artmap/artmap.sqlite").path)
        let collection = String(file.prefix { $0 != "." })
        func routed(_ a: Coordinate, _ b: Coordinate) throws -> Double {
            if case .success(let leg) = try CorridorRouter.route(from: a, to: b, source: store) { return leg.totalMetres }
            return .infinity
        }
        let reachable = try store.artworks(collection: collection, fields: .listing).filter { try routed(start, $0.coordinate).isFinite }
        guard reachable.count >= 10 else {
            print("walk order (\(collection)): fewer than 10 artworks reachable (\(reachable.count))")
            continue
        }
        var rng = SplitMix(state: 49)
        var ratios: [Double] = [], worstLeg = 0.0
        for _ in 0..<3 {
            let sample = Array(reachable.shuffled(using: &rng).prefix(10))
            let points = sample.map(\.coordinate) + [start]
            let d = try points.map { a in try points.map { b in a == b ? 0 : try routed(a, b) } }
            let exact = TourOrder.best(d, stops: 10, end: .round).metres
            guard case .success(let plan) = try WalkPlanner.plan(from: start, artworks: sample, finish: .round, source: store) else { continue }
            ratios.append(plan.totalMetres / exact)
            var from = start
            for (leg, to) in zip(plan.legs, plan.stops.map(\.coordinate) + [start]) {
                let expected = try routed(from, to)
                worstLeg = max(worstLeg, abs(leg.totalMetres - expected) / max(expected, 1))
                from = to
            }
        }
        let worst = ratios.max() ?? .infinity
        print(String(format: "walk order (%@, 10 stops, round): %@ × Held–Karp over route lengths; legs within %.4f%% of route; %@ (goal <= 1.01x)",
                     collection, ratios.map { String(format: "%.4f", $0) }.joined(separator: ", "), worstLeg * 100,
                     worst <= 1.01 ? "MET" : "NOT MET"))
    }
}
