import Cartography
import Foundation
import Testing
@testable import Store

/// A city of `side` × `side` small square buildings named after their block, streamed into a sink.
private func importBlocks(_ store: CatalogStore, source: String, side: Int, west: Double) throws {
    _ = try store.importMap(source: source, file: "\(source).osm", collection: source) { sink in
        for y in 0..<side {
            for x in 0..<side {
                let s = 51.4 + Double(y) * 0.001, w = west + Double(x) * 0.001
                let ring = [GeoPoint(latitude: s, longitude: w), GeoPoint(latitude: s, longitude: w + 0.0005),
                            GeoPoint(latitude: s + 0.0005, longitude: w + 0.0005), GeoPoint(latitude: s, longitude: w)]
                try sink.add(MapFeature(sourceID: "way/\(y * side + x)", kind: .building, name: "\(source) \(x)-\(y)", parts: [ring]))
            }
        }
        var result = MapImportResult()
        result.features = side * side
        result.nodes = 1
        return result
    }
}

@Test func importsPackTheTreeAndKeepOtherSourcesBoxesAcrossAReimport() throws {
    let store = try CatalogStore(path: ":memory:")
    try importBlocks(store, source: "east", side: 80, west: 1.0)   // 6,400 boxes: packed
    try importBlocks(store, source: "west", side: 20, west: -1.0)  // 400 against 6,400: inserted one by one
    try importBlocks(store, source: "east", side: 75, west: 1.0)   // replaces 6,400: the tree rebuilt, west's kept
    #expect(try store.database.scalar("SELECT rtreecheck('map_feature_boxes')")?.text == "ok")
    #expect(try store.database.scalar("SELECT COUNT(*) FROM map_feature_boxes")?.integer == 75 * 75 + 400)
    // Every feature is found by its own box and no stale box remains.
    #expect(try store.database.scalar("SELECT COUNT(*) FROM map_feature_boxes WHERE id NOT IN (SELECT id FROM map_features)")?.integer == 0)
    let westBlock = try store.mapFeatures(in: FeatureBounds(south: 51.4101, north: 51.4102, west: -0.9899, east: -0.9898))
    #expect(westBlock.map(\.name) == ["west 10-10"])
    let eastBlock = try store.mapFeatures(in: FeatureBounds(south: 51.4741, north: 51.4742, west: 1.0741, east: 1.0742))
    #expect(eastBlock.map(\.name) == ["east 74-74"])
    #expect(try store.mapFeatures(in: FeatureBounds(south: 51.4761, north: 51.4762, west: 1.0761, east: 1.0762)).isEmpty)
}

private func indexes(_ store: CatalogStore) throws -> [String] {
    try store.database.rows("SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('map_features', 'walk_pieces') AND sql IS NOT NULL ORDER BY name")
        .compactMap { $0.first?.text }
}

@Test func theIndexesDroppedForAnImportComeBackAsTheyWereAfterItAndAfterAFailure() throws {
    let store = try CatalogStore(path: ":memory:")
    let before = try indexes(store)
    try #require(before.count >= 3)
    try importBlocks(store, source: "east", side: 10, west: 1.0)
    #expect(try indexes(store) == before)
    struct HalfWay: Error {}
    #expect(throws: HalfWay.self) {
        _ = try store.importMap(source: "east", file: "east.osm", collection: "east") { sink in
            try sink.add(WalkEdge(from: 1, to: 2, fromPoint: GeoPoint(latitude: 1, longitude: 1), toPoint: GeoPoint(latitude: 1, longitude: 2), metres: 5, street: "Half"))
            throw HalfWay()
        }
    }
    #expect(try indexes(store) == before)
    #expect(try store.database.scalar("SELECT COUNT(*) FROM map_features WHERE source = 'east'")?.integer == 100)
    #expect(try store.database.scalar("SELECT COUNT(*) FROM walk_pieces")?.integer == 0)
    // The query plans still use them.
    let plan = try store.database.rows("EXPLAIN QUERY PLAN SELECT * FROM map_features WHERE source = 'east'").map { "\($0)" }.joined()
    #expect(plan.contains("USING INDEX"), "\(plan)")
}

@Test func anErrorOnTheWriterThreadStopsTheImportAndLeavesTheStoreAsItWas() throws {
    let store = try CatalogStore(path: ":memory:")
    try importBlocks(store, source: "east", side: 10, west: 1.0)
    let before = try indexes(store)
    // SQLite refuses one feature half way through, on the writer thread; the reader is still adding rows.
    try store.database.execute("CREATE TRIGGER refuse BEFORE INSERT ON map_features WHEN NEW.source_id = 'way/5000' BEGIN SELECT RAISE(ABORT, 'refused feature'); END")
    var added = 0
    let error = #expect(throws: StoreError.self) {
        _ = try store.importMap(source: "east", file: "east.osm", collection: "east") { sink in
            for i in 0..<200_000 {
                try sink.add(MapFeature(sourceID: "way/\(i)", kind: .building, name: "Block \(i)",
                                        parts: [[GeoPoint(latitude: 1, longitude: 1), GeoPoint(latitude: 1.001, longitude: 1.001)]]))
                added += 1
            }
            return MapImportResult()
        }
    }
    #expect(error?.message.contains("refused feature") == true)
    // The reader was stopped soon after (a few batches queued at most), not left to read the whole file.
    #expect(added < 5000 + (ThreadedMapSink.depth + 2) * ThreadedMapSink.batchSize)
    #expect(try store.database.scalar("SELECT COUNT(*) FROM walk_pieces")?.integer == 0)
    #expect(try store.database.scalar("SELECT COUNT(*) FROM map_features WHERE source = 'east'")?.integer == 100)
    #expect(try indexes(store) == before)
    #expect(try store.database.scalar("SELECT rtreecheck('map_feature_boxes')")?.text == "ok")
}

@Test func edgesWrittenInBatchesBesideFeaturesComeBackAsSent() throws {
    let store = try CatalogStore(path: ":memory:")
    var sent: [WalkEdge] = []
    _ = try store.importMap(source: "line", file: "line.osm", collection: "line") { sink in
        // Runs of edges of many lengths, with features between them (rows go through the writer thread in batches).
        var node: Int64 = 1
        for run in [1, 31, 32, 33, 64, 65, 5000, 7] {
            for _ in 0..<run {
                let edge = WalkEdge(from: node, to: node + 1, fromPoint: GeoPoint(latitude: 51 + Double(node) * 1e-5, longitude: 0.1),
                                    toPoint: GeoPoint(latitude: 51 + Double(node + 1) * 1e-5, longitude: 0.1), metres: Double(node),
                                    street: "Street \(run)", kind: run == 7 ? .steps : .way)
                try sink.add(edge)
                sent.append(edge)
                node += 1
            }
            try sink.add(MapFeature(sourceID: "way/\(node)", kind: .building, name: "After \(run)",
                                    parts: [[GeoPoint(latitude: 51, longitude: 0), GeoPoint(latitude: 51.001, longitude: 0.001)]]))
        }
        var result = MapImportResult()
        result.nodes = 1
        return result
    }
    #expect(try store.walkEdges() == sent)
    #expect(try store.mapFeatures(in: FeatureBounds(south: 50, north: 52, west: -1, east: 1)).map(\.name)
            == ["After 1", "After 31", "After 32", "After 33", "After 64", "After 65", "After 5000", "After 7"])
}
