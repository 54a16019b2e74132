import Catalog
import Foundation
import Geo

/// Reads a GeoJSON `FeatureCollection`: lines and polygons whose properties carry OpenStreetMap keys
/// become the base layer (unknown ones are kept as plain lines and areas, properties and all), points
/// become artworks unless they are museums or galleries, and walkable lines join the walking graph at
/// shared positions.
public enum GeoJSONImporter {
    /// The most text one feature may have (16 MB, about 800,000 positions); a larger one is skipped with a
    /// note, so no single feature's parsed values can outgrow the file many times over.
    public static let maxFeatureBytes = 16 * 1_048_576
    /// The most properties a feature keeps; keys longer than 100 characters are dropped, and values are
    /// held to `FieldLimits.information` characters.
    public static let maxProperties = 200

    /// Imports `data` (read from `path`, named in errors) into `sink`. The file is read feature by feature
    /// (`JSONValue.parseObject(streaming:)`): at most one feature's values exist at a time, so memory is
    /// the file's bytes plus one feature, however many features it has.
    public static func run(data: Data, path: String, collection: String, sink: MapImportSink) throws -> MapImportResult {
        var result = MapImportResult()
        let top: (object: JSONObject, elements: Int)
        do {
            top = try JSONValue.parseObject(data, streaming: "features", maxElementBytes: maxFeatureBytes) { index, element in
                do {
                    switch element {
                    case .success(let item): try read(item, index: index, collection: collection, sink: sink, into: &result)
                    case .failure(let error): throw CartographyError(error.message)
                    }
                } catch let error as CartographyError {
                    if result.notes.count < 20 { result.notes.append("feature \(index + 1): \(error.message); skipped") }
                }
            }
        } catch let error as CatalogError {
            throw CartographyError("not valid JSON (\(String(error.message.prefix(160))))", file: path)
        }
        guard case .string("FeatureCollection")? = top.object["type"], case .array? = top.object["features"] else {
            throw CartographyError("not a GeoJSON FeatureCollection (expected {\"type\":\"FeatureCollection\",\"features\":[…]})", file: path)
        }
        guard result.features > 0 || !result.artworks.isEmpty else {
            throw CartographyError("no usable features (\(top.elements) in the file)", file: path)
        }
        return result
    }

    private static func read(_ item: JSONValue, index: Int, collection: String, sink: MapImportSink, into result: inout MapImportResult) throws {
        guard case .object(let feature) = item, case .string("Feature")? = feature["type"] else {
            throw CartographyError("not a Feature object")
        }
        var tags: [String: String] = [:]
        if case .object(let properties)? = feature["properties"] {
            for (key, value) in properties.members where key.utf8.count <= 100 {
                guard tags[key] != nil || tags.count < maxProperties else { break }
                let text: String
                switch value {
                case .string(let string): text = string
                case .number(let number): text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                case .bool(let flag): text = flag ? "yes" : "no"
                default: continue
                }
                tags[key] = FieldLimits.cut(text, to: FieldLimits.information) ?? text
            }
        }
        if tags["name"] == nil, let title = tags["title"] { tags["name"] = title }
        let id = sourceID(feature, tags: tags, index: index)
        guard case .object(let geometry)? = feature["geometry"], case .string(let type)? = geometry["type"] else {
            throw CartographyError("no geometry")
        }
        let coordinates = geometry["coordinates"]
        switch type {
        case "Point":
            let point = try position(coordinates)
            if MapTags.isLandmark(tags) {
                try sink.add(MapFeature(sourceID: id, kind: .landmark, name: MapTags.name(tags), parts: [[point]], properties: tags))
                result.features += 1
            } else {
                result.artworks.append(MapTags.artwork(id: id, tags: tags, at: point.coordinate, collection: collection))
            }
        case "LineString", "MultiLineString":
            let lines = type == "LineString" ? [try line(coordinates)] : try list(coordinates).map(line)
            let kind = MapTags.kind(tags, closed: false) ?? .otherLine
            let parts = lines.map(OSMImporter.unwrapped).filter { $0.count >= 2 }
            guard !parts.isEmpty else { throw CartographyError("a line needs at least two positions") }
            try sink.add(MapFeature(sourceID: id, kind: kind.isArea ? .otherLine : kind, name: MapTags.name(tags), parts: parts, properties: tags))
            result.features += 1
            if MapTags.isWalkable(tags) {
                for part in parts { result.edges += try sink.addWalk(along: part, ids: part.map(nodeID), street: MapTags.name(tags), kind: MapTags.walkKind(tags)) }
            }
            if MapTags.isArtwork(tags), let first = parts.first {
                let shape = MapFeature(sourceID: id, kind: .otherLine, name: "", parts: [first])
                result.artworks.append(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection))
            }
        case "Polygon", "MultiPolygon":
            let polygons = type == "Polygon" ? [try list(coordinates).map(line)] : try list(coordinates).map { try list($0).map(line) }
            let rings = polygons.joined().map(OSMImporter.unwrapped).filter { $0.count >= 4 }
            guard !rings.isEmpty else { throw CartographyError("a polygon ring needs at least four positions") }
            var kind = MapTags.kind(tags, closed: true) ?? .otherArea
            if !kind.isArea { kind = .otherArea }
            let shape = MapFeature(sourceID: id, kind: kind, name: MapTags.name(tags), parts: rings, properties: tags)
            try sink.add(shape)
            result.features += 1
            if MapTags.isArtwork(tags) {
                result.artworks.append(MapTags.artwork(id: id, tags: tags, at: shape.centroid.coordinate, collection: collection))
            }
            if MapTags.isLandmark(tags) {
                try sink.add(MapFeature(sourceID: id, kind: .landmark, name: MapTags.name(tags), parts: [[shape.centroid]]))
                result.features += 1
            }
        default:
            throw CartographyError("geometry type \(type) is not read")
        }
    }

    /// `node/123` style ids when the feature has one (as Overpass exports do), else `feature/N`.
    private static func sourceID(_ feature: JSONObject, tags: [String: String], index: Int) -> String {
        var featureID: String?
        if case .string(let text)? = feature["id"] { featureID = text }
        let candidates = [featureID, tags["@id"], tags["id"]].compactMap { $0 }
        if let osm = candidates.first(where: { id in ["node/", "way/", "relation/"].contains { id.hasPrefix($0) } }) {
            return String(osm.prefix(100))
        }
        return "feature/\(index + 1)"
    }

    /// A node id for a position, so lines that share a position share a graph node (negative: never an OSM id).
    static func nodeID(_ p: GeoPoint) -> Int64 {
        let lat = Int64((p.latitude * 1e7).rounded()) + 900_000_000
        var lonDegrees = p.longitude
        while lonDegrees > 180 { lonDegrees -= 360 }
        while lonDegrees < -180 { lonDegrees += 360 }
        let lon = Int64((lonDegrees * 1e7).rounded()) + 1_800_000_000
        return -(lat << 32 | lon) - 1
    }

    private static func list(_ value: JSONValue?) throws -> [JSONValue] {
        guard case .array(let array)? = value else { throw CartographyError("coordinates are not an array") }
        return array
    }

    private static func line(_ value: JSONValue?) throws -> [GeoPoint] {
        try list(value).map(position)
    }

    private static func position(_ value: JSONValue?) throws -> GeoPoint {
        // Numbers only: `[true, false]`, strings and nulls are not a position (JSON booleans are not 1 and 0).
        guard case .array(let pair)? = value, pair.count >= 2,
              case .number(let lon) = pair[0], case .number(let lat) = pair[1] else {
            throw CartographyError("a position must be [longitude, latitude] (two numbers)")
        }
        guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
            throw CartographyError("position [\(lon), \(lat)] is outside the world")
        }
        return GeoPoint(latitude: lat, longitude: lon)
    }
}
