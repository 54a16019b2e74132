import Foundation
import Geo

/// What a live position passes (issue 47): the artworks within `seen.within` metres of one fix, by geodesic
/// distance, asked at every fix of a GPX replay, gpsd or GeoClue (not only those that move the view). A box of
/// latitude and longitude around the fix is checked first, so a city's hundred thousand artworks cost little a fix.
public enum WalkedPast {
    /// The default of `seen.within`, metres.
    public static let defaultWithin = 20.0

    /// The keys of the artworks within `within` metres of `fix`, nearest first.
    public static func artworks(_ artworks: [Artwork], near fix: Coordinate, within: Double) -> [ArtworkKey] {
        let latitudeSpan = within / 111_000 * 1.01
        let cosine = max(0.01, cos(fix.latitude * .pi / 180))
        let longitudeSpan = min(360, latitudeSpan / cosine)
        var found: [(ArtworkKey, Double)] = []
        for artwork in artworks {
            let c = artwork.coordinate
            guard abs(c.latitude - fix.latitude) <= latitudeSpan else { continue }
            var dLon = abs(c.longitude - fix.longitude)
            if dLon > 180 { dLon = 360 - dLon }
            guard dLon <= longitudeSpan else { continue }
            let distance = Geodesic.distance(from: fix, to: c)
            if distance <= within { found.append((artwork.key, distance)) }
        }
        return found.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
