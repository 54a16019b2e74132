import Catalog
import Foundation
import Geo

/// Reads a city's public-art CSV export (Socrata, ArcGIS Hub, a spreadsheet) into artworks, streamed record by
/// record: a first pass surveys the columns (names and values) and where positions are, a second reads the
/// records with the columns chosen as for GeoJSON (`PublicArtFields`, `--field`, `--crs`). Positions come from
/// latitude/longitude columns, a WKT `POINT (lon lat)` column, or "(lat, lon)" at the end of a text column.
public enum CSVImporter {
    /// The largest CSV file read (as for GeoJSON: every artwork it makes is held until the import's transaction).
    public static let maxFileBytes = 256 * 1_048_576
    /// Columns kept from a record (as GeoJSON keeps properties).
    public static let maxColumns = 500

    /// What the first pass found.
    public struct Survey: Sendable {
        public var delimiter: UInt8
        /// The header's column names (empty names become `column N`; a repeated name gets ` (2)`).
        public var header: [String]
        public var profiles: [ColumnProfile]
        /// Data records (the header not counted).
        public var records = 0
        public var positions: PositionColumns
        /// Positions from number columns or WKT, and how many of them lie outside longitude/latitude range and
        /// outside Web Mercator's too: the coordinate system is inferred from them as for GeoJSON.
        public var planar = 0, outsideLonLat = 0, outsideBoth = 0
        /// The first record (its line) whose planar position is outside longitude/latitude range.
        public var firstOutside: (line: Int, x: Double, y: Double)?
        /// The first record whose planar position is outside Web Mercator's range as well.
        public var firstOutsideBoth: (line: Int, x: Double, y: Double)?
        /// The first positions outside longitude/latitude range (up to 200), to try national grids on.
        var planarSamples: [(x: Double, y: Double)] = []

        /// "comma", "semicolon", "tab".
        public var delimiterName: String { delimiter == 0x09 ? "tab" : delimiter == UInt8(ascii: ";") ? "semicolon" : "comma" }
    }

    /// The file's bytes in chunks, from one descriptor opened without following a FIFO into a hang, checked to
    /// be a regular file within `maxFileBytes`.
    static func open(_ path: String) throws -> (head: [UInt8], read: () throws -> [UInt8]) {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw CartographyError("cannot read the file (\(String(cString: strerror(errno))))", file: path) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw CartographyError("not a regular file", file: path)
        }
        guard Int(status.st_size) <= maxFileBytes else {
            throw CartographyError("the file has \(Int(status.st_size) / 1_048_576) MB, more than artmap reads from a CSV file (\(maxFileBytes / 1_048_576) MB); split it", file: path)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var total = 0
        let read: () throws -> [UInt8] = {
            let chunk = [UInt8](try handle.read(upToCount: 65_536) ?? Data())
            total += chunk.count
            if total > maxFileBytes { throw CartographyError("the file grew past \(maxFileBytes / 1_048_576) MB while it was read", file: path) }
            return chunk
        }
        let head = try read()
        var first: [UInt8]? = head
        return (head, { if let pending = first { first = nil; return pending }; return try read() })
    }

    /// A reader over the file with the delimiter its head shows (tab for a `.tsv` whose head shows none).
    static func reader(_ path: String, delimiter: UInt8? = nil) throws -> CSVReader {
        let file = try open(path)
        guard !file.head.isEmpty else { throw CartographyError("the file is empty", file: path) }
        guard let found = delimiter ?? CSVReader.sniff(file.head) ?? (path.lowercased().hasSuffix(".tsv") ? 0x09 : nil) else {
            if let wide = CSVReader.delimiterOfOverlongHeader(file.head) {
                let name = wide == 0x09 ? "tab" : wide == UInt8(ascii: ";") ? "semicolon" : "comma"
                throw CartographyError("CSV line 1: the header has more than \(CSVReader.Limits().fields) \(name)-separated fields, more than "
                    + "artmap reads from a CSV file (\(CSVReader.Limits().fields)); keep only the columns you need", file: path)
            }
            throw CartographyError("CSV line 1: no comma, semicolon or tab splits the header into columns", file: path)
        }
        return CSVReader(delimiter: found, read: file.read)
    }

    /// The header's names made unique and non-empty, as records are keyed by them.
    static func columnNames(_ header: [String]) -> [String] {
        var seen = Set<String>()
        return header.prefix(maxColumns).enumerated().map { i, raw in
            var name = raw.trimmed.isEmpty ? "column \(i + 1)" : raw.trimmed
            if seen.contains(name) {
                var n = 2
                while seen.contains("\(name) (\(n))") { n += 1 }
                name = "\(name) (\(n))"
            }
            seen.insert(name)
            return name
        }
    }

    /// Reads the file once: the header, what each column holds, and where the positions are.
    public static func survey(path: String) throws -> Survey {
        var reader = try reader(path)
        do {
            guard let header = try reader.next() else { throw CartographyError("CSV: the file is empty", file: path) }
            let names = columnNames(header.fields)
            var survey = Survey(delimiter: reader.delimiter, header: names, profiles: names.map { ColumnProfile(name: $0) },
                                positions: PositionColumns(header: names))
            var shapes = PositionColumns.Shapes(count: names.count)
            while let record = try reader.next() {
                guard !record.isBlank else { continue }
                survey.records += 1
                var wkt: (x: Double, y: Double)?
                for (i, value) in record.fields.prefix(names.count).enumerated() {
                    survey.profiles[i].add(value)
                    if let point = shapes.add(value, column: i), wkt == nil { wkt = point }
                }
                if let point = survey.positions.numbers(record.fields) ?? wkt { survey.tally(point, line: record.line) }
            }
            survey.positions.adopt(shapes)
            return survey
        } catch let error as CartographyError where error.file == nil {
            throw CartographyError("CSV \(error.message)", file: path)
        }
    }
}

extension CSVReader.Record {
    /// A line with nothing on it (a blank line between records, or at the end).
    var isBlank: Bool { fields.count == 1 && fields[0].trimmed.isEmpty }
}

extension CSVImporter.Survey {
    mutating func tally(_ point: (x: Double, y: Double), line: Int) {
        planar += 1
        guard !CoordinateSystem.isLonLat(point.x, point.y) || !point.x.isFinite || !point.y.isFinite else { return }
        outsideLonLat += 1
        if planarSamples.count < 200, point.x.isFinite, point.y.isFinite { planarSamples.append(point) }
        if firstOutside == nil { firstOutside = (line, point.x, point.y) }
        if !CoordinateSystem.isMercator(point.x, point.y) || !point.x.isFinite || !point.y.isFinite {
            outsideBoth += 1
            if firstOutsideBoth == nil { firstOutsideBoth = (line, point.x, point.y) }
        }
    }
}

extension CSVImporter {
    /// How a file is read: its coordinate system (why, and the note when it was guessed), its columns and positions.
    public struct Plan: Sendable {
        public var system: SystemChoice
        public var crs: CoordinateSystem { system.system }
        public var note: String? { system.note }
        public var fields: PublicArtFields
    }

    /// The columns and coordinate system a surveyed file is read with. Columns that hold only positions
    /// (latitude, longitude, easting, northing, WKT, geometry, pairs) fill no other field.
    public static func plan(_ survey: Survey, options: GeoJSONImporter.Options, path: String) throws -> Plan {
        guard !survey.positions.isEmpty else {
            throw CartographyError("CSV line 1: no positions: artmap looks for latitude and longitude columns, easting and northing columns, "
                + "a WKT POINT column, a GeoJSON geometry column, a \"lat, lon\" column or \"(lat, lon)\" at the end of a text column "
                + "(columns: \(survey.header.prefix(40).joined(separator: ", ")))", file: path)
        }
        let p = survey.positions
        let positional = Set([p.latitude, p.longitude, p.wkt, p.geometry, p.pair].compactMap { $0 })
        var fields: PublicArtFields
        do {
            let choosable = survey.profiles.enumerated().filter { !positional.contains($0.offset) }.map(\.element)
            fields = try PublicArtFields.choose(profiles: choosable, overrides: options.fields)
        } catch let error as CartographyError {
            throw CartographyError(error.message, file: path)
        }
        if fields.choices[.address] == nil, let column = survey.positions.parenthesised {
            fields.set(.address, .init(column: survey.header[column], reason: "the text before its \"(lat, lon)\"", runnerUp: nil))
        }
        var evidence = SystemChoice.Evidence(forced: options.crs)
        evidence.columnNames = p.numberNames
        evidence.saysGrid = p.namedAsGrid
        evidence.planarSamples = survey.planarSamples
        (evidence.positions, evidence.outsideLonLat, evidence.outsideBoth) = (survey.planar, survey.outsideLonLat, survey.outsideBoth)
        do {
            return Plan(system: try SystemChoice.choose(evidence), fields: fields)
        } catch let error as CartographyError {
            let column = p.numberNames.isEmpty ? "" : ", columns \(p.numberNames.joined(separator: " and "))"
            throw CartographyError("CSV line \(survey.firstOutside?.line ?? 2)\(column): \(error.message)", file: path)
        }
    }

    /// Imports the file's records as artworks of `collection` (a CSV has no map features). Each record that cannot be
    /// read is skipped with a note naming its line; a file with no usable record is refused, saying why.
    public static func run(path: String, collection: String, options: GeoJSONImporter.Options = .init()) throws -> MapImportResult {
        let survey = try self.survey(path: path)
        let plan = try self.plan(survey, options: options, path: path)
        var result = MapImportResult()
        if let note = plan.note { result.notes.append(note) }
        let converter: PositionConverter
        do {
            converter = try PositionConverter(plan.crs)
        } catch let error as CartographyError {
            throw CartographyError("CSV: \(error.message)", file: path)
        }
        var reader = try reader(path, delimiter: survey.delimiter)
        var ids = RecordIDs(noun: "CSV line")
        // Why the first record was skipped: a refusal of the whole file says it (its notes are not shown then).
        var firstSkip: String?
        do {
            _ = try reader.next()
            var number = 0
            while let record = try reader.next() {
                guard !record.isBlank else { continue }
                number += 1
                guard result.artworks.count < MapImportResult.maxArtworks else {
                    throw CartographyError.line(record.line, "more than \(MapImportResult.maxArtworks) artworks, more than artmap imports from one file (split it)")
                }
                do {
                    let artwork = try self.artwork(record, number: number, survey: survey, plan: plan, converter: converter, collection: collection, ids: &ids)
                    result.artworks.append(artwork)
                } catch let error as CartographyError {
                    if firstSkip == nil { firstSkip = "line \(record.line): \(error.message)" }
                    if result.notes.count < 20 { result.notes.append("CSV line \(record.line): \(error.message); skipped") }
                }
            }
        } catch let error as CartographyError where error.file == nil {
            throw CartographyError("CSV \(error.message)", file: path)
        }
        guard !result.artworks.isEmpty else {
            let positions = refusal(survey, crs: plan.crs, converter: converter)
            throw CartographyError("CSV: no usable records (\(survey.records) in the file)" + (positions.isEmpty ? firstSkip.map { "; the first skipped is \($0)" } ?? "" : positions), file: path)
        }
        result.unique(ids)
        result.artworks = GeoJSONImporter.namedByAddress(result.artworks)
        return result
    }

    /// Why no record was usable, when positions are to blame, naming the line that is: read as longitude and
    /// latitude, the first outside that range (and the first outside Web Mercator's too); read as Web Mercator,
    /// the first outside its range.
    static func refusal(_ survey: Survey, crs: CoordinateSystem, converter: PositionConverter) -> String {
        func shown(_ bad: (line: Int, x: Double, y: Double)) -> String { "line \(bad.line) has \(bad.x), \(bad.y) (x, y)" }
        switch crs {
        case .lonLat:
            guard let bad = survey.firstOutside else { return "" }
            guard let both = survey.firstOutsideBoth else {
                return ": \(shown(bad)), not a longitude and latitude; if the file is in Web Mercator metres, give --crs EPSG:3857"
            }
            return ": \(shown(bad)), not a longitude and latitude; " + (both.line == bad.line ? "" : shown(both) + ", ")
                + "outside Web Mercator's range too: reproject the file to EPSG:4326"
        case .webMercator:
            guard let both = survey.firstOutsideBoth else { return "" }
            return ": \(shown(both)), outside Web Mercator's range (EPSG:3857): reproject the file to EPSG:4326"
        case .epsg:
            return ": no position transformed from \(converter.label) to a place on the earth; is the system right? (give --crs EPSG:N)"
        }
    }

    /// One record's artwork, or why it has none.
    static func artwork(_ record: CSVReader.Record, number: Int, survey: Survey, plan: Plan, converter: PositionConverter, collection: String,
                        ids: inout RecordIDs) throws -> Artwork {
        guard record.fields.count <= survey.header.count || survey.header.count >= maxColumns else {
            throw CartographyError("\(record.fields.count) fields where the header has \(survey.header.count)")
        }
        var properties: [String: String] = [:]
        for (name, raw) in zip(survey.header, record.fields) where !raw.isEmpty {
            // A spreadsheet-safe export (artmap's among them) puts an apostrophe before = + - @: taken off again.
            let value = raw.count > 1 && raw.hasPrefix("'") && "=+-@".contains(raw.dropFirst().first ?? " ") ? String(raw.dropFirst()) : raw
            properties[name] = FieldLimits.cut(value, to: FieldLimits.information) ?? value
        }
        let coordinate = try position(record.fields, survey.positions, converter: converter, header: survey.header)
        if let column = survey.positions.parenthesised, column < record.fields.count,
           let found = PositionColumns.latLon(inText: record.fields[column]) {
            // The address a location column holds, without the position at its end.
            properties[survey.header[column]] = found.rest
        }
        let chosen = plan.fields.value(.id, in: properties)
        let id = chosen.isEmpty ? "" : FieldLimits.cut(chosen, to: FieldLimits.id) ?? chosen
        // The id is settled once every record is read (`RecordIDs`): a later record may give `record/N` itself.
        ids.add(given: id, at: record.line, madeUp: "record/\(number)")
        return plan.fields.artwork(id: id, properties: properties, at: coordinate, collection: collection)
    }

    /// A record's position: its number columns, else its WKT, else its geometry, else its "lat, lon" pair, else the
    /// "(lat, lon)" in its text. A position that does not convert names its column.
    static func position(_ fields: [String], _ columns: PositionColumns, converter: PositionConverter, header: [String]) throws -> Coordinate {
        var point = columns.numbers(fields)
        var column = columns.numberNames.joined(separator: "/")
        if point == nil, let wkt = columns.wkt, wkt < fields.count, let found = PositionColumns.point(wkt: fields[wkt]) {
            (point, column) = (found, header[wkt])
        }
        if point == nil, let geometry = columns.geometry, geometry < fields.count {
            do {
                if let found = try PositionText.geometry(fields[geometry]) { (point, column) = (found, header[geometry]) }
            } catch let error as CartographyError {
                throw CartographyError("column \(header[geometry]): \(error.message)")
            }
        }
        if let point {
            guard let (lon, lat) = converter.lonLat(point.x, point.y) else {
                throw CartographyError("column \(column): \(converter.refusal(point.x, point.y))")
            }
            return Coordinate(clampingLatitude: lat, longitude: lon)
        }
        if let found = columns.pairPosition(fields) {
            return Coordinate(clampingLatitude: found.latitude, longitude: found.longitude)
        }
        if let column = columns.parenthesised, column < fields.count, let found = PositionColumns.latLon(inText: fields[column]) {
            return Coordinate(clampingLatitude: found.latitude, longitude: found.longitude)
        }
        throw CartographyError("no position (\(columns.summary) empty or not numbers)")
    }
}
