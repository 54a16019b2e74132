/// Numbers as people write them in decimal, and nothing else. Swift's `Double("0x10")` is 16, `Double("1e3")`
/// 1000, `Double("nan")` NaN and `Int("+5")` 5: options and settings take only `-`, digits and one `.`.
public enum DecimalText {
    /// `-12`, `53.406566`, `-2.5`, `.5`, `7.`: a decimal number, or nil for anything else (hex, `+`,
    /// exponents, `nan`, `inf`, spaces, an empty text, more than 64 characters).
    public static func double(_ text: Substring) -> Double? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        var digits = 0
        var dots = 0
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where i == 0: continue
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            default: return nil
            }
        }
        guard digits > 0, dots <= 1, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A decimal number from a whole string.
    public static func double(_ text: String) -> Double? { double(text[...]) }

    /// `42`, `-3`: a whole decimal number that fits in an `Int`, or nil for anything else.
    public static func integer(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 20 else { return nil }
        for (i, byte) in text.utf8.enumerated() where !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
            guard i == 0, byte == UInt8(ascii: "-"), text.utf8.count > 1 else { return nil }
        }
        return Int(text)
    }
}
