import Catalog
import Foundation
import Geo
import TestSupport
import Testing
@testable import Cartography

// Issue 49: the walk planner's matrix and the legs it routes are one metric. Every entry of the matrix is the length
// `route` finds between the same two points; the walk's order is the best of every order by route lengths (brute
// force on small real graphs, an exact table written here for twelve stops).

/// A fixture imported into memory: its artworks and its stored graph, as pieces the way the store keeps them.
private struct StoredExtract {
    let artworks: [Artwork]
    let pieces: MemoryPieces

    init(_ name: String) throws {
        let sink = RecordingSink()
        let result = try OSMImporter.run(path: try fixture(name), collection: name, sink: sink)
        artworks = result.artworks
        pieces = MemoryPieces(sink.edges)
    }
}

/// The whole length of the walk `route` finds from `a` to `b` (its straight walks to and from the ways included), or
/// infinity when it finds none.
private func routed(_ a: Coordinate, _ b: Coordinate, _ source: WalkPieceSource) throws -> Double {
    switch try CorridorRouter.route(from: a, to: b, source: source) {
    case .success(let route): return route.totalMetres
    case .failure: return .infinity
    }
}

/// `route`'s lengths between every two of `points`, one route per ordered pair.
private func routeMatrix(_ points: [Coordinate], _ source: WalkPieceSource) throws -> [[Double]] {
    try points.indices.map { i in try points.indices.map { j in i == j ? 0 : try routed(points[i], points[j], source) } }
}

private func everyOrder(_ items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { i in everyOrder(Array(items[..<i] + items[(i + 1)...])).map { [items[i]] + $0 } }
}

/// The walk's length for stops in `order` over `d` (stops first, the start last), back to the start when `round`.
private func length(_ order: [Int], _ d: [[Double]], round: Bool) -> Double {
    let start = d.count - 1
    var total = 0.0, here = start
    for stop in order {
        total += d[here][stop]
        here = stop
    }
    return total + (round ? d[here][start] : 0)
}

/// The shortest walk through every stop by a table over subsets, written here apart from `TourOrder`: stops first
/// in `d`, the start last.
private func exactShortest(_ d: [[Double]], round: Bool) -> Double {
    let n = d.count - 1, start = n
    var table = [[Double]](repeating: [Double](repeating: .infinity, count: n), count: 1 << n)
    for j in 0..<n { table[1 << j][j] = d[start][j] }
    for mask in 1..<(1 << n) {
        for j in 0..<n where mask & (1 << j) != 0 && table[mask][j].isFinite {
            for k in 0..<n where mask & (1 << k) == 0 {
                table[mask | (1 << k)][k] = min(table[mask | (1 << k)][k], table[mask][j] + d[j][k])
            }
        }
    }
    return (0..<n).map { table[(1 << n) - 1][$0] + (round ? d[$0][start] : 0) }.min() ?? 0
}

private func close(_ a: Double, _ b: Double, within fraction: Double = 1e-6) -> Bool {
    a == b || abs(a - b) <= fraction * max(a, b) + 1e-6
}

private let helsinkiCentre = Coordinate(clampingLatitude: 60.1699, longitude: 24.9449)
private let plazaCentre = Coordinate(clampingLatitude: 42.5075, longitude: 1.5205)

@Test(arguments: ["plaza.osm", "helsinki.osm.pbf"])
func everyEntryOfTheWalksMatrixIsTheLengthRouteFinds(name: String) throws {
    let extract = try StoredExtract(name)
    var generator = SeededGenerator(seed: 49)
    // The plaza's every artwork (islands, a courtyard, squares walked across); twelve of Helsinki's.
    let sample = name == "plaza.osm" ? extract.artworks : Array(extract.artworks.shuffled(using: &generator).prefix(12))
    let points = sample.map(\.coordinate) + [name == "plaza.osm" ? plazaCentre : helsinkiCentre]
    let matrix = try WalkPlanner.metresBetween(points, source: extract.pieces)
    let routes = try routeMatrix(points, extract.pieces)
    try #require(matrix.count == points.count)
    var finite = 0
    for i in points.indices {
        for j in points.indices where i != j {
            let what = "\(i < sample.count ? sample[i].title : "start") to \(j < sample.count ? sample[j].title : "start")"
            #expect(close(matrix[i][j], routes[i][j]), "\(name): \(what): matrix \(matrix[i][j]) m, route \(routes[i][j]) m")
            if routes[i][j].isFinite { finite += 1 }
        }
    }
    // Most pairs have a walk: the check is about lengths, not failures agreeing.
    #expect(finite * 10 >= points.count * (points.count - 1) * 8, "\(finite) pairs routed")
}

@Test(arguments: ["plaza.osm", "helsinki.osm.pbf"], [true, false])
func aWalksOrderIsTheBestOfEveryOrderByRouteLengths(name: String, round: Bool) throws {
    let extract = try StoredExtract(name)
    let start = name == "plaza.osm" ? plazaCentre : helsinkiCentre
    // Artworks `route` reaches from the start, in seeded samples of six.
    let reachable = try extract.artworks.filter { try routed(start, $0.coordinate, extract.pieces).isFinite }
    try #require(reachable.count >= 6)
    var generator = SeededGenerator(seed: round ? 491 : 492)
    for _ in 0..<3 {
        let sample = Array(reachable.shuffled(using: &generator).prefix(6))
        let plan = try WalkPlanner.plan(from: start, artworks: sample, finish: round ? .round : .open, source: extract.pieces).get()
        let d = try routeMatrix(sample.map(\.coordinate) + [start], extract.pieces)
        let context = "\(name), \(round ? "round" : "open"): \(sample.map(\.title))"
        try #require(plan.stops.count == sample.count && plan.leftOut.isEmpty, "\(context): left out \(plan.leftOut.map(\.reason))")
        let brute = everyOrder(Array(sample.indices)).map { length($0, d, round: round) }.min()!
        #expect(close(plan.totalMetres, brute), "\(context): the walk \(plan.totalMetres) m, the best order by route \(brute) m")
        // Each leg is the walk `route` finds between the same two points.
        var from = start
        let ends = plan.stops.map(\.coordinate) + (round ? [start] : [])
        try #require(plan.legs.count == ends.count)
        for (leg, to) in zip(plan.legs, ends) {
            let expected = try routed(from, to, extract.pieces)
            #expect(abs(leg.totalMetres - expected) <= expected * 0.01, "\(context): a leg of \(leg.totalMetres) m, route \(expected) m")
            from = to
        }
    }
}

@Test func twelveStopsAreOrderedExactlyByRouteLengths() throws {
    let extract = try StoredExtract("helsinki.osm.pbf")
    let reachable = try extract.artworks.filter { try routed(helsinkiCentre, $0.coordinate, extract.pieces).isFinite }
    var generator = SeededGenerator(seed: 4912)
    let sample = Array(reachable.shuffled(using: &generator).prefix(TourOrder.exactLimit))
    try #require(sample.count == 12)
    let plan = try WalkPlanner.plan(from: helsinkiCentre, artworks: sample, finish: .round, source: extract.pieces).get()
    try #require(plan.stops.count == 12, "left out: \(plan.leftOut.map(\.reason))")
    let exact = exactShortest(try routeMatrix(sample.map(\.coordinate) + [helsinkiCentre], extract.pieces), round: true)
    #expect(close(plan.totalMetres, exact), "the walk \(plan.totalMetres) m, the exact shortest by route \(exact) m")
}

@Test func aStopWhoseOnlyWayRoundIsFarBeyondTheStopsIsWalkedAsRouteWalksIt() throws {
    // A river between rows 4 and 5, crossed only at the east end, 1.7 km from the start and the stops: the walk to
    // the far bank goes round by the bridge, as `route` goes, however far that is from the stops.
    let city = streetGrid(width: 29, height: 9) { x, y, east in east || y != 4 || x == 29 }
    let pieces = MemoryPieces(city.edges)
    let start = city.point(0, 4).coordinate
    let stops = [Artwork(id: "a", title: "far bank", coordinate: city.point(0, 5).coordinate),
                 Artwork(id: "b", title: "near bank", coordinate: city.point(2, 3).coordinate),
                 Artwork(id: "c", title: "far bank east", coordinate: city.point(2, 6).coordinate)]
    let plan = try WalkPlanner.plan(from: start, artworks: stops, finish: .round, source: pieces).get()
    #expect(plan.leftOut.isEmpty && plan.stops.count == 3, "\(plan.leftOut.map(\.reason))")
    let d = try routeMatrix(stops.map(\.coordinate) + [start], pieces)
    let brute = everyOrder([0, 1, 2]).map { length($0, d, round: true) }.min()!
    #expect(close(plan.totalMetres, brute), "the walk \(plan.totalMetres) m, the best order by route \(brute) m")
    #expect(plan.totalMetres > 2 * 58 * 59, "it crosses by the bridge and back")
    let matrix = try WalkPlanner.metresBetween(stops.map(\.coordinate) + [start], source: pieces)
    for i in 0..<4 { for j in 0..<4 where i != j { #expect(close(matrix[i][j], d[i][j]), "\(i) to \(j): \(matrix[i][j]) vs \(d[i][j])") } }
}

@Test func twoStopsOnOneIslandAreMeasuredAcrossTheirIslandAsRouteWalksThem() throws {
    // Plaça Lidia Armengol's ring shares no node with the avenue: between two of its sculptures `route` walks the
    // ring; to anything else it joins the avenue. The matrix must say the same.
    let extract = try StoredExtract("plaza.osm")
    let a = try #require(extract.artworks.first { $0.title == "Dona asseguda" })
    let b = try #require(extract.artworks.first { $0.title == "Cap de bou" })
    let matrix = try WalkPlanner.metresBetween([a.coordinate, b.coordinate], source: extract.pieces)
    let route = try CorridorRouter.route(from: a.coordinate, to: b.coordinate, source: extract.pieces).get()
    #expect(route.steps.contains { $0.street == "Plaça Lidia Armengol" })
    #expect(close(matrix[0][1], route.totalMetres) && close(matrix[1][0], route.totalMetres), "\(matrix) vs \(route.totalMetres)")
}

@Test(arguments: [true, false])
func aWalkThroughAnIslandsSculpturesAndACourtyardIsTheShortestByRouteLengths(round: Bool) throws {
    // The square's seven sculptures stand on a ring joined to no street, the courtyard's two on a path joined to
    // nothing: `route` walks the ring between two of them and joins the avenue to go anywhere else.
    let extract = try StoredExtract("plaza.osm")
    let titles = ["Dona asseguda", "El viatger", "Cap de bou", "Ocell de bronze", "La trobada", "Nen amb pilota", "Columna",
                  "Escultura del pati", "Banc del pati"]
    let stops = try titles.map { title in try #require(extract.artworks.first { $0.title == title }) }
    let plan = try WalkPlanner.plan(from: plazaCentre, artworks: stops, finish: round ? .round : .open, source: extract.pieces).get()
    try #require(plan.stops.count == stops.count, "left out: \(plan.leftOut.map(\.reason))")
    let exact = exactShortest(try routeMatrix(stops.map(\.coordinate) + [plazaCentre], extract.pieces), round: round)
    #expect(close(plan.totalMetres, exact), "the walk \(plan.totalMetres) m, the exact shortest by route \(exact) m")
}
