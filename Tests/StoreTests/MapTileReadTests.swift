import Cartography
import Foundation
import Geo
import Testing
@testable import Store

// The view reads the base layer per tile from the store (issue 19): features at a tile's edges, a large
// feature meeting many tiles, and only the kinds a zoom band draws.

private func line(_ name: String, _ kind: FeatureKind, _ points: [(Double, Double)]) -> MapFeature {
    MapFeature(sourceID: "way/\(name)", kind: kind, name: name, parts: [points.map { GeoPoint(latitude: $0.0, longitude: $0.1) }])
}

private func store(with features: [MapFeature]) throws -> CatalogStore {
    let store = try CatalogStore(path: ":memory:")
    _ = try store.importMap(source: "test", file: "test.osm", collection: "test") { sink in
        for feature in features { try sink.add(feature) }
        var result = MapImportResult()
        result.features = features.count
        return result
    }
    return store
}

@Test func aTileHoldsTheFeaturesOnItsEdgesAndNotThoseBeyond() throws {
    #expect(MapTiling.bandLimits.count == MapTiling.tileDegrees.count)
    // Band 0 tiles are 0.01° square: the tile from 51.40 to 51.41 north, -0.46 to -0.45 east.
    let tile = try #require(MapTiling.tiles(covering: FeatureBounds(south: 51.405, north: 51.405, west: -0.455, east: -0.455), band: 0).first)
    let box = MapTiling.bounds(of: tile)
    #expect(abs(box.south - 51.40) < 1e-9 && abs(box.west + 0.46) < 1e-9)
    let inside = line("inside", .street, [(51.401, -0.459), (51.409, -0.451)])
    // Touches the tile only at its north-east corner and at its west edge.
    let corner = line("corner", .footway, [(box.north, box.east), (box.north + 0.001, box.east + 0.001)])
    let westEdge = line("west edge", .street, [(51.405, box.west - 0.002), (51.405, box.west)])
    let beyond = line("beyond", .street, [(51.405, box.east + 0.0001), (51.406, box.east + 0.002)])
    let read = try store(with: [inside, corner, westEdge, beyond]).mapTiles([tile])
    #expect(try #require(read[tile]).map(\.feature.name).sorted() == ["corner", "inside", "west edge"])
}

@Test func aLargeFeatureIsReadWithEveryTileItMeetsUnderOneID() throws {
    // A river 0.2° long crosses twenty band-0 tiles; each tile that meets it brings it, with the same id.
    let river = line("River", .water, [(51.405, -0.60), (51.405, -0.40), (51.406, -0.40), (51.406, -0.60), (51.405, -0.60)])
    let house = line("House", .building, [(51.4051, -0.4551), (51.4052, -0.4551), (51.4052, -0.4552), (51.4051, -0.4551)])
    let stored = try store(with: [river, house])
    let tiles = MapTiling.tiles(covering: FeatureBounds(south: 51.405, north: 51.4055, west: -0.599, east: -0.401), band: 0)
    #expect(tiles.count == 20)
    let read = try stored.mapTiles(tiles)
    #expect(read.count == 20)
    #expect(read.values.allSatisfy { tile in tile.contains { $0.feature.name == "River" } })
    #expect(Set(read.values.flatMap { $0 }.filter { $0.feature.name == "River" }.map(\.id)).count == 1)
    #expect(read.values.flatMap { $0 }.filter { $0.feature.name == "House" }.count == 1)
}

@Test func zoomedOutOnlyTheKindsDrawnThereAreRead() throws {
    let motorway = line("M1", .motorway, [(51.401, -0.459), (51.409, -0.451)])
    let street = line("Street", .street, [(51.402, -0.459), (51.408, -0.451)])
    let house = line("House", .building, [(51.4051, -0.4551), (51.4052, -0.4551), (51.4052, -0.4552), (51.4051, -0.4551)])
    let lake = line("Lake", .water, [(51.403, -0.458), (51.404, -0.458), (51.404, -0.457), (51.403, -0.458)])
    let stored = try store(with: [motorway, street, house, lake])
    let point = FeatureBounds(south: 51.405, north: 51.405, west: -0.455, east: -0.455)
    func names(at metresPerCell: Double) throws -> [String] {
        let band = MapTiling.band(metresPerCell: metresPerCell)
        let tiles = MapTiling.tiles(covering: point, band: band)
        return try stored.mapTiles(tiles).values.flatMap { $0 }.map(\.feature.name).sorted()
    }
    #expect(try names(at: 5) == ["House", "Lake", "M1", "Street"])
    #expect(try names(at: 50) == ["Lake", "M1", "Street"])
    #expect(try names(at: 200) == ["Lake", "M1"])
    #expect(try names(at: 1000) == ["Lake", "M1"])
    #expect(try names(at: 5000) == ["M1"])
    #expect(try names(at: 20_000) == ["M1"])
}

@Test func tilesWrapAroundTheAntimeridian() {
    // A view from 179.995° to 180.005° (east past 180) meets the last column and the first.
    let tiles = MapTiling.tiles(covering: FeatureBounds(south: 0.001, north: 0.002, west: 179.995, east: 180.005), band: 0)
    #expect(tiles.map(\.column) == [0, 35_999])
}

@Test func tilesFetchedLongerAgoThanTheMaxAgeAreEvictedAndTheRestStay() throws {
    let store = try CatalogStore(path: ":memory:")
    let oldPoint = Coordinate(clampingLatitude: 51.4015, longitude: -0.4515), freshPoint = Coordinate(clampingLatitude: 51.4215, longitude: -0.4315)
    func contents(_ point: Coordinate, _ name: String) -> TileContents {
        TileContents(tile: MapTile(containing: point)) { sink in
            try sink.add(line(name, .street, [(point.latitude, point.longitude - 0.001), (point.latitude, point.longitude + 0.001)]))
            return MapImportResult()
        }
    }
    _ = try store.replaceTiles([contents(oldPoint, "Old Road"), contents(freshPoint, "New Road")], fetchedAt: "2026-11-01T00:00:00Z")
    try store.setTileFetchTime(MapTile(containing: freshPoint), "2026-11-28T00:00:00Z")
    #expect(try store.fetchedTiles().count == 2)
    let now = try #require(ISO8601DateFormatter().date(from: "2026-12-01T00:00:00Z"))
    // Seven days: the tile fetched 30 days ago goes (its features and boxes), the one from 3 days ago stays.
    #expect(try store.evictFetchedTiles(olderThan: 7, now: now) == 1)
    #expect(try store.fetchedTiles().map(\.fetchedAt) == ["2026-11-28T00:00:00Z"])
    let everywhere = FeatureBounds(south: 51, north: 52, west: -1, east: 0)
    #expect(try store.mapFeatures(in: everywhere).map(\.name) == ["New Road"])
    #expect(try store.evictFetchedTiles(olderThan: 7, now: now) == 0)
    // Removing the fetched source takes every fetched tile.
    #expect(try store.removeMapSource(CatalogStore.fetchedSource))
    #expect(try store.mapFeatures(in: everywhere).isEmpty)
    #expect(try store.fetchedTiles().isEmpty)
}
