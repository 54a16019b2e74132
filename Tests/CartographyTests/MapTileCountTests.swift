import Foundation
import Geo
import Testing
@testable import Cartography

/// Issue 35, item 5: the tile count of a fetch is bounded everywhere. Up to 80° of latitude every radius fits
/// the bound its box has there; nearer a pole the count would grow without bound (0.01° of longitude narrows to
/// nothing) and a fetch over the bound of the largest radius (583) is refused, naming a radius that fits.
@Test func aFetchesTileCountIsBoundedByItsRadiusUpToEightyDegrees() throws {
    #expect(MapTile.maxCount(radius: 5_000) == 583)
    for latitude in stride(from: -80.0, through: 80.0, by: 0.5) {
        for longitude in [-179.995, -2.97, 0, 24.948, 179.995] {
            let center = try Coordinate(latitude: latitude, longitude: longitude)
            for radius in [1.0, 40, 300, 1_000, 2_500, 5_000] {
                let count = MapTile.coveringCount(center, radius: radius)
                #expect(count <= MapTile.maxCount(radius: radius), "\(latitude),\(longitude) at \(radius) m: \(count)")
                #expect(count == MapTile.covering(center, radius: radius).count)
            }
        }
    }
}

@Test func nearAPoleTheCountIsOverTheCapAndASmallerRadiusFits() throws {
    let near = try Coordinate(latitude: 89.9, longitude: 0)
    #expect(MapTile.coveringCount(near, radius: 5_000) == 48_240, "the count the issue measured")
    #expect(MapTile.coveringCount(near, radius: 5_000) > MapTile.maxCount(radius: 5_000))
    let cap = MapTile.maxCount(radius: 5_000)
    let smaller = try #require(MapTile.largestRadius(around: near, within: 5_000, cap: cap))
    #expect(smaller > 100 && smaller < 5_000, "\(smaller)")
    #expect(MapTile.coveringCount(near, radius: Double(smaller)) <= cap)
    #expect(MapTile.coveringCount(near, radius: Double(smaller + 1)) > cap)

    // A circle holding the pole reaches it over every longitude (its "north" point, measured over the pole,
    // came out south of the centre, and the tiles beyond the pole were missed).
    let holding = try Coordinate(latitude: 89.99, longitude: 10)
    let tiles = MapTile.covering(holding, radius: 5_000)
    #expect(tiles.contains(MapTile(row: 8_999, column: -18_000)) && tiles.contains(MapTile(row: 8_999, column: 17_999)))
    #expect(tiles.count == 36_000 * 6, "rows 8994 (89.945° N, 5 km south) to 8999, every column")
    let south = try Coordinate(latitude: -89.995, longitude: -120)
    #expect(MapTile.covering(south, radius: 1_000).contains(MapTile(row: -9_000, column: 5_000)))
    #expect(MapTile.coveringCount(south, radius: 1_000) > MapTile.maxCount(radius: 1_000))
}
