/// What a cell is for; the terminal backend turns roles into colours (or bold/reverse/underline in monochrome).
public enum Role: Int, CaseIterable, Hashable, Sendable {
    case normal, title, border, borderFocused, marker, markerNear, markerDim, you, cursor, ring, label
    case header, selection, muted, status, statusError, search, accent
}

/// A role plus the attributes that survive without colour.
public struct Style: Hashable, Sendable {
    public var role: Role
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool

    public init(_ role: Role = .normal, bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
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
