/// Writes PNG files of every kind a decoder must read (palette, grey, 16-bit, alpha, Adam7), with stored
/// (uncompressed) deflate blocks, so tests can make exactly the bytes they need.
public enum PNGWriter {
    /// PNG colour types.
    public enum ColorType: UInt8, Sendable {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    /// Encodes a picture whose samples come from `sample(x, y)` (one value per channel, within the bit depth).
    public static func encode(width: Int, height: Int, colorType: ColorType, bitDepth: Int = 8, interlaced: Bool = false,
                              palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8] = [],
                              sample: (Int, Int) -> [Int]) -> [UInt8] {
        var raw: [UInt8] = []
        let passes: [(Int, Int, Int, Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                raw.append(0)
                for x in xs {
                    for value in sample(x, y) {
                        if bitDepth == 16 { raw += [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] } else { raw.append(UInt8(value & 0xFF)) }
                    }
                }
            }
        }
        return header(width: width, height: height, colorType: colorType, bitDepth: bitDepth, interlaced: interlaced)
            + (palette.isEmpty ? [] : chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }))
            + (transparency.isEmpty ? [] : chunk("tRNS", transparency))
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// The signature and IHDR alone, claiming any size: a decompression bomb needs nothing more.
    public static func header(width: Int, height: Int, colorType: ColorType, bitDepth: Int = 8, interlaced: Bool = false) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0])
    }

    /// A claimed size with a little real deflate data: "tiny file, huge picture".
    public static func bomb(width: Int, height: Int) -> [UInt8] {
        header(width: width, height: height, colorType: .rgb) + chunk("IDAT", zlibStored([UInt8](repeating: 0, count: 1024))) + chunk("IEND", [])
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(data.count) + typeBytes + data + be32(Int(crc32(typeBytes + data)))
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let final: UInt8 = offset + n >= data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(Int(b << 16 | a))
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
