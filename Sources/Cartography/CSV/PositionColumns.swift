import Foundation

/// Where a CSV file keeps its positions: latitude and longitude columns (by name), a column of WKT
/// `POINT (lon lat)` values, or a text column ending in "(lat, lon)" (Socrata's location columns:
/// "1000 4th Ave\nSeattle, WA\n(47.6065, -122.33312)"). Columns of values are found by what they hold.
public struct PositionColumns: Sendable, Equatable {
    public var latitude: Int?
    public var longitude: Int?
    public var wkt: Int?
    public var parenthesised: Int?
    /// The header's names, for saying which columns were used.
    let names: [String]

    static let latitudeNames = ["latitude", "lat", "y", "point_y", "lat_dd", "ycoord", "y_coord", "latitude_dd", "wgs84_lat"]
    static let longitudeNames = ["longitude", "lon", "long", "lng", "x", "point_x", "lon_dd", "xcoord", "x_coord", "longitude_dd", "wgs84_lon"]

    /// The number columns, from the header's names alone.
    public init(header: [String]) {
        names = header
        let normal = header.map(FieldSurvey.normal)
        latitude = normal.firstIndex { Self.latitudeNames.contains($0) } ?? normal.firstIndex { $0.contains("latitude") }
        longitude = normal.firstIndex { Self.longitudeNames.contains($0) } ?? normal.firstIndex { $0.contains("longitude") }
        if latitude == nil || longitude == nil { latitude = nil; longitude = nil }
    }

    /// Whether any way to a position was found.
    public var isEmpty: Bool { latitude == nil && wkt == nil && parenthesised == nil }

    /// The columns the positions are read from, as `--dry-run` says it.
    public var summary: String {
        var ways: [String] = []
        if let latitude, let longitude { ways.append("\(names[latitude]) and \(names[longitude]) (numbers)") }
        if let wkt { ways.append("\(names[wkt]) (WKT POINT)") }
        if let parenthesised { ways.append("\(names[parenthesised]) (\"(lat, lon)\" in the text)") }
        return ways.isEmpty ? "none" : ways.joined(separator: ", else ")
    }

    /// Counts, per column, the values of each shape, so a column is taken when most of its values have one.
    struct Shapes {
        var filled: [Int], wkt: [Int], parenthesised: [Int]

        init(count: Int) {
            filled = Array(repeating: 0, count: count)
            wkt = filled
            parenthesised = filled
        }

        /// Counts one value; the position when it is WKT (x first).
        mutating func add(_ value: String, column: Int) -> (x: Double, y: Double)? {
            guard !value.isEmpty else { return nil }
            filled[column] += 1
            if let point = PositionColumns.point(wkt: value) {
                wkt[column] += 1
                return point
            }
            if PositionColumns.latLon(inText: value) != nil { parenthesised[column] += 1 }
            return nil
        }
    }

    /// Takes the column with the most WKT values and the one with the most "(lat, lon)" values (each at least
    /// half of its filled values).
    mutating func adopt(_ shapes: Shapes) {
        func best(_ counts: [Int]) -> Int? {
            let ranked = counts.indices.filter { counts[$0] > 0 && counts[$0] * 2 >= shapes.filled[$0] }
            return ranked.max { counts[$0] < counts[$1] }
        }
        wkt = best(shapes.wkt)
        parenthesised = best(shapes.parenthesised)
    }

    /// The position of a record's number columns, x (longitude) first, unconverted.
    func numbers(_ fields: [String]) -> (x: Double, y: Double)? {
        guard let latitude, let longitude, latitude < fields.count, longitude < fields.count,
              let y = Self.number(fields[latitude]), let x = Self.number(fields[longitude]) else { return nil }
        return (x, y)
    }

    /// A decimal number, with a comma for the point as comma-decimal locales write it ("47,6065").
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty, trimmed.utf8.count < 40 else { return nil }
        if let value = Double(trimmed) { return value }
        if !trimmed.contains("."), trimmed.filter({ $0 == "," }).count == 1 { return Double(trimmed.replacingOccurrences(of: ",", with: ".")) }
        return nil
    }

    /// `POINT (x y)`, `POINT(x y)`, `SRID=4326;POINT (x y)`, `POINT Z (x y z)`, any case; nil for any other text.
    static func point(wkt text: String) -> (x: Double, y: Double)? {
        var value = Substring(text.trimmed)
        guard value.utf8.count < 200 else { return nil }
        if value.uppercased().hasPrefix("SRID="), let semicolon = value.firstIndex(of: ";") { value = value[value.index(after: semicolon)...] }
        guard value.uppercased().hasPrefix("POINT"), let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return nil }
        let between = value[value.index(after: open)..<value.index(before: value.endIndex)]
        let numbers = between.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
        guard numbers.count >= 2, numbers.count <= 4, numbers.count == between.split(whereSeparator: { $0 == " " || $0 == "\t" }).count else { return nil }
        return (numbers[0], numbers[1])
    }

    /// The last "(lat, lon)" in a text, and the text before it (its address) with line ends as ", ".
    static func latLon(inText text: String) -> (latitude: Double, longitude: Double, rest: String)? {
        guard text.utf8.count < 4_000, let close = text.lastIndex(of: ")"), let open = text[..<close].lastIndex(of: "(") else { return nil }
        let inside = text[text.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
        guard inside.count == 2, let lat = Double(inside[0].trimmingCharacters(in: .whitespaces)),
              let lon = Double(inside[1].trimmingCharacters(in: .whitespaces)), abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        let rest = text[..<open].split(whereSeparator: \.isNewline).map { String($0).trimmed }.filter { !$0.isEmpty }.joined(separator: ", ")
        return (lat, lon, rest)
    }
}
