import App
import Foundation

/// Actions posted by background work (sync, timers, signals) to the run loop, and resizes noted by the
/// SIGWINCH handler. Posting writes a byte to a pipe so the loop's `poll` wakes at once.
final class ActionQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Action] = []
    private var resized = false
    private var redraw = false
    private var repaint = false
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw RuntimeError("cannot create the wake-up pipe: \(String(cString: strerror(errno)))") }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        _ = fcntl(readDescriptor, F_SETFL, fcntl(readDescriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(writeDescriptor, F_SETFL, fcntl(writeDescriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    func post(_ action: Action) {
        lock.lock()
        pending.append(action)
        lock.unlock()
        wake()
    }

    /// The terminal was resized (SIGWINCH): the loop wakes at once and asks the terminal for its size.
    func noteResize() {
        lock.lock()
        resized = true
        lock.unlock()
        wake()
    }

    /// Whether a resize was noted since the last call.
    func takeResize() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let was = resized
        resized = false
        return was
    }

    /// Something outside the state changed what a frame shows (a picture finished encoding): draw again.
    func noteRedraw() {
        lock.lock()
        redraw = true
        lock.unlock()
        wake()
    }

    /// The screen may have been painted over (the process was continued after ^Z): paint everything again.
    func noteRepaint() {
        lock.lock()
        repaint = true
        lock.unlock()
        wake()
    }

    /// The pipe's end that wakes the loop (for a signal handler to write to).
    var wakeDescriptor: Int32 { writeDescriptor }

    /// Whether a redraw, and whether a whole repaint, were noted since the last call.
    func takeRedraw() -> (redraw: Bool, repaint: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let was = (redraw || repaint, repaint)
        redraw = false
        repaint = false
        return was
    }

    /// Empties the wake-up pipe. Called right after the loop wakes, before it looks at any note: a note made
    /// after that leaves its byte in the pipe, so the next poll returns at once instead of at the next tick.
    func clearWakeUps() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &bytes, bytes.count) > 0 {}
    }

    /// The actions posted since the last call (the pipe is emptied by `clearWakeUps`, not here).
    func drain() -> [Action] {
        lock.lock()
        defer { lock.unlock() }
        let actions = pending
        pending = []
        return actions
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }
}
