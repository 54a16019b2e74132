import Foundation
import Geo
import XMLReading

/// One point of a GPX file: where, and when if the file says.
public struct GPXPoint: Equatable, Sendable {
    public let coordinate: Coordinate
    public let time: Date?
    public let name: String?
}

/// Reads GPX 1.0 and 1.1 as Xcode and GPS loggers write them: `wpt`, `trkpt` and `rtept`, with or
/// without namespaces, attribute values with stray spaces. Streams with libxml2's reader (never the whole
/// file in memory, never the network).
public enum GPXTrack {
    /// The most points a replay keeps (a day's walk logged every second is 86,400).
    public static let maxPoints = 1_000_000

    /// The points in file order; a clear error naming the file and line otherwise.
    public static func parse(_ data: Data, fileName: String, maxPoints: Int = GPXTrack.maxPoints) throws -> [GPXPoint] {
        if let bad = UTF8Validator.firstMalformedByte(in: data) { throw malformed(fileName, at: bad) }
        guard let reader = XMLReader(data: data, name: fileName) else { throw LocationError("\(fileName): not a GPX file (empty)") }
        return try read(reader, fileName: fileName, maxPoints: maxPoints)
    }

    /// Reads a file from disk as a stream; refuses files with more than `maxPoints` points. `progress` hears
    /// the number of points read every 50,000 points (a long walk takes a moment).
    public static func load(path: String, maxPoints: Int = GPXTrack.maxPoints,
                            progress: ((Int) -> Void)? = nil) throws -> [GPXPoint] {
        guard FileManager.default.isReadableFile(atPath: path) else { throw LocationError("\(path): cannot read the file") }
        if let bad = try UTF8Validator.firstMalformedByte(inFileAt: path) { throw malformed(path, at: bad) }
        guard let reader = XMLReader(path: path) else { throw LocationError("\(path): cannot read the file") }
        return try read(reader, fileName: path, maxPoints: maxPoints, progress: progress)
    }

    private static func malformed(_ fileName: String, at offset: Int) -> LocationError {
        LocationError("\(fileName): not a readable GPX file (malformed UTF-8 at byte \(offset))")
    }

    private static let pointElements: Set<String> = ["wpt", "trkpt", "rtept"]

    private static func read(_ reader: XMLReader, fileName: String, maxPoints: Int,
                             progress: ((Int) -> Void)? = nil) throws -> [GPXPoint] {
        var points: [GPXPoint] = []
        var sawGPX = false
        var current: (coordinate: Coordinate, depth: Int)?
        var time: Date?
        var name: String?
        var text = ""
        while true {
            let next: XMLNode?
            do {
                next = try reader.next()
            } catch let error as XMLReadingError {
                throw LocationError("\(fileName):\(error.line): not a readable GPX file (\(error.reason))")
            }
            guard let node = next else { break }
            let line = node.line
            let element = node.localName
            switch node.kind {
            case .elementStart:
                if element == "gpx" { sawGPX = true }
                text = ""
                if pointElements.contains(element) {
                    let latText = reader.attribute("lat")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    let lonText = reader.attribute("lon")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    guard let lat = Double(latText), let lon = Double(lonText) else {
                        throw LocationError("\(fileName):\(line): <\(element)> needs numeric lat and lon attributes (got lat=\"\(latText.prefix(40))\" lon=\"\(lonText.prefix(40))\")")
                    }
                    do {
                        current = (try Coordinate(latitude: lat, longitude: lon), node.depth)
                    } catch {
                        throw LocationError("\(fileName):\(line): \(error)")
                    }
                    time = nil
                    name = nil
                    if node.isEmptyElement {
                        try finishPoint(&points, &current, time, name, fileName: fileName, line: line, maxPoints: maxPoints)
                    }
                }
            case .text:  // text, CDATA: kept only inside a point, and never past 256 characters
                if current != nil, text.utf8.count < 256 { text += reader.value }
            case .elementEnd:
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if current != nil && element == "time" {
                    guard let date = GPXTime.parse(value) else {
                        throw LocationError("\(fileName):\(line): <time> \"\(value.prefix(40))\" is not an ISO 8601 time")
                    }
                    time = date
                } else if current != nil && element == "name" {
                    name = value
                } else if pointElements.contains(element) {
                    try finishPoint(&points, &current, time, name, fileName: fileName, line: line, maxPoints: maxPoints)
                    if let progress, points.count % 50_000 == 0 { progress(points.count) }
                }
                text = ""
            case .other:
                break
            }
        }
        guard sawGPX else { throw LocationError("\(fileName): not a GPX file (no <gpx> element)") }
        guard !points.isEmpty else { throw LocationError("\(fileName): the GPX file has no wpt, trkpt or rtept points") }
        return points
    }

    private static func finishPoint(_ points: inout [GPXPoint], _ current: inout (coordinate: Coordinate, depth: Int)?,
                                    _ time: Date?, _ name: String?, fileName: String, line: Int, maxPoints: Int) throws {
        guard let point = current else { return }
        points.append(GPXPoint(coordinate: point.coordinate, time: time, name: name))
        current = nil
        if points.count > maxPoints {
            throw LocationError("\(fileName):\(line): more than \(maxPoints) points; artmap replays at most \(maxPoints) (split the file)")
        }
    }
}
