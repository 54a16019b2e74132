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
    public static func parse(_ data: Data, fileName: String, maxPoints: Int = GPXTrack.maxPoints) throws -> [GPXPoint] {
        try parse(XMLParser(data: data), fileName: fileName, maxPoints: maxPoints)
    }

    /// The most points a replay keeps (a day's walk logged every second is 86,400).
    public static let maxPoints = 1_000_000

    /// Reads a file from disk as a stream, never whole into memory; refuses files with more than
    /// `maxPoints` points.
    public static func load(path: String, maxPoints: Int = GPXTrack.maxPoints) throws -> [GPXPoint] {
        guard FileManager.default.isReadableFile(atPath: path), let stream = InputStream(fileAtPath: path) else {
            throw LocationError("\(path): cannot read the file")
        }
        return try parse(XMLParser(stream: stream), fileName: path, maxPoints: maxPoints)
    }

    static func parse(_ parser: XMLParser, fileName: String, maxPoints: Int) throws -> [GPXPoint] {
        let delegate = GPXDelegate(fileName: fileName, maxPoints: maxPoints)
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
}

private final class GPXDelegate: NSObject, XMLParserDelegate {
    let fileName: String
    let maxPoints: Int
    var points: [GPXPoint] = []
    var error: LocationError?
    var sawGPX = false
    private var current: (coordinate: Coordinate, line: Int)?
    private var time: Date?
    private var name: String?
    private var text = ""

    init(fileName: String, maxPoints: Int) {
        self.fileName = fileName
        self.maxPoints = maxPoints
    }

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

    /// Text is kept only inside the short elements that are read, and never past 256 characters.
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil, text.utf8.count < 256 { text += string }
    }

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
            if points.count > maxPoints {
                error = LocationError("\(fileName):\(parser.lineNumber): more than \(maxPoints) points; artmap replays at most \(maxPoints) (split the file)")
                parser.abortParsing()
            }
        default:
            break
        }
        text = ""
    }

    static func parseTime(_ text: String) -> Date? {
        GPXTime.parse(text)
    }
}
