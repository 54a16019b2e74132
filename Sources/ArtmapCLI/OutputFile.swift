import Catalog
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where `--output` sends a command's bytes, decided from what the path names: a regular file (or a new one) is
/// replaced only when complete, through a temporary file in its own folder; a FIFO or character device
/// (`/dev/null`, a terminal, `/dev/stdout` on a pipe) is written in place, since renaming over it would put a
/// file where the device was; `-` and `/dev/stdout` are the standard output. Anything else is refused.
enum OutputFile {
    /// Writes `bytes` to `path`; throws a CLIError naming the path and saying nothing was replaced.
    static func write(_ bytes: [UInt8], to path: String, console: Console) throws {
        if isStandardOutput(path) {
            console.write(bytes)
            return
        }
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            guard code == ENOENT else { throw failure(path, code) }
            // A new file gets the mode any new file gets here (mkstemp's is 0600): 0666 less the umask.
            let mask = umask(0o022)
            umask(mask)
            return try replace(path, with: bytes, mode: 0o666 & ~mask)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Through a symbolic link, the file it names is replaced, and the link kept.
            let target = resolved(path)
            try replace(target, with: bytes, mode: info.st_mode & 0o7777)
        case S_IFIFO, S_IFCHR:
            try writeInPlace(path, bytes)
        case S_IFDIR:
            throw CLIError("cannot write \(shown(path)): it is a folder; give a file name")
        default:
            throw CLIError("cannot write \(shown(path)): it is neither a regular file, a FIFO nor a character device; nothing was written")
        }
    }

    /// `-`, and the names of the process's own standard output: written through the console, which checks every write.
    static func isStandardOutput(_ path: String) -> Bool {
        ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(path)
    }

    private static func shown(_ path: String) -> String { DisplayText.clean(path) }

    private static func failure(_ path: String, _ code: Int32) -> CLIError {
        CLIError("cannot write \(shown(path)) (\(String(cString: strerror(code)))); nothing was written")
    }

    /// The path with its symbolic links followed (the path itself when that fails).
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// A FIFO or device: opened for writing without creating or truncating, written whole.
    private static func writeInPlace(_ path: String, _ bytes: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw failure(path, errno) }
        let code = Console.writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? 0 : errno
        if code != 0 { throw CLIError("cannot write \(shown(path)) (\(String(cString: strerror(code)))); the output is incomplete") }
        if closed != 0 && closed != EINTR { throw CLIError("cannot write \(shown(path)) (\(String(cString: strerror(closed)))); the output is incomplete") }
    }

    /// A regular file: the bytes go to a new file beside it, flushed to disk, then renamed over it; a failure
    /// anywhere leaves the old file as it was and no temporary file behind.
    private static func replace(_ path: String, with bytes: [UInt8], mode: mode_t) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw failure(path, errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var code = Console.writeAll(bytes, to: descriptor)
        if code == 0, fchmod(descriptor, mode) != 0 { code = errno }
        if code == 0, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        if code == 0, rename(temporary, path) != 0 { code = errno }
        if code != 0 {
            unlink(temporary)
            throw failure(path, code)
        }
    }
}
