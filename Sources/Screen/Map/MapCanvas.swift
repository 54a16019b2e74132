import Cells
import Foundation
import TerminalTypes

/// The map's dot canvas: 2×4 braille dots a cell, one bit plane per ink, with clipped lines and
/// patterned polygon fills. Composed into the buffer in one pass, so inks merge into one glyph per cell.
struct MapCanvas: Sendable {
    let columns: Int
    let rows: Int
    /// Where this canvas lies in the dots a drawing is given in: its dot (0, 0) is dot (originX, originY) there.
    /// The kept base layer draws in the dots of the map's anchor, so a pan only moves the origin.
    private(set) var originX = 0
    private(set) var originY = 0
    /// The dots that may be drawn on (canvas dots, half-open): the whole canvas, or a strip a pan uncovered.
    private(set) var clip: (minX: Int, minY: Int, maxX: Int, maxY: Int)
    private var planes: [[UInt8]?]
    /// The braille bit of dot (x & 1, y & 3) in its cell, packed a byte each: left column 0x01 0x02 0x04 0x40,
    /// right column 0x08 0x10 0x20 0x80, top to bottom (a shift, not a lookup in nested arrays, per dot).
    private static let maskBytes: UInt64 = 0x8020_1008_4004_0201

    @inline(__always)
    private static func mask(_ x: Int, _ y: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: maskBytes >> UInt64(((x & 1) << 5) | ((y & 3) << 3)))
    }
    /// The 256 braille glyphs by dot bits, made once.
    private static let braille: [String] = (0..<256).map { String(Character(Unicode.Scalar(0x2800 + UInt32($0)) ?? " ")) }

    init(columns: Int, rows: Int, originX: Int = 0, originY: Int = 0) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.originX = originX
        self.originY = originY
        clip = (0, 0, self.columns * 2, self.rows * 4)
        planes = Array(repeating: nil, count: MapInk.allCases.count)
    }

    var dotWidth: Int { columns * 2 }
    var dotHeight: Int { rows * 4 }

    /// Limits drawing to the cells of `cells` (canvas cells), or the whole canvas when nil.
    mutating func clip(toCells cells: Rect?) {
        guard let cells else {
            clip = (0, 0, dotWidth, dotHeight)
            return
        }
        clip = (max(0, cells.x * 2), max(0, cells.y * 4), min(dotWidth, cells.maxX * 2), min(dotHeight, cells.maxY * 4))
    }

    /// The canvas moved `dx` cells east and `dy` south over the same drawing: what stays in view moves with
    /// it, the uncovered cells are empty (to be drawn), the origin follows.
    mutating func shift(columns dx: Int, rows dy: Int) {
        originX += dx * 2
        originY += dy * 4
        for ink in planes.indices {
            guard let old = planes[ink] else { continue }
            planes[ink] = Self.shifted(old, columns: columns, rows: rows, dx: dx, dy: dy)
        }
    }

    /// Whether `source`, on the same grid of dots, holds every dot of this canvas's cells `region` (whole cells
    /// apart, so its cells line up with these).
    func canCopy(_ region: Rect, from source: MapCanvas) -> Bool {
        let dx = originX - source.originX, dy = originY - source.originY
        guard dx % 2 == 0, dy % 4 == 0 else { return false }
        let left = region.x + dx / 2, top = region.y + dy / 4
        return left >= 0 && top >= 0 && left + region.width <= source.columns && top + region.height <= source.rows
    }

    /// The dots of this canvas's cells `region` made those of `source` there (see `canCopy`), plane by plane and
    /// row by row: what a drawing of the same features clipped to the region would put there.
    mutating func copy(_ region: Rect, from source: MapCanvas) {
        guard canCopy(region, from: source) else { return }
        let left = max(0, region.x), right = min(columns, region.maxX), top = max(0, region.y), bottom = min(rows, region.maxY)
        guard left < right, top < bottom else { return }
        let sourceX = (originX - source.originX) / 2, sourceY = (originY - source.originY) / 4
        for ink in planes.indices {
            guard planes[ink] != nil || source.planes[ink] != nil else { continue }
            if planes[ink] == nil { planes[ink] = Array(repeating: 0, count: columns * rows) }
            let columns = self.columns, sourceColumns = source.columns
            planes[ink]!.withUnsafeMutableBufferPointer { target in
                guard let to = target.baseAddress else { return }
                for y in top..<bottom {
                    let row = to + y * columns + left
                    if let from = source.planes[ink] {
                        from.withUnsafeBufferPointer { from in
                            guard let from = from.baseAddress else { return }
                            row.update(from: from + (y + sourceY) * sourceColumns + left + sourceX, count: right - left)
                        }
                    } else {
                        row.update(repeating: 0, count: right - left)
                    }
                }
            }
        }
    }

    /// One dot in canvas dots, if inside the clip.
    @inline(__always)
    mutating func dot(_ ink: MapInk, _ x: Int, _ y: Int) {
        guard x >= clip.minX, y >= clip.minY, x < clip.maxX, y < clip.maxY else { return }
        if planes[ink.rawValue] == nil { planes[ink.rawValue] = Array(repeating: 0, count: columns * rows) }
        planes[ink.rawValue]![(y >> 2) * columns + (x >> 1)] |= Self.mask(x, y)
    }

    /// A straight line in the drawing's dots. Its dots are those of the whole segment (steps counted end to
    /// end), of which only the stretch inside the clip is visited: a far-off end costs nothing, and a strip
    /// drawn after a pan gets exactly the dots a whole drawing would. `dashed` leaves every other pair out.
    mutating func line(_ ink: MapInk, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, dashed: Bool = false) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let dx = x1 - x0, dy = y1 - y0
        let length = max(abs(dx), abs(dy))
        guard length < 1e9, abs(x0) < 1e15, abs(y0) < 1e15 else { return }
        let steps = Int(length.rounded(.up))
        guard steps > 0 else {
            dot(ink, Int(x0.rounded(.down)) - originX, Int(y0.rounded(.down)) - originY)
            return
        }
        guard let (t0, t1) = clipRange(x0, y0, dx, dy) else { return }
        let first = max(0, Int((t0 * Double(steps)).rounded(.down))), last = min(steps, Int((t1 * Double(steps)).rounded(.up)))
        guard first <= last else { return }
        for i in first...last {
            if dashed && (i / 2) % 2 == 1 { continue }
            let t = Double(i) / Double(steps)
            dot(ink, Self.floor(x0 + dx * t) - originX, Self.floor(y0 + dy * t) - originY)
        }
    }

    /// `Int(x.rounded(.down))` without a call into libm for each dot (a line's dots are most of a strip's
    /// cost): the truncation, one less below zero when it rounded up. For |x| below 2⁶³, as a line's dots
    /// are (its ends finite and under 10¹⁵, its length under 10⁹ dots).
    @inline(__always)
    static func floor(_ x: Double) -> Int {
        let truncated = Int(x)
        return Double(truncated) > x ? truncated - 1 : truncated
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

    /// Fills the inside of the rings (even-odd, in the drawing's dots) with the ink's pattern, which is given
    /// the drawing's dots too (so it stays put on the ground when the map pans). Rows and columns outside the
    /// clip are skipped.
    mutating func fill(_ ink: MapInk, rings: [[(x: Double, y: Double)]], pattern: (Int, Int) -> Bool) {
        var top = Double.infinity, bottom = -Double.infinity
        for ring in rings { for p in ring { top = min(top, p.y); bottom = max(bottom, p.y) } }
        guard top.isFinite, bottom.isFinite else { return }
        let lowest = Double(clip.minY + originY), highest = Double(clip.maxY - 1 + originY)
        let firstRow = Int(max(lowest, top.rounded(.down))), lastRow = Int(min(highest, bottom.rounded(.up)))
        guard firstRow <= lastRow else { return }
        let left = Double(clip.minX + originX), right = Double(clip.maxX - 1 + originX)
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
                let from = Int(max(left, crossings[i].rounded(.up))), to = Int(min(right, crossings[i + 1].rounded(.down)))
                if from <= to { for x in from...to where pattern(x, y) { dot(ink, x - originX, y - originY) } }
                i += 2
            }
        }
    }

    /// One cell's inks merged into one glyph, added bottom ink first: lines over fills, and the ways (paths, streets,
    /// roads, railways, a route) over buildings, whose dots a cell with a way drops, so a street stays a clean
    /// line through a dense block rather than a solid mass (it matters most without colour).
    struct MergedCell {
        private var lineBits: UInt8 = 0, buildingBits: UInt8 = 0, wayBits: UInt8 = 0, fillBits: UInt8 = 0
        private var top: MapInk?
        private var topFill: MapInk?

        @inline(__always)
        mutating func add(_ ink: MapInk, _ bits: UInt8) {
            guard bits != 0 else { return }
            switch ink {
            case .green, .water:
                fillBits |= bits
                topFill = ink
                return
            case .building: buildingBits |= bits
            case .path, .street, .roadMajor, .rail, .route: wayBits |= bits
            case .coast, .guide: lineBits |= bits
            }
            top = ink
        }

        /// The top ink and the dots shown, or nil for a cell without dots.
        var result: (MapInk, UInt8)? {
            if let top { return (top, lineBits | wayBits | (wayBits == 0 ? buildingBits : 0)) }
            return topFill.map { ($0, fillBits) }
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
        var merged = MergedCell()
        for ink in MapInk.allCases {
            var bits: UInt8 = 0
            for layer in layers { bits |= layer.planes[ink.rawValue]?[cell] ?? 0 }
            merged.add(ink, bits)
        }
        guard let (ink, bits) = merged.result else { return nil }
        return Glyph(cell: cell, text: ascii ? String(ink.asciiGlyph(bits)) : braille[Int(bits)], style: ink.style)
    }

    /// Every cell's composed look as a small code (see `cellTable`): 0 for a cell without dots, else the top
    /// ink (+1) over the merged dots; only the cells of `region` (canvas cells) are written. Codes are plain
    /// numbers, so the kept base layer moves with a pan by copying rows, not cells.
    func compose(into codes: inout [UInt16], region: Rect? = nil) {
        if codes.count != columns * rows { codes = [UInt16](repeating: 0, count: columns * rows) }
        // The planes drawn on, in ink order, looked up once (not per cell): as `glyph`, for one canvas.
        let present: [(ink: MapInk, plane: [UInt8])] = MapInk.allCases.compactMap { ink in planes[ink.rawValue].map { (ink, $0) } }
        let region = region ?? Rect(x: 0, y: 0, width: columns, height: rows)
        let left = max(0, region.x), right = max(left, min(columns, region.maxX))
        for y in max(0, region.y)..<max(max(0, region.y), min(rows, region.maxY)) {
            for cell in (y * columns + left)..<(y * columns + right) {
                var merged = MergedCell()
                for (ink, plane) in present { merged.add(ink, plane[cell]) }
                guard let (ink, bits) = merged.result else {
                    codes[cell] = 0
                    continue
                }
                codes[cell] = UInt16(ink.rawValue + 1) << 8 | UInt16(bits)
            }
        }
    }

    /// Codes (or a plane's dots) moved as the canvas moves `dx` cells east and `dy` south (see `shift`);
    /// uncovered cells are 0.
    static func shifted<Code: FixedWidthInteger>(_ codes: [Code], columns: Int, rows: Int, dx: Int, dy: Int) -> [Code] {
        var moved = [Code](repeating: 0, count: columns * rows)
        let fromX = max(0, -dx), toX = min(columns, columns - dx)
        guard fromX < toX, codes.count == columns * rows else { return moved }
        // Row by row, each row's kept stretch copied whole (plain numbers: a memory copy).
        moved.withUnsafeMutableBufferPointer { target in
            codes.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                for y in max(0, -dy)..<max(max(0, -dy), min(rows, rows - dy)) {
                    (to + y * columns + fromX).update(from: from + (y + dy) * columns + dx + fromX, count: toX - fromX)
                }
            }
        }
        return moved
    }

    /// The cell each code stands for (index = code), braille or ASCII: made once, so writing a kept cell is a
    /// copy from a table.
    static func cellTable(ascii: Bool) -> NarrowCells { ascii ? asciiCells : brailleCells }
    private static let brailleCells = table(ascii: false)
    private static let asciiCells = table(ascii: true)
    private static func table(ascii: Bool) -> NarrowCells {
        var cells = NarrowCells(count: (MapInk.allCases.count + 1) << 8)
        for ink in MapInk.allCases {
            for bits in 1..<256 {
                cells.texts[(ink.rawValue + 1) << 8 | bits] = ascii ? String(ink.asciiGlyph(UInt8(bits))) : braille[bits]
                cells.styles[(ink.rawValue + 1) << 8 | bits] = ink.style
            }
        }
        return cells
    }

    /// Draws `base` (composed once, as `codes`) with this canvas's dots on top: only the cells this canvas
    /// touches are merged again, so a frame costs what changed over the kept base layer.
    func compose(over base: MapCanvas, codes: [UInt16], into buffer: inout Buffer, x originX: Int, y originY: Int, ascii: Bool) {
        var touched = [Bool](repeating: false, count: columns * rows)
        var cells: [Int] = []
        for plane in planes {
            guard let plane else { continue }
            for (cell, bits) in plane.enumerated() where bits != 0 && !touched[cell] {
                touched[cell] = true
                cells.append(cell)
            }
        }
        buffer.putNarrow(codes: codes, table: Self.cellTable(ascii: ascii), columns: columns, originX: originX, originY: originY, skip: touched)
        for cell in cells {
            guard let glyph = Self.glyph(cell, [base, self], ascii: ascii) else { continue }
            buffer.setNarrow(originX + cell % columns, originY + cell / columns, glyph.text, glyph.style)
        }
    }

    /// Liang–Barsky: the part (t0...t1) of the segment from (x0, y0) by (dx, dy), in the drawing's dots,
    /// that meets the clip (with a one-dot margin); nil when none does.
    private func clipRange(_ x0: Double, _ y0: Double, _ dx: Double, _ dy: Double) -> (Double, Double)? {
        let minX = Double(clip.minX + originX - 1), minY = Double(clip.minY + originY - 1)
        let maxX = Double(clip.maxX + originX), maxY = Double(clip.maxY + originY)
        var t0 = 0.0, t1 = 1.0
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
        return (t0, t1)
    }
}
