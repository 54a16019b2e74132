/// A key press as the app understands it, independent of the terminal library.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, backTab, delete, insert
    /// Text pasted into the terminal at once (bracketed paste): typed into a prompt whole, never read as keys, so a
    /// pasted line break is no Enter and a pasted `q` never quits.
    case paste(String)

    /// How the help screen names the key.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .shiftUp: return "S-↑"
        case .shiftDown: return "S-↓"
        case .shiftLeft: return "S-←"
        case .shiftRight: return "S-→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .paste: return "Paste"
        }
    }
}
