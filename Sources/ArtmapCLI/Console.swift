import Catalog
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: standard output and standard error, replaceable in tests.
/// Writes are serialised by a lock, so background progress may print too.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOutUnlocked: (String) -> Void
    private let writeErrUnlocked: (String) -> Void
    private let writeOutBytesUnlocked: ([UInt8]) -> Void

    private func writeOut(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        writeOutUnlocked(text)
    }

    private func writeErr(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        writeErrUnlocked(text)
    }

    /// `outBytes` takes UTF-8 output as it is (by default it is handed to `out` as text).
    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, outBytes: (([UInt8]) -> Void)? = nil) {
        writeOutUnlocked = out
        writeErrUnlocked = err
        writeOutBytesUnlocked = outBytes ?? { out(String(decoding: $0, as: UTF8.self)) }
    }

    /// The process's own stdout and stderr.
    public static func standard() -> Console {
        Console(out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                err: { FileHandle.standardError.write(Data($0.utf8)) },
                outBytes: { bytes in
                    bytes.withUnsafeBytes { raw in
                        var offset = 0
                        while offset < raw.count {
                            let written = Glibc.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                            if written > 0 {
                                offset += written
                            } else if written < 0 && errno == EINTR {
                                continue
                            } else {
                                return  // a closed pipe (`| head`): the rest has no reader
                            }
                        }
                    }
                })
    }

    /// Writes UTF-8 bytes to standard output as they are (large streamed output).
    public func write(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        writeOutBytesUnlocked(bytes)
    }

    /// Writes text to standard output as it is.
    public func write(_ text: String) { writeOut(text) }
    /// Prints a line to standard output.
    public func line(_ text: String = "") { writeOut(text + "\n") }
    /// Prints a line to standard error, cleaned as the screen is: messages quote data (ids, reasons, server
    /// text), and an escape sequence in them must never reach the terminal.
    public func error(_ text: String) {
        writeErr(text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.clean(String($0)) }.joined(separator: "\n") + "\n")
    }
    /// Writes text to standard error without a newline (progress lines).
    public func progress(_ text: String) { writeErr(text) }
}
