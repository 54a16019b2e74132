import Foundation

/// The map's dot canvas: 2×4 braille dots a cell, one bit plane per ink, with clipped lines and
/// patterned polygon fills. Composed into the buffer in one pass, so inks merge into one glyph per cell.
struct MapCanvas {
    let columns: Int
    let rows: Int
    private var planes: [[UInt8]?]
    private static let masks: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
    /// The 256 braille glyphs by dot bits, made once.
    private static let braille: [String] = (0..<256).map { String(Character(Unicode.Scalar(0x2800 + UInt32($0)) ?? " ")) }

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        planes = Array(repeating: nil, count: MapInk.allCases.count)
    }

    var dotWidth: Int { columns * 2 }
    var dotHeight: Int { rows * 4 }

    mutating func dot(_ ink: MapInk, _ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        if planes[ink.rawValue] == nil { planes[ink.rawValue] = Array(repeating: 0, count: columns * rows) }
        planes[ink.rawValue]![(y >> 2) * columns + (x >> 1)] |= Self.masks[x & 1][y & 3]
    }

    /// A straight line in dot coordinates, clipped to the canvas first so a far-off end costs nothing.
    /// `dashed` leaves every other pair of dots out (paths, steps).
    mutating func line(_ ink: MapInk, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, dashed: Bool = false) {
        guard let (ax, ay, bx, by) = clip(x0, y0, x1, y1) else { return }
        let dx = bx - ax, dy = by - ay
        let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
        guard steps > 0 else {
            dot(ink, Int(ax), Int(ay))
            return
        }
        for i in 0...steps {
            if dashed && (i / 2) % 2 == 1 { continue }
            let t = Double(i) / Double(steps)
            dot(ink, Int(ax + dx * t), Int(ay + dy * t))
        }
    }

    /// A circle of `radius` dots around (cx, cy): the radius ring.
    mutating func circle(_ ink: MapInk, cx: Double, cy: Double, radius: Double) {
        guard radius.isFinite, radius > 0 else { return }
        let steps = max(16, min(20_000, Int(radius * 8)))
        for i in 0..<steps {
            let t = Double(i) / Double(steps) * 2 * Double.pi
            dot(ink, Int((cx + radius * cos(t)).rounded()), Int((cy + radius * sin(t)).rounded()))
        }
    }

    /// Fills the inside of the rings (even-odd, in dot coordinates) with the ink's pattern.
    mutating func fill(_ ink: MapInk, rings: [[(x: Double, y: Double)]], pattern: (Int, Int) -> Bool) {
        var top = Double.infinity, bottom = -Double.infinity
        for ring in rings { for p in ring { top = min(top, p.y); bottom = max(bottom, p.y) } }
        guard top.isFinite, bottom.isFinite else { return }
        let firstRow = max(0, Int(top.rounded(.down))), lastRow = min(dotHeight - 1, Int(bottom.rounded(.up)))
        guard firstRow <= lastRow else { return }
        var crossings: [Double] = []
        for y in firstRow...lastRow {
            let scan = Double(y) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for ring in rings where ring.count >= 3 {
                var previous = ring[ring.count - 1]
                for current in ring {
                    if (current.y > scan) != (previous.y > scan) {
                        crossings.append(current.x + (scan - current.y) / (previous.y - current.y) * (previous.x - current.x))
                    }
                    previous = current
                }
            }
            crossings.sort()
            var i = 0
            while i + 1 < crossings.count {
                let from = max(0, Int(crossings[i].rounded(.up))), to = min(dotWidth - 1, Int(crossings[i + 1].rounded(.down)))
                if from <= to { for x in from...to where pattern(x, y) { dot(ink, x, y) } }
                i += 2
            }
        }
    }

    /// One composed cell: its index (row-major), glyph and the top ink's style.
    struct Glyph {
        let cell: Int
        let text: String
        let style: Style
    }

    /// The glyph of `cell` with the dots of every canvas in `layers` merged: lines over fills, the top ink's style.
    static func glyph(_ cell: Int, _ layers: [MapCanvas], ascii: Bool) -> Glyph? {
        var lineBits: UInt8 = 0, fillBits: UInt8 = 0
        var top: MapInk?
        var topFill: MapInk?
        for ink in MapInk.allCases {
            var bits: UInt8 = 0
            for layer in layers { bits |= layer.planes[ink.rawValue]?[cell] ?? 0 }
            guard bits != 0 else { continue }
            if ink.isFill {
                fillBits |= bits
                topFill = ink
            } else {
                lineBits |= bits
                top = ink
            }
        }
        guard let ink = top ?? topFill else { return nil }
        let bits = top != nil ? lineBits : fillBits
        return Glyph(cell: cell, text: ascii ? String(ink.asciiGlyph(bits)) : braille[Int(bits)], style: ink.style)
    }

    /// Every cell with dots, composed: what `compose` writes.
    func glyphs(ascii: Bool) -> [Glyph] {
        // The planes drawn on, in ink order, looked up once (not per cell): as `glyph`, for one canvas.
        let present: [(ink: MapInk, plane: [UInt8])] = MapInk.allCases.compactMap { ink in planes[ink.rawValue].map { (ink, $0) } }
        guard !present.isEmpty else { return [] }
        var result: [Glyph] = []
        for cell in 0..<(columns * rows) {
            var lineBits: UInt8 = 0, fillBits: UInt8 = 0
            var top: MapInk?
            var topFill: MapInk?
            for (ink, plane) in present {
                let bits = plane[cell]
                guard bits != 0 else { continue }
                if ink.isFill {
                    fillBits |= bits
                    topFill = ink
                } else {
                    lineBits |= bits
                    top = ink
                }
            }
            guard let ink = top ?? topFill else { continue }
            let bits = top != nil ? lineBits : fillBits
            result.append(Glyph(cell: cell, text: ascii ? String(ink.asciiGlyph(bits)) : Self.braille[Int(bits)], style: ink.style))
        }
        return result
    }

    /// Composed cells ready for `Buffer.putNarrow`.
    static func cells(_ glyphs: [Glyph]) -> [(index: Int, cell: Cell)] { glyphs.map { ($0.cell, Cell($0.text, style: $0.style)) } }

    /// Draws `base` (composed once, as `cells`) with this canvas's dots on top: only the cells this canvas
    /// touches are merged again, so a frame costs what changed over the kept base layer.
    func compose(over base: MapCanvas, cells baseCells: [(index: Int, cell: Cell)], into buffer: inout Buffer, x originX: Int, y originY: Int, ascii: Bool) {
        var touched = [Bool](repeating: false, count: columns * rows)
        var cells: [Int] = []
        for plane in planes {
            guard let plane else { continue }
            for (cell, bits) in plane.enumerated() where bits != 0 && !touched[cell] {
                touched[cell] = true
                cells.append(cell)
            }
        }
        buffer.putNarrow(baseCells, columns: columns, originX: originX, originY: originY, skip: touched)
        for cell in cells {
            guard let glyph = Self.glyph(cell, [base, self], ascii: ascii) else { continue }
            buffer.setNarrow(originX + cell % columns, originY + cell / columns, glyph.text, glyph.style)
        }
    }

    /// Liang–Barsky clipping of a segment to the canvas (with a one-dot margin).
    private func clip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (Double, Double, Double, Double)? {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let minX = -1.0, minY = -1.0, maxX = Double(dotWidth), maxY = Double(dotHeight)
        var t0 = 0.0, t1 = 1.0
        let dx = x1 - x0, dy = y1 - y0
        // The four edges in turn, without an array per segment (a city's streets are many segments a frame).
        func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                t0 = max(t0, r)
            } else {
                if r < t0 { return false }
                t1 = min(t1, r)
            }
            return true
        }
        guard edge(-dx, x0 - minX), edge(dx, maxX - x0), edge(-dy, y0 - minY), edge(dy, maxY - y0) else { return nil }
        return (x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy)
    }
}
