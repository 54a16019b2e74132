import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Geo

/// One point of a GPX file: where, and when if the file says.
public struct GPXPoint: Equatable, Sendable {
    public let coordinate: Coordinate
    public let time: Date?
    public let name: String?
}

/// Reads GPX 1.0 and 1.1 as Xcode and GPS loggers write them: `wpt`, `trkpt` and `rtept`, with or
/// without namespaces, attribute values with stray spaces.
public enum GPXTrack {
    /// The points in file order; a clear error naming the file and line otherwise.
    public static func parse(_ data: Data, fileName: String) throws -> [GPXPoint] {
        let delegate = GPXDelegate(fileName: fileName)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        if !ok || parser.parserError != nil {
            let reason = (parser.parserError as NSError?)?.localizedDescription ?? "malformed XML"
            throw LocationError("\(fileName):\(parser.lineNumber): not a readable GPX file (\(reason))")
        }
        guard delegate.sawGPX else { throw LocationError("\(fileName): not a GPX file (no <gpx> element)") }
        guard !delegate.points.isEmpty else { throw LocationError("\(fileName): the GPX file has no wpt, trkpt or rtept points") }
        return delegate.points
    }

    /// Reads a file from disk.
    public static func load(path: String) throws -> [GPXPoint] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocationError("\(path): cannot read the file")
        }
        return try parse(data, fileName: path)
    }
}

private final class GPXDelegate: NSObject, XMLParserDelegate {
    let fileName: String
    var points: [GPXPoint] = []
    var error: LocationError?
    var sawGPX = false
    private var current: (coordinate: Coordinate, line: Int)?
    private var time: Date?
    private var name: String?
    private var text = ""

    init(fileName: String) { self.fileName = fileName }

    private static let pointElements: Set<String> = ["wpt", "trkpt", "rtept"]

    private func localName(_ element: String) -> String {
        element.split(separator: ":").last.map(String.init) ?? element
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let element = localName(elementName)
        text = ""
        if element == "gpx" { sawGPX = true }
        guard GPXDelegate.pointElements.contains(element), error == nil else { return }
        let line = parser.lineNumber
        let latText = attributes["lat"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let lonText = attributes["lon"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard let lat = Double(latText), let lon = Double(lonText) else {
            error = LocationError("\(fileName):\(line): <\(element)> needs numeric lat and lon attributes (got lat=\"\(latText)\" lon=\"\(lonText)\")")
            parser.abortParsing()
            return
        }
        do {
            current = (try Coordinate(latitude: lat, longitude: lon), line)
        } catch {
            self.error = LocationError("\(fileName):\(line): \(error)")
            parser.abortParsing()
            return
        }
        time = nil
        name = nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let element = localName(elementName)
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch element {
        case "time" where current != nil:
            guard let date = GPXDelegate.parseTime(value) else {
                error = LocationError("\(fileName):\(parser.lineNumber): <time> \"\(value)\" is not an ISO 8601 time")
                parser.abortParsing()
                return
            }
            time = date
        case "name" where current != nil:
            name = value
        case _ where GPXDelegate.pointElements.contains(element):
            if let current { points.append(GPXPoint(coordinate: current.coordinate, time: time, name: name)) }
            current = nil
        default:
            break
        }
        text = ""
    }

    static func parseTime(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
