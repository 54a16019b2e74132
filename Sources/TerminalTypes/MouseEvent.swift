/// A mouse event in screen cells.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable { case click, doubleClick, wheelUp, wheelDown }
    public let kind: Kind
    public let x: Int
    public let y: Int

    /// An event at column x, row y (0-based).
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
