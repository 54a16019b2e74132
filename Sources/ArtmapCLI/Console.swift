import Catalog
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: standard output and standard error, replaceable in tests.
/// Writes are serialised by a lock, so background progress may print too. Every write is checked: a stream
/// whose write failed (a full disk, a closed pipe, a terminal that hung up) takes no more, and the first
/// failure is kept for `Artmap.main` to turn into the exit status. Nothing here traps.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    /// Writes bytes whole; returns 0, or the errno of the write that failed.
    private let writeOutUnlocked: ([UInt8]) -> Int32
    private let writeErrUnlocked: ([UInt8]) -> Int32
    private var outFailure: Int32?
    private var errFailure: Int32?

    /// The errno of the first write to standard output that failed, if one did (EPIPE: the reader went away).
    public var outputFailure: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return outFailure
    }

    private func writeOut(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard outFailure == nil else { return }
        let code = writeOutUnlocked(bytes)
        if code != 0 { outFailure = code }
    }

    private func writeErr(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard errFailure == nil else { return }
        let code = writeErrUnlocked(Array(text.utf8))
        if code != 0 { errFailure = code }
    }

    /// A console whose writes never fail (tests collecting text). `outBytes` takes UTF-8 output as it is (by
    /// default it is handed to `out` as text).
    public convenience init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, outBytes: (([UInt8]) -> Void)? = nil) {
        let bytesOut = outBytes ?? { out(String(decoding: $0, as: UTF8.self)) }
        self.init(checkedOut: { bytesOut($0); return 0 }, checkedErr: { err(String(decoding: $0, as: UTF8.self)); return 0 })
    }

    /// A console over two writers that report failure: each returns 0 when all its bytes were written, or an errno.
    public init(checkedOut: @escaping ([UInt8]) -> Int32, checkedErr: @escaping ([UInt8]) -> Int32) {
        writeOutUnlocked = checkedOut
        writeErrUnlocked = checkedErr
    }

    /// The process's own stdout and stderr, written with write(2) (FileHandle.write traps on an error).
    public static func standard() -> Console {
        Console(checkedOut: { writeAll($0, to: STDOUT_FILENO) }, checkedErr: { writeAll($0, to: STDERR_FILENO) })
    }

    /// Writes all of `bytes` to `descriptor`, retrying interrupted and partial writes; 0, or the errno of the
    /// write that failed (EIO when the descriptor takes nothing and reports no error).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return 0 }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && errno == EAGAIN {
                    // A descriptor left non-blocking by someone else: wait until it takes bytes again.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                } else {
                    return written < 0 ? errno : EIO
                }
            }
            return 0
        }
    }

    /// Writes UTF-8 bytes to standard output as they are (large streamed output).
    public func write(_ bytes: [UInt8]) { writeOut(bytes) }

    /// Writes text to standard output as it is.
    public func write(_ text: String) { writeOut(Array(text.utf8)) }
    /// Prints a line to standard output.
    public func line(_ text: String = "") { writeOut(Array((text + "\n").utf8)) }
    /// Prints a line to standard error, cleaned as the screen is: messages quote data (ids, reasons, server
    /// text), and an escape sequence in them must never reach the terminal.
    public func error(_ text: String) {
        writeErr(text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.clean(String($0)) }.joined(separator: "\n") + "\n")
    }
    /// Writes text to standard error without a newline (progress lines).
    public func progress(_ text: String) { writeErr(text) }
}
