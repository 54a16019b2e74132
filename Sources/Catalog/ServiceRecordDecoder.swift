import Foundation
import Geo

/// A record the decoder refused, and why, so a sync can report it without failing.
public struct SkippedRecord: Equatable, Sendable {
    /// Position in the array, from 0.
    public let index: Int
    public let id: String?
    public let reason: String
}

/// What one service response held.
public struct DecodedCatalog: Sendable {
    public var artworks: [Artwork]
    public var skipped: [SkippedRecord]
    /// The top-level key (`artworks`, `campus_artworks`, `campusart`); nil for a bare array.
    public var classKey: String?
    /// Records kept but changed: text cut to `FieldLimits` ("record 3 (id 40): title cut to …").
    public var notes: [String] = []
}

/// Decodes every shape the campus service has served (10, 12 and later fields; strings or numbers),
/// and the embedded seed, which is written in the same shape.
public enum ServiceRecordDecoder {
    /// The top-level keys the service has used for its records.
    public static let knownClassKeys = ["artworks", "campus_artworks", "campusart"]

    /// Decodes a body; throws only when the body as a whole is unusable (not JSON, no array of records under
    /// a known key). `expectedClass` (the URL's `class` value) is read first; other keys are never taken for
    /// records, so an error object such as `{"errors":[],"message":"rate limited"}` is an error, not an empty list.
    public static func decode(_ data: Data, collection: String = Artwork.defaultCollection,
                              expectedClass: String? = nil) throws -> DecodedCatalog {
        let candidates = (expectedClass.map { [$0] } ?? []) + knownClassKeys
        // Records are decoded as the parser reads them, one array per member that could hold them (the last
        // of a repeated key wins, as in a parsed object); which member is the records' is known at the end.
        var runs: [Int: RecordRun] = [:]
        let top: JSONRecordsTop
        do {
            top = try JSONValue.parseRecords(data, under: Set(candidates)) { member, index, element in
                runs[member, default: RecordRun()].add(element, index: index, collection: collection)
            }
        } catch {
            let start = String(decoding: data.prefix(60), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
            if start.trimmingCharacters(in: .whitespaces).hasPrefix("<") {
                throw CatalogError("the response is an HTML or XML page, not JSON (it starts \"\(start)\")")
            }
            throw CatalogError("the response is not valid JSON (\(data.count) bytes): \(describe(error))")
        }
        let run: RecordRun
        var classKey: String?
        switch top {
        case .array:
            run = runs[0] ?? RecordRun()
        case .object(let members):
            let lastOf = Dictionary(members.enumerated().map { ($0.element.key, $0.offset) }) { $1 }
            guard let key = candidates.first(where: { lastOf[$0] != nil }), let member = lastOf[key] else {
                var seen = Set<String>()
                let unique = members.map(\.key).filter { seen.insert($0).inserted }
                let keys = unique.sorted().prefix(10).map { "'\(DisplayText.clean(String($0.prefix(40))))'" }.joined(separator: ", ")
                throw CatalogError("the response has no records under \(candidates.map { "'\($0)'" }.joined(separator: " or ")) (it has \(keys.isEmpty ? "no keys" : "keys " + keys))")
            }
            guard members[member].streamed else {
                throw CatalogError("the response's '\(key)' is not an array of records")
            }
            classKey = key
            run = runs[member] ?? RecordRun()
        case .scalar:
            throw CatalogError("the response is neither an object nor an array of records")
        }
        return DecodedCatalog(artworks: run.artworks, skipped: run.skipped, classKey: classKey, notes: run.notes)
    }

    /// The records of one array, decoded as they arrive.
    private struct RecordRun {
        var artworks: [Artwork] = []
        var skipped: [SkippedRecord] = []
        var seen = Set<String>()
        var notes: [String] = []

        mutating func add(_ element: JSONValue, index: Int, collection: String) {
            guard case .object(let fields) = element else {
                skipped.append(SkippedRecord(index: index, id: nil, reason: "record is not an object"))
                return
            }
            var recordNotes: [String] = []
            switch decodeRecord(fields, collection: collection, notes: &recordNotes) {
            case .success(let artwork):
                notes += recordNotes.map { "record \(index + 1) (id \(artwork.id)): \($0)" }
                if seen.contains(artwork.id) {
                    skipped.append(SkippedRecord(index: index, id: artwork.id, reason: "duplicate id"))
                } else {
                    seen.insert(artwork.id)
                    artworks.append(artwork)
                }
            case .failure(let reason):
                skipped.append(SkippedRecord(index: index, id: text(fields["id"]), reason: reason.message))
            }
        }
    }

    /// One record; a `CatalogError` names the field that was wrong.
    static func decodeRecord(_ fields: JSONObject, collection: String, notes: inout [String]) -> Result<Artwork, CatalogError> {
        guard let rawID = text(fields["id"]) else { return .failure(CatalogError("missing or empty id")) }
        guard rawID.utf8.count <= FieldLimits.id * 4 else {
            return .failure(CatalogError("id longer than \(FieldLimits.id) characters"))
        }
        let id = trimmed(rawID)
        guard !id.isEmpty else { return .failure(CatalogError("missing or empty id")) }
        guard id.count <= FieldLimits.id else { return .failure(CatalogError("id longer than \(FieldLimits.id) characters")) }
        /// A text field, cut to its limit (noted).
        func field(_ value: String?, _ limit: Int, _ name: String) -> String {
            // Text (not file names) may hold HTML, as any import's: made plain before it is bounded.
            let plain = name == "fileName" || name == "thumbnail" ? value ?? "" : MarkupText.plain(value ?? "")
            let bounded = FieldLimits.bounded(plain, limit, field: name)
            if let note = bounded.note { notes.append(note) }
            return bounded.text
        }
        guard let lat = number(fields["lat"] ?? fields["latitude"]) else {
            return .failure(CatalogError("lat is missing or not a number"))
        }
        guard let lon = number(fields["long"] ?? fields["lon"] ?? fields["longitude"]) else {
            return .failure(CatalogError("long is missing or not a number"))
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: lat, longitude: lon)
        } catch {
            return .failure(CatalogError("bad coordinate: \(error)"))
        }
        let lastModified = text(fields["lastModified"]).map(trimmed) ?? ""
        guard isValidTimestamp(lastModified) else {
            return .failure(CatalogError("lastModified \"\(lastModified)\" is not YYYY-MM-DD HH:MM:SS"))
        }
        let enabledText = text(fields["enabled"]).map(trimmed)?.lowercased()
        let enabled = !(enabledText == "0" || enabledText == "false")
        let location = trimmed(field(text(fields["location"]), FieldLimits.building, "location"))
        return .success(Artwork(
            id: id,
            title: field(text(fields["title"]), FieldLimits.title, "title"),
            artist: field(text(fields["artist"]), FieldLimits.artist, "artist"),
            year: field(text(fields["yearOfWork"] ?? fields["year"]), FieldLimits.year, "yearOfWork"),
            type: field(text(fields["type"]), FieldLimits.type, "type"),
            information: field(text(fields["Information"] ?? fields["information"]), FieldLimits.information, "Information"),
            coordinate: coordinate,
            building: location.isEmpty ? nil : location,
            locationNotes: field(text(fields["locationNotes"]), FieldLimits.locationNotes, "locationNotes"),
            imageFileName: field(text(fields["fileName"] ?? fields["ImagefileName"] ?? fields["imageFileName"]), FieldLimits.fileName, "fileName"),
            thumbnail: field(text(fields["thumbnail"]), FieldLimits.fileName, "thumbnail"),
            lastModified: lastModified,
            enabled: enabled,
            collection: collection))
    }

    /// Whitespace and newlines removed from both ends. Plain ASCII ends are handled on the UTF-8 bytes
    /// (the common case, and far cheaper than bridging to NSString per field); other ends go to Foundation.
    static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last else { return text }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        if first >= 0x80 || last >= 0x80 { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        if !isSpace(first) && !isSpace(last) { return text }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        let inner = String(text[start..<end])
        if let f = inner.utf8.first, let l = inner.utf8.last, f >= 0x80 || l >= 0x80 { return inner.trimmingCharacters(in: .whitespacesAndNewlines) }
        return inner
    }

    /// A JSON value as text: strings as they are, numbers printed, null and containers as nil.
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return s
        case .bool(let b)?: return b ? "1" : "0"
        case .number(let d)?:
            if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
            return "\(d)"
        default: return nil
        }
    }

    /// A JSON value as a finite-or-not number, from a number or a numeric string.
    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .string(let s)?: return Double(trimmed(s))
        case .number(let d)?: return d
        default: return nil
        }
    }

    /// "YYYY-MM-DD HH:MM:SS" or "YYYY-MM-DD" with plausible field ranges.
    public static func isValidTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 || bytes.count == 19 else { return false }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard bytes[i] >= 48, bytes[i] <= 57 else { return nil }
                value = value * 10 + Int(bytes[i] - 48)
            }
            return value
        }
        guard bytes[4] == 45, bytes[7] == 45, let year = digits(0..<4), let month = digits(5..<7),
              let day = digits(8..<10), year >= 1900, (1...12).contains(month), (1...31).contains(day) else { return false }
        if bytes.count == 10 { return true }
        guard bytes[10] == 32 || bytes[10] == 84, bytes[13] == 58, bytes[16] == 58,
              let h = digits(11..<13), let m = digits(14..<16), let s = digits(17..<19) else { return false }
        return h < 24 && m < 60 && s < 61
    }

    private static func describe(_ error: Error) -> String {
        if let error = error as? CatalogError { return error.message }
        return "\(error)"
    }
}
