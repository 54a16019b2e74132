import TerminalTypes

/// What a terminal reports to the run loop.
public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(TerminalSize)
}

/// What the run loop needs of a terminal to show frames and hear the user: its size, a frame shown (only the
/// cells that changed since the last one need to reach the screen, `Buffer.changedRuns`), a full repaint on
/// demand, and the events waiting. The ncurses `Terminal` (Curses) and `MemoryTerminal` (tests) implement it;
/// what only a real tty has (^Z, SIGWINCH, picture protocols, colour depth) stays on `Terminal`.
public protocol TerminalBackend: AnyObject {
    /// The size frames are rendered at.
    var size: TerminalSize { get }
    /// Shows `buffer`, sending only what changed since the last frame shown.
    func draw(_ buffer: Buffer)
    /// Forgets what was shown, so the next `draw` paints every cell.
    func invalidate()
    /// Every event waiting now, without blocking.
    func readEvents() -> [TerminalEvent]
}
