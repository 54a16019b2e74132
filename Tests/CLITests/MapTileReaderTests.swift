@testable import App
import Cartography
import Foundation
import Geo
import Store
import Testing
import TestSupport
@testable import Runtime

/// Waits (at most 60 s) until the queue has handed over `count` actions.
private func actions(_ queue: ActionQueue, count: Int) throws -> [Action] {
    var got: [Action] = []
    let deadline = Date().addingTimeInterval(60)
    while got.count < count, Date() < deadline {
        got += queue.drain()
        if got.count < count { usleep(5_000) }
    }
    try #require(got.count >= count, "only \(got.count) of \(count) answers")
    return got
}

@Test func theReaderAnswersARequestOvertakenByANewerOneAsSkippedUnread() throws {
    let folder = try temporaryDirectory("tile-reader")
    let path = folder.appendingPathComponent("store.sqlite").path
    let store = try CatalogStore(path: path)
    let street = MapFeature(sourceID: "way/1", kind: .street, name: "High Street",
                            parts: [[GeoPoint(latitude: 51.4051, longitude: -0.4559), GeoPoint(latitude: 51.4051, longitude: -0.4501)]])
    _ = try store.importMap(source: "test", file: "test.osm", collection: "test") { sink in
        try sink.add(street)
        return MapImportResult()
    }
    let tile = try #require(MapTiling.tiles(covering: FeatureBounds(south: 51.4051, north: 51.4051, west: -0.455, east: -0.455), band: 0).first)
    let queue = try ActionQueue()
    let reader = MapTileReader(store: SharedStore(store))
    // The newer request (generation 2) is asked first: the older one, when its turn comes, is not read.
    reader.read(MapTileRequest(generation: 2, tiles: [tile]), queue: queue)
    reader.read(MapTileRequest(generation: 1, tiles: [tile]), queue: queue)
    let results = try actions(queue, count: 2).compactMap { action -> MapTileResult? in
        if case .mapTilesRead(let result) = action { return result } else { return nil }
    }
    let newer = try #require(results.first { $0.generation == 2 })
    let older = try #require(results.first { $0.generation == 1 })
    #expect(newer.tiles[tile]?.map(\.feature.name) == ["High Street"])
    #expect(newer.skipped.isEmpty)
    #expect(older.tiles.isEmpty)
    #expect(older.skipped == [tile])
}

@Test func theBuilderDropsBuildsOvertakenBeforeTheyStartAndPostsTheNewest() throws {
    let queue = try ActionQueue()
    let reader = MapTileReader(store: SharedStore(try CatalogStore(path: ":memory:")))
    let tile = MapTileKey(band: 0, row: 14_140, column: 17_954)
    let street = StoredMapFeature(id: 1, feature: MapFeature(sourceID: "way/1", kind: .street, name: "High Street",
                                                              parts: [[GeoPoint(latitude: 51.4051, longitude: -0.4559), GeoPoint(latitude: 51.4051, longitude: -0.4501)]]))
    func request(_ generation: Int) -> MapBuildRequest {
        MapBuildRequest(generation: generation, tiles: [tile], features: [[street]], graph: WalkGraph(edges: []), sources: ["test"], reading: 0)
    }
    func built(_ actions: [Action]) -> [MapBuildResult] {
        actions.compactMap { action -> MapBuildResult? in if case .mapBuilt(let result) = action { return result } else { return nil } }
    }
    // The newest (20) asked first: the older ones, when their turn comes, are not built.
    reader.build(request(20), queue: queue)
    for generation in 1..<20 { reader.build(request(generation), queue: queue) }
    let first = built(try actions(queue, count: 1))
    // One more after them: once it is posted, everything asked before has had its turn, and none was built.
    reader.build(request(21), queue: queue)
    let second = built(try actions(queue, count: 1))
    #expect(first.map(\.generation) == [20])
    #expect(second.map(\.generation) == [21])
    #expect((first + second).allSatisfy { $0.map.features.map(\.name) == ["High Street"] })
    #expect(queue.drain().isEmpty)
}
