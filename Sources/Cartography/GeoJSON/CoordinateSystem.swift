import Foundation

/// The coordinate reference system a file's positions are read in: RFC 7946's longitude/latitude (CRS84, the same
/// as EPSG:4326 with the axes as GeoJSON writes them), Web Mercator metres (EPSG:3857, the common export mistake of
/// GIS portals; both converted here without PROJ), or any other EPSG code, converted by PROJ (`PositionConverter`):
/// the national grids cities publish in (EPSG:28992 Dutch RD New, 2157 Irish ITM, 27700 British National Grid…).
public enum CoordinateSystem: Sendable, Hashable {
    case lonLat
    case webMercator
    case epsg(Int)

    /// "EPSG:4326", "EPSG:3857", "EPSG:28992".
    public var rawValue: String {
        switch self {
        case .lonLat: return "EPSG:4326"
        case .webMercator: return "EPSG:3857"
        case .epsg(let code): return "EPSG:\(code)"
        }
    }

    /// The system a `--crs` value or a `crs` member's name stands for: `EPSG:4326`, `CRS84`,
    /// `urn:ogc:def:crs:OGC:1.3:CRS84`, `urn:ogc:def:crs:EPSG::28992`, `urn:ogc:def:crs:EPSG:6.6:28992`,
    /// `http://www.opengis.net/def/crs/EPSG/0/28992`, `EPSG:900913`…; nil when it names no EPSG code (whether PROJ
    /// knows the code is asked when the file is read).
    public init?(name: String) {
        let upper = name.uppercased().trimmingCharacters(in: .whitespaces)
        guard !upper.isEmpty, upper.utf8.count <= 200 else { return nil }
        let code = upper.split(whereSeparator: { $0 == ":" || $0 == "/" }).last.map(String.init) ?? upper
        switch code {
        case "CRS84", "WGS84": self = .lonLat; return
        case "900913", "102100", "102113": self = .webMercator; return
        default: break
        }
        // Any other code must come with the EPSG authority (a bare number is not a system's name).
        guard upper.contains("EPSG"), !upper.contains("ESRI"), code.utf8.count <= 6, code.allSatisfy(\.isASCII),
              let number = Int(code), number > 0 else { return nil }
        switch number {
        case 4326: self = .lonLat
        case 3857, 3785: self = .webMercator
        default: self = .epsg(number)
        }
    }

    /// The sphere radius of Web Mercator, metres.
    static let radius = 6_378_137.0
    /// Web Mercator's extent: x within ±π·R, y within the square's ±π·R (85.0511°) with EPSG's slack to 85.06°.
    static let maxX = 20_037_508.342_789_244
    static let maxY = 20_048_966.104_014_594

    /// Whether [x, y] lies in longitude/latitude range.
    static func isLonLat(_ x: Double, _ y: Double) -> Bool { abs(x) <= 180 && abs(y) <= 90 }

    /// Whether [x, y] lies inside Web Mercator's extent.
    static func isMercator(_ x: Double, _ y: Double) -> Bool { abs(x) <= maxX && abs(y) <= maxY }

    /// Longitude and latitude of a position in longitude/latitude or Web Mercator, or nil when it is out of the
    /// system's range (other systems go through `PositionConverter`).
    func lonLat(_ x: Double, _ y: Double) -> (lon: Double, lat: Double)? {
        guard x.isFinite, y.isFinite else { return nil }
        switch self {
        case .lonLat:
            return Self.isLonLat(x, y) ? (x, y) : nil
        case .webMercator:
            guard Self.isMercator(x, y) else { return nil }
            let lon = x / Self.radius * 180 / .pi
            let lat = (2 * atan(exp(y / Self.radius)) - .pi / 2) * 180 / .pi
            return (lon, lat)
        case .epsg:
            return nil
        }
    }

    /// The Web Mercator position of a longitude/latitude, for tests and exports that need metres.
    public static func mercator(lon: Double, lat: Double) -> (x: Double, y: Double) {
        (lon * .pi / 180 * radius, log(tan(.pi / 4 + lat * .pi / 360)) * radius)
    }
}
