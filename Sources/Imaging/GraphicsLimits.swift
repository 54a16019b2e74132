/// What a terminal says it can draw in pixels: the largest picture (XTSMGRAPHICS's sixel geometry, and the
/// pane's own size from XTWINOPS 14 t) and its sixel colour registers. Nil where it did not say.
public struct GraphicsLimits: Equatable, Sendable {
    /// The largest picture drawn, in pixels.
    public var maxWidth: Int?
    public var maxHeight: Int?
    /// How many sixel colour registers there are.
    public var colorRegisters: Int?

    public init(maxWidth: Int? = nil, maxHeight: Int? = nil, colorRegisters: Int? = nil) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.colorRegisters = colorRegisters
    }

    /// Narrows the largest picture to `width` × `height` pixels (a smaller limit from another answer).
    public mutating func narrow(width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        maxWidth = min(maxWidth ?? width, width)
        maxHeight = min(maxHeight ?? height, height)
    }

    /// The most whole cells of `cell` pixels a picture may cover, or nil when the terminal set no limit.
    public func cells(_ cell: CellPixels) -> (columns: Int, rows: Int)? {
        guard maxWidth != nil || maxHeight != nil else { return nil }
        let columns = maxWidth.map { max(1, $0 / max(1, cell.width)) } ?? Int.max
        let rows = maxHeight.map { max(1, $0 / max(1, cell.height)) } ?? Int.max
        return (columns, rows)
    }
}
