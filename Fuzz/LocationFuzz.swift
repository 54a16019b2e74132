import Foundation
import Location

// libFuzzer target: GPX files (tracks and waypoints) and gpsd report lines must never crash the parsers, and a replay of any
// parsed file must make its first fixes without allocating the whole walk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    if let points = try? GPXTrack.parse(bytes, fileName: "fuzz.gpx", maxPoints: 10_000) {
        for _ in GPXReplay(points: points).fixes.prefix(100) {}
    }
    _ = try? GPXWaypoints.parse(bytes, fileName: "fuzz.gpx")
    for line in bytes.split(separator: 10).prefix(64) {
        _ = GpsdClient.event(fromReport: Data(line), maxError: 50)
    }
    _ = GPXTime.parse(String(decoding: bytes.prefix(64), as: UTF8.self))
    return 0
}
