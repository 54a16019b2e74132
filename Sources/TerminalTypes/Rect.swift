/// A rectangle of screen cells.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// A rectangle; a negative width or height becomes 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The first column right of the rectangle.
    public var maxX: Int { x + width }
    /// The first row below the rectangle.
    public var maxY: Int { y + height }
    /// Whether the rectangle holds no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The rectangle less a border of `n` cells.
    public func inset(_ n: Int) -> Rect { Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n) }

    /// Whether the cell at (px, py) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}
