import CProj
import Foundation

/// Why a coordinate system cannot be read, in words a user can act on (the code asked and PROJ's own reason).
public struct ProjectionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Positions of one coordinate system (an EPSG code) turned into longitude and latitude by PROJ: the one owner of a
/// PROJ context and of the transformation made in it (both freed in `deinit`). Not shared between threads: an
/// import makes its own.
public final class Reprojection {
    /// Where a system is meant to be used, in degrees.
    public struct Area: Sendable, Equatable {
        public var west: Double, south: Double, east: Double, north: Double
        public var name: String

        /// Whether a longitude and latitude lie inside (with `slack` degrees around it).
        public func contains(lon: Double, lat: Double, slack: Double = 0.1) -> Bool {
            guard lat >= south - slack, lat <= north + slack else { return false }
            if west <= east { return lon >= west - slack && lon <= east + slack }
            // An area across the antimeridian (west > east).
            return lon >= west - slack || lon <= east + slack
        }
    }

    /// The EPSG code.
    public let code: Int
    /// The system's name as PROJ's database gives it ("Amersfoort / RD New").
    public let name: String
    /// Where the system is meant for, when PROJ knows.
    public let area: Area?
    private let context: OpaquePointer
    private let transformation: OpaquePointer

    /// The transformation from EPSG:`code` to longitude and latitude (WGS 84, longitude first whatever the
    /// system's own axis order). Throws when PROJ does not know the code, or it names no coordinate system.
    public init(epsg code: Int) throws(ProjectionError) {
        guard (1...999_999).contains(code) else { throw ProjectionError("EPSG:\(code) is not an EPSG code (they run from 1 to 999999)") }
        guard let context = proj_context_create() else { throw ProjectionError("PROJ could not start (proj_context_create failed)") }
        // PROJ writes its errors to stderr unless told not to; artmap says them itself.
        proj_log_level(context, PJ_LOG_NONE)
        proj_context_set_enable_network(context, 0)
        func failure(_ what: String) -> ProjectionError {
            let errno = proj_context_errno(context)
            // PROJ says "Unknown error (code 4096)" for a code its database lacks: nothing to add then.
            let reason = errno == 0 ? nil : proj_context_errno_string(context, errno).map { String(cString: $0) }.flatMap { $0.hasPrefix("Unknown error") ? nil : $0 }
            return ProjectionError(what + (reason.map { " (PROJ: \($0))" } ?? ""))
        }
        guard let crs = proj_create(context, "EPSG:\(code)") else {
            let error = failure("EPSG:\(code) is not a coordinate system PROJ knows")
            proj_context_destroy(context)
            throw error
        }
        defer { proj_destroy(crs) }
        guard proj_is_crs(crs) != 0 else {
            proj_context_destroy(context)
            throw ProjectionError("EPSG:\(code) names something other than a coordinate system in PROJ's database")
        }
        name = proj_get_name(crs).map { String(cString: $0) } ?? "EPSG:\(code)"
        var west = 0.0, south = 0.0, east = 0.0, north = 0.0
        var areaName: UnsafePointer<CChar>?
        if proj_get_area_of_use(context, crs, &west, &south, &east, &north, &areaName) != 0, west > -1000 {
            area = Area(west: west, south: south, east: east, north: north, name: areaName.map { String(cString: $0) } ?? "")
        } else {
            area = nil
        }
        guard let raw = proj_create_crs_to_crs(context, "EPSG:\(code)", "EPSG:4326", nil) else {
            let error = failure("PROJ has no transformation from EPSG:\(code) to longitude and latitude")
            proj_context_destroy(context)
            throw error
        }
        let normalised = proj_normalize_for_visualization(context, raw)
        proj_destroy(raw)
        guard let normalised else {
            let error = failure("PROJ could not order EPSG:\(code)'s axes as longitude and latitude")
            proj_context_destroy(context)
            throw error
        }
        self.code = code
        self.context = context
        transformation = normalised
    }

    deinit {
        proj_destroy(transformation)
        proj_context_destroy(context)
    }

    /// The longitude and latitude of a position given in this system; nil when PROJ cannot transform it or it lands
    /// off the earth (not finite, or outside ±180°, ±90°).
    public func lonLat(_ x: Double, _ y: Double) -> (lon: Double, lat: Double)? {
        guard x.isFinite, y.isFinite, abs(x) < 1e12, abs(y) < 1e12 else { return nil }
        var lon = 0.0, lat = 0.0
        guard artmap_proj_forward(transformation, x, y, &lon, &lat) == 0, lon.isFinite, lat.isFinite,
              abs(lon) <= 180, abs(lat) <= 90 else { return nil }
        return (lon, lat)
    }

    /// "EPSG:28992 (Amersfoort / RD New)".
    public var label: String { "EPSG:\(code) (\(name))" }
}
