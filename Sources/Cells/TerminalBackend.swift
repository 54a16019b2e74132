import Foundation
import TerminalTypes

/// What a terminal reports to the run loop.
public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(TerminalSize)
}

/// What the run loop (`Session`) needs of a terminal: its size, a frame shown (only the cells that changed since the
/// last one need to reach the screen, `Buffer.changedRuns`), a full repaint on demand, the events waiting, what it
/// can show (colours, cell shape, pictures), and a wait for input. The ncurses `Terminal` (Curses) and `MemoryTerminal`
/// (tests) implement it. What only a real tty has (^Z, SIGWINCH, input that ends) has defaults that do nothing.
public protocol TerminalBackend: AnyObject {
    /// The size frames are rendered at.
    var size: TerminalSize { get }
    /// Shows `buffer`, sending only what changed since the last frame shown.
    func draw(_ buffer: Buffer)
    /// Forgets what was shown, so the next `draw` paints every cell.
    func invalidate()
    /// Every event waiting now, without blocking.
    func readEvents() -> [TerminalEvent]
    /// Waits up to `seconds` until input is waiting or `descriptor` (the loop's wake-up pipe) is readable; true when
    /// the terminal's input is readable.
    func waitForInput(orWake descriptor: Int32, atMost seconds: Double) -> Bool

    /// How many colours it shows.
    var colorDepth: ColorDepth { get }
    /// A cell's height over its width.
    var cellAspect: Double { get }
    /// How pictures reach it: in pixels (kitty, sixel, iTerm2) or as cells.
    var pixelProtocol: PixelProtocol { get }
    /// The most cells one pixel picture may cover, when the terminal said.
    var pixelLimit: TerminalSize? { get }
    /// Called (from any thread) when a picture finished encoding after its frame: the loop draws again.
    var onPictureReady: (@Sendable () -> Void)? { get set }

    /// Why input ended (end of file, a read error), once it has.
    var inputEnded: String? { get }
    /// Input was readable twice but no key came: looks whether it has ended.
    func confirmInput()
    /// After SIGWINCH: the window's new size, taken as the terminal's, or nil when unchanged or unknown.
    func adoptWindowSize() -> TerminalSize?
    /// ^Z writes a byte to `descriptor` (-1: no more) instead of stopping the process.
    func handleSuspendKey(waking descriptor: Int32)
    /// Whether ^Z was pressed since the last call.
    func takeSuspendRequest() -> Bool
    /// Gives the terminal back and stops the process until it is continued.
    func suspend()
}

extension TerminalBackend {
    public var inputEnded: String? { nil }
    public func confirmInput() {}
    public func adoptWindowSize() -> TerminalSize? { nil }
    public func handleSuspendKey(waking descriptor: Int32) {}
    public func takeSuspendRequest() -> Bool { false }
    public func suspend() {}
}
