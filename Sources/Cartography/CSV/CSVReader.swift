import Catalog
import Foundation

/// An RFC 4180 reader that streams: it holds one chunk of the file and one record, whatever the file's size.
/// Quoted fields may hold the delimiter, doubled quotes and line ends; a UTF-8 byte order mark is skipped; CRLF,
/// LF and a lone CR end a record. Records carry the line they start on, so every refusal can name it. The
/// delimiter is given or found by `sniff` (`,`, `;` or tab), as spreadsheets in comma-decimal locales write `;`.
public struct CSVReader {
    /// What one record may hold before the file is refused as damaged (an unclosed quote swallows the rest of the
    /// file into one field: this stops it at a bound, naming the line where the quote opened).
    public struct Limits: Sendable {
        public var recordBytes: Int
        public var fields: Int

        public init(recordBytes: Int = 16 * 1_048_576, fields: Int = 2_000) {
            self.recordBytes = recordBytes
            self.fields = fields
        }
    }

    /// One record: its fields and the (1-based) physical line it starts on.
    public struct Record: Sendable, Equatable {
        public var fields: [String]
        public var line: Int
    }

    public let delimiter: UInt8
    let limits: Limits
    private let readChunk: () throws -> [UInt8]
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false
    private var started = false
    /// The line the next byte is on.
    private var line = 1

    /// A reader over bytes handed out by `read` (an empty array at the end).
    public init(delimiter: UInt8, limits: Limits = Limits(), read: @escaping () throws -> [UInt8]) {
        self.delimiter = delimiter
        self.limits = limits
        self.readChunk = read
    }

    /// A reader over bytes in memory (fuzzing, tests, a file's head).
    public init<Bytes: Collection>(bytes: Bytes, delimiter: UInt8, limits: Limits = Limits()) where Bytes.Element == UInt8 {
        var pending: [UInt8]? = Array(bytes)
        self.init(delimiter: delimiter, limits: limits) {
            defer { pending = nil }
            return pending ?? []
        }
    }

    private mutating func nextByte() throws -> UInt8? {
        if position == buffer.count {
            guard !finished else { return nil }
            buffer = try readChunk()
            position = 0
            if buffer.isEmpty {
                finished = true
                return nil
            }
        }
        defer { position += 1 }
        return buffer[position]
    }

    private mutating func peekByte() throws -> UInt8? {
        guard let byte = try nextByte() else { return nil }
        position -= 1
        return byte
    }

    /// The next record, nil at the end; throws a `CartographyError` ("line N: …") for a quote never closed or a record past the limits.
    public mutating func next() throws -> Record? {
        if !started {
            started = true
            if try peekByte() == 0xEF {
                // A BOM is three bytes; anything else starting with 0xEF is data. The first chunk holds them all
                // unless the file is shorter than three bytes.
                if buffer.count >= position + 3, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF { position += 3 }
            }
        }
        guard try peekByte() != nil else { return nil }
        return try readRecord()
    }

    private mutating func readRecord() throws -> Record {
        let startLine = line
        var fields: [String] = []
        var field: [UInt8] = []
        var bytes = 0
        var quoted = false, quoteLine = line, atFieldStart = true
        func finishField() throws {
            guard fields.count < limits.fields else {
                throw CartographyError.line(startLine, "a record of more than \(limits.fields) fields")
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            atFieldStart = true
        }
        while true {
            guard let byte = try nextByte() else {
                if quoted { throw CartographyError.line(quoteLine, "a quoted field opened on line \(quoteLine) is never closed") }
                try finishField()
                return Record(fields: fields, line: startLine)
            }
            bytes += 1
            guard bytes <= limits.recordBytes else {
                throw CartographyError.line(startLine, quoted ? "a quoted field opened on line \(quoteLine) runs past \(limits.recordBytes / 1_048_576) MB (is a quote never closed?)"
                                                       : "a record of more than \(limits.recordBytes / 1_048_576) MB")
            }
            if byte == 0x0A { line += 1 } else if byte == 0x0D, try peekByte() != 0x0A { line += 1 }
            if quoted {
                if byte == 0x22 {
                    if try peekByte() == 0x22 {
                        position += 1
                        bytes += 1
                        field.append(0x22)
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22 where atFieldStart:
                quoted = true
                quoteLine = line
                atFieldStart = false
            case delimiter:
                try finishField()
            case 0x0D, 0x0A:
                if byte == 0x0D, try peekByte() == 0x0A { continue }
                try finishField()
                return Record(fields: fields, line: startLine)
            default:
                // A quote inside an unquoted field, or text after a closing quote, is kept as written.
                field.append(byte)
                atFieldStart = false
            }
        }
    }

    /// The delimiter a file's first records agree on: for each of `,` `;` tab, how many of the first records
    /// (up to 20, in `head`) have as many fields as the header, and the header has more than one; the best count wins,
    /// then the header with more fields, then the order above. Nil when no delimiter splits the header.
    public static func sniff(_ head: some Collection<UInt8>) -> UInt8? {
        var best: (delimiter: UInt8, agreeing: Int, width: Int)?
        for candidate in [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09] {
            var reader = CSVReader(bytes: head, delimiter: candidate, limits: Limits(recordBytes: head.count + 1, fields: 2_000))
            guard let header = try? reader.next(), header.fields.count > 1 else { continue }
            var agreeing = 0
            var records: [Record] = []
            while records.count < 21, let record = try? reader.next() { records.append(record) }
            // The last record of a head may be cut short by the head's end.
            for record in records.dropLast(records.count > 1 ? 1 : 0) where record.fields.count == header.fields.count { agreeing += 1 }
            let score = (candidate, agreeing, header.fields.count)
            if let current = best, (current.agreeing, current.width) >= (agreeing, header.fields.count) { continue }
            best = score
        }
        return best?.delimiter
    }

    /// The delimiter (`,` `;` tab) that splits the header in `head` into more fields than a record may have, if
    /// one does: `sniff` passes over such a header, and the refusal should say why rather than "no delimiter".
    public static func delimiterOfOverlongHeader(_ head: some Collection<UInt8>, limit: Int = Limits().fields) -> UInt8? {
        for candidate in [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09] {
            var reader = CSVReader(bytes: head, delimiter: candidate, limits: Limits(recordBytes: head.count + 1, fields: limit))
            do { _ = try reader.next() } catch { return candidate }
        }
        return nil
    }

    /// Whether the first bytes of a file look like delimited text: no NUL, not markup or JSON or a binary
    /// property list, and a header that a delimiter splits into named columns.
    public static func looksLikeCSV(_ head: some Collection<UInt8>) -> UInt8? {
        var bytes = Array(head)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }),
              !"<{[".utf8.contains(first), !bytes.contains(0), !bytes.starts(with: Array("bplist".utf8)) else { return nil }
        guard let delimiter = sniff(bytes) else { return nil }
        var reader = CSVReader(bytes: bytes, delimiter: delimiter, limits: Limits(recordBytes: bytes.count + 1))
        guard let header = try? reader.next(), header.fields.contains(where: { !$0.trimmed.isEmpty }) else { return nil }
        return delimiter
    }
}

extension CartographyError {
    /// A refusal at a line of a text file: "line 12: …" (the importer adds the format and the file).
    static func line(_ line: Int, _ message: String) -> CartographyError {
        CartographyError("line \(line): \(message)")
    }
}
