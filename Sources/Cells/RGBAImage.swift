/// Decoded pixels: 8-bit RGBA, unassociated alpha, rows top to bottom with no padding.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "RGBA buffer of the wrong size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A solid image (tests, placeholders).
    public init(width: Int, height: Int, filledWith color: RGB, alpha: UInt8 = 255) {
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = color.red
            bytes[i + 1] = color.green
            bytes[i + 2] = color.blue
            bytes[i + 3] = alpha
        }
        self.bytes = bytes
    }

    /// The pixel at (x, y).
    public func pixel(_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// Bytes held, for the in-memory cache's budget.
    public var byteCount: Int { bytes.count }

    /// The mean colour of a rectangle (clipped), for checking a region's colour.
    public func meanColor(x: Int, y: Int, width w: Int, height h: Int) -> RGB {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return RGB(0, 0, 0) }
        var r = 0, g = 0, b = 0
        for yy in y0..<y1 {
            for xx in x0..<x1 {
                let i = (yy * width + xx) * 4
                r += Int(bytes[i]); g += Int(bytes[i + 1]); b += Int(bytes[i + 2])
            }
        }
        let n = (x1 - x0) * (y1 - y0)
        return RGB(UInt8(r / n), UInt8(g / n), UInt8(b / n))
    }

    /// A sub-rectangle (clipped to the image).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBAImage {
        let x0 = max(0, min(width, x)), y0 = max(0, min(height, y))
        let x1 = max(x0, min(width, x + w)), y1 = max(y0, min(height, y + h))
        var out = [UInt8]()
        out.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        bytes.withUnsafeBufferPointer { source in
            for row in y0..<y1 {
                let start = (row * width + x0) * 4
                out.append(contentsOf: source[start..<start + (x1 - x0) * 4])
            }
        }
        return RGBAImage(width: x1 - x0, height: y1 - y0, bytes: out)
    }
}

/// A colour as 8-bit red, green, blue.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From 0xRRGGBB.
    public init(packed: UInt32) {
        self.init(UInt8((packed >> 16) & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8(packed & 0xFF))
    }

    public var packed: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// The largest difference of one channel, for tolerant comparisons.
    public func distance(to other: RGB) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)))
    }

    public var description: String { "rgb(\(red),\(green),\(blue))" }
}
