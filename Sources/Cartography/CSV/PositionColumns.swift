import Foundation

/// Where a CSV file keeps its positions: latitude and longitude columns (by their usual names in several
/// languages, decimal point or comma), easting/northing columns (`X`/`Y`, `Easting`/`Northing`, `RD_X`/`RD_Y`,
/// `ITM_X`/`ITM_Y`), a column of WKT `POINT (x y)`, a column of GeoJSON geometries written as text, a column of
/// "lat, lon" pairs, or a text column ending in "(lat, lon)" (Socrata's location columns: "1000 4th Ave\nSeattle,
/// WA\n(47.6065, -122.33312)"). Columns of values are found by what they hold.
public struct PositionColumns: Sendable, Equatable {
    /// The number columns: latitude or northing (y), longitude or easting (x).
    public var latitude: Int?
    public var longitude: Int?
    /// Whether the number columns are named as a grid's easting and northing rather than degrees or a plain x/y.
    public var namedAsGrid = false
    public var wkt: Int?
    public var geometry: Int?
    /// A column of "lat, lon" pairs, and whether its pairs are written longitude first (found from the values).
    public var pair: Int?
    public var pairLongitudeFirst = false
    /// How the pair's order was found, for `--dry-run`.
    var pairOrderReason = ""
    public var parenthesised: Int?
    /// The header's names, for saying which columns were used.
    let names: [String]

    /// Latitude and longitude under their usual names (English, Dutch, German, French, Spanish, Italian, Finnish,
    /// Swedish, Danish), then parts of names that say so.
    static let latitudeNames = ["latitude", "lat", "lat_dd", "latitude_dd", "wgs84_lat", "lat_wgs84", "latitude_wgs84", "geo_lat", "gps_lat",
                                "breedtegraad", "breitengrad", "breite", "latitud", "latitudine", "leveysaste", "leveys", "breddegrad"]
    static let longitudeNames = ["longitude", "lon", "long", "lng", "lon_dd", "longitude_dd", "wgs84_lon", "lon_wgs84", "wgs84_long",
                                 "longitude_wgs84", "geo_lon", "gps_lon", "lengtegraad", "langengrad", "laengengrad", "lange", "laenge",
                                 "longitud", "longitudine", "pituusaste", "pituus", "langdgrad", "laengdgrad", "laengdegrad"]
    static let latitudeParts = ["latitude", "breedtegraad", "breitengrad", "latitud", "leveysaste", "breddegrad"]
    static let longitudeParts = ["longitude", "lengtegraad", "ngengrad", "longitud", "pituusaste", "ngdegrad", "ngdgrad"]
    /// Plain x and y (degrees or metres: the values say which).
    static let plainX = ["x", "point_x", "xcoord", "x_coord", "x_coordinate", "coord_x", "coordx", "x_coordinaat", "x_koordinate"]
    static let plainY = ["y", "point_y", "ycoord", "y_coord", "y_coordinate", "coord_y", "coordy", "y_coordinaat", "y_koordinate"]
    /// A grid's easting and northing.
    static let eastingNames = ["easting", "eastings", "east", "rechtswert", "rd_x", "x_rd", "rdx", "itm_x", "itm_e", "x_itm", "itm_easting",
                               "bng_x", "bng_easting", "x_bng", "utm_x", "x_utm", "utm_easting", "etrs_x", "x_etrs"]
    static let northingNames = ["northing", "northings", "north", "hochwert", "rd_y", "y_rd", "rdy", "itm_y", "itm_n", "y_itm", "itm_northing",
                                "bng_y", "bng_northing", "y_bng", "utm_y", "y_utm", "utm_northing", "etrs_y", "y_etrs"]

    /// The number columns, from the header's names alone: degrees first, then a grid's easting and northing, then
    /// a plain x and y.
    public init(header: [String]) {
        names = header
        let normal = header.map(FieldSurvey.normal)
        func column(_ exact: [String], _ parts: [String] = []) -> Int? {
            for name in exact { if let found = normal.firstIndex(of: name) { return found } }
            return normal.firstIndex { name in parts.contains { name.contains($0) } }
        }
        if let lat = column(Self.latitudeNames, Self.latitudeParts), let lon = column(Self.longitudeNames, Self.longitudeParts), lat != lon {
            (latitude, longitude) = (lat, lon)
        } else if let x = column(Self.eastingNames, ["easting"]), let y = column(Self.northingNames, ["northing"]), x != y {
            (latitude, longitude, namedAsGrid) = (y, x, true)
        } else if let x = column(Self.plainX), let y = column(Self.plainY) {
            (latitude, longitude) = (y, x)
        }
    }

    /// Whether any way to a position was found.
    public var isEmpty: Bool { latitude == nil && wkt == nil && geometry == nil && pair == nil && parenthesised == nil }

    /// The names of the number columns (x first), for choosing and saying their system.
    var numberNames: [String] {
        guard let latitude, let longitude else { return [] }
        return [names[longitude], names[latitude]]
    }

    /// The columns the positions are read from, as `--dry-run` says it.
    public var summary: String {
        var ways: [String] = []
        if let latitude, let longitude {
            ways.append(namedAsGrid ? "\(names[longitude]) and \(names[latitude]) (easting and northing)" : "\(names[latitude]) and \(names[longitude]) (numbers)")
        }
        if let wkt { ways.append("\(names[wkt]) (WKT POINT)") }
        if let geometry { ways.append("\(names[geometry]) (GeoJSON geometry as text)") }
        if let pair { ways.append("\(names[pair]) (\"\(pairLongitudeFirst ? "lon, lat" : "lat, lon")\" in one column: \(pairOrderReason))") }
        if let parenthesised { ways.append("\(names[parenthesised]) (\"(lat, lon)\" in the text)") }
        return ways.isEmpty ? "none" : ways.joined(separator: ", else ")
    }

    /// Counts, per column, the values of each shape, so a column is taken when most of its values have one.
    struct Shapes {
        var filled: [Int], wkt: [Int], geometry: [Int], pair: [Int], parenthesised: [Int]
        /// Pairs whose first (second) number is beyond ±90, so it must be a longitude.
        var firstBeyond90: [Int], secondBeyond90: [Int]

        init(count: Int) {
            filled = Array(repeating: 0, count: count)
            (wkt, geometry, pair, parenthesised, firstBeyond90, secondBeyond90) = (filled, filled, filled, filled, filled, filled)
        }

        /// Counts one value; the position when it is WKT or a geometry (x first).
        mutating func add(_ value: String, column: Int) -> (x: Double, y: Double)? {
            guard !value.isEmpty else { return nil }
            filled[column] += 1
            if let point = PositionColumns.point(wkt: value) {
                wkt[column] += 1
                return point
            }
            if PositionText.looksLikeGeometry(value) {
                // Counted even when it cannot be read: the record then names why, its line and this column.
                geometry[column] += 1
                return try? PositionText.geometry(value)
            }
            if let found = PositionText.pair(value) {
                pair[column] += 1
                if abs(found.first) > 90 { firstBeyond90[column] += 1 }
                if abs(found.second) > 90 { secondBeyond90[column] += 1 }
                return nil
            }
            if PositionColumns.latLon(inText: value) != nil { parenthesised[column] += 1 }
            return nil
        }
    }

    /// Takes the column with the most values of each shape (each at least half of its filled values), and the pair
    /// column's order from its values: a first number beyond ±90 is a longitude, a second one too; neither, the
    /// name says ("lon_lat", "xy") or it is latitude first, as "lat, lon" is written.
    mutating func adopt(_ shapes: Shapes) {
        func best(_ counts: [Int]) -> Int? {
            let ranked = counts.indices.filter { counts[$0] > 0 && counts[$0] * 2 >= shapes.filled[$0] }
            return ranked.max { counts[$0] < counts[$1] }
        }
        wkt = best(shapes.wkt)
        geometry = best(shapes.geometry)
        pair = best(shapes.pair)
        parenthesised = best(shapes.parenthesised)
        guard let pair else { return }
        let first = shapes.firstBeyond90[pair], second = shapes.secondBeyond90[pair]
        let name = FieldSurvey.normal(names[pair])
        if first > 0, second == 0 {
            (pairLongitudeFirst, pairOrderReason) = (true, "\(first) first number\(first == 1 ? "" : "s") beyond ±90°, so longitude first")
        } else if second > 0, first == 0 {
            (pairLongitudeFirst, pairOrderReason) = (false, "\(second) second number\(second == 1 ? "" : "s") beyond ±90°, so latitude first")
        } else if ["lon_lat", "lonlat", "lng_lat", "xy", "x_y"].contains(where: name.contains) {
            (pairLongitudeFirst, pairOrderReason) = (true, "every number within ±90°; the name says longitude first")
        } else {
            (pairLongitudeFirst, pairOrderReason) = (false, first > 0 ? "numbers beyond ±90° on both sides; latitude first as written"
                                                                      : "every number within ±90°; latitude first, as \"lat, lon\" is written")
        }
    }

    /// The position of a record's number columns, x (longitude) first, unconverted.
    func numbers(_ fields: [String]) -> (x: Double, y: Double)? {
        guard let latitude, let longitude, latitude < fields.count, longitude < fields.count,
              let y = Self.number(fields[latitude]), let x = Self.number(fields[longitude]) else { return nil }
        return (x, y)
    }

    /// The position of a record's pair column as latitude and longitude, checked against their ranges.
    func pairPosition(_ fields: [String]) -> (latitude: Double, longitude: Double)? {
        guard let pair, pair < fields.count, let found = PositionText.pair(fields[pair]) else { return nil }
        let (lat, lon) = pairLongitudeFirst ? (found.second, found.first) : (found.first, found.second)
        return abs(lat) <= 90 && abs(lon) <= 180 ? (lat, lon) : nil
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
