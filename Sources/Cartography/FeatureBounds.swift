/// A latitude/longitude box around a feature, in the feature's own (continuous) longitudes.
public struct FeatureBounds: Sendable, Equatable {
    public var south: Double, north: Double, west: Double, east: Double

    public init(south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    init<S: Sequence>(_ points: S) where S.Element == GeoPoint {
        var box = FeatureBounds(south: .infinity, north: -.infinity, west: .infinity, east: -.infinity)
        for p in points {
            box.south = min(box.south, p.latitude)
            box.north = max(box.north, p.latitude)
            box.west = min(box.west, p.longitude)
            box.east = max(box.east, p.longitude)
        }
        self = box
    }

    public var isEmpty: Bool { !(south <= north && west <= east) }

    /// Whether the point lies inside, edges included, trying the point's longitude ±360 too.
    public func contains(_ p: GeoPoint) -> Bool {
        guard p.latitude >= south, p.latitude <= north else { return false }
        return [p.longitude, p.longitude - 360, p.longitude + 360].contains { $0 >= west && $0 <= east }
    }
}
