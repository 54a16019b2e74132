/// The formats artmap decodes, told apart by their first bytes, never by the file name.
public enum ImageFormat: String, Sendable {
    case jpeg = "JPEG"
    case png = "PNG"

    /// The format of `bytes`, or an error that says what the bytes look like instead.
    public static func sniff(_ bytes: [UInt8]) throws(ImagingError) -> ImageFormat {
        if bytes.isEmpty { throw ImagingError("the file is empty (0 bytes)") }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
        if head.contains("<html") || head.contains("<!doctype") || head.contains("<?xml") || head.contains("<body") {
            throw ImagingError("not an image: the file is an HTML or XML page")
        }
        if bytes.count >= 6, bytes[0..<3].elementsEqual([0x47, 0x49, 0x46]) { throw ImagingError("GIF images are not supported (JPEG and PNG are)") }
        throw ImagingError("not a JPEG or PNG image (unrecognised first bytes)")
    }
}
