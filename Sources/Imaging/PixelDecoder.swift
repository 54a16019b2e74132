import Cells
import Foundation

/// Reads back the pixels of the escape sequences `PixelEncoder` writes (sixel, kitty's RGBA, iTerm2's
/// uncompressed TIFF from chafa), as a terminal would draw them: for measuring how faithful they are
/// (`make bench`, tests). Nil for bytes it cannot read; never traps on bad input.
public enum PixelDecoder {
    /// The picture drawn by `bytes` in `kind`'s protocol.
    public static func decode(_ bytes: [UInt8], protocol kind: PixelProtocol) -> RGBAImage? {
        switch kind {
        case .sixel: return sixel(bytes)
        case .kitty: return kitty(bytes)
        case .iterm: return iterm(bytes)
        case .cells: return nil
        }
    }

    /// A DEC sixel image (`ESC P … q` to `ESC \`): RGB colour registers, repeats, bands. Unset pixels are black.
    public static func sixel(_ bytes: [UInt8]) -> RGBAImage? {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "q")) else { return nil }
        var i = start + 1
        var width = 0, height = 0
        var palette = [Int: (UInt8, UInt8, UInt8)]()
        var plotted: [(x: Int, y: Int, colour: (UInt8, UInt8, UInt8))] = []
        var colour: (UInt8, UInt8, UInt8) = (0, 0, 0)
        var x = 0, band = 0
        func numbers() -> [Int] {
            var values: [Int] = [], current = 0, any = false
            while i < bytes.count, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || bytes[i] == UInt8(ascii: ";") {
                if bytes[i] == UInt8(ascii: ";") { values.append(current); current = 0; any = false } else { current = min(1 << 20, current * 10 + Int(bytes[i] - 0x30)); any = true }
                i += 1
            }
            if any || !values.isEmpty { values.append(current) }
            return values
        }
        func plot(_ code: UInt8, _ count: Int) {
            let bits = Int(code) - 0x3F
            for _ in 0..<max(1, min(count, 1 << 16)) {
                for bit in 0..<6 where bits & (1 << bit) != 0 { plotted.append((x, band * 6 + bit, colour)) }
                x += 1
            }
        }
        while i < bytes.count, bytes[i] != 0x1B {
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                let v = numbers()
                if v.count >= 4 { width = v[2]; height = v[3] }
            case UInt8(ascii: "#"):
                let v = numbers()
                guard let register = v.first else { continue }
                if v.count >= 5, v[1] == 2 {
                    let scale = { (p: Int) in UInt8(min(100, p) * 255 / 100) }
                    palette[register] = (scale(v[2]), scale(v[3]), scale(v[4]))
                }
                colour = palette[register] ?? (0, 0, 0)
            case UInt8(ascii: "!"):
                let count = numbers().first ?? 1
                if i < bytes.count, bytes[i] >= 0x3F, bytes[i] <= 0x7E { plot(bytes[i], count); i += 1 }
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): x = 0; band += 1
            case 0x3F...0x7E: plot(c, 1)
            default: break
            }
        }
        if width == 0 || height == 0 {
            width = (plotted.map(\.x).max() ?? -1) + 1
            height = (plotted.map(\.y).max() ?? -1) + 1
        }
        guard width > 0, height > 0, width * height <= 64 << 20 else { return nil }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for p in 0..<(width * height) { out[p * 4 + 3] = 255 }
        for p in plotted where p.x < width && p.y < height {
            let o = (p.y * width + p.x) * 4
            out[o] = p.colour.0; out[o + 1] = p.colour.1; out[o + 2] = p.colour.2
        }
        return RGBAImage(width: width, height: height, bytes: out)
    }

    /// A kitty image sent as RGBA (`f=32`) or RGB (`f=24`), in chunks, with its size in `s=` and `v=`.
    public static func kitty(_ bytes: [UInt8]) -> RGBAImage? {
        var payload = Data(), width = 0, height = 0, format = 32
        for chunk in apcBodies(bytes) {
            let parts = chunk.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            for key in parts[0].dropFirst().split(separator: ",") {
                let pair = key.split(separator: "=")
                guard pair.count == 2, let value = Int(pair[1]) else { continue }
                switch pair[0] { case "s": width = value; case "v": height = value; case "f": format = value; default: break }
            }
            // Each chunk is base64 of its own (chafa pads every one).
            if parts.count == 2, !parts[1].isEmpty {
                guard let data = Data(base64Encoded: String(parts[1])) else { return nil }
                payload += data
            }
        }
        let channels = format == 24 ? 3 : 4
        guard width > 0, height > 0, payload.count >= width * height * channels else { return nil }
        let raw = [UInt8](payload)
        if channels == 4 { return RGBAImage(width: width, height: height, bytes: Array(raw[0..<(width * height * 4)])) }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) { for c in 0..<3 { out[p * 4 + c] = raw[p * 3 + c] } }
        return RGBAImage(width: width, height: height, bytes: out)
    }

    /// An iTerm2 inline file holding an uncompressed 8-bit RGB(A) TIFF, as chafa writes it.
    public static func iterm(_ bytes: [UInt8]) -> RGBAImage? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let body = text[text.index(after: colon)...].prefix { $0 != "\u{07}" && $0 != "\u{1B}" }
        guard let data = Data(base64Encoded: String(body)) else { return nil }
        return tiff([UInt8](data))
    }

    static func tiff(_ t: [UInt8]) -> RGBAImage? {
        guard t.count > 8, t[0] == 0x49, t[1] == 0x49 else { return nil }
        func u16(_ o: Int) -> Int { o + 1 < t.count ? Int(t[o]) | Int(t[o + 1]) << 8 : 0 }
        func u32(_ o: Int) -> Int { o + 3 < t.count ? u16(o) | u16(o + 2) << 16 : 0 }
        let ifd = u32(4), count = u16(ifd)
        var width = 0, height = 0, offset = 0, samples = 3
        for n in 0..<min(count, 64) {
            let e = ifd + 2 + n * 12
            let value = u16(e + 2) == 3 ? u16(e + 8) : u32(e + 8)
            switch u16(e) { case 256: width = value; case 257: height = value; case 273: offset = value; case 277: samples = value; default: break }
        }
        guard width > 0, height > 0, samples >= 3, samples <= 4, offset + width * height * samples <= t.count else { return nil }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) { for c in 0..<samples { out[p * 4 + c] = t[offset + p * samples + c] } }
        return RGBAImage(width: width, height: height, bytes: out)
    }

    /// The bodies of every APC (`ESC _ … ESC \`) in `bytes`.
    static func apcBodies(_ bytes: [UInt8]) -> [String] {
        var bodies: [String] = [], i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "_") else { i += 1; continue }
            var j = i + 2
            while j + 1 < bytes.count, !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
            bodies.append(String(decoding: bytes[(i + 2)..<min(j, bytes.count)], as: UTF8.self))
            i = j + 2
        }
        return bodies
    }
}
