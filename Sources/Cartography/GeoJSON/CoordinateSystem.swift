import Foundation

/// The coordinate reference systems a GeoJSON file is read in: RFC 7946's longitude/latitude (CRS84, the same
/// as EPSG:4326 with the axes as GeoJSON writes them) and Web Mercator metres (EPSG:3857), the common export
/// mistake of GIS portals.
public enum CoordinateSystem: String, Sendable, Equatable {
    case lonLat = "EPSG:4326"
    case webMercator = "EPSG:3857"

    /// The system a `--crs` value or a `crs` member's name stands for: `EPSG:4326`, `CRS84`,
    /// `urn:ogc:def:crs:OGC:1.3:CRS84`, `urn:ogc:def:crs:EPSG::3857`, `EPSG:900913`…; nil for any other.
    public init?(name: String) {
        let upper = name.uppercased().trimmingCharacters(in: .whitespaces)
        let code = upper.split(whereSeparator: { $0 == ":" }).last.map(String.init) ?? upper
        switch code {
        case "4326", "CRS84", "WGS84": self = .lonLat
        case "3857", "900913", "3785", "102100", "102113": self = .webMercator
        default: return nil
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

    /// Longitude and latitude of a position given in this system, or nil when it is out of the system's range.
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
        }
    }

    /// The Web Mercator position of a longitude/latitude, for tests and exports that need metres.
    public static func mercator(lon: Double, lat: Double) -> (x: Double, y: Double) {
        (lon * .pi / 180 * radius, log(tan(.pi / 4 + lat * .pi / 360)) * radius)
    }
}
