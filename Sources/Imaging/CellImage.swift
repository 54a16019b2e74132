import Cells
/// One rendered cell of a picture: a symbol drawn in `foreground` over `background` (nil: the terminal's own).
public struct ImageCell: Hashable, Sendable {
    public var symbol: Character
    public var foreground: CellColor?
    public var background: CellColor?

    public init(symbol: Character, foreground: CellColor?, background: CellColor?) {
        self.symbol = symbol
        self.foreground = foreground
        self.background = background
    }
}

/// A picture as a grid of cells, ready to be put in a screen buffer or printed.
public struct CellImage: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public var cells: [ImageCell]

    public init(columns: Int, rows: Int, cells: [ImageCell]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    public subscript(x: Int, y: Int) -> ImageCell { cells[y * columns + x] }
}

