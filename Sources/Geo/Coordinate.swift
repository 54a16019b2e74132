import Foundation

/// A point on the WGS84 ellipsoid that is always valid: finite latitude in [-90, 90] and longitude in [-180, 180].
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator.
    public let latitude: Double
    /// Degrees east of Greenwich.
    public let longitude: Double

    /// Refuses non-finite or out-of-range values so every other function may trust a `Coordinate`.
    public init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, longitude.isFinite else {
            throw GeoError("coordinate must be finite numbers, got \(latitude),\(longitude)")
        }
        guard (-90.0...90.0).contains(latitude) else {
            throw GeoError("latitude \(latitude) is outside -90...90")
        }
        guard (-180.0...180.0).contains(longitude) else {
            throw GeoError("longitude \(longitude) is outside -180...180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Builds a coordinate from values already known to be valid (constants, clamped arithmetic).
    /// Out-of-range input is clamped and wrapped rather than trapping.
    public init(clampingLatitude latitude: Double, longitude: Double) {
        let lat = latitude.isFinite ? min(90, max(-90, latitude)) : 0
        var lon = longitude.isFinite ? longitude : 0
        if lon > 180 || lon < -180 {
            lon = (lon + 180).truncatingRemainder(dividingBy: 360)
            if lon < 0 { lon += 360 }
            lon -= 180
        }
        self.latitude = lat
        self.longitude = lon
    }

    /// Parses "LAT,LON" (spaces allowed around each number), as typed after `--at`.
    public static func parse(_ text: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw GeoError("expected LAT,LON (for example 53.406566,-2.966531), got \"\(text)\"")
        }
        let latText = parts[0].trimmingCharacters(in: .whitespaces)
        let lonText = parts[1].trimmingCharacters(in: .whitespaces)
        guard let lat = DecimalText.double(latText) else {
            throw GeoError("latitude \"\(latText)\" is not a decimal number (digits, one '.', an optional '-')")
        }
        guard let lon = DecimalText.double(lonText) else {
            throw GeoError("longitude \"\(lonText)\" is not a decimal number (digits, one '.', an optional '-')")
        }
        return try Coordinate(latitude: lat, longitude: lon)
    }

    /// The Ashton Building, University of Liverpool: the default reference point.
    public static let ashtonBuilding = Coordinate(clampingLatitude: 53.406566, longitude: -2.966531)

    public var description: String {
        String(format: "%.6f,%.6f", latitude, longitude)
    }
}
