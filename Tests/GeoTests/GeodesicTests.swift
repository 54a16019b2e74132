import Foundation
import Testing
@testable import Geo

/// One reference line of geodesic-vectors.tsv, computed by GeographicLib.
struct GeodesicVector {
    let kind: String
    let from: Coordinate
    let to: Coordinate
    let distance: Double
    let bearing: Double
}

func loadVectors() throws -> [GeodesicVector] {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/geodesic-vectors", withExtension: "tsv"))
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").dropFirst().map { line in
        let f = line.split(separator: "\t").map(String.init)
        let n = f.dropFirst().compactMap(Double.init)
        #expect(n.count == 6, "bad fixture line \(line)")
        return GeodesicVector(kind: f[0],
                              from: try Coordinate(latitude: n[0], longitude: n[1]),
                              to: try Coordinate(latitude: n[2], longitude: n[3]),
                              distance: n[4], bearing: n[5])
    }
}

func angleDifference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}

@Test func fixtureCoversEveryKindOfDistance() throws {
    let kinds = Set(try loadVectors().map(\.kind))
    #expect(kinds == ["campus", "city", "global", "antipodal"])
}

@Test func agreesWithGeographicLibToAMillimetreUpTo20km() throws {
    let vectors = try loadVectors().filter { $0.distance <= 20_000 }
    #expect(vectors.count >= 100)
    for v in vectors {
        let r = Geodesic.inverse(from: v.from, to: v.to)
        #expect(abs(r.distance - v.distance) <= 0.001, "\(v.kind) \(v.from)->\(v.to): \(r.distance) vs \(v.distance)")
        if v.distance > 1 {
            #expect(angleDifference(r.initialBearing, v.bearing) < 1e-5, "bearing \(r.initialBearing) vs \(v.bearing)")
        }
    }
}

@Test func agreesWithGeographicLibToAMetreAnywhere() throws {
    let vectors = try loadVectors()
    for v in vectors {
        let r = Geodesic.inverse(from: v.from, to: v.to)
        #expect(abs(r.distance - v.distance) <= 1.0, "\(v.kind) \(v.from)->\(v.to): \(r.distance) vs \(v.distance)")
    }
}

@Test func nearlyAntipodalPointsUseTheFallback() throws {
    let vectors = try loadVectors().filter { $0.kind == "antipodal" }
    let failures = vectors.filter { Geodesic.vincentyInverse(from: $0.from, to: $0.to) == nil }
    #expect(!failures.isEmpty, "the fixture should contain pairs where Vincenty does not converge")
    for v in failures {
        let r = Geodesic.newtonInverse(from: v.from, to: v.to)
        #expect(abs(r.distance - v.distance) <= 1.0, "\(v.from)->\(v.to): \(r.distance) vs \(v.distance)")
    }
}

@Test func nearlyAntipodalBearingsAreGeographicLibs() throws {
    let vectors = try loadVectors().filter { $0.kind == "antipodal" }
    #expect(vectors.count >= 50)
    for v in vectors {
        let r = Geodesic.inverse(from: v.from, to: v.to)
        #expect(angleDifference(r.initialBearing, v.bearing) < 1e-3, "\(v.from)->\(v.to): bearing \(r.initialBearing) vs \(v.bearing)")
    }
}

@Test func ashtonBuildingArtworkIsAbout22MetresEast() throws {
    let figures = try Coordinate(latitude: 53.406561, longitude: -2.966203)
    let r = Geodesic.inverse(from: .ashtonBuilding, to: figures)
    #expect(abs(r.distance - 21.8) < 0.5)
    #expect(CompassPoint(bearing: r.initialBearing) == .east)
}

@Test func compassPointsAndArrows() {
    #expect(CompassPoint(bearing: 0).abbreviation == "N")
    #expect(CompassPoint(bearing: 359).abbreviation == "N")
    #expect(CompassPoint(bearing: 44).abbreviation == "NE")
    #expect(CompassPoint(bearing: 90).arrow == "→")
    #expect(CompassPoint(bearing: 200).abbreviation == "S")
    #expect(CompassPoint(bearing: 250).arrow == "←")
    #expect(CompassPoint(bearing: -45).abbreviation == "NW")
}

