@testable import Cartography
import Catalog
import Foundation
import Geo

// libFuzzer target: the position and coordinate-system readers (issue 48). The first byte picks what the rest is read
// as: a cell of text (a "lat, lon" pair, a WKT POINT, a GeoJSON geometry as JSON or in single quotes, a number with a
// decimal comma), a coordinate system's name (a --crs value or a crs member), or sixteen bytes of two numbers put
// through PROJ in a national grid. Nothing may crash or hang; what comes out must be a place on the earth, and every
// refusal a CartographyError with a message.

// Made once (PROJ's database is read for each): the harness runs on one thread.
let systems: [CoordinateSystem] = [.lonLat, .webMercator, .epsg(28992), .epsg(2157), .epsg(27700)]
nonisolated(unsafe) let converters = systems.compactMap { try? PositionConverter($0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    switch bytes[0] % 4 {
    case 0:
        if let pair = PositionText.pair(text) { precondition(abs(pair.first) <= 180 && abs(pair.second) <= 180) }
        if let point = PositionColumns.point(wkt: text) { _ = point }
        if let number = PositionColumns.number(text) { _ = number }
        if let found = PositionColumns.latLon(inText: text) { precondition(abs(found.latitude) <= 90 && abs(found.longitude) <= 180) }
    case 1:
        do {
            if let point = try PositionText.geometry(text) { precondition(point.x.isFinite && point.y.isFinite) }
        } catch let error as CartographyError {
            precondition(!error.message.isEmpty)
        } catch {
            preconditionFailure("only CartographyError: \(error)")
        }
    case 2:
        guard let system = CoordinateSystem(name: text) else { return 0 }
        do {
            let converter = try PositionConverter(system)
            _ = converter.lonLat(0, 0)
        } catch let error as CartographyError {
            precondition(!error.message.isEmpty)
        } catch {
            preconditionFailure("only CartographyError: \(error)")
        }
    default:
        guard bytes.count >= 17 else { return 0 }
        let x = bytes[1..<9].withUnsafeBytes { $0.loadUnaligned(as: Double.self) }
        let y = bytes[9..<17].withUnsafeBytes { $0.loadUnaligned(as: Double.self) }
        for converter in converters {
            if let (lon, lat) = converter.lonLat(x, y) {
                precondition(lon.isFinite && lat.isFinite && abs(lon) <= 180 && abs(lat) <= 90, "\(converter.label): \(x), \(y) → \(lon), \(lat)")
            }
        }
    }
    return 0
}
