import Foundation
import TerminalTypes

/// A terminal in memory, for tests: it keeps a screen of cells and, like a real terminal, changes only the runs
/// `Buffer.changedRuns` reports on each draw, so a test reads what would have reached the screen, without tmux.
public final class MemoryTerminal: TerminalBackend {
    public private(set) var size: TerminalSize
    /// The cells on screen (with the pictures of the last frame).
    public private(set) var screen: Buffer
    /// How many frames were drawn, and how many cells they sent in all.
    public private(set) var frames = 0
    public private(set) var cellsSent = 0
    private var shown: Buffer?
    private var pending: [TerminalEvent] = []
    /// What it says it can show: 256 colours, cells twice as high as wide, pictures as cells; a test may say otherwise.
    public var colorDepth: ColorDepth = .indexed256
    public var cellAspect = 2.0
    public var pixelProtocol: PixelProtocol = .cells
    public var pixelLimit: TerminalSize?
    public var onPictureReady: (@Sendable () -> Void)?

    public init(size: TerminalSize) {
        self.size = size
        screen = Buffer(width: size.columns, height: size.rows)
    }

    public func draw(_ buffer: Buffer) {
        if buffer.width != screen.width || buffer.height != screen.height {
            screen = Buffer(width: buffer.width, height: buffer.height)
        }
        for run in buffer.changedRuns(since: shown) {
            for x in run.x..<run.x + run.length {
                screen.replaceCell(run.y * screen.width + x, with: buffer[x, run.y])
            }
            cellsSent += run.length
        }
        screen.pictures = buffer.pictures
        shown = buffer
        frames += 1
    }

    public func invalidate() { shown = nil }

    public func readEvents() -> [TerminalEvent] {
        defer { pending.removeAll() }
        return pending
    }

    /// At once when keys are waiting; else waits on `descriptor` alone (the loop's wake-up pipe: an answer posted from
    /// the background), up to `seconds`. Nobody types into it while it waits.
    public func waitForInput(orWake descriptor: Int32, atMost seconds: Double) -> Bool {
        guard pending.isEmpty else { return true }
        guard seconds > 0, descriptor >= 0 else { return false }
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 1, Int32(min(seconds, 3600) * 1000))
        return false
    }

    /// Queues keys the user "types".
    public func type(_ keys: Key...) { pending += keys.map(TerminalEvent.key) }

    /// The window changes size: the next events report it, and the screen is repainted whole, as after SIGWINCH.
    public func resize(to size: TerminalSize) {
        self.size = size
        invalidate()
        pending.append(.resize(size))
    }

    /// The screen's rows as text (continuation cells skipped), trailing spaces removed: what a test compares.
    public var lines: [String] { screen.trimmedLines }
}
