import Foundation

/// A local flat projection around a centre (equirectangular on the WGS84 radii of curvature), good to a
/// fraction of a percent over the few kilometres a map pane shows.
public struct LocalProjection: Sendable, Equatable {
    public let center: Coordinate
    private let metresPerDegreeLatitude: Double
    private let metresPerDegreeLongitude: Double

    public init(center: Coordinate) {
        self.center = center
        let phi = center.latitude * .pi / 180
        let e2 = Geodesic.f * (2 - Geodesic.f)
        let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let meridional = Geodesic.a * (1 - e2) / (w * w * w)
        let normal = Geodesic.a / w
        metresPerDegreeLatitude = meridional * .pi / 180
        metresPerDegreeLongitude = max(normal * cos(phi) * .pi / 180, 1e-6)
    }

    /// Metres east and north of the centre.
    public func project(_ c: Coordinate) -> (east: Double, north: Double) {
        var dLon = c.longitude - center.longitude
        if dLon > 180 { dLon -= 360 }
        if dLon < -180 { dLon += 360 }
        return (dLon * metresPerDegreeLongitude, (c.latitude - center.latitude) * metresPerDegreeLatitude)
    }

    /// The coordinate at metres east and north of the centre.
    public func unproject(east: Double, north: Double) -> Coordinate {
        Coordinate(clampingLatitude: center.latitude + north / metresPerDegreeLatitude,
                   longitude: center.longitude + east / metresPerDegreeLongitude)
    }
}
