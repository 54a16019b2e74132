/// What a cell is for; the terminal backend turns roles into colours (or bold/reverse/underline in monochrome).
public enum Role: Int, CaseIterable, Hashable, Sendable {
    case normal, title, border, borderFocused, marker, markerNear, markerDim, you, cursor, ring, label
    case header, selection, muted, status, statusError, search, accent
    /// The base map's layers and a walking route over them.
    case roadMajor, road, path, building, water, green, rail, route, placeName
}

/// A role plus the attributes that survive without colour, and exact colours where a picture needs them.
public struct Style: Hashable, Sendable {
    public var role: Role
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool
    /// Exact colours (a picture's cells); nil: the role's colour, or the terminal's default for an image cell.
    public var foreground: CellColor?
    public var background: CellColor?
    /// True when the cell's colours come from `foreground`/`background` rather than from the role.
    public var explicitColors: Bool

    public init(_ role: Role = .normal, bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
        foreground = nil
        background = nil
        explicitColors = false
    }

    /// The style of one cell of a picture.
    public static func image(foreground: CellColor?, background: CellColor?) -> Style {
        var style = Style()
        style.foreground = foreground
        style.background = background
        style.explicitColors = true
        return style
    }

    public static let normal = Style()
}

/// One screen cell: a grapheme and its style. A wide grapheme's second cell holds "" (a continuation).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String = " ", style: Style = .normal) {
        self.text = text
        self.style = style
    }

    public var isContinuation: Bool { text.isEmpty }
}
