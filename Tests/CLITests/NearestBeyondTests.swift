import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import ArtmapCLI
@testable import Store

/// `list --radius` with nothing inside names the nearest building beyond: a building cut by the box it was found in
/// (its near work inside, its far one outside) is still named at its own middle, and the radius named lists it.
@Test func theNearestBeyondARadiusIsTheNearestBuildingWholeAndTheRadiusNamedListsIt() throws {
    let path = try temporaryDirectory("review-beyond").appendingPathComponent("s.sqlite").path
    let store = try CatalogStore(path: path)
    let here = try Coordinate(latitude: 60.0, longitude: 25.0)
    func north(_ metres: Double) throws -> Coordinate { try Coordinate(latitude: 60.0 + metres / 111_195, longitude: 25.0) }
    func south(_ metres: Double) throws -> Coordinate { try Coordinate(latitude: 60.0 - metres / 111_195, longitude: 25.0) }
    // "Hall": one work 390 m north, another 950 m beyond it (one building: within 1 km of its first). Its middle is ~865 m.
    // "Studio": one work 600 m south: the nearest building.
    _ = try store.merge([
        Artwork(id: "1", title: "Hall work one", coordinate: try north(390), building: "Hall", collection: "t"),
        Artwork(id: "2", title: "Hall work two", coordinate: try north(1_340), building: "Hall", collection: "t"),
        Artwork(id: "3", title: "Studio work", coordinate: try south(600), building: "Studio", collection: "t"),
    ], into: "t", full: false)
    let empty = try ListCommand.Listing(store: store, collections: ["t"], reference: here, followsCollection: false, radius: 100, nearest: nil)
    #expect(empty.buildings.isEmpty)
    let beyond = try #require(empty.nearestBeyond)
    let line = ListCommand.nearestBeyondLine(beyond, radius: 100)
    let whole = try ListCommand.Listing(store: store, collections: ["t"], reference: here, followsCollection: false, radius: nil, nearest: 1)
    #expect(beyond.name == whole.buildings.first?.name, "named \(beyond.name) at \(beyond.distance) m; the nearest is \(whole.buildings.first.map { "\($0.name) at \($0.distance)" } ?? "-"): \(line)")
    let reach = try #require(line.split(separator: " ").last { $0.allSatisfy(\.isNumber) }.flatMap { Double($0) })
    let listed = try ListCommand.Listing(store: store, collections: ["t"], reference: here, followsCollection: false, radius: reach, nearest: nil)
    #expect(listed.buildings.first?.name == beyond.name, "\(line); --radius \(Int(reach)) lists \(listed.buildings.map(\.name))")
}
