import Catalog
import Geo
import Testing

@Test func theSameOpenStreetMapElementInTwoCollectionsIsKeptOnceFromTheFirst() {
    let here = Coordinate(clampingLatitude: 60.17, longitude: 24.94)
    let imported = [Artwork(id: "node/1", title: "Imported", coordinate: here, collection: "helsinki"),
                    Artwork(id: "40", title: "Helsinki 40", coordinate: here, collection: "helsinki")]
    let fetched = [Artwork(id: "node/1", title: "Fetched", coordinate: here, collection: "osm"),
                   Artwork(id: "way/2", title: "A way", coordinate: here, collection: "osm")]
    let campus = [Artwork(id: "40", title: "Campus 40", coordinate: here)]
    let merged = CollectionMerge.merge([imported, fetched, campus])
    #expect(merged.map(\.title) == ["Imported", "Helsinki 40", "A way", "Campus 40"], "an id that is not an element is two artworks")
    #expect(CollectionMerge.merge([fetched]).count == 2)
    #expect(!CollectionMerge.isOpenStreetMapElement("nodes/1") && CollectionMerge.isOpenStreetMapElement("relation/9"))
}
