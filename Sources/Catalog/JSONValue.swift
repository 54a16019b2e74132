import Foundation

/// A JSON document as plain values. The campus service's bodies are read with `JSONValue.parse` rather
/// than `JSONSerialization`, whose per-string bridging was 40% of a 100,000-record sync.
public enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object(JSONObject)

    /// Nesting deeper than this is refused rather than risking the stack.
    public static let maximumDepth = 512

    /// Parses a whole document (any value at the top, as `fragmentsAllowed`); strict RFC 8259: UTF-8
    /// only, no trailing commas, no comments, no leading zeros. The error says what and at which byte.
    public static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.position == parser.bytes.count else { throw parser.failure("unexpected data after the document") }
            return value
        }
    }
}

extension JSONValue {
    /// Parses a document whose top level is an object, handing each element of the array under `key` to
    /// `each` as soon as it is read instead of keeping it, so a large GeoJSON file is never held as values
    /// all at once. An element of more than `maxElementBytes` bytes of text is checked for syntax but not
    /// built: `each` gets a `CatalogError` saying how large it was. Returns the object's other members and
    /// how many elements there were. Syntax errors throw, naming the byte.
    public static func parseObject(_ data: Data, streaming key: String, maxElementBytes: Int,
                                   each: (Int, Result<JSONValue, CatalogError>) throws -> Void) throws -> (object: JSONObject, elements: Int) {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            parser.skipWhitespace()
            guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "{") else {
                throw parser.failure("expected an object")
            }
            parser.position += 1
            var members = JSONObject()
            var elements = 0
            parser.skipWhitespace()
            if parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "}") {
                parser.position += 1
            } else {
                while true {
                    parser.skipWhitespace()
                    guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "\"") else {
                        throw parser.failure("expected a key in quotes")
                    }
                    let name = try parser.string()
                    parser.skipWhitespace()
                    guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: ":") else {
                        throw parser.failure("expected ':' after a key")
                    }
                    parser.position += 1
                    parser.skipWhitespace()
                    if name == key, parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "[") {
                        try parser.streamArray(maxElementBytes: maxElementBytes) { element in
                            try each(elements, element)
                            elements += 1
                        }
                        members.append(name, .array([]))
                    } else {
                        members.append(name, try parser.value(depth: 1))
                    }
                    parser.skipWhitespace()
                    guard parser.position < parser.bytes.count else { throw parser.failure("unexpected end of data") }
                    if parser.bytes[parser.position] == UInt8(ascii: ",") { parser.position += 1; continue }
                    if parser.bytes[parser.position] == UInt8(ascii: "}") { parser.position += 1; break }
                    throw parser.failure("expected ',' or '}'")
                }
            }
            parser.skipWhitespace()
            guard parser.position == parser.bytes.count else { throw parser.failure("unexpected data after the document") }
            return (members, elements)
        }
    }
}

/// A JSON object's members in document order. A record has a dozen keys, so finding one by scanning is
/// cheaper than hashing every key of 100,000 records into a dictionary (a fifth of a large sync). As with
/// a dictionary built member by member, the last of repeated keys wins.
public struct JSONObject: Equatable, Sendable {
    public private(set) var members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    public subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key == key { return member.value }
        return nil
    }

    /// Each key once, in the order of first appearance.
    public var keys: [String] {
        var seen = Set<String>()
        return members.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    /// Equal when both have the same keys with the same (last) values, in whatever order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        let keys = a.keys
        return keys.count == b.keys.count && keys.allSatisfy { a[$0] == b[$0] }
    }
}

/// A recursive-descent reader over the document's bytes.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func failure(_ what: String) -> CatalogError {
        CatalogError("\(what) at byte \(position)")
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw failure("nesting deeper than \(JSONValue.maximumDepth) levels") }
        guard position < bytes.count else { throw failure("unexpected end of data") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("unexpected end of data") }
        for i in 0..<count where bytes[position + i] != word.utf8Start[i] { throw failure("unexpected character") }
        position += count
    }

    mutating func object(depth: Int) throws -> JSONValue {
        position += 1
        var fields = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
            skipWhitespace()
            fields.append(key, try value(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of data") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(fields) }
            throw failure("expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws -> JSONValue {
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of data") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            throw failure("expected ',' or ']'")
        }
    }

    /// The array at `position` (depth 1), each element handed over as it is read; elements longer than
    /// `maxElementBytes` are skipped (checked, not built) and handed over as an error.
    mutating func streamArray(maxElementBytes: Int, _ each: (Result<JSONValue, CatalogError>) throws -> Void) throws {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            let start = position
            try skip(depth: 2)
            let size = position - start
            if size > maxElementBytes {
                try each(.failure(CatalogError("\(size) bytes, more than the \(maxElementBytes) one element may have")))
            } else {
                position = start
                try each(.success(try value(depth: 2)))
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of data") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw failure("expected ',' or ']'")
        }
    }

    /// Moves past one value, checking its syntax, without building it.
    mutating func skip(depth: Int) throws {
        guard depth < JSONValue.maximumDepth else { throw failure("nesting deeper than \(JSONValue.maximumDepth) levels") }
        guard position < bytes.count else { throw failure("unexpected end of data") }
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[position] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == close { position += 1; return }
            while true {
                skipWhitespace()
                if isObject {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
                    try skipString()
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
                    position += 1
                    skipWhitespace()
                }
                try skip(depth: depth + 1)
                skipWhitespace()
                guard position < bytes.count else { throw failure("unexpected end of data") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == close { position += 1; return }
                throw failure(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
            }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw failure("unexpected character")
        }
    }

    /// Moves past a string (control characters refused); its UTF-8 is checked when it is built.
    mutating func skipString() throws {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { position += 1; return }
            if byte < 0x20 { throw failure("a control character inside a string") }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        throw failure("unexpected end of data inside a string")
    }

    /// A string; without escapes, the bytes are checked as UTF-8 and taken as they are.
    mutating func string() throws -> String {
        position += 1
        let start = position
        var highBits: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return try Self.text(slice, ascii: highBits < 0x80, failure: failure("a string is not valid UTF-8"))
            }
            highBits |= byte
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("a control character inside a string") }
            position += 1
        }
        // With escapes: build the bytes, then check them.
        var out = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return try out.withUnsafeBufferPointer { try Self.text($0, ascii: false, failure: failure("a string is not valid UTF-8")) }
            }
            if byte < 0x20 { throw failure("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw failure("a lone surrogate in \\u escapes")
                    }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate in \\u escapes") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw failure("a lone surrogate in \\u escapes")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw failure("an unknown escape")
            }
        }
        throw failure("unexpected end of data inside a string")
    }

    /// Bytes as a string: ASCII as it is; anything else decoded and refused when decoding had to repair it
    /// (the generic validating initialiser cost a fifth of a large sync in metadata look-ups).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool, failure: @autoclosure () -> CatalogError) throws -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if ascii { return text }
        guard text.utf8.elementsEqual(bytes) else { throw failure() }
        return text
    }

    mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("unexpected end of data in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("an invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// A number as RFC 8259 writes it, converted by the C library.
    mutating func number() throws -> Double {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw failure("a number without digits") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { throw failure("a number with a leading zero") }
        } else if digits() == 0 {
            throw failure("a number without digits")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("a number without digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("a number without digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("an unreadable number") }
        return value
    }
}
