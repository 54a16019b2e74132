/// JSON written straight into a byte buffer and handed on in large chunks, so `list --json` never holds a
/// value tree or the whole output. Escapes exactly as `JSONWriter.quote` does.
struct JSONStream {
    private var buffer: [UInt8] = []
    private let chunkSize: Int
    private let sink: ([UInt8]) -> Void

    init(chunkSize: Int = 1 << 16, sink: @escaping ([UInt8]) -> Void) {
        self.chunkSize = chunkSize
        self.sink = sink
        buffer.reserveCapacity(chunkSize + 4096)
    }

    /// Punctuation and keys written as they are.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        flushIfFull()
    }

    /// The same text as `JSONWriter.number` (Swift's shortest round-trip form). Coordinates, which are
    /// whole millionths of a degree, are written digit by digit instead of through a String.
    mutating func number(_ value: Double) {
        if value != value.rounded(), let millionths = Self.exactMillionths(value) {
            var magnitude = millionths
            if magnitude < 0 {
                buffer.append(UInt8(ascii: "-"))
                magnitude = -magnitude
            }
            digits(magnitude / 1_000_000)
            buffer.append(UInt8(ascii: "."))
            var fraction = magnitude % 1_000_000, width = 6
            while fraction != 0, fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                buffer.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                divisor /= 10
            }
        } else {
            buffer.append(contentsOf: JSONWriter.number(value).utf8)
        }
        flushIfFull()
    }

    /// `value` as a count of millionths, when that decimal reads back as exactly `value` (then it is also the
    /// shortest that does) and `value` is in the range Swift prints without an exponent.
    static func exactMillionths(_ value: Double) -> Int64? {
        let size = abs(value)
        guard size >= 0.001, size < 1e9 else { return nil }
        let scaled = (value * 1e6).rounded()
        // Both the division and reading the decimal back are correctly rounded, so they agree.
        guard scaled / 1e6 == value else { return nil }
        return Int64(scaled)
    }

    /// A number already rounded to one decimal (distances, bearings), written digit by digit: the same
    /// text `number` gives ("12", "12.5", "-0.5"), without formatting a Double.
    mutating func tenths(_ value: Double) {
        let scaled = (value * 10).rounded()
        guard value.isFinite, abs(scaled) < 1e15 else { return number(value) }
        var tenths = Int64(scaled)
        if tenths < 0 {
            buffer.append(UInt8(ascii: "-"))
            tenths = -tenths
        }
        digits(tenths / 10)
        if tenths % 10 != 0 {
            buffer.append(UInt8(ascii: "."))
            buffer.append(UInt8(ascii: "0") + UInt8(tenths % 10))
        }
        flushIfFull()
    }

    private mutating func digits(_ value: Int64) {
        if value >= 10 { digits(value / 10) }
        buffer.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// A quoted string. Plain printable ASCII (the usual case) is copied as it is; anything else goes
    /// through the same escaping as `JSONWriter.quote`.
    mutating func string(_ text: String) {
        var plain = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
            plain = false
            break
        }
        if plain {
            buffer.append(0x22)
            buffer.append(contentsOf: text.utf8)
            buffer.append(0x22)
        } else {
            buffer.append(contentsOf: JSONWriter.quote(text).utf8)
        }
        flushIfFull()
    }

    private mutating func flushIfFull() {
        if buffer.count >= chunkSize { flush() }
    }

    /// Hands on what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
