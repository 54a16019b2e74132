/// A latitude/longitude box; `west > east` means the box crosses the antimeridian.
public struct BoundingBox: Sendable, Equatable {
    public let south: Double
    public let north: Double
    public let west: Double
    public let east: Double

    public init(south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// Whether the box wraps past 180° east into the western hemisphere.
    public var crossesAntimeridian: Bool { west > east }

    /// Whether a coordinate lies inside, edges included.
    public func contains(_ c: Coordinate) -> Bool {
        guard c.latitude >= south, c.latitude <= north else { return false }
        if crossesAntimeridian {
            return c.longitude >= west || c.longitude <= east
        }
        return c.longitude >= west && c.longitude <= east
    }
}
