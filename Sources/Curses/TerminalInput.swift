import Foundation

/// Tells a terminal that has ended (end of input, a read error such as EIO for a hung-up or background
/// terminal) from one that simply has no key yet: curses reports both as "no key", and a run loop that polls
/// again would spin on a readable descriptor whose every read fails.
public enum TerminalInput {
    /// What one careful read found.
    public enum Probe: Equatable, Sendable {
        /// Nothing to read now.
        case nothing
        /// A byte curses has not seen yet (to be given back to it).
        case byte(UInt8)
        /// The terminal will give no more input, and why.
        case ended(String)
    }

    /// Reads at most one byte from `descriptor` without blocking: only when poll says it is readable (or hung up).
    public static func probe(_ descriptor: Int32) -> Probe {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, 0)
        if polled < 0 { return errno == EINTR ? .nothing : .ended(reason(errno)) }
        if polled == 0 { return .nothing }
        if ready.revents & Int16(POLLNVAL) != 0 { return .ended(reason(EBADF)) }
        var byte: UInt8 = 0
        let count = read(descriptor, &byte, 1)
        if count == 1 { return .byte(byte) }
        if count == 0 { return .ended("end of input") }
        let code = errno
        if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { return .nothing }
        return .ended(reason(code))
    }

    /// Whether an errno left by a failed read means the terminal is gone.
    public static func isFatal(_ code: Int32) -> Bool {
        code == EIO || code == EBADF || code == ENXIO
    }

    /// Whether a reason given by `probe` or `Terminal.inputEnded` means the terminal hung up (its far side
    /// closed: EIO or ENXIO on a pty, or end of input), the way a user closes a terminal window.
    public static func isHangUp(_ reason: String) -> Bool {
        reason == "end of input" || reason == Self.reason(EIO) || reason == Self.reason(ENXIO)
    }

    static func reason(_ code: Int32) -> String {
        "read error: " + String(cString: strerror(code)) + (code == EIO ? " (EIO)" : "")
    }
}
