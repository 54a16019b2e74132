import Cartography
import Catalog
import Foundation
import Geo
import XMLReading

// libFuzzer target: the export writers (Sources/ArtmapCLI/ExportFormat.swift and JSONWriter.swift, compiled into
// this harness). Artworks and a route are made from the bytes (fields split at 0x00; numbers from the bytes), and
// each format must read back: the GeoJSON with our JSON parser, field for field; the GPX with libxml2, a waypoint
// per artwork with its name; the CSV with an RFC 4180 reader, fourteen fields a row, and again with the importer's own CSVReader, each the cleaned text (an
// apostrophe before a formula). No control character reaches any of them but the line ends each writes.

/// What ExportFormat.gpx names as the creator (the real one is in ArtmapCLI).
enum Artmap {
    static let version = "fuzz"
}

private func number(_ bytes: ArraySlice<UInt8>, _ index: Int, range: ClosedRange<Double>) -> Double {
    let a = bytes.isEmpty ? 0 : Int(bytes[bytes.startIndex + (index * 2) % bytes.count])
    let b = bytes.isEmpty ? 0 : Int(bytes[bytes.startIndex + (index * 2 + 1) % bytes.count])
    let unit = Double(a << 8 | b) / 65_535
    return range.lowerBound + unit * (range.upperBound - range.lowerBound)
}

/// RFC 4180 records (CRLF line ends, quoted fields with doubled quotes); nil when the text is not well formed.
private func csvRecords(_ text: String) -> [[String]]? {
    var records: [[String]] = [], record: [String] = [], field = ""
    var quoted = false, wasQuoted = false
    var characters = Array(text.unicodeScalars)[...]
    while let c = characters.popFirst() {
        if quoted {
            if c == "\"" {
                if characters.first == "\"" { characters.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false }
            } else {
                field.unicodeScalars.append(c)
            }
            continue
        }
        switch c {
        case "\"":
            guard field.isEmpty, !wasQuoted else { return nil }
            quoted = true
            wasQuoted = true
        case ",":
            record.append(field)
            field = ""
            wasQuoted = false
        case "\r":
            guard characters.popFirst() == "\n" else { return nil }
            record.append(field)
            records.append(record)
            record = []
            field = ""
            wasQuoted = false
        case "\n":
            return nil
        default:
            guard !wasQuoted else { return nil }
            field.unicodeScalars.append(c)
        }
    }
    guard !quoted, record.isEmpty, field.isEmpty else { return nil }
    return records
}

private func hasStrayControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { v in
        (v.value < 0x20 && v != "\n" && v != "\r") || v.value == 0x7F || (0x80...0x9F).contains(v.value)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    var artworks: [Artwork] = []
    var index = 0
    while index + 8 <= pieces.count, artworks.count < 40 {
        let f = Array(pieces[index..<index + 8])
        let lat = number(bytes[...], artworks.count, range: -90...90), lon = number(bytes[...], artworks.count + 7, range: -180...180)
        guard let coordinate = try? Coordinate(latitude: lat, longitude: lon) else { return 0 }
        artworks.append(Artwork(id: f[0], title: f[1], artist: f[2], year: f[3], type: f[5], information: f[6], coordinate: coordinate,
                                building: f[4].isEmpty ? nil : f[4], collection: "fuzz", webPage: f[7]))
        index += 8
    }
    let routePoints = (0..<min(50, bytes.count / 4)).map { i in
        GeoPoint(latitude: number(bytes[...], i + 3, range: -90...90), longitude: number(bytes[...], i + 5, range: -180...180))
    }
    let route = routePoints.isEmpty ? nil : (name: pieces.last ?? "", points: routePoints)
    let content = ExportFormat.Content(artworks: artworks, route: route, name: pieces.first ?? "")

    // GeoJSON: parses, a feature per artwork (and the route), each property the cleaned text.
    let geojson = ExportFormat.geojson.render(content)
    guard !hasStrayControls(geojson) else { fatalError("a control character in the GeoJSON") }
    guard case .object(let top)? = try? JSONValue.parse(Data(geojson.utf8)), case .array(let features)? = top["features"] else {
        fatalError("the GeoJSON does not parse: \(geojson.prefix(200))")
    }
    guard features.count == artworks.count + (route == nil ? 0 : 1) else { fatalError("feature count") }
    for (artwork, feature) in zip(artworks, features) {
        guard case .object(let object) = feature, case .object(let properties)? = object["properties"],
              case .string(let title)? = properties["title"], title == DisplayText.clean(artwork.title) else {
            fatalError("the GeoJSON title of \(artwork.id) does not read back")
        }
    }

    // GPX: well formed for libxml2, a waypoint per artwork whose name is the cleaned title.
    let gpx = ExportFormat.gpx.render(content)
    guard !hasStrayControls(gpx) else { fatalError("a control character in the GPX") }
    guard let reader = XMLReader(data: Data(gpx.utf8), name: "fuzz.gpx") else { fatalError("the GPX cannot be opened") }
    var names: [String] = [], inWaypoint = false, inName = false
    do {
        while let node = try reader.next() {
            switch (node.kind, node.localName) {
            case (.elementStart, "wpt"): inWaypoint = !node.isEmptyElement
            case (.elementEnd, "wpt"): inWaypoint = false
            case (.elementStart, "name") where inWaypoint:
                names.append("")
                inName = !node.isEmptyElement
            case (.elementEnd, "name"): inName = false
            case (.text, _) where inName && inWaypoint: names[names.count - 1] += reader.value
            default: break
            }
        }
    } catch {
        fatalError("the GPX is not well formed: \(error)")
    }
    // libxml2 reports text of only whitespace as whitespace, not text: names compare without their outer spaces.
    let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespaces) }
    guard names.map(trimmed) == artworks.map({ trimmed(DisplayText.clean($0.title)) }) else {
        fatalError("the GPX names do not read back: \(names)")
    }

    // CSV: RFC 4180, a header and a record per artwork, fourteen fields each (name last, issue 46); texts read back cleaned.
    let csv = ExportFormat.csv.render(content)
    guard !hasStrayControls(csv) else { fatalError("a control character in the CSV") }
    guard let records = csvRecords(csv), records.count == artworks.count + 1, records.allSatisfy({ $0.count == 14 }) else {
        fatalError("the CSV does not read back: \(csv.prefix(200))")
    }
    // The importer's reader (issue 31) reads the same records.
    var csvReader = CSVReader(bytes: Array(csv.utf8), delimiter: UInt8(ascii: ","))
    var own: [[String]] = []
    while let record = try? csvReader.next() { own.append(record.fields) }
    guard own == records else { fatalError("CSVReader reads the export otherwise: \(own.prefix(2)) vs \(records.prefix(2))") }
    for (artwork, record) in zip(artworks, records.dropFirst()) {
        var title = DisplayText.clean(artwork.title)
        if let first = title.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) { title = "'" + title }
        guard record[1] == title else { fatalError("the CSV title of \(artwork.id) reads back as \(record[1])") }
        guard let lat = Double(record[4]), abs(lat - artwork.coordinate.latitude) < 1e-9 else { fatalError("the CSV latitude") }
    }
    return 0
}
