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
    #expect(buildings.map(\.key) == ["(untitled) mural@53.4066,-2.9665", "(untitled) mural@53.4808,-2.2426", "st mary's church", "st mary's church#2"])
    #expect(buildings[0].standsForItsArtwork && buildings[1].standsForItsArtwork && !buildings[2].standsForItsArtwork)
    #expect(buildings[2].artworks.map(\.id) == ["3", "4"])
    #expect(buildings[3].artworks.map(\.id) == ["5"])
}

/// Issue 29, item 6: places a person would call one place, on made-up data shaped like municipal files.
@Test func sameTitledUntitledWorksFarApartAreEachTheirOwnPlaceAtTheirOwnPoint() throws {
    // Three "(untitled)" works from a city's public-art file, 1,485 m and 250 m apart, no building, no notes.
    let a = try Coordinate(latitude: 47.6062, longitude: -122.3321)
    let b = try Coordinate(latitude: 47.6195, longitude: -122.3321)   // 1,479 m north
    let c = try Coordinate(latitude: 47.6062, longitude: -122.3288)   // 248 m east
    let works = [Artwork(id: "1", title: "(untitled)", coordinate: a), Artwork(id: "2", title: "(untitled)", coordinate: b),
                 Artwork(id: "3", title: "(untitled)", coordinate: c), Artwork(id: "4", title: "Twin", coordinate: c)]
    let places = Building.group(works)
    #expect(places.count == 3, "never joined by title: \(places.map(\.key))")
    #expect(places.map(\.coordinate) == [a, b, c], "each at its own point, no midpoint")
    #expect(places[0].standsForItsArtwork && places[1].standsForItsArtwork)
    #expect(places[2].artworks.map(\.id) == ["3", "4"] && !places[2].standsForItsArtwork, "the very same point is one place")
}

@Test func anAddressRangeAlongAStreetIsOnePlaceOnlyWithin100MetresWhileABuildingStaysWhole() throws {
    // A dataset's address column (read into the location notes): "1000 4th Ave" 0, 60, 300 and 664 m along the street.
    let start = try Coordinate(latitude: 47.6065, longitude: -122.3331)
    func along(_ metres: Double) -> Coordinate {
        Coordinate(clampingLatitude: start.latitude + metres / 111_320, longitude: start.longitude)
    }
    let works = [0.0, 60, 300, 664].enumerated().map { i, metres in
        Artwork(id: "\(i)", title: "Panel \(i)", coordinate: along(metres), locationNotes: "1000 4th Ave")
    }
    let places = Building.group(works)
    #expect(places.map { $0.artworks.map(\.id) } == [["0", "1"], ["2"], ["3"]])
    #expect(abs(places[0].coordinate.latitude - along(30).latitude) < 1e-6, "the near two meet in their middle, 30 m along")
    #expect(places[1].coordinate == along(300) && places[2].coordinate == along(664))
    #expect(!places[1].standsForItsArtwork, "a place named by its address keeps its group line")
    // A building (the record's location, or the map's building or park that contains them) is one place however large.
    let park = [0.0, 400].enumerated().map { i, metres in Artwork(id: "p\(i)", title: "Statue \(i)", coordinate: along(metres), building: "Esplanadi park") }
    #expect(Building.group(park).count == 1)
}

@Test func locationNotesNameAPlaceSharedWithin100Metres() throws {
    let gate = try Coordinate(latitude: 60.1700, longitude: 24.9500)
    let works = [Artwork(id: "1", title: "North", coordinate: gate, locationNotes: "Esplanadi park, north side"),
                 Artwork(id: "2", title: "South", coordinate: Coordinate(clampingLatitude: 60.1706, longitude: 24.9500), locationNotes: "Esplanadi park, south side"),
                 Artwork(id: "3", title: "Far", coordinate: Coordinate(clampingLatitude: 60.1800, longitude: 24.9500), locationNotes: "Esplanadi park")]
    let places = Building.group(works)
    #expect(places.map(\.name) == ["Esplanadi park", "Esplanadi park"])
    #expect(places.map { $0.artworks.map(\.id) } == [["1", "2"], ["3"]])
}
