import Geo

/// The map's projection: a flat projection around an anchor, seen from a centre some metres away from it.
/// Panning moves the centre and keeps the anchor, so points keep their places relative to each other to
/// the last bit and a kept drawing of the map can be shifted by whole cells.
public struct MapProjection: Sendable, Equatable {
    /// The projection around the anchor.
    public let anchored: LocalProjection
    /// The centre's metres east and north of the anchor.
    public let east: Double
    public let north: Double

    public init(anchor: Coordinate, east: Double = 0, north: Double = 0) {
        anchored = LocalProjection(center: anchor)
        self.east = east
        self.north = north
    }

    /// Metres east and north of the centre.
    public func project(_ c: Coordinate) -> (east: Double, north: Double) {
        let p = anchored.project(c)
        return (p.east - east, p.north - north)
    }

    /// The coordinate at metres east and north of the centre.
    public func unproject(east: Double, north: Double) -> Coordinate {
        anchored.unproject(east: east + self.east, north: north + self.north)
    }
}
