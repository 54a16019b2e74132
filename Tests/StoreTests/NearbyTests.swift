import Catalog
import Foundation
import Geo
import Testing
import TestSupport
@testable import Store

/// `count` artworks on a grid of about 1 km around `center`, ids "0"…
func gridArtworks(_ count: Int, around center: Coordinate, collection: String = "big") -> [Artwork] {
    let side = Int(Double(count).squareRoot().rounded(.up))
    return (0..<count).map { i in
        let north = Double(i / side - side / 2) * 1000 / Double(side), east = Double(i % side - side / 2) * 1000 / Double(side)
        let point = Coordinate(clampingLatitude: center.latitude + north / 111_195,
                               longitude: center.longitude + east / (111_195 * cos(center.latitude * .pi / 180)))
        return Artwork(id: "\(i)", title: "Work \(i)", coordinate: point, building: "B\(i / 3)", collection: collection)
    }
}

@Test func theBoxAroundAPointHoldsEverythingWithinItsHalfSizeAndAtLeastAsked() throws {
    let store = try CatalogStore(path: ":memory:")
    let artworks = gridArtworks(2500, around: .ashtonBuilding)
    _ = try store.merge(artworks, into: "big", full: false)
    #expect(try store.artworkCount(collection: "big") == 2500)
    for (asked, start) in [(50, 100.0), (400, 250.0), (5000, 250.0)] {
        let found = try store.artworks(collection: "big", fields: .view, around: .ashtonBuilding, atLeast: asked, startMetres: start)
        #expect(found.count >= min(asked, 2500))
        let ids = Set(found.map(\.id))
        // Whatever lies within the first box's half-size is certainly in.
        for artwork in artworks where SpatialIndex.sphericalDistance(.ashtonBuilding, artwork.coordinate) < start * 0.99 {
            #expect(ids.contains(artwork.id), "\(artwork.id) is near but missing")
        }
    }
}

@Test func theBoxAroundAPointCrossesTheAntimeridian() throws {
    let store = try CatalogStore(path: ":memory:")
    let east = Coordinate(clampingLatitude: -17, longitude: 179.999)
    let west = Coordinate(clampingLatitude: -17, longitude: -179.999)
    _ = try store.merge([Artwork(id: "e", title: "East", coordinate: east, collection: "fiji"),
                         Artwork(id: "w", title: "West", coordinate: west, collection: "fiji")], into: "fiji", full: false)
    let found = try store.artworks(collection: "fiji", fields: .listing, around: east, atLeast: 2, startMetres: 500)
    #expect(Set(found.map(\.id)) == ["e", "w"], "the one 200 m away across the line is found with the first box")
}

@Test func theDefaultReferenceFromTheStoreAgreesWithTheQuery() throws {
    let store = try CatalogStore(path: ":memory:")
    let helsinki = Coordinate(clampingLatitude: 60.17, longitude: 24.94)
    let far = gridArtworks(301, around: helsinki, collection: "far")
    let near = gridArtworks(50, around: .ashtonBuilding, collection: "near")
    _ = try store.merge(far, into: "far", full: false)
    _ = try store.merge(near, into: "near", full: false)
    let expected = try #require(CatalogQuery(artworks: far).defaultReference(home: .ashtonBuilding))
    let fromStore = try #require(try store.defaultReference(collection: "far", home: .ashtonBuilding))
    #expect(fromStore == expected)
    #expect(try store.defaultReference(collection: "near", home: .ashtonBuilding) == nil)
    #expect(try store.defaultReference(collection: "none", home: .ashtonBuilding) == nil)
}

@Test func theViewStartsWholeUpToTheThresholdAndAroundTheReferenceAboveIt() throws {
    let store = try CatalogStore(path: ":memory:")
    _ = try store.merge(gridArtworks(900, around: .ashtonBuilding), into: "big", full: false)
    #expect(try !store.startsNearby(collection: "big", threshold: 900) && store.startsNearby(collection: "big", threshold: 899))
    #expect(try store.holdsMoreThan(899, collection: "big") && !store.holdsMoreThan(900, collection: "big"))
    let whole = try store.startingCatalogue(collection: "big", around: .ashtonBuilding, nearby: false, places: 100)
    #expect(whole.count == 900)
    let part = try store.startingCatalogue(collection: "big", around: .ashtonBuilding, nearby: true, places: 100)
    #expect(part.count >= 100 && part.count < 900)
    #expect(part.allSatisfy { $0.information.isEmpty }, "the view's fields only")
}

@Test func aPositionIndexDroppedByHandIsMadeAgainAndWithoutItTheViewReadsWhole() throws {
    let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
    do {
        let store = try CatalogStore(path: path)
        _ = try store.merge(gridArtworks(50, around: .ashtonBuilding), into: "big", full: false)
        try store.database.execute("DROP INDEX artworks_position")
        #expect(try !store.startsNearby(collection: "big", threshold: 10))
    }
    let reopened = try CatalogStore(path: path)
    #expect(try reopened.startsNearby(collection: "big", threshold: 10))
    #expect(try reopened.startingCatalogue(collection: "big", around: .ashtonBuilding, nearby: true, places: 5).count < 50)
}
