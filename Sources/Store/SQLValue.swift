/// A value bound to or read from an SQLite statement.
public enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as text when it is text (or a number printed), else nil.
    public var text: String? {
        switch self {
        case .text(let s): return s
        case .integer(let i): return String(i)
        case .real(let d): return String(d)
        default: return nil
        }
    }

    /// The value as a number when it is one.
    public var double: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .real(let d): return d
        case .text(let s): return Double(s)
        default: return nil
        }
    }

    /// The value as an integer when it is one.
    public var integer: Int64? {
        switch self {
        case .integer(let i): return i
        case .real(let d): return Int64(exactly: d)
        case .text(let s): return Int64(s)
        default: return nil
        }
    }

    /// The value as a number when it is one.
    public var real: Double? {
        switch self {
        case .real(let d): return d
        case .integer(let i): return Double(i)
        default: return nil
        }
    }
}
