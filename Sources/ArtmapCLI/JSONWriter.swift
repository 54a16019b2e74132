/// Writes JSON with keys in the order given, so `list --json` prints exactly its documented shape.
enum JSONWriter {
    /// A JSON value built in code.
    indirect enum Value {
        case string(String)
        case number(Double)
        case object([(String, Value)])
        case array([Value])
        case null
    }

    static func render(_ value: Value) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: Value, into out: inout String) {
        switch value {
        case .string(let s): out += quote(s)
        case .number(let d): out += number(d)
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, item)) in fields.enumerated() {
                if i > 0 { out += "," }
                out += quote(key) + ":"
                write(item, into: &out)
            }
            out += "}"
        }
    }

    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
