import Cells
/// The EXIF orientation tag (1…8): how a camera's stored pixels must be turned to look right.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case normal = 1, mirrored, rotated180, flipped, transposed, rotated90, transversed, rotated270

    /// Whether width and height swap when the orientation is applied.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Finds the tag in a JPEG's APP1 "Exif" segment; `.normal` when there is none or it is damaged.
    public static func read(jpeg bytes: [UInt8]) -> ExifOrientation {
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return .normal }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return .normal }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return .normal }
            if marker == 0xE1, length >= 16, bytes[(i + 4)..<(i + 10)].elementsEqual(Array("Exif\0\0".utf8)) {
                return fromTIFF(bytes, start: i + 10, end: i + 2 + length) ?? .normal
            }
            i += 2 + length
        }
        return .normal
    }

    private static func fromTIFF(_ b: [UInt8], start: Int, end: Int) -> ExifOrientation? {
        guard start + 8 <= end else { return nil }
        let little: Bool
        switch (b[start], b[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= end else { return nil }
            return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let hi = u16(little ? at + 2 : at), let lo = u16(little ? at : at + 2) else { return nil }
            return hi << 16 | lo
        }
        guard u16(start + 2) == 42, let ifd = u32(start + 4), let count = u16(start + ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = start + ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let value = u16(at + 8) { return ExifOrientation(rawValue: value) }
        }
        return nil
    }

    /// Applies the orientation to pixels.
    public func apply(to image: RGBAImage) -> RGBAImage {
        if self == .normal { return image }
        let w = image.width, h = image.height
        let outWidth = swapsAxes ? h : w, outHeight = swapsAxes ? w : h
        var out = [UInt8](repeating: 0, count: image.bytes.count)
        image.bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = sourcePoint(x, y, width: w, height: h)
                        let s = (sy * w + sx) * 4, t = (y * outWidth + x) * 4
                        target[t] = source[s]; target[t + 1] = source[s + 1]
                        target[t + 2] = source[s + 2]; target[t + 3] = source[s + 3]
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, bytes: out)
    }

    /// Where the shown pixel (x, y) comes from in the stored image of size w × h.
    func sourcePoint(_ x: Int, _ y: Int, width w: Int, height h: Int) -> (Int, Int) {
        switch self {
        case .normal: return (x, y)
        case .mirrored: return (w - 1 - x, y)
        case .rotated180: return (w - 1 - x, h - 1 - y)
        case .flipped: return (x, h - 1 - y)
        case .transposed: return (y, x)
        case .rotated90: return (y, h - 1 - x)
        case .transversed: return (w - 1 - y, h - 1 - x)
        case .rotated270: return (w - 1 - y, x)
        }
    }
}
