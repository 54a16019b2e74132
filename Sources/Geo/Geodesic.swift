import Foundation

/// Distance and azimuth between two points on the WGS84 ellipsoid.
public struct GeodesicResult: Sendable, Equatable {
    /// Length of the shortest geodesic, in metres.
    public let distance: Double
    /// Initial bearing at the first point, degrees clockwise from north in [0, 360).
    public let initialBearing: Double
}

/// WGS84 geodesics: Vincenty's inverse formula, with a Newton solution of the direct problem where
/// Vincenty fails to converge (nearly antipodal points), so every pair gets an answer good to a metre.
public enum Geodesic {
    /// WGS84 semi-major axis in metres.
    public static let a = 6_378_137.0
    /// WGS84 flattening.
    public static let f = 1 / 298.257223563
    /// WGS84 semi-minor axis in metres.
    public static let b = (1 - f) * a

    private static let radiansPerDegree = Double.pi / 180

    /// The geodesic from `from` to `to`: distance in metres and initial bearing in degrees.
    public static func inverse(from: Coordinate, to: Coordinate) -> GeodesicResult {
        if let result = vincentyInverse(from: from, to: to) {
            return result
        }
        return newtonInverse(from: from, to: to)
    }

    /// Metres between two points along the ellipsoid.
    public static func distance(from: Coordinate, to: Coordinate) -> Double {
        inverse(from: from, to: to).distance
    }

    /// Vincenty's inverse formula; nil when the iteration does not converge.
    static func vincentyInverse(from: Coordinate, to: Coordinate) -> GeodesicResult? {
        let phi1 = from.latitude * radiansPerDegree
        let phi2 = to.latitude * radiansPerDegree
        let bigL = normalizedRadians((to.longitude - from.longitude) * radiansPerDegree)
        let u1 = atan((1 - f) * tan(phi1))
        let u2 = atan((1 - f) * tan(phi2))
        let sinU1 = sin(u1), cosU1 = cos(u1), sinU2 = sin(u2), cosU2 = cos(u2)

        var lambda = bigL
        var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cosSqAlpha = 0.0, cos2SigmaM = 0.0
        var sinLambda = 0.0, cosLambda = 0.0
        var converged = false
        for _ in 0..<200 {
            sinLambda = sin(lambda)
            cosLambda = cos(lambda)
            let t1 = cosU2 * sinLambda
            let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            sinSigma = (t1 * t1 + t2 * t2).squareRoot()
            if sinSigma == 0 {
                // Coincident points.
                return GeodesicResult(distance: 0, initialBearing: 0)
            }
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cosSqAlpha = 1 - sinAlpha * sinAlpha
            cos2SigmaM = cosSqAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0
            let c = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = bigL + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda) > Double.pi + 1e-9 { return nil }
            if abs(lambda - previous) < 1e-12 {
                converged = true
                break
            }
        }
        guard converged else { return nil }
        let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
        let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
        let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
            - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        let s = b * bigA * (sigma - deltaSigma)
        let alpha1 = atan2(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
        return GeodesicResult(distance: s, initialBearing: normalizedDegrees(alpha1 / radiansPerDegree))
    }

    /// Vincenty's direct formula: where a geodesic of `distance` metres leaving `from` at `bearing` degrees ends.
    /// Returns latitude and longitude in degrees (longitude not wrapped).
    public static func direct(from: Coordinate, bearing: Double, distance: Double) -> (latitude: Double, longitude: Double) {
        let phi1 = from.latitude * radiansPerDegree
        let alpha1 = bearing * radiansPerDegree
        let sinAlpha1 = sin(alpha1), cosAlpha1 = cos(alpha1)
        let tanU1 = (1 - f) * tan(phi1)
        let cosU1 = 1 / (1 + tanU1 * tanU1).squareRoot()
        let sinU1 = tanU1 * cosU1
        let sigma1 = atan2(tanU1, cosAlpha1)
        let sinAlpha = cosU1 * sinAlpha1
        let cosSqAlpha = 1 - sinAlpha * sinAlpha
        let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
        let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))

        var sigma = distance / (b * bigA)
        var sinSigma = 0.0, cosSigma = 0.0, cos2SigmaM = 0.0
        for _ in 0..<200 {
            cos2SigmaM = cos(2 * sigma1 + sigma)
            sinSigma = sin(sigma)
            cosSigma = cos(sigma)
            let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
            let next = distance / (b * bigA) + deltaSigma
            if abs(next - sigma) < 1e-13 {
                sigma = next
                break
            }
            sigma = next
        }
        cos2SigmaM = cos(2 * sigma1 + sigma)
        sinSigma = sin(sigma)
        cosSigma = cos(sigma)
        let tmp = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1
        let phi2 = atan2(sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1,
                         (1 - f) * (sinAlpha * sinAlpha + tmp * tmp).squareRoot())
        let lambda = atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1)
        let c = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
        let bigL = lambda - (1 - c) * f * sinAlpha
            * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
        return (phi2 / radiansPerDegree, from.longitude + bigL / radiansPerDegree)
    }

    /// Solves the inverse problem by Newton's method on the direct problem, from several starting bearings,
    /// keeping the shortest geodesic found. Used only where Vincenty's iteration fails (nearly antipodal points).
    static func newtonInverse(from: Coordinate, to: Coordinate) -> GeodesicResult {
        let meanRadius = 6_371_008.8
        let cosLat2 = max(cos(to.latitude * radiansPerDegree), 1e-9)
        // Offset in metres (north, east) from the target of the point reached with (bearing, distance).
        func miss(_ bearing: Double, _ distance: Double) -> (Double, Double) {
            let reached = direct(from: from, bearing: bearing, distance: distance)
            let dLat = (reached.latitude - to.latitude) * radiansPerDegree * meanRadius
            let dLon = normalizedRadians((reached.longitude - to.longitude) * radiansPerDegree) * meanRadius * cosLat2
            return (dLat, dLon)
        }
        let halfMeridian = Double.pi * b  // a little under half the meridian; the longest geodesic is about this
        var converged: [GeodesicResult] = []
        var closest: (result: GeodesicResult, miss: Double)?
        for start in stride(from: 0.0, to: 360.0, by: 7.5) {
            var bearing = start
            var distance = halfMeridian * 0.998
            for _ in 0..<60 {
                let m0 = miss(bearing, distance)
                let err = (m0.0 * m0.0 + m0.1 * m0.1).squareRoot()
                if err < 1e-6 { break }
                let hBearing = 1e-7, hDistance = 1e-3
                let mb = miss(bearing + hBearing, distance)
                let md = miss(bearing, distance + hDistance)
                let j11 = (mb.0 - m0.0) / hBearing, j21 = (mb.1 - m0.1) / hBearing
                let j12 = (md.0 - m0.0) / hDistance, j22 = (md.1 - m0.1) / hDistance
                let det = j11 * j22 - j12 * j21
                if det == 0 || !det.isFinite { break }
                var dBearing = -(j22 * m0.0 - j12 * m0.1) / det
                var dDistance = -(-j21 * m0.0 + j11 * m0.1) / det
                // Damp large steps so the iteration stays on the family of geodesics it started in.
                let scale = max(1, abs(dBearing) / 5, abs(dDistance) / 200_000)
                dBearing /= scale
                dDistance /= scale
                bearing += dBearing
                distance += dDistance
            }
            let m = miss(bearing, distance)
            let err = (m.0 * m.0 + m.1 * m.1).squareRoot()
            guard err.isFinite, distance > 0 else { continue }
            let candidate = GeodesicResult(distance: distance, initialBearing: normalizedDegrees(bearing))
            if err < 0.01 { converged.append(candidate) }
            if closest == nil || err < closest!.miss { closest = (candidate, err) }
        }
        guard let shortest = converged.min(by: { $0.distance < $1.distance }) else {
            return closest?.result ?? GeodesicResult(distance: halfMeridian, initialBearing: 0)
        }
        // Near the antipode the routes by either pole tie to well under a millimetre — closer than this
        // method can tell apart. To first order the one by the north pole is shorter when the target lies
        // north of the exact antipode, and by the south pole when south; on the antipode's latitude, the one by
        // the start's own pole (north on the equator). This is the route GeographicLib finds, and the bearing
        // returned is always that of the route whose length is returned.
        let ties = converged.filter { $0.distance <= shortest.distance + 1e-3 }
        let offset = to.latitude + from.latitude
        let preferNorth = abs(offset) > 1e-12 ? offset > 0 : from.latitude >= 0
        return ties.first { (cos($0.initialBearing * radiansPerDegree) > 0) == preferNorth } ?? shortest
    }

    static func normalizedRadians(_ value: Double) -> Double {
        var v = value.truncatingRemainder(dividingBy: 2 * Double.pi)
        if v > Double.pi { v -= 2 * Double.pi }
        if v < -Double.pi { v += 2 * Double.pi }
        return v
    }

    static func normalizedDegrees(_ value: Double) -> Double {
        var v = value.truncatingRemainder(dividingBy: 360)
        if v < 0 { v += 360 }
        if v >= 360 { v -= 360 }
        return v
    }
}
