import Foundation

/// A system error in artmap's words: the reason, with the errno's name a person can look up, never Foundation's
/// "The operation could not be completed." (the message around it says what artmap was doing, and where).
public enum SystemReason {
    /// "no such file or directory (ENOENT)", "the data is not in the format expected", …
    public static func of(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return posix(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return posix(ENOENT)
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return posix(EACCES)
            case NSFileWriteOutOfSpaceError: return posix(ENOSPC)
            case NSFileWriteVolumeReadOnlyError: return posix(EROFS)
            case NSFileWriteFileExistsError: return posix(EEXIST)
            case NSFileReadTooLargeError: return "the file is too large to read"
            case NSFileReadCorruptFileError, NSPropertyListReadCorruptError: return "the data is not in the format expected"
            case NSFileReadInapplicableStringEncodingError, NSFileReadUnknownStringEncodingError: return "the text is not in an encoding artmap reads (UTF-8)"
            default: break
            }
        }
        return "\(ns.domain) error \(ns.code)"
    }

    /// strerror's text, lower-cased first letter, and the errno's name: "no such file or directory (ENOENT)".
    public static func posix(_ code: Int32) -> String {
        var text = String(cString: strerror(code))
        if let first = text.first { text = first.lowercased() + text.dropFirst() }
        return names[code].map { "\(text) (\($0))" } ?? text
    }

    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EBADF: "EBADF", EACCES: "EACCES", EEXIST: "EEXIST", ENOTDIR: "ENOTDIR",
        EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE", EMFILE: "EMFILE", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS",
        EPIPE: "EPIPE", ENAMETOOLONG: "ENAMETOOLONG", ELOOP: "ELOOP", ENXIO: "ENXIO", EDQUOT: "EDQUOT",
    ]
}
