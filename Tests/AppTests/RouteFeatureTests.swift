import Cartography
import Catalog
import Foundation
import Geo
import TestSupport
import Testing
@testable import App

/// A walking graph of an L from `start` east then north to `target`, nodes every ~10 m.
func lShapedMap(from start: Coordinate, to target: Coordinate) -> BaseMap {
    let corner = Coordinate(clampingLatitude: start.latitude, longitude: target.longitude)
    var edges: [WalkEdge] = []
    var id: Int64 = 1
    func leg(_ a: Coordinate, _ b: Coordinate, street: String) {
        let steps = max(1, Int(Geodesic.distance(from: a, to: b) / 10))
        for i in 0..<steps {
            let p = GeoPoint(latitude: a.latitude + (b.latitude - a.latitude) * Double(i) / Double(steps),
                             longitude: a.longitude + (b.longitude - a.longitude) * Double(i) / Double(steps))
            let q = GeoPoint(latitude: a.latitude + (b.latitude - a.latitude) * Double(i + 1) / Double(steps),
                             longitude: a.longitude + (b.longitude - a.longitude) * Double(i + 1) / Double(steps))
            edges.append(WalkEdge(from: id, to: id + 1, fromPoint: p, toPoint: q, metres: Geodesic.distance(from: p.coordinate, to: q.coordinate), street: street))
            id += 1
        }
    }
    leg(start, corner, street: "East Walk")
    leg(corner, target, street: "North Walk")
    let line = MapFeature(sourceID: "way/1", kind: .footway, name: "East Walk", parts: [[GeoPoint(start), GeoPoint(corner)]])
    return BaseMap(features: [line], graph: WalkGraph(edges: edges), sources: ["test"])
}

@Test func aRouteFollowsTheWaysFitsBothEndsInTheMapAndEscClosesIt() throws {
    var state = try campusState()
    let target = try #require(state.main.ranked.dropFirst(3).first)
    state.main.baseMap = lShapedMap(from: state.main.reference, to: target.building.coordinate)
    onMain(&state, .routeTo(name: target.name, target.building.coordinate))
    let route = try #require(state.main.route)
    let walk = try #require(route.walk)
    #expect(route.targetName == target.name)
    #expect(walk.steps.map(\.street) == ["East Walk", "North Walk"])
    #expect(walk.steps.last?.instruction.hasPrefix("left onto") == true || walk.steps.last?.instruction.hasPrefix("right onto") == true)
    let corner = Coordinate(clampingLatitude: state.main.reference.latitude, longitude: target.building.coordinate.longitude)
    let expected = Geodesic.distance(from: state.main.reference, to: corner) + Geodesic.distance(from: corner, to: target.building.coordinate)
    #expect(abs(walk.metres - expected) < expected * 0.001)
    // The map now shows both ends.
    #expect(state.main.pannedAway)
    let end = state.main.cellOffset(of: target.building.coordinate), begin = state.main.cellOffset(of: state.main.reference)
    let half = state.main.mapHalfExtent
    #expect(abs(end.x) <= half.x && abs(end.y) <= half.y && abs(begin.x) <= half.x && abs(begin.y) <= half.y)
    // The steps scroll; Esc closes the route and the table is back.
    #expect(state.main.keyContext == .route)
    onMain(&state, .route(.scroll(1)))
    #expect(state.main.route?.scroll == 1)
    onMain(&state, .back)
    #expect(state.main.route == nil)
}

@Test func aNewLocationRecomputesTheRouteFromThere() throws {
    var state = try campusState()
    let target = try #require(state.main.ranked.dropFirst(3).first)
    state.main.baseMap = lShapedMap(from: state.main.reference, to: target.building.coordinate)
    onMain(&state, .routeTo(name: target.name, target.building.coordinate))
    let before = try #require(state.main.route?.walk?.metres)
    // Walk 40 m along the first leg: the fix passed the 25 m filter, so the route starts again from here.
    let ahead = try #require(state.main.route?.walk?.points.dropFirst(4).first)
    onMain(&state, .referenceMoved(ahead.coordinate, .live("walk")))
    let after = try #require(state.main.route?.walk?.metres)
    #expect(state.main.route?.start == ahead.coordinate)
    #expect(after < before - 30)
}

@Test func withoutStreetsTheRouteIsAStraightLineThatSaysWhy() throws {
    var state = try campusState()
    let ashton = try #require(state.main.ranked.first)
    let asked = onMain(&state, .routeTo(name: ashton.name, ashton.building.coordinate))
    let route = try #require(state.main.route)
    #expect(route.walk == nil)
    #expect(route.failure == .noWalkingGraph)
    #expect(asked.delegates == [.message("no walking route: " + RouteFailure.noWalkingGraph.message)])
    #expect(route.straight.metres > 0)
}
