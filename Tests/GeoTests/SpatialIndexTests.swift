import Testing
import TestSupport
@testable import Geo

func randomPoints(_ n: Int, seed: UInt64, lat: ClosedRange<Double> = -90...90,
                  lon: ClosedRange<Double> = -180...180) -> [Coordinate] {
    var rng = SeededGenerator(seed: seed)
    return (0..<n).map { _ in
        Coordinate(clampingLatitude: Double.random(in: lat, using: &rng), longitude: Double.random(in: lon, using: &rng))
    }
}

func bruteNearest(_ points: [Coordinate], _ q: Coordinate, _ k: Int) -> [Double] {
    Array(points.map { SpatialIndex.sphericalDistance(q, $0) }.sorted().prefix(k))
}

@Test(arguments: [UInt64(1), 2, 3])
func nearestMatchesBruteForceOnTheGlobe(seed: UInt64) {
    let points = randomPoints(3000, seed: seed)
    let index = SpatialIndex(points: points)
    let queries = randomPoints(100, seed: seed + 100)
    for q in queries {
        let got = index.nearest(to: q, count: 10)
        let expected = bruteNearest(points, q, 10)
        #expect(got.count == 10)
        for (g, e) in zip(got, expected) { #expect(abs(g.distance - e) < 1e-6) }
        for g in got { #expect(abs(SpatialIndex.sphericalDistance(q, points[g.index]) - g.distance) < 1e-6) }
    }
}

@Test func nearestWorksAcrossTheAntimeridianAndPoles() {
    let points = randomPoints(2000, seed: 9, lat: -10...10, lon: 170...180)
        + randomPoints(2000, seed: 10, lat: -10...10, lon: -180 ... -170)
        + randomPoints(500, seed: 11, lat: 88...90)
        + randomPoints(500, seed: 12, lat: -90 ... -88)
    let index = SpatialIndex(points: points)
    let queries = [Coordinate(clampingLatitude: 0, longitude: 180), Coordinate(clampingLatitude: 0, longitude: -179.99),
                   Coordinate(clampingLatitude: 90, longitude: 0), Coordinate(clampingLatitude: -89.9, longitude: 120)]
    for q in queries {
        let got = index.nearest(to: q, count: 25).map(\.distance)
        let expected = bruteNearest(points, q, 25)
        for (g, e) in zip(got, expected) { #expect(abs(g - e) < 1e-6) }
    }
    // Nearest to a point just east of the antimeridian includes points just west of it.
    let east = index.nearest(to: Coordinate(clampingLatitude: 0, longitude: 179.999), count: 50)
    #expect(east.contains { points[$0.index].longitude < 0 })
}

@Test(arguments: [100.0, 5_000.0, 250_000.0, 3_000_000.0])
func withinRadiusMatchesBruteForce(radius: Double) {
    let points = randomPoints(4000, seed: 5, lat: 50...56, lon: -6...2)
        + randomPoints(1000, seed: 6)
    let index = SpatialIndex(points: points)
    for q in randomPoints(30, seed: 7, lat: 50...56, lon: -6...2) {
        let got = Set(index.within(radius: radius, of: q).map(\.index))
        let expected = Set(points.indices.filter { SpatialIndex.sphericalDistance(q, points[$0]) <= radius })
        #expect(got == expected)
    }
}

@Test func boxQueryMatchesBruteForceIncludingAntimeridian() {
    let points = randomPoints(5000, seed: 21)
    let index = SpatialIndex(points: points)
    let boxes = [
        BoundingBox(south: 50, north: 56, west: -6, east: 2),
        BoundingBox(south: -20, north: 20, west: 170, east: -170),
        BoundingBox(south: 80, north: 90, west: -180, east: 180),
        BoundingBox(south: -90, north: -60, west: 100, east: -100),
        BoundingBox(south: -5, north: 5, west: -1, east: 1),
    ]
    for box in boxes {
        let got = index.inside(box)
        let expected = points.indices.filter { box.contains(points[$0]) }
        #expect(got == expected, "box \(box)")
    }
}

@Test func emptyIndexAnswersNothing() {
    let index = SpatialIndex(points: [])
    #expect(index.nearest(to: .ashtonBuilding, count: 3).isEmpty)
    #expect(index.within(radius: 1000, of: .ashtonBuilding).isEmpty)
}
