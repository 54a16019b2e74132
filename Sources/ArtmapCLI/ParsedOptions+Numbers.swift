import Catalog
import Geo

/// Numbers in options: decimal digits only (Swift's own parsers take 0x10, +5 and 1e3).
extension ParsedOptions {
    /// A positive number of metres, or a usage error naming the option.
    func metres(_ name: String, command: String?) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let v = DecimalText.double(text), v >= 0 else {
            throw CLIError.usage("option \(name) needs a distance in metres (a decimal number ≥ 0), got '\(DisplayText.clean(text))'", command: command)
        }
        return v
    }

    /// A positive whole number, or a usage error naming the option.
    func count(_ name: String, command: String?) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let v = DecimalText.integer(text), v > 0 else {
            throw CLIError.usage("option \(name) needs a whole number ≥ 1 in decimal digits, got '\(DisplayText.clean(text))'", command: command)
        }
        return v
    }
}
