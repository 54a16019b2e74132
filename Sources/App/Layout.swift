import TerminalTypes

/// How the map and the table share the screen.
public enum LayoutMode: String, CaseIterable, Sendable {
    /// Side by side when the terminal is wider than tall (cells count twice as tall as wide), else stacked.
    case auto
    case side
    case stacked

    /// The next mode for the `L` key.
    public var next: LayoutMode {
        switch self {
        case .auto: return .side
        case .side: return .stacked
        case .stacked: return .auto
        }
    }
}

/// Where everything goes for one terminal size: pure arithmetic shared by the reducer (to keep the
/// cursor and selection visible) and the views (to draw).
public struct ScreenLayout: Hashable, Sendable {
    public static let minimumColumns = 40
    public static let minimumRows = 12

    public let size: TerminalSize
    public let tooSmall: Bool
    public let sideBySide: Bool
    public let title: Rect
    public let map: Rect
    public let table: Rect
    public let status: Rect

    public init(size: TerminalSize, mode: LayoutMode) {
        self.size = size
        let w = size.columns, h = size.rows
        tooSmall = w < ScreenLayout.minimumColumns || h < ScreenLayout.minimumRows
        switch mode {
        case .auto: sideBySide = w >= 2 * h
        case .side: sideBySide = true
        case .stacked: sideBySide = false
        }
        title = Rect(x: 0, y: 0, width: w, height: 1)
        status = Rect(x: 0, y: max(0, h - 1), width: w, height: 1)
        let bodyHeight = max(0, h - 2)
        if sideBySide {
            let mapWidth = (w * 55 + 50) / 100
            map = Rect(x: 0, y: 1, width: mapWidth, height: bodyHeight)
            table = Rect(x: mapWidth, y: 1, width: w - mapWidth, height: bodyHeight)
        } else {
            let mapHeight = (bodyHeight * 55 + 50) / 100
            map = Rect(x: 0, y: 1, width: w, height: mapHeight)
            table = Rect(x: 0, y: 1 + mapHeight, width: w, height: bodyHeight - mapHeight)
        }
    }

    /// The map's drawing area inside its border.
    public var mapInner: Rect { map.inset(1) }
    /// The table's rows inside its border, below its header line.
    public var tableBody: Rect {
        let inner = table.inset(1)
        return Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
    }
}
