import Cartography
import Catalog
import Foundation
import Geo
import TerminalTypes
import TestSupport
import Testing
@testable import App

// The map reads what it shows (issue 19): the view asks for the tiles in and around the visible area at its
// zoom band, keeps them within a bound, and drops answers the view has moved away from.

private func mapState(capacity: Int = MapTileCache.defaultCapacity, online: Bool = false) -> (AppState, [Effect]) {
    var start = StartOptions(artworks: [])
    start.online = online
    start.autoFetch = online
    start.reference = Coordinate(clampingLatitude: 51.4, longitude: -0.45)
    start.referenceSource = .fixed("test")
    start.mapSources = ["city"]
    start.mapCacheCapacity = capacity
    var state = AppState(start: start)
    let effects = reduce(&state, .resize(TerminalSize(columns: 200, rows: 60)))
    return (state, effects)
}

private func requests(_ effects: [Effect]) -> [MapTileRequest] {
    effects.compactMap { if case .readMapTiles(let request) = $0 { return request } else { return nil } }
}

/// Takes in tiles read, then builds the map as the run loop would beside it (`Effect.buildMap`).
@discardableResult
private func arrive(_ state: inout AppState, _ result: MapTileResult) -> [Effect] {
    var effects = reduce(&state, .mapTilesRead(result))
    var others: [Effect] = []
    while let effect = effects.first {
        effects.removeFirst()
        if case .buildMap(let request) = effect {
            effects += reduce(&state, .mapBuilt(MapBuildResult(generation: request.generation, map: request.build())))
        } else {
            others.append(effect)
        }
    }
    return others
}

private func builds(_ effects: [Effect]) -> [MapBuildRequest] {
    effects.compactMap { if case .buildMap(let request) = $0 { return request } else { return nil } }
}

/// A street across the middle of `tile`, stored under `id`.
private func street(_ tile: MapTileKey, id: Int64) -> StoredMapFeature {
    let box = MapTiling.bounds(of: tile)
    let middle = (box.south + box.north) / 2
    return StoredMapFeature(id: id, feature: MapFeature(sourceID: "way/\(id)", kind: .motorway, name: "Street \(id)",
                                                       parts: [[GeoPoint(latitude: middle, longitude: box.west), GeoPoint(latitude: middle, longitude: box.east)]]))
}

/// The store's answer: one street per tile asked (ids from `firstID`).
private func answer(_ request: MapTileRequest, firstID: Int64 = 1, perTile: Int = 1) -> MapTileResult {
    var tiles: [MapTileKey: [StoredMapFeature]] = [:]
    var id = firstID
    for tile in request.tiles {
        tiles[tile] = (0..<perTile).map { _ in defer { id += 1 }; return street(tile, id: id) }
    }
    return MapTileResult(generation: request.generation, tiles: tiles)
}

@Test func theViewAsksForTheTilesInAndAroundWhatItShowsAndDrawsThemWhenRead() throws {
    var (state, effects) = mapState()
    let request = try #require(requests(effects).first)
    #expect(requests(effects).count == 1)
    #expect(state.main.baseMap.isEmpty)
    // Every tile asked is of the band drawn at this zoom, and together they cover the map and more around it.
    let band = MapTiling.band(metresPerCell: state.main.metresPerCell)
    #expect(request.tiles.allSatisfy { $0.band == band })
    let half = state.main.mapHalfExtent
    let view = state.main.boundingBox(cellsFromX: -half.x, toX: half.x, fromY: -half.y, toY: half.y)
    let boxes = request.tiles.map(MapTiling.bounds(of:))
    #expect(boxes.map(\.south).min() ?? 90 <= view.south && boxes.map(\.north).max() ?? -90 >= view.north)
    #expect(boxes.map(\.west).min() ?? 180 <= view.west && boxes.map(\.east).max() ?? -180 >= view.east)
    let covered = FeatureBounds(south: boxes.map(\.south).min() ?? 0, north: boxes.map(\.north).max() ?? 0,
                                west: boxes.map(\.west).min() ?? 0, east: boxes.map(\.east).max() ?? 0)
    #expect(covered.north - covered.south > 1.5 * (view.north - view.south))
    // A key that does not move the map asks nothing more; the answer puts the streets in the map.
    #expect(requests(reduce(&state, .tick(Date()))).isEmpty)
    arrive(&state, answer(request))
    #expect(state.main.baseMap.features.count == request.tiles.count)
    #expect(state.main.mapTiles.pending.isEmpty)
}

@Test func aFeatureReadWithManyTilesIsDrawnOnce() throws {
    var (state, effects) = mapState()
    let request = try #require(requests(effects).first)
    // The same river (one id) comes with every tile.
    let river = street(request.tiles[0], id: 7)
    let tiles = Dictionary(uniqueKeysWithValues: request.tiles.map { ($0, [river]) })
    arrive(&state, MapTileResult(generation: request.generation, tiles: tiles))
    #expect(state.main.baseMap.features.map(\.name) == ["Street 7"])
}

@Test func theMapIsBuiltBesideTheRunLoopAndALateBuildIsNotDrawn() throws {
    var (state, effects) = mapState()
    let request = try #require(requests(effects).first)
    // The tiles read are kept at once; the map drawn from them comes with the build, not before.
    let asked = builds(reduce(&state, .mapTilesRead(answer(request))))
    let build = try #require(asked.first)
    #expect(asked.count == 1)
    #expect(state.main.baseMap.isEmpty && state.main.mapTiles.isBuilding)
    #expect(state.main.mapTiles.featureCount == request.tiles.count)
    let built = build.build()
    #expect(built.features.count == request.tiles.count)
    // A pan back and forth over kept tiles asks for a newer build; the older one arriving after it is dropped.
    var newer: [MapBuildRequest] = []
    for _ in 0..<60 { newer += builds(reduce(&state, .key(.shiftRight))) }
    for _ in 0..<120 { newer += builds(reduce(&state, .key(.shiftLeft))) }
    let latest = try #require(newer.last)
    #expect(latest.generation > build.generation)
    _ = reduce(&state, .mapBuilt(MapBuildResult(generation: latest.generation, map: latest.build())))
    let drawn = state.main.baseMap
    #expect(!drawn.isEmpty && !state.main.mapTiles.isBuilding)
    _ = reduce(&state, .mapBuilt(MapBuildResult(generation: build.generation, map: built)))
    #expect(state.main.baseMap === drawn)
    // The store's map changed (a fetch): a build or a read asked before is not taken over the new reading,
    // and what is asked from now on is numbered past all that was asked before (the reader drops the older).
    // (Zoomed out, the map shows tiles not read yet.)
    var before: [MapTileRequest] = []
    while state.main.metresPerCell < 20 { before += requests(reduce(&state, .key(.character("-")))) }
    let readBefore = try #require(before.last)
    state.main.readMapFromStore(sources: ["city"])
    // (The next action, whatever it is, asks for the tiles in view afresh.)
    let late = reduce(&state, .mapBuilt(MapBuildResult(generation: latest.generation, map: latest.build())))
    #expect(state.main.baseMap.isEmpty)
    let readAfter = try #require(requests(late).first)
    #expect(readAfter.generation > readBefore.generation)
    _ = reduce(&state, .mapTilesRead(answer(readBefore, firstID: 900)))
    #expect(state.main.mapTiles.featureCount == 0 && Set(state.main.mapTiles.pending) == Set(readAfter.tiles))
    let rebuilt = try #require(builds(reduce(&state, .mapTilesRead(answer(readAfter)))).first)
    #expect(rebuilt.generation > latest.generation)
}

@Test func nearMeWaitsForTheMapBuiltFromTheTilesBeforeFetching() throws {
    func fetches(_ effects: [Effect]) -> Int { effects.filter { if case .fetchMap = $0 { return true } else { return false } }.count }
    // Streets in every tile: once built, the reference is covered and nothing is fetched.
    var (state, effects) = mapState(online: true)
    var request = try #require(requests(effects).first)
    var read = reduce(&state, .mapTilesRead(answer(request)))
    #expect(fetches(read) == 0)
    var build = try #require(builds(read).first)
    #expect(fetches(reduce(&state, .mapBuilt(MapBuildResult(generation: build.generation, map: build.build())))) == 0)
    // Nothing stored there: the fetch starts when the (empty) map is built, not as the tiles arrive.
    (state, effects) = mapState(online: true)
    request = try #require(requests(effects).first)
    read = reduce(&state, .mapTilesRead(MapTileResult(generation: request.generation, tiles: Dictionary(uniqueKeysWithValues: request.tiles.map { ($0, []) }))))
    #expect(fetches(read) == 0)
    build = try #require(builds(read).first)
    #expect(fetches(reduce(&state, .mapBuilt(MapBuildResult(generation: build.generation, map: build.build())))) == 1)
}

@Test func zoomingOutAsksForTheCoarserBandOnly() throws {
    var (state, _) = mapState()
    while state.main.metresPerCell < 5000 { _ = reduce(&state, .key(.character("-"))) }
    let effects = reduce(&state, .key(.character("-")))
    let request = try #require(requests(effects).first)
    #expect(request.tiles.allSatisfy { $0.band == MapTiling.bandLimits.count - 1 })
    #expect(MapTiling.kinds(band: request.tiles[0].band) == [.motorway])
}

@Test func anAnswerForAViewLeftBehindIsDropped() throws {
    var (state, effects) = mapState()
    let first = try #require(requests(effects).first)
    // The map jumps far east before the store answers: a new request, and the late answer is not kept.
    var later: [MapTileRequest] = []
    for _ in 0..<8 { later += requests(reduce(&state, .key(.character("-")))) }
    for _ in 0..<40 { later += requests(reduce(&state, .key(.shiftRight))) }
    let current = try #require(later.last)
    later.removeLast()
    #expect(current.generation > first.generation)
    // Every answer but the current one comes late: what the view has left is neither kept nor drawn.
    var id: Int64 = 1
    for request in [first] + later {
        arrive(&state, answer(request, firstID: id))
        id += Int64(request.tiles.count)
    }
    let wanted = state.main.mapTiles.wanted
    #expect(first.tiles.allSatisfy { !wanted.contains($0) && state.main.mapTiles.tiles[$0] == nil })
    #expect(state.main.mapTiles.tiles.keys.allSatisfy { wanted.contains($0) })
    #expect(!state.main.baseMap.features.contains { $0.name == "Street 1" })
    #expect(Set(state.main.mapTiles.pending) == Set(current.tiles))
    // Tiles the reader skipped (it saw a newer request first) are asked again at once while still wanted.
    let again = requests(reduce(&state, .mapTilesRead(MapTileResult(generation: current.generation, tiles: [:], skipped: current.tiles))))
    #expect(Set(again.flatMap(\.tiles)) == Set(current.tiles))
    #expect(try #require(again.first).generation > current.generation)
}

@Test func theCacheKeepsAtMostItsBoundBeyondWhatIsInView() throws {
    var (state, effects) = mapState(capacity: 50)
    var id: Int64 = 1
    var pending = requests(effects)
    while state.main.metresPerCell < 20 { pending += requests(reduce(&state, .key(.character("-")))) }
    for _ in 0..<12 {
        for request in pending {
            arrive(&state, answer(request, firstID: id, perTile: 3))
            id += Int64(3 * request.tiles.count)
        }
        let inView = state.main.mapTiles.wanted.reduce(0) { $0 + (state.main.mapTiles.tiles[$1]?.count ?? 0) }
        #expect(state.main.mapTiles.featureCount == state.main.mapTiles.tiles.values.reduce(0) { $0 + $1.count })
        #expect(state.main.mapTiles.featureCount <= max(50, inView + 3 * 40))
        // Every wanted tile is still kept.
        #expect(state.main.mapTiles.wanted.allSatisfy { state.main.mapTiles.tiles[$0] != nil })
        pending = []
        for _ in 0..<30 { pending += requests(reduce(&state, .key(.shiftRight))) }
    }
    // Twelve screens east later, most tiles read are gone.
    #expect(state.main.mapTiles.tiles.count < Int(id) / 3 / 2)
    let inView = state.main.mapTiles.wanted.reduce(0) { $0 + (state.main.mapTiles.tiles[$1]?.count ?? 0) }
    #expect(state.main.mapTiles.featureCount - inView <= 50)
}

@Test func aRouteOnTheStoresGraphIsFoundInTheBackgroundAndShownWhenItArrives() throws {
    var (state, _) = mapState()
    let target = Coordinate(clampingLatitude: 51.402, longitude: -0.447)
    let effects = state.routeMain(.routeTo(name: "Gallery", target))
    let request = try #require(effects.compactMap { effect -> RouteRequest? in
        if case .findRoute(let request) = effect { return request }
        return nil
    }.first)
    #expect(request.start == state.main.reference && request.target == target && request.fitsMap)
    #expect(state.main.route == nil)
    let graph = lShapedMap(from: state.main.reference, to: target).graph
    _ = reduce(&state, .routeFound(request.state(Router.route(in: graph, from: request.start, to: target)), request))
    let walk = try #require(state.main.route?.walk)
    #expect(walk.steps.map(\.street) == ["East Walk", "North Walk"])
}

@Test func aRouteFoundFromWhereTheWalkerWasIsShownAndAskedAgainFromWhereTheyAre() throws {
    var (state, _) = mapState()
    let target = Coordinate(clampingLatitude: 51.402, longitude: -0.447)
    func asked(_ effects: [Effect]) -> [RouteRequest] {
        effects.compactMap { effect -> RouteRequest? in
            if case .findRoute(let request) = effect { return request }
            return nil
        }
    }
    let first = try #require(asked(state.routeMain(.routeTo(name: "Gallery", target))).first)
    let graph = lShapedMap(from: state.main.reference, to: target).graph
    // The walker moves 30 m north before the walk is found.
    let moved = Coordinate(clampingLatitude: 51.40027, longitude: -0.45)
    _ = reduce(&state, .referenceMoved(moved, .live("walk.gpx")))
    let effects = reduce(&state, .routeFound(first.state(Router.route(in: graph, from: first.start, to: target)), first))
    // Shown at once (better than nothing while walking), and asked again from where the walker is now.
    #expect(state.main.route?.walk != nil)
    let again = try #require(asked(effects).first)
    #expect(again.start == moved && again.target == target && !again.fitsMap)
    // The answer from there replaces it and asks nothing more.
    let last = reduce(&state, .routeFound(again.state(Router.route(in: graph, from: moved, to: target)), again))
    #expect(asked(last).isEmpty)
    #expect(state.main.route?.start == moved)
}

@Test func aBoxAstrideTheAntimeridianCrossesItAndOneElsewhereIsItsCorners() throws {
    var state = try campusState(columns: 120, rows: 40)
    let campus = state.main.boundingBox(cellsFromX: -10, toX: 10, fromY: -5, toY: 5)
    let corner = state.main.coordinate(atCellX: -10, y: -5), opposite = state.main.coordinate(atCellX: 10, y: 5)
    #expect(!campus.crossesAntimeridian && campus.west == min(corner.longitude, opposite.longitude) && campus.east == max(corner.longitude, opposite.longitude))
    state.main.mapCenter = Coordinate(clampingLatitude: -16.78, longitude: 179.999)
    let across = state.main.boundingBox(cellsFromX: -50, toX: 50, fromY: -5, toY: 5)
    #expect(across.crossesAntimeridian, "\(across)")
    #expect(across.contains(Coordinate(clampingLatitude: -16.78, longitude: 179.9999)))
    #expect(across.contains(Coordinate(clampingLatitude: -16.78, longitude: -179.9999)))
    #expect(!across.contains(Coordinate(clampingLatitude: -16.78, longitude: 0)))
    #expect(!across.contains(Coordinate(clampingLatitude: -16.78, longitude: 179)))
    // Far out, wider than half the globe: every longitude.
    state.main.zoomIndex = 0
    let wide = state.main.boundingBox(cellsFromX: -10_000_000, toX: 10_000_000, fromY: -1, toY: 1)
    #expect(wide.west == -180 && wide.east == 180)
}
