import Foundation
import Geo
import XMLReading

/// One waypoint of a GPX file, with the fields a place can carry: its standard elements and the text of its
/// extensions by element name (`<artmap:artist>` → "artist").
public struct GPXWaypoint: Equatable, Sendable {
    public let coordinate: Coordinate
    public var name = ""
    public var comment = ""
    public var description = ""
    public var link = ""
    public var type = ""
    public var extensions: [String: String] = [:]
}

/// Reads the waypoints (`wpt`) of a GPX 1.0 or 1.1 file, streamed with libxml2's reader: what `artmap import`
/// makes places of (a GPX export of artmap, a phone's saved places). Tracks and routes are skipped.
public enum GPXWaypoints {
    /// The most waypoints read from one file.
    public static let maxWaypoints = 200_000
    /// The longest text kept of one element (a description is cut there).
    static let maxText = 20_000
    /// The most elements inside one waypoint (an export has about a dozen): past this a file is refused, naming the
    /// line, instead of reading millions of extension elements for one place.
    public static let maxElementsPerWaypoint = 1_000

    /// The waypoints in file order; a clear error naming the file and line otherwise.
    public static func load(path: String) throws -> [GPXWaypoint] {
        guard FileManager.default.isReadableFile(atPath: path) else { throw LocationError("\(path): cannot read the file") }
        if let bad = try UTF8Validator.firstMalformedByte(inFileAt: path) {
            throw LocationError("\(path): not a readable GPX file (malformed UTF-8 at byte \(bad))")
        }
        guard let reader = XMLReader(path: path) else { throw LocationError("\(path): cannot read the file") }
        return try read(reader, path: path)
    }

    /// The waypoints of a GPX file held in memory (`fileName` names it in errors).
    public static func parse(_ data: Data, fileName: String) throws -> [GPXWaypoint] {
        if let bad = UTF8Validator.firstMalformedByte(in: data) {
            throw LocationError("\(fileName): not a readable GPX file (malformed UTF-8 at byte \(bad))")
        }
        guard let reader = XMLReader(data: data, name: fileName) else { throw LocationError("\(fileName): not a GPX file (empty)") }
        return try read(reader, path: fileName)
    }

    private static func read(_ reader: XMLReader, path: String) throws -> [GPXWaypoint] {
        var waypoints: [GPXWaypoint] = []
        var sawGPX = false
        var current: GPXWaypoint?
        var inExtensions = false
        var text = ""
        var elements = 0, startLine = 0
        while let node = try next(reader, path) {
            switch node.kind {
            case .elementStart:
                text = ""
                if node.localName == "gpx" { sawGPX = true }
                if current != nil {
                    elements += 1
                    if elements > maxElementsPerWaypoint {
                        throw LocationError("\(path):\(node.line): the waypoint that starts on line \(startLine) has more than "
                            + "\(maxElementsPerWaypoint) elements; artmap reads at most \(maxElementsPerWaypoint) in one <wpt>")
                    }
                }
                if node.localName == "wpt" {
                    elements = 0
                    startLine = node.line
                    current = try waypoint(at: reader, path: path, line: node.line)
                    if node.isEmptyElement, let done = current { try keep(done, in: &waypoints, path: path, line: node.line); current = nil }
                } else if node.localName == "extensions", current != nil {
                    inExtensions = true
                } else if node.localName == "link", current != nil, current?.link.isEmpty == true {
                    current?.link = reader.attribute("href")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                }
            case .text:
                if current != nil, text.utf8.count < maxText { text += reader.value }
            case .elementEnd:
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                text = ""
                guard current != nil else { continue }
                switch node.localName {
                case "wpt":
                    if let done = current { try keep(done, in: &waypoints, path: path, line: node.line) }
                    current = nil
                case "extensions": inExtensions = false
                case "name" where !inExtensions: current?.name = value
                case "cmt" where !inExtensions: current?.comment = value
                case "desc" where !inExtensions: current?.description = value
                case "type" where !inExtensions: current?.type = value
                default: if inExtensions, !value.isEmpty { current?.extensions[node.localName] = value }
                }
            case .other:
                break
            }
        }
        guard sawGPX else { throw LocationError("\(path): not a GPX file (no <gpx> element)") }
        return waypoints
    }

    private static func next(_ reader: XMLReader, _ path: String) throws -> XMLNode? {
        do {
            return try reader.next()
        } catch let error as XMLReadingError {
            throw LocationError("\(path):\(error.line): not a readable GPX file (\(error.reason))")
        }
    }

    private static func waypoint(at reader: XMLReader, path: String, line: Int) throws -> GPXWaypoint {
        let latText = reader.attribute("lat")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let lonText = reader.attribute("lon")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard let lat = Double(latText), let lon = Double(lonText) else {
            throw LocationError("\(path):\(line): <wpt> needs numeric lat and lon attributes (got lat=\"\(latText.prefix(40))\" lon=\"\(lonText.prefix(40))\")")
        }
        do {
            return GPXWaypoint(coordinate: try Coordinate(latitude: lat, longitude: lon))
        } catch {
            throw LocationError("\(path):\(line): \(error)")
        }
    }

    private static func keep(_ waypoint: GPXWaypoint, in waypoints: inout [GPXWaypoint], path: String, line: Int) throws {
        waypoints.append(waypoint)
        if waypoints.count > maxWaypoints {
            throw LocationError("\(path):\(line): more than \(maxWaypoints) waypoints; artmap imports at most \(maxWaypoints) (split the file)")
        }
    }
}
