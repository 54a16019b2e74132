import Foundation

/// A dot canvas of 2×4 dots per cell, drawn as Unicode braille (or '.' in ASCII mode), for lines finer
/// than a cell: the radius ring and the scale bar.
public struct BrailleCanvas {
    public let columns: Int
    public let rows: Int
    private var bits: [UInt8]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        bits = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// Sets the dot at (x, y) in dot coordinates (clipped).
    public mutating func dot(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < columns * 2, y < rows * 4 else { return }
        let masks: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        bits[(y / 4) * columns + x / 2] |= masks[x % 2][y % 4]
    }

    /// A circle of `radius` dots around (cx, cy) in dot coordinates.
    public mutating func circle(cx: Double, cy: Double, radius: Double) {
        guard radius.isFinite, radius > 0 else { return }
        let steps = max(16, min(20_000, Int(radius * 8)))
        for i in 0..<steps {
            let t = Double(i) / Double(steps) * 2 * Double.pi
            dot(Int((cx + radius * cos(t)).rounded()), Int((cy + radius * sin(t)).rounded()))
        }
    }

    /// A horizontal line of dots.
    public mutating func line(fromX x0: Int, toX x1: Int, y: Int) {
        guard x0 <= x1 else { return }
        for x in x0...x1 { dot(x, y) }
    }

    /// The glyph for a cell, or nil when it has no dots.
    public func glyph(column: Int, row: Int, ascii: Bool) -> Character? {
        let b = bits[row * columns + column]
        guard b != 0 else { return nil }
        if ascii { return "." }
        return Character(Unicode.Scalar(0x2800 + UInt32(b)) ?? " ")
    }
}
