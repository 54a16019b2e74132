import Catalog
import Foundation
import Geo

/// Reads a GeoJSON `FeatureCollection`: lines and polygons whose properties carry OpenStreetMap keys
/// become the base layer (unknown ones are kept as plain lines and areas, properties and all), points
/// become artworks unless they are museums or galleries, and walkable lines join the walking graph at
/// shared positions.
public enum GeoJSONImporter {
    /// Imports `data` (read from `path`, named in errors) into `sink`.
    public static func run(data: Data, path: String, collection: String, sink: MapImportSink) throws -> MapImportResult {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CartographyError("not valid JSON (\(Self.reason(error)))", file: path)
        }
        guard let object = root as? [String: Any], object["type"] as? String == "FeatureCollection",
              let features = object["features"] as? [Any] else {
            throw CartographyError("not a GeoJSON FeatureCollection (expected {\"type\":\"FeatureCollection\",\"features\":[…]})", file: path)
        }
        var result = MapImportResult()
        for (index, item) in features.enumerated() {
            do {
                try read(item, index: index, collection: collection, sink: sink, into: &result)
            } catch let error as CartographyError {
                if result.notes.count < 20 { result.notes.append("feature \(index + 1): \(error.message); skipped") }
            }
        }
        guard result.features > 0 || !result.artworks.isEmpty else {
            throw CartographyError("no usable features (\(features.count) in the file)", file: path)
        }
        return result
    }

    private static func read(_ item: Any, index: Int, collection: String, sink: MapImportSink, into result: inout MapImportResult) throws {
        guard let feature = item as? [String: Any], feature["type"] as? String == "Feature" else {
            throw CartographyError("not a Feature object")
        }
        let properties = (feature["properties"] as? [String: Any]) ?? [:]
        var tags: [String: String] = [:]
        for (key, value) in properties {
            switch value {
            case let text as String: tags[key] = text
            case let number as NSNumber: tags[key] = number.stringValue
            default: continue
            }
        }
        if tags["name"] == nil, let title = tags["title"] { tags["name"] = title }
        let id = sourceID(feature, tags: tags, index: index)
        guard let geometry = feature["geometry"] as? [String: Any], let type = geometry["type"] as? String else {
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
                for part in parts { result.edges += try sink.addWalk(along: part, ids: part.map(nodeID), street: MapTags.name(tags)) }
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
    private static func sourceID(_ feature: [String: Any], tags: [String: String], index: Int) -> String {
        let candidates = [feature["id"] as? String, tags["@id"], tags["id"]].compactMap { $0 }
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

    private static func list(_ value: Any?) throws -> [Any] {
        guard let array = value as? [Any] else { throw CartographyError("coordinates are not an array") }
        return array
    }

    private static func line(_ value: Any?) throws -> [GeoPoint] {
        try list(value).map(position)
    }

    private static func position(_ value: Any?) throws -> GeoPoint {
        guard let pair = value as? [Any], pair.count >= 2,
              let lon = (pair[0] as? NSNumber)?.doubleValue, let lat = (pair[1] as? NSNumber)?.doubleValue else {
            throw CartographyError("a position must be [longitude, latitude]")
        }
        guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
            throw CartographyError("position [\(lon), \(lat)] is outside the world")
        }
        return GeoPoint(latitude: lat, longitude: lon)
    }

    private static func reason(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error.localizedDescription)"
        return String(text.prefix(160))
    }
}
