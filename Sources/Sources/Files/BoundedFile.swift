import Catalog
import Foundation

/// A file read whole, but only up to a limit, from one open descriptor: the size is checked with `fstat` on
/// what was opened (a symlink is followed, as `open` follows it), and the read stops one byte past the limit
/// in case the file grows meanwhile. A file over the limit is refused before its bytes are read.
public enum BoundedFile {
    /// The bytes of `path`, or a `SourceError` saying why not (without the path, which the caller adds): not
    /// found, not a regular file, or larger than `limit` (naming both sizes and `advice`).
    public static func read(_ path: String, limit: Int, advice: String) throws -> Data {
        let (handle, status) = try openRegular(path)
        let size = Int(status.st_size)
        guard size <= limit else { throw tooLarge(size: size, limit: limit, advice: advice) }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw SourceError("cannot read the file (\(SystemReason.of(error)))")
        }
        guard data.count <= limit else { throw tooLarge(size: data.count, limit: limit, advice: advice) }
        return data
    }

    /// The first `count` bytes of `path` (for telling its format), nil when it cannot be opened or is a directory
    /// (each format's reader says what it needs instead); a FIFO, device or socket is refused with `notRegular`,
    /// so nothing ever waits on one.
    public static func head(_ path: String, count: Int = 4096) throws -> Data? {
        let opened: (FileHandle, stat)
        do {
            opened = try openRegular(path, allowDirectory: true)
        } catch let error as SourceError where error.message != notRegular.message {
            return nil
        }
        guard (opened.1.st_mode & S_IFMT) == S_IFREG else { return nil }
        return try? opened.0.read(upToCount: count)
    }

    /// Why a file that is not a regular one is not read.
    public static let notRegular = SourceError("not a regular file (a pipe, device, socket or directory); save the data to a file and import that")

    /// `path` opened for reading without waiting (a FIFO's open would block until a writer came), checked with
    /// `fstat` on what was opened to be a regular file, then made blocking again for the reads.
    private static func openRegular(_ path: String, allowDirectory: Bool = false) throws -> (FileHandle, stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw SourceError("cannot read the file (\(String(cString: strerror(errno))))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SourceError("cannot read the file (\(String(cString: strerror(errno))))") }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || (allowDirectory && kind == S_IFDIR) else { throw notRegular }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (handle, status)
    }

    static func tooLarge(size: Int, limit: Int, advice: String) -> SourceError {
        SourceError("the file has \(megabytes(size)), more than artmap reads from such a file (\(megabytes(limit))); \(advice)")
    }

    /// "1.2 GB", "300 MB", "12 KB".
    public static func megabytes(_ bytes: Int) -> String {
        if bytes >= 1_073_741_824 { return String(format: "%.1f GB", Double(bytes) / 1_073_741_824) }
        if bytes >= 1_048_576 { return "\(bytes / 1_048_576) MB" }
        return "\(max(1, bytes / 1024)) KB"
    }
}
