import Catalog
import Foundation

/// Positions written as text in one cell, in the shapes cities publish: a "lat, lon" pair with or without brackets
/// ("-37.8152979, 144.9477718", "(47.6, -122.3)", "[52.1, 4.3]"), and a GeoJSON geometry as JSON or as a Python or R
/// rendering with single quotes (`{'type': 'MultiPoint', 'coordinates': [[-79.349666, 43.677961]]}`).
enum PositionText {
    /// The longest cell read as a geometry; a longer one is refused, not parsed.
    static let maxGeometryBytes = 65_536

    /// Two decimal numbers and nothing else, in the order written: "-37.8152979, 144.9477718", "(47.6, -122.3)",
    /// "[52.1; 4.3]". Both must have a decimal point (so "3, 4" in a text column is no position), and both must be
    /// possible degrees (within ±180).
    static func pair(_ text: String) -> (first: Double, second: Double)? {
        guard text.utf8.count < 80 else { return nil }
        var value = Substring(text.trimmed)
        if let first = value.first, let last = value.last, "([{".contains(first) {
            guard (first == "(" && last == ")") || (first == "[" && last == "]") || (first == "{" && last == "}") else { return nil }
            value = value.dropFirst().dropLast()
        }
        let parts = value.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts.allSatisfy({ $0.contains(".") }), let first = Double(parts[0]), let second = Double(parts[1]),
              first.isFinite, second.isFinite, abs(first) <= 180, abs(second) <= 180, abs(first) <= 90 || abs(second) <= 90 else { return nil }
        return (first, second)
    }

    /// Whether a cell looks like a geometry written as text: an object with a "type" (in double or single quotes).
    static func looksLikeGeometry(_ text: String) -> Bool {
        let head = text.utf8.prefix(64)
        guard let first = head.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }), first == UInt8(ascii: "{") else { return false }
        let start = String(decoding: text.utf8.prefix(200), as: UTF8.self)
        return start.contains("\"type\"") || start.contains("'type'")
    }

    /// The position a geometry cell stands for, x first: a Point's, a MultiPoint's or line's first position, a
    /// polygon's outer ring's mean. Nil when the cell is no geometry; throws, saying why, when it looks like one but
    /// cannot be read (too long, not JSON, nested too deep, no numbers).
    static func geometry(_ text: String) throws -> (x: Double, y: Double)? {
        guard looksLikeGeometry(text) else { return nil }
        guard text.utf8.count <= maxGeometryBytes else {
            throw CartographyError("a geometry of \(text.utf8.count) bytes, more than artmap reads from one cell (\(maxGeometryBytes))")
        }
        // A Python or R rendering: single quotes for strings, None for null.
        let json = text.contains("\"") ? text : text.replacingOccurrences(of: "'", with: "\"").replacingOccurrences(of: "None", with: "null")
        let value: JSONValue
        do {
            value = try JSONValue.parse(Data(json.utf8))
        } catch let error as CatalogError {
            throw CartographyError("a geometry that is not JSON (\(String(error.message.prefix(120))))")
        }
        guard case .object(let object) = value, case .string(let type)? = object["type"] else {
            throw CartographyError("a geometry without a \"type\"")
        }
        if type == "Feature", case .object(let inner)? = object["geometry"] { return try position(of: inner) }
        return try position(of: object)
    }

    private static func position(of geometry: JSONObject) throws -> (x: Double, y: Double) {
        guard case .string(let type)? = geometry["type"] else { throw CartographyError("a geometry without a \"type\"") }
        // How many array levels lie above one position, by type.
        let depth: Int
        switch type {
        case "Point": depth = 0
        case "MultiPoint", "LineString": depth = 1
        case "Polygon", "MultiLineString": depth = 2
        case "MultiPolygon": depth = 3
        default: throw CartographyError("a geometry of type \(String(type.prefix(40))), which artmap does not read in a cell")
        }
        var value = geometry["coordinates"]
        // Down to the first ring or line (a polygon's outer ring, a MultiPolygon's first).
        for _ in 0..<max(0, depth - 1) {
            guard case .array(let items)? = value, let first = items.first else { throw CartographyError("a \(type) without positions") }
            value = first
        }
        func point(_ item: JSONValue?) -> (x: Double, y: Double)? {
            guard case .array(let pair)? = item, pair.count >= 2, case .number(let x) = pair[0], case .number(let y) = pair[1],
                  x.isFinite, y.isFinite else { return nil }
            return (x, y)
        }
        if depth == 0 {
            guard let only = point(value) else { throw CartographyError("a Point whose coordinates are not two numbers") }
            return only
        }
        guard case .array(let items)? = value, !items.isEmpty else { throw CartographyError("a \(type) without positions") }
        if depth == 1, let first = point(items.first) { return first }
        let points = items.prefix(10_000).compactMap(point)
        guard !points.isEmpty else { throw CartographyError("a \(type) whose positions are not numbers") }
        let ring = points.count > 1 && points[0] == points[points.count - 1] ? Array(points.dropLast()) : points
        return (ring.map(\.x).reduce(0, +) / Double(ring.count), ring.map(\.y).reduce(0, +) / Double(ring.count))
    }
}
