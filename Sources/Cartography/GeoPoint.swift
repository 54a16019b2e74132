import Geo

/// A latitude/longitude pair inside a feature's geometry. Longitudes are kept continuous along a
/// feature (a way crossing the antimeridian goes on past 180 instead of jumping to -180), so lines
/// and boxes stay short; `coordinate` wraps them back for display and distance.
public struct GeoPoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public init(_ coordinate: Coordinate) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The point as a valid coordinate (longitude wrapped into -180...180).
    public var coordinate: Coordinate { Coordinate(clampingLatitude: latitude, longitude: longitude) }
}
