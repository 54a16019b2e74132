import Foundation
import Geo
import Testing
import TestSupport
@testable import Catalog

@Test func seedGroupsIntoBuildingsWithNineInElectricalEngineering() throws {
    let query = CatalogQuery(artworks: try ServiceRecordDecoder.decode(try seedArtworksData()).artworks)
    let ranked = query.ranked(from: .ashtonBuilding)
    #expect(ranked.reduce(0) { $0 + $1.artworks.count } == 31)
    #expect(ranked.first?.name == "Ashton Building")
    let first = try #require(ranked.first)
    #expect(abs(first.distance - 21.8) < 0.5)
    #expect(CompassPoint(bearing: first.bearing) == .east)
    let ee = try #require(ranked.first { $0.name == "Electrical Engineering Building" })
    #expect(ee.artworks.count == 9)
    // Ordered by distance, then name.
    for (a, b) in zip(ranked, ranked.dropFirst()) { #expect(a.distance <= b.distance) }
}

@Test func artworksInsideABuildingAreOrderedByDistanceThenTitle() throws {
    let works = [artwork("1", 53.4, -2.9, building: "B", title: "Zebra"),
                 artwork("2", 53.4, -2.9, building: "B", title: "Apple"),
                 artwork("3", 53.401, -2.9, building: "B", title: "Aardvark")]
    let ranked = CatalogQuery(artworks: works).ranked(from: Coordinate(clampingLatitude: 53.4, longitude: -2.9))
    #expect(ranked[0].artworks.map(\.artwork.title) == ["Apple", "Zebra", "Aardvark"])
    // The marker sits at the mean position of its members.
    #expect(abs(ranked[0].building.coordinate.latitude - 53.400333) < 1e-5)
}

@Test func recordsWithoutLocationGroupByCoordinatesNamedFromNotes() {
    let works = [
        artwork("1", 53.406228, -2.96616, notes: "Victoria Gallery & Museum, ground floor"),
        artwork("2", 53.406228, -2.96616, notes: "Victoria Gallery & Museum, first floor"),
        artwork("3", 53.406228, -2.96616, notes: "Victoria Gallery & Museum"),
        artwork("4", 53.40191, -2.96588, notes: "Rendall Building, foyer"),
        artwork("5", 53.40191, -2.96588, notes: "Main hall, west side"),
        artwork("6", 53.0, -2.0, notes: "", title: "Lonely"),
    ]
    let buildings = Building.group(works)
    #expect(buildings.count == 3)
    #expect(buildings[0].name == "Victoria Gallery & Museum")
    #expect(buildings[0].artworks.count == 3)
    #expect(buildings[1].name == "Rendall Building, foyer")
    #expect(buildings[2].name == "Lonely")
}

@Test func seedWithoutLocationStillGroupsTheElectricalEngineeringNine() throws {
    let text = String(decoding: try seedArtworksData(), as: UTF8.self)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [[String: String]]])
    let stripped = try #require(object["artworks"]).map { record in record.filter { $0.key != "location" && $0.key != "enabled" } }
    let data = try JSONSerialization.data(withJSONObject: ["artworks": stripped])
    let buildings = Building.group(try ServiceRecordDecoder.decode(data).artworks)
    let ee = try #require(buildings.first { $0.name == "Electrical Engineering Building" })
    #expect(ee.artworks.count == 9)
    #expect(buildings.contains { $0.name == "Victoria Gallery & Museum" && $0.artworks.count == 6 })
}

@Test func radiusAndNearestMatchBruteForce() throws {
    var works: [Artwork] = []
    var rng = SeededGenerator()
    for i in 0..<400 {
        works.append(artwork("\(i)", Double.random(in: 53.3...53.5, using: &rng), Double.random(in: -3.1 ... -2.8, using: &rng),
                             building: "B\(i)"))
    }
    let query = CatalogQuery(artworks: works)
    let reference = Coordinate.ashtonBuilding
    let all = query.ranked(from: reference)
    #expect(all.count == 400)
    for radius in [100.0, 1000.0, 5000.0] {
        let got = query.ranked(from: reference, radius: radius).map(\.name)
        let expected = all.filter { $0.distance <= radius }.map(\.name)
        #expect(got == expected, "radius \(radius) m, \(rng.replay)")
    }
    for k in [1, 10, 57] {
        #expect(query.ranked(from: reference, nearest: k).map(\.name) == Array(all.prefix(k)).map(\.name), "nearest \(k), \(rng.replay)")
    }
}

@Test func disabledArtworksAreNotShown() {
    var hidden = artwork("2", 53.4, -2.9, building: "B")
    hidden.enabled = false
    let query = CatalogQuery(artworks: [artwork("1", 53.4, -2.9, building: "B"), hidden])
    #expect(query.buildings.first?.artworks.map(\.id) == ["1"])
}

@Test func placesOfTheSameNameFarApartAreDifferentBuildings() throws {
    let liverpool = try Coordinate(latitude: 53.4066, longitude: -2.9665)
    let nearby = try Coordinate(latitude: 53.4070, longitude: -2.9660)
    let manchester = try Coordinate(latitude: 53.4808, longitude: -2.2426)
    let artworks = [
        Artwork(id: "1", title: "(untitled) mural", coordinate: liverpool),
        Artwork(id: "2", title: "(untitled) mural", coordinate: manchester),
        Artwork(id: "3", title: "Font", coordinate: nearby, building: "St Mary's Church"),
        Artwork(id: "4", title: "Window", coordinate: liverpool, building: "St Mary's Church"),
        Artwork(id: "5", title: "Bell", coordinate: manchester, building: "St Mary's Church"),
    ]
    let buildings = Building.group(artworks)
    #expect(buildings.map(\.key) == ["(untitled) mural", "(untitled) mural#2", "st mary's church", "st mary's church#2"])
    #expect(buildings[2].artworks.map(\.id) == ["3", "4"])
    #expect(buildings[3].artworks.map(\.id) == ["5"])
}
