import Cells
/// Area (box) downscaling: each output pixel is the mean of the source pixels it covers, so detail
/// averages out instead of aliasing as nearest-neighbour sampling would.
public enum BoxScaler {
    /// Scales `image` down to `width` × `height` (each at least 1, at most the source's).
    public static func downscale(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let tw = max(1, min(width, image.width)), th = max(1, min(height, image.height))
        if tw == image.width && th == image.height { return image }
        let sw = image.width, sh = image.height
        let xStarts = (0...tw).map { $0 * sw / tw }
        let yStarts = (0...th).map { $0 * sh / th }
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        var sums = [Int](repeating: 0, count: tw * 4)
        image.bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for ty in 0..<th {
                    for i in sums.indices { sums[i] = 0 }
                    let y0 = yStarts[ty], y1 = max(y0 + 1, yStarts[ty + 1])
                    for sy in y0..<y1 {
                        let row = sy * sw * 4
                        for tx in 0..<tw {
                            let x0 = xStarts[tx], x1 = max(x0 + 1, xStarts[tx + 1])
                            var r = 0, g = 0, b = 0, a = 0
                            var p = row + x0 * 4
                            for _ in x0..<x1 {
                                r += Int(source[p]); g += Int(source[p + 1]); b += Int(source[p + 2]); a += Int(source[p + 3])
                                p += 4
                            }
                            sums[tx * 4] += r; sums[tx * 4 + 1] += g; sums[tx * 4 + 2] += b; sums[tx * 4 + 3] += a
                        }
                    }
                    for tx in 0..<tw {
                        let x0 = xStarts[tx], x1 = max(x0 + 1, xStarts[tx + 1])
                        let n = (x1 - x0) * (y1 - y0)
                        let t = (ty * tw + tx) * 4
                        for c in 0..<4 { target[t + c] = UInt8(sums[tx * 4 + c] / n) }
                    }
                }
            }
        }
        return RGBAImage(width: tw, height: th, bytes: out)
    }

    /// The largest size of the same aspect that fits within `maxWidth` × `maxHeight` (never larger than the image).
    public static func fitting(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > maxWidth || height > maxHeight else { return (width, height) }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
