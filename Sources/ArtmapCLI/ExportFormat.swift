import Cartography
import Catalog
import Foundation

/// The formats `artmap export` writes, each as the tools that read it expect: GeoJSON (RFC 7946) for GIS,
/// GPX 1.1 for a phone's map app, CSV (RFC 4180, UTF-8) for a spreadsheet. Every text field is cleaned
/// (`DisplayText.clean`: no controls, no bidi overrides, newlines folded) before it is written.
enum ExportFormat: String, CaseIterable {
    case geojson, gpx, csv

    /// What is exported: artworks, and for a route the walk's points and a name for it.
    struct Content {
        var artworks: [Artwork]
        var route: (name: String, points: [GeoPoint])?
        var name: String
        /// With `export --seen`: when each artwork was seen (ISO 8601), written as `seen_at` (a GPX waypoint's time).
        var seenAt: [ArtworkKey: String]? = nil
    }

    /// The whole document.
    func render(_ content: Content) -> String {
        switch self {
        case .geojson: return Self.geoJSON(content)
        case .gpx: return Self.gpx(content)
        case .csv: return Self.csv(content.artworks, seenAt: content.seenAt)
        }
    }

    /// The properties of each artwork, in the order written (GeoJSON keys and CSV columns): every field artmap
    /// holds, under the names `artmap import` chooses them by, so an export imports back as the same list.
    /// `address` is the location notes, `photo` the picture's URL (or file name), `description` the notes
    /// (material and a whole date among them).
    static func properties(_ artwork: Artwork, seenAt: [ArtworkKey: String]? = nil) -> [(String, String)] {
        let seen: [(String, String)] = seenAt.map { [("seen_at", $0[artwork.key] ?? "")] } ?? []
        return [("id", artwork.id), ("title", artwork.title), ("artist", artwork.artist), ("year", artwork.year),
         ("building", artwork.building ?? ""), ("address", artwork.locationNotes), ("collection", artwork.collection),
         ("web_page", artwork.webPage), ("type", artwork.type), ("photo", artwork.imageFileName),
         ("description", artwork.information)].map { ($0.0, DisplayText.clean($0.1)) } + seen
    }

    /// A FeatureCollection: a Point per artwork (longitude first, as RFC 7946 says) and, for a route, a LineString.
    static func geoJSON(_ content: Content) -> String {
        var features: [JSONWriter.Value] = content.artworks.map { artwork in
            .object([
                ("type", .string("Feature")), ("id", .string(DisplayText.clean(artwork.id))),
                ("geometry", .object([("type", .string("Point")),
                                      ("coordinates", .array([.number(artwork.coordinate.longitude), .number(artwork.coordinate.latitude)]))])),
                ("properties", .object(properties(artwork, seenAt: content.seenAt).map { ($0.0, .string($0.1)) })),
            ])
        }
        if let route = content.route {
            features.append(.object([
                ("type", .string("Feature")),
                ("geometry", .object([("type", .string("LineString")),
                                      ("coordinates", .array(route.points.map { .array([.number($0.coordinate.longitude), .number($0.coordinate.latitude)]) }))])),
                ("properties", .object([("name", .string(DisplayText.clean(route.name))), ("route", .string("walking"))])),
            ]))
        }
        return JSONWriter.render(.object([("type", .string("FeatureCollection")), ("features", .array(features))])) + "\n"
    }

    /// GPX 1.1: a waypoint per artwork (name, description, link, type in the schema's order); a route as a
    /// track of one segment.
    static func gpx(_ content: Content) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="artmap \(Artmap.version)" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:artmap="urn:artmap:gpx-extensions:1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata><name>\(xml(DisplayText.clean(content.name)))</name></metadata>

            """
        for artwork in content.artworks {
            let fields = Dictionary(properties(artwork), uniquingKeysWith: { a, _ in a })
            out += "  <wpt \(position(GeoPoint(artwork.coordinate)))>\n"
            if let time = content.seenAt?[artwork.key], !time.isEmpty { out += "    <time>\(xml(DisplayText.clean(time)))</time>\n" }
            out += "    <name>\(xml(fields["title"] ?? ""))</name>\n"
            let byline = [fields["artist"] ?? "", fields["year"] ?? "", fields["building"] ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
            if !byline.isEmpty { out += "    <cmt>\(xml(byline))</cmt>\n" }
            if let description = fields["description"], !description.isEmpty { out += "    <desc>\(xml(description))</desc>\n" }
            if let page = fields["web_page"], !page.isEmpty { out += "    <link href=\"\(xml(page))\"><text>web page</text></link>\n" }
            if let type = fields["type"], !type.isEmpty { out += "    <type>\(xml(type))</type>\n" }
            out += gpxExtensions(fields)
            out += "  </wpt>\n"
        }
        if let route = content.route {
            out += "  <trk>\n    <name>\(xml(DisplayText.clean(route.name)))</name>\n    <trkseg>\n"
            for point in route.points { out += "      <trkpt \(position(point))/>\n" }
            out += "    </trkseg>\n  </trk>\n"
        }
        return out + "</gpx>\n"
    }

    /// Every field a waypoint's standard elements do not hold apart, in GPX 1.1's extensions under artmap's
    /// namespace (`<artmap:artist>`, `<artmap:photo>`…), so a GPX export loses nothing.
    static func gpxExtensions(_ fields: [String: String]) -> String {
        let kept = ["id", "artist", "year", "building", "address", "collection", "photo"].compactMap { key in
            fields[key].flatMap { $0.isEmpty ? nil : "<artmap:\(key)>\(xml($0))</artmap:\(key)>" }
        }
        return kept.isEmpty ? "" : "    <extensions>\(kept.joined())</extensions>\n"
    }

    /// `lat="…" lon="…"`, the longitude within GPX's [-180, 180).
    static func position(_ point: GeoPoint) -> String {
        let coordinate = point.coordinate
        let lon = coordinate.longitude >= 180 ? coordinate.longitude - 360 : coordinate.longitude
        return "lat=\"\(decimal(coordinate.latitude))\" lon=\"\(decimal(lon))\""
    }

    /// A number in plain decimal notation (GPX's xsd:decimal and spreadsheets take no exponent), exact when
    /// the shortest form has no exponent.
    static func decimal(_ value: Double) -> String {
        let shortest = JSONWriter.number(value)
        guard shortest.contains("e") else { return shortest }
        var fixed = String(format: "%.10f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }

    /// Text escaped for XML content and attribute values. Scalar by scalar, not character by character: a `<`,
    /// `&` or quote followed by a combining mark is one Character that compares equal to none of them, and went
    /// out unescaped (found by the Export fuzz target).
    static func xml(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&apos;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// RFC 4180: a header, CRLF line ends, fields with a comma, quote or line end quoted with quotes doubled.
    /// Positions are plain numbers; a text field that a spreadsheet would take for a formula (= + - @) starts
    /// with an apostrophe.
    static func csv(_ artworks: [Artwork], seenAt: [ArtworkKey: String]? = nil) -> String {
        let header = ["id", "title", "artist", "year", "latitude", "longitude", "building", "address", "collection", "web_page", "type", "photo", "description"]
            + (seenAt == nil ? [] : ["seen_at"])
        var out = header.joined(separator: ",") + "\r\n"
        for artwork in artworks {
            let fields = Dictionary(properties(artwork, seenAt: seenAt), uniquingKeysWith: { a, _ in a })
            let row = header.map { column -> String in
                switch column {
                case "latitude": return decimal(artwork.coordinate.latitude)
                case "longitude": return decimal(artwork.coordinate.longitude)
                default: return csvField(fields[column] ?? "")
                }
            }
            out += row.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// One field; quotes found and doubled scalar by scalar (a quote with a combining mark after it is one
    /// Character, which neither `contains` nor `replacingOccurrences` saw: the field ended early).
    static func csvField(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) { value = "'" + value }
        guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in value.unicodeScalars {
            out.append(scalar)
            if scalar == "\"" { out.append(scalar) }
        }
        out.append("\"")
        return String(out)
    }
}
