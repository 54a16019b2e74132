import Foundation

/// The top level of a document read by `JSONValue.parseRecords`: a bare array, another value, or an
/// object's members in order (each with whether its value was an array handed over element by element).
public enum JSONRecordsTop: Sendable {
    case array
    case scalar
    case object([(key: String, streamed: Bool)])
}

extension JSONValue {
    /// Parses a whole document exactly as `parse` does (the same checks, the same errors at the same bytes),
    /// but the elements of a top-level array, and of the arrays under `keys` in a top-level object, are
    /// handed to `each(member, element, value)` as soon as each is read and never kept: a sync of 100,000
    /// records no longer holds them all as values before it decodes them. `member` is the position of the
    /// object's member (0 for a bare array), so a key given twice can be told apart; the last one is the
    /// document's, as `parse` would keep it.
    public static func parseRecords(_ data: Data, under keys: Set<String>,
                                    each: (_ member: Int, _ element: Int, JSONValue) throws -> Void) throws -> JSONRecordsTop {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            parser.skipWhitespace()
            let top: JSONRecordsTop
            switch parser.position < parser.bytes.count ? parser.bytes[parser.position] : 0 {
            case UInt8(ascii: "["):
                try parser.streamElements(depth: 0) { try each(0, $0, $1) }
                top = .array
            case UInt8(ascii: "{"):
                top = .object(try parser.streamMembers(under: keys, each: each))
            default:
                _ = try parser.value(depth: 0)
                top = .scalar
            }
            parser.skipWhitespace()
            guard parser.position == parser.bytes.count else { throw parser.failure("unexpected data after the document") }
            return top
        }
    }
}

extension JSONParser {
    /// The array at `position`, itself at `depth`: each element parsed as `array(depth:)` would and handed over.
    mutating func streamElements(depth: Int, _ each: (Int, JSONValue) throws -> Void) throws {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            try each(index, try value(depth: depth + 1))
            index += 1
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of data") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw failure("expected ',' or ']'")
        }
    }

    /// The top-level object at `position`, parsed as `object(depth: 0)` would; arrays under `keys` are streamed.
    mutating func streamMembers(under keys: Set<String>,
                                each: (Int, Int, JSONValue) throws -> Void) throws -> [(key: String, streamed: Bool)] {
        position += 1
        var members: [(key: String, streamed: Bool)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
            skipWhitespace()
            let member = members.count
            if keys.contains(key), position < bytes.count, bytes[position] == UInt8(ascii: "[") {
                try streamElements(depth: 1) { try each(member, $0, $1) }
                members.append((key, true))
            } else {
                _ = try value(depth: 1)
                members.append((key, false))
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of data") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return members }
            throw failure("expected ',' or '}'")
        }
    }
}
