import Foundation

/// Checks that bytes are well-formed UTF-8, chunk by chunk (a sequence may straddle two chunks).
/// FoundationXML traps on malformed UTF-8 in element names, so GPX bytes are checked before parsing.
struct UTF8Validator {
    private var carry: [UInt8] = []
    /// Bytes accepted so far.
    private(set) var offset = 0

    /// Feeds the next chunk; returns the offset of the first malformed byte, if any.
    mutating func feed<C: Collection>(_ chunk: C) -> Int? where C.Element == UInt8 {
        let bytes = carry + chunk
        carry = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return offset + i
            }
            if i + length > bytes.count {
                carry = Array(bytes[i...])
                break
            }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return offset + i }
            if length == 3 {
                if b == 0xE0 && bytes[i + 1] < 0xA0 { return offset + i }
                if b == 0xED && bytes[i + 1] > 0x9F { return offset + i }
            }
            if length == 4 {
                if b == 0xF0 && bytes[i + 1] < 0x90 { return offset + i }
                if b == 0xF4 && bytes[i + 1] > 0x8F { return offset + i }
            }
            i += length
        }
        offset += i
        return nil
    }

    /// At the end of the input: the offset of an unfinished sequence, if one is left.
    func finish() -> Int? { carry.isEmpty ? nil : offset }

    /// The first malformed byte of a whole buffer, if any.
    static func firstMalformedByte(in data: Data) -> Int? {
        var validator = UTF8Validator()
        return validator.feed(data) ?? validator.finish()
    }

    /// The first malformed byte of a file, read in chunks, if any.
    static func firstMalformedByte(inFileAt path: String) throws -> Int? {
        // Opened without waiting (a FIFO's open blocks until a writer comes), then checked to be a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw LocationError("\(path): cannot read the file (\(String(cString: strerror(errno))))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw LocationError("\(path): not a regular file (a pipe, device, socket or directory); save the data to a file first")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var validator = UTF8Validator()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            if let bad = validator.feed(chunk) { return bad }
        }
        return validator.finish()
    }
}
