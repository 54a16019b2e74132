/// A cell's colour: an exact RGB value (direct colour) or an index into the terminal's palette.
public enum CellColor: Hashable, Sendable {
    case rgb(RGB)
    case palette(UInt8)

    /// The colour as RGB, using the xterm palette for indices (for tests and for degrading to fewer colours).
    public var rgbValue: RGB {
        switch self {
        case .rgb(let c): return c
        case .palette(let i): return XtermPalette.rgb(i)
        }
    }
}

/// The xterm 256-colour palette, to compare indexed colours with RGB and to map RGB down.
public enum XtermPalette {
    static let ansi: [UInt32] = [0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xC0C0C0,
                                 0x808080, 0xFF0000, 0x00FF00, 0xFFFF00, 0x0000FF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
    static let steps: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of palette index `i`.
    public static func rgb(_ i: UInt8) -> RGB {
        switch i {
        case 0..<16: return RGB(packed: ansi[Int(i)])
        case 16..<232:
            let n = Int(i) - 16
            return RGB(steps[n / 36], steps[(n / 6) % 6], steps[n % 6])
        default:
            let v = UInt8(8 + (Int(i) - 232) * 10)
            return RGB(v, v, v)
        }
    }

    /// The nearest palette index among the first `count` colours (16 or 256).
    public static func nearest(_ color: RGB, count: Int) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for i in 0..<min(256, count) {
            let c = rgb(UInt8(i))
            let dr = Int(c.red) - Int(color.red), dg = Int(c.green) - Int(color.green), db = Int(c.blue) - Int(color.blue)
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if d < bestDistance { bestDistance = d; best = i }
        }
        return UInt8(best)
    }
}

extension CellColor {
    /// The palette index for a terminal with `count` colours (RGB mapped to the nearest).
    public func paletteIndex(count: Int) -> UInt8 {
        if case .palette(let index) = self, Int(index) < count { return index }
        return XtermPalette.nearest(rgbValue, count: count)
    }
}
