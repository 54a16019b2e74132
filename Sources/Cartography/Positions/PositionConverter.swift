import Foundation
import Projection

/// Turns a file's positions into longitude and latitude in the system it is read in: longitude/latitude and Web
/// Mercator by formula, any other EPSG code through PROJ (`Reprojection`, made once per import and owned here).
/// One import, one thread.
final class PositionConverter {
    let system: CoordinateSystem
    private let projection: Reprojection?

    /// A converter for `system`; throws a `CartographyError` in PROJ's words when the code is unknown to it.
    init(_ system: CoordinateSystem) throws {
        self.system = system
        if case .epsg(let code) = system {
            do {
                projection = try Reprojection(epsg: code)
            } catch {
                throw CartographyError(error.message)
            }
        } else {
            projection = nil
        }
    }

    /// "EPSG:28992 (Amersfoort / RD New)", "EPSG:4326 (longitude/latitude)".
    var label: String {
        switch system {
        case .lonLat: return "EPSG:4326 (longitude/latitude)"
        case .webMercator: return "EPSG:3857 (Web Mercator metres)"
        case .epsg: return projection?.label ?? system.rawValue
        }
    }

    /// Longitude and latitude, or nil when the position is outside the system's range, PROJ cannot transform it,
    /// or it lands off the earth.
    func lonLat(_ x: Double, _ y: Double) -> (lon: Double, lat: Double)? {
        guard let projection else { return system.lonLat(x, y) }
        return projection.lonLat(x, y)
    }

    /// Why a position has no longitude and latitude, for the note that skips its record.
    func refusal(_ x: Double, _ y: Double) -> String {
        switch system {
        case .lonLat: return "position \(y), \(x) (latitude, longitude) is outside the world"
        case .webMercator: return "position [\(x), \(y)] is outside Web Mercator's range"
        case .epsg: return "position [\(x), \(y)] in \(label) could not be transformed to a place on the earth"
        }
    }

    /// Whether a longitude and latitude lie where the system is meant to be used (always, for the world's systems).
    func isInArea(lon: Double, lat: Double) -> Bool {
        projection?.area?.contains(lon: lon, lat: lat) ?? true
    }
}

/// Which national grid a file's easting/northing is in, when nothing says so: the systems cities publish in, each
/// tried on the positions, kept when every one lands inside the system's area of use.
enum GridGuess {
    /// EPSG codes tried, most specific first: RD New, Irish ITM, Belgian Lambert 72, Swiss LV95, British National
    /// Grid, Lambert-93, ETRS89 / TM35FIN, SWEREF99 TM, ETRS89 / UTM 32N and 33N.
    static let candidates = [28992, 2157, 31370, 2056, 27700, 2154, 3067, 3006, 25832, 25833]

    /// A grid named by a column (`RD_X`, `X_RD`, `ITM_E`, `BNG_Easting`…), or nil.
    static func named(_ names: [String]) -> Int? {
        let joined = names.map(FieldSurvey.normal)
        func any(_ parts: [String]) -> Bool { joined.contains { name in parts.contains { name.contains($0) } } }
        if joined.contains(where: { $0.hasPrefix("rd_") || $0.hasSuffix("_rd") || $0 == "rdx" || $0 == "rdy" || $0.contains("_rd_") }) { return 28992 }
        if any(["itm"]) { return 2157 }
        if any(["bng", "osgb"]) { return 27700 }
        if any(["lambert72", "lambert_72", "l72"]) { return 31370 }
        if any(["lambert93", "lambert_93", "l93"]) { return 2154 }
        if any(["lv95"]) { return 2056 }
        if any(["tm35"]) { return 3067 }
        if any(["sweref"]) { return 3006 }
        return nil
    }

    /// The candidate grids in whose area every sample lands (at most `samples.count` transformations each).
    static func fitting(_ samples: [(x: Double, y: Double)]) -> [PositionConverter] {
        guard !samples.isEmpty else { return [] }
        return candidates.compactMap { code in
            guard let converter = try? PositionConverter(.epsg(code)) else { return nil }
            let fits = samples.allSatisfy { sample in
                converter.lonLat(sample.x, sample.y).map { converter.isInArea(lon: $0.lon, lat: $0.lat) } ?? false
            }
            return fits ? converter : nil
        }
    }
}
