import Cells
/// One kind of fine line or fill on the map's dot canvas, bottom to top: later inks win a cell's colour (the
/// world layer's coasts and borders lowest).
/// Each knows its style and how it looks in ASCII mode.
public enum MapInk: Int, CaseIterable, Sendable {
    case coast, green, water, building, path, street, roadMajor, rail, guide, route

    /// Fills are patterns under the lines: a cell that has any line shows the line alone.
    var isFill: Bool { self == .green || self == .water }

    var style: Style {
        switch self {
        case .coast: return Style(.water)
        case .green: return Style(.green, dim: true)
        case .water: return Style(.water)
        case .building: return Style(.building)
        case .path: return Style(.path, dim: true)
        case .street: return Style(.road)
        case .roadMajor: return Style(.roadMajor, bold: true)
        case .rail: return Style(.rail)
        case .guide: return Style(.ring)
        case .route: return Style(.route, bold: true)
        }
    }

    /// The ASCII character for a cell of this ink with these braille dots.
    func asciiGlyph(_ bits: UInt8) -> Character {
        switch self {
        case .green: return "\""
        case .water: return "~"
        case .guide: return "."
        case .route: return "*"
        case .rail: return "#"
        case .path: return ":"
        case .coast, .building, .street, .roadMajor: return MapInk.lineGlyph(bits)
        }
    }

    /// '-', '|', '/', '\' or '+' for the dots of a line through a cell.
    static func lineGlyph(_ bits: UInt8) -> Character {
        let left = bits & 0x47, right = bits & 0xB8
        let top = bits & 0x09, bottom = bits & 0xC0
        let rows = [bits & 0x09, bits & 0x12, bits & 0x24, bits & 0xC0].filter { $0 != 0 }.count
        if left == 0 || right == 0 { return rows >= 2 ? "|" : "-" }
        if rows <= 2 { return "-" }
        if top & 0x01 != 0 && bottom & 0x80 != 0 && top & 0x08 == 0 { return "\\" }
        if top & 0x08 != 0 && bottom & 0x40 != 0 && top & 0x01 == 0 { return "/" }
        return "+"
    }
}
