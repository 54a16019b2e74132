import Foundation

/// Writes JSON with keys in the order given, so `list --json` prints exactly its documented shape.
enum JSONWriter {
    /// A JSON value built in code.
    indirect enum Value {
        case string(String)
        case number(Double)
        case object([(String, Value)])
        case array([Value])
        case bool(Bool)
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
        case .bool(let b): out += b ? "true" : "false"
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

    /// A value rounded to `places` decimals, as the JSON outputs print distances and bearings.
    static func rounded(_ value: Double, places: Double = 1) -> Double {
        let scale = pow(10, places)
        return (value * scale).rounded() / scale
    }

    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func mustEscape(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v) || (0x2028...0x2029).contains(v) || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
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
                // Controls (C0, DEL, C1), line separators, and bidi marks, overrides and isolates are written as
                // escapes, so a consumer printing a value raw cannot be steered by it.
                if JSONWriter.mustEscape(scalar.value) {
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
