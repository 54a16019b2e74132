import Cartography
import Catalog
import Foundation
import Geo
import Testing

private func collection(_ features: [String]) -> Data {
    Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
}

private func point(_ coordinates: String, name: String = "P") -> String {
    #"{"type":"Feature","properties":{"tourism":"artwork","name":"\#(name)"},"geometry":{"type":"Point","coordinates":\#(coordinates)}}"#
}

@Test func positionsMustBeTwoNumbersNotBooleansStringsOrNulls() throws {
    let bad = ["[true,false]", #"["1","2"]"#, "[null,null]", "[1]", "[]", "[[1,2]]", "[1,true]", "null", #""1,2""#]
    let sink = RecordingSink()
    let result = try GeoJSONImporter.run(data: collection(bad.map { point($0) } + [point("[2.5,53.4]", name: "Good")]),
                                         path: "x.geojson", collection: "g", sink: sink)
    #expect(result.artworks.map(\.title) == ["Good"])
    #expect(result.notes.count == bad.count)
    #expect(result.notes.first == "feature 1: a position must be [longitude, latitude] (two numbers); skipped")
    #expect(result.notes.last?.hasPrefix("feature \(bad.count): ") == true)
    // A file of nothing but such features has no usable features, as before.
    #expect(throws: CartographyError.self) {
        try GeoJSONImporter.run(data: collection([point("[true,false]")]), path: "x.geojson", collection: "g", sink: RecordingSink())
    }
}

@Test func aMillionCharacterTitleInAGeoJSONFileIsCutOnTheWayIn() throws {
    let huge = String(repeating: "Statue ", count: 150_000)
    let street = #"{"type":"Feature","properties":{"highway":"footway","name":"\#(huge)"},"geometry":{"type":"LineString","coordinates":[[2.5,53.4],[2.6,53.5]]}}"#
    let sink = RecordingSink()
    let result = try GeoJSONImporter.run(data: collection([point("[2.5,53.4]", name: huge), street]), path: "x.geojson", collection: "g", sink: sink)
    let artwork = try #require(result.artworks.first)
    #expect(artwork.title.count == FieldLimits.title)
    #expect(artwork.title.prefix(13) == "Statue Statue")
    #expect(artwork.information.count <= FieldLimits.information)
    let path = try #require(sink.features.first)
    #expect(path.name.count == FieldLimits.title)
    #expect(path.properties["name"].map { $0.count <= FieldLimits.information } == true)
}

@Test func aFeatureLargerThanTheLimitIsSkippedWithoutBeingBuilt() throws {
    let huge = String(repeating: "d", count: GeoJSONImporter.maxFeatureBytes)
    let large = #"{"type":"Feature","properties":{"tourism":"artwork","description":"\#(huge)"},"geometry":{"type":"Point","coordinates":[1,2]}}"#
    let result = try GeoJSONImporter.run(data: collection([large, point("[2.5,53.4]", name: "Kept")]), path: "x.geojson", collection: "g", sink: RecordingSink())
    #expect(result.artworks.map(\.title) == ["Kept"])
    #expect(result.notes == ["feature 1: \(large.utf8.count) bytes, more than the 16777216 one element may have; skipped"])
}
