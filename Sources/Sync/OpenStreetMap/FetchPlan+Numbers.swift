import Catalog
import Foundation
import Geo

extension FetchPlan {
    /// A streets' answer (OSM XML) without its elements whose numbers are out of range, and how many went.
    public struct CheckedAnswer: Sendable, Equatable {
        public var data: Data
        public var skipped = 0
        /// The first element left out, as the answer named it ("node 1e19").
        public var firstSkipped: String?
    }

    /// Leaves out of an OSM XML answer every node, way and relation whose numbers artmap would not convert
    /// (issue 43): an id or an `nd`/`member` ref that is not a whole 64-bit decimal, a `lat` or `lon` that is not a
    /// plain decimal on the Earth. libosmium refuses the whole answer at an id of 1e19 ("illegal id") and reads a
    /// latitude of 1e300 as 0; a bad element is skipped and counted instead. The bytes are scanned once, tag by tag;
    /// an answer with nothing to leave out is handed back as it came.
    public static func withoutBadNumbers(_ data: Data) -> CheckedAnswer {
        var drops: [Range<Int>] = []
        var first: String?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = OSMTagScanner(bytes: bytes)
            var open: (kind: String, start: Int, bad: Bool, id: String)?
            while let tag = scanner.nextTag() {
                switch tag.name {
                case "node", "way", "relation":
                    if tag.closing {
                        guard let element = open, element.kind == tag.name else { continue }
                        if element.bad { drops.append(element.start..<tag.end) }
                        if element.bad, first == nil { first = "\(element.kind) \(element.id)" }
                        open = nil
                        continue
                    }
                    let id = tag.attribute("id") ?? ""
                    var bad = !Self.isElementID(id)
                    if tag.name == "node" {
                        bad = bad || !Self.isCoordinate(tag.attribute("lat"), limit: 90) || !Self.isCoordinate(tag.attribute("lon"), limit: 180)
                    }
                    if tag.selfClosing {
                        if bad { drops.append(tag.start..<tag.end) }
                        if bad, first == nil { first = "\(tag.name) \(id)" }
                    } else {
                        open = (tag.name, tag.start, bad, id)
                    }
                case "nd", "member":
                    if !tag.closing, open != nil, !Self.isElementID(tag.attribute("ref") ?? "") { open?.bad = true }
                default:
                    continue
                }
            }
        }
        guard !drops.isEmpty else { return CheckedAnswer(data: data) }
        var kept = Data()
        kept.reserveCapacity(data.count)
        var from = 0
        // An element nested in another (a hostile answer) drops a range inside the outer one's: each byte goes once.
        for range in drops.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > from { kept.append(data[data.startIndex + from..<data.startIndex + range.lowerBound]) }
            from = max(from, range.upperBound)
        }
        kept.append(data[(data.startIndex + from)...])
        return CheckedAnswer(data: kept, skipped: drops.count, firstSkipped: first.map { String(DisplayText.clean($0).prefix(60)) })
    }

    /// A whole decimal of 64 bits, not its two ends (libosmium refuses those too).
    static func isElementID(_ text: String) -> Bool {
        guard let value = DecimalText.integer(text).flatMap(Int64.init(exactly:)) else { return false }
        return value != .min && value != .max
    }

    /// A plain decimal (no exponent, no `inf`) within ±`limit`.
    static func isCoordinate(_ text: String?, limit: Double) -> Bool {
        guard let text, let value = DecimalText.double(text) else { return false }
        return abs(value) <= limit
    }
}

/// Reads the tags of an XML text one after the other: name, attributes, where it starts and ends; comments,
/// declarations and text between tags are passed over. Quotes are honoured, so a `>` inside a value ends nothing.
struct OSMTagScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    struct Tag {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        var start: Int, end: Int
        var attributes: [(String, String)]

        func attribute(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }
    }

    mutating func nextTag() -> Tag? {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">")
        while index < bytes.count {
            guard bytes[index] == lt else { index += 1; continue }
            let start = index
            index += 1
            guard index < bytes.count else { return nil }
            let lead = bytes[index]
            if lead == UInt8(ascii: "!") || lead == UInt8(ascii: "?") {
                // A comment, CDATA or declaration: skipped whole (a comment to its "-->").
                let comment = index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") && bytes[index + 2] == UInt8(ascii: "-")
                while index < bytes.count {
                    if bytes[index] == gt && (!comment || (index >= 2 && bytes[index - 1] == UInt8(ascii: "-") && bytes[index - 2] == UInt8(ascii: "-"))) { break }
                    index += 1
                }
                index += 1
                continue
            }
            let closing = lead == UInt8(ascii: "/")
            if closing { index += 1 }
            let name = word()
            var attributes: [(String, String)] = []
            var selfClosing = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == gt { index += 1; break }
                if byte == UInt8(ascii: "/") { selfClosing = true; index += 1; continue }
                if isSpace(byte) { index += 1; continue }
                let key = word()
                guard !key.isEmpty else { index += 1; continue }
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { continue }
                let quote = bytes[index]
                index += 1
                let from = index
                while index < bytes.count, bytes[index] != quote { index += 1 }
                // Only the numbers' attributes are kept (and never a long one): a tag's value is not needed here.
                if ["id", "ref", "lat", "lon"].contains(key) {
                    attributes.append((key, String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<min(index, from + 64)]), as: UTF8.self)))
                }
                index += 1
                selfClosing = false
            }
            return Tag(name: name, closing: closing, selfClosing: selfClosing, start: start, end: min(index, bytes.count), attributes: attributes)
        }
        return nil
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    private mutating func word() -> String {
        let from = index
        while index < bytes.count {
            let byte = bytes[index]
            guard byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/"), byte != UInt8(ascii: "="), !isSpace(byte) else { break }
            index += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<min(index, from + 32)]), as: UTF8.self)
    }
}
