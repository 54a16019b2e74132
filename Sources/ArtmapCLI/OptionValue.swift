import Catalog
import Geo
import Location

/// How the text of an option's value becomes a typed value, and what is said when it cannot: one kind per sort
/// of value (metres, a count, a point, a choice …), so every command refuses a bad value in the same words.
/// Numbers take decimal digits only (Swift's own parsers take 0x10, +5 and 1e3).
struct OptionValue<Value>: Sendable {
    /// The value's placeholder in the usage and help, unless a declaration names its own.
    let valueName: String
    /// The typed value; throws `OptionValueError` with a message naming `option` and the text given.
    let parse: @Sendable (_ text: String, _ option: String) throws -> Value

    /// The refusal of `text` for `option`: "option --radius needs …, got 'abc'".
    static func refuse(_ option: String, _ needs: String, _ text: String) -> OptionValueError {
        OptionValueError(message: "option \(option) \(needs), got '\(DisplayText.clean(text))'")
    }
}

extension OptionValue where Value == String {
    /// Any text (a name, an id, a URL): taken as given.
    static func text(_ valueName: String) -> Self { Self(valueName: valueName) { text, _ in text } }

    /// A file's path, as given (the completions offer files for `FILE` and `PATH`).
    static let path = Self(valueName: "FILE") { text, _ in text }

    /// One of `words`, exactly: "option --pixels must be auto, kitty, sixel, iterm or cells, got 'x'".
    static func choice(_ words: [String], valueName: String = "MODE") -> Self {
        Self(valueName: valueName) { text, option in
            guard words.contains(text) else { throw refuse(option, "must be \(Self.spoken(words))", text) }
            return text
        }
    }

    /// `a, b or c`.
    static func spoken(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}

extension OptionValue where Value: RawRepresentable, Value.RawValue == String {
    /// One of an enumeration's raw values, the same words as `choice`.
    static func choice(_ cases: [Value], valueName: String = "MODE") -> Self {
        let words = cases.map(\.rawValue)
        return Self(valueName: valueName) { text, option in
            guard let value = Value(rawValue: text) else {
                throw refuse(option, "must be \(OptionValue<String>.spoken(words))", text)
            }
            return value
        }
    }
}

extension OptionValue where Value == Double {
    /// A distance: a decimal number of metres, 0 or more.
    static let metres = Self(valueName: "METRES") { text, option in
        guard let value = DecimalText.double(text), value >= 0 else {
            throw refuse(option, "needs a distance in metres (a decimal number ≥ 0)", text)
        }
        return value
    }

    /// A distance within `range` (the fetch radius).
    static func metres(within range: ClosedRange<Double>) -> Self {
        Self(valueName: "METRES") { text, option in
            guard let value = try? metres.parse(text, option), range.contains(value) else {
                throw refuse(option, "must be \(Int(range.lowerBound)) to \(Int(range.upperBound)) metres", text)
            }
            return value
        }
    }

    /// A decimal number above 0 (a speed, a factor).
    static func positive(_ valueName: String) -> Self {
        Self(valueName: valueName) { text, option in
            guard let value = DecimalText.double(text), value > 0 else { throw refuse(option, "needs a decimal number > 0", text) }
            return value
        }
    }

    /// A number of seconds, 0 or more.
    static let seconds = Self(valueName: "SECONDS") { text, option in
        guard let value = DecimalText.double(text), value >= 0 else { throw refuse(option, "needs a decimal number of seconds", text) }
        return value
    }

    /// A bound as a person writes it: "10", "0.01".
    static func bound(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value) }

    /// A decimal number within `range`, in `unit` ("minutes from 0 to 600").
    static func number(within range: ClosedRange<Double>, unit: String, valueName: String) -> Self {
        Self(valueName: valueName) { text, option in
            guard let value = DecimalText.double(text), range.contains(value) else {
                throw refuse(option, "needs \(unit) from \(bound(range.lowerBound)) to \(bound(range.upperBound))", text)
            }
            return value
        }
    }
}

extension OptionValue where Value == Int {
    /// A whole number of things, 1 or more.
    static let count = Self(valueName: "N") { text, option in
        guard let value = DecimalText.integer(text), value > 0 else { throw refuse(option, "needs a whole number ≥ 1 in decimal digits", text) }
        return value
    }

    /// A whole number of things from 1 to `limit` (the view's nearest, a walk's stops).
    static func count(upTo limit: Int) -> Self {
        Self(valueName: "N") { text, option in
            guard let value = DecimalText.integer(text), (1...limit).contains(value) else {
                throw refuse(option, "needs a whole number from 1 to \(limit)", text)
            }
            return value
        }
    }
}

extension OptionValue where Value == Coordinate {
    /// A point as `LAT,LON` in decimal degrees.
    static let coordinate = Self(valueName: "LAT,LON") { text, option in
        do {
            return try Coordinate.parse(text)
        } catch {
            throw OptionValueError(message: "option \(option): \(DisplayText.clean("\(error)"))")
        }
    }
}

extension OptionValue where Value == GpsdAddress {
    /// gpsd's `HOST[:PORT]`; left out, the default address.
    static let gpsd = Self(valueName: "HOST[:PORT]") { text, option in
        do {
            return try GpsdAddress(text)
        } catch {
            throw OptionValueError(message: "option \(option): \(error)")
        }
    }
}
