/// The terminal's size in cells.
public struct TerminalSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    /// A size; a negative count becomes 0.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }
}
