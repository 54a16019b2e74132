import Cells
import Foundation

/// How much of a picture's fine detail survives a rendering: the correlation of the two pictures' luminance
/// after each has its Gaussian blur (σ = 2 px) taken away. 1 is every edge where the source has it; a blurred
/// or dithered rendering scores lower. Used by `make bench` and the tests to compare encoders.
public enum FineDetail {
    /// The fine-detail correlation of `rendered` with `source`, which is first scaled to `rendered`'s size by
    /// exact area averaging (each source pixel weighed by how much of it a target pixel covers: the ideal
    /// downscale, favouring no encoder's own filter).
    public static func correlation(_ rendered: RGBAImage, source: RGBAImage) -> Double {
        let width = rendered.width, height = rendered.height
        guard width > 2, height > 2, source.width >= width, source.height >= height else { return 0 }
        let reference = areaScaled(luminance(source), source.width, source.height, to: width, height)
        return pearson(detail(luminance(rendered), width, height), detail(reference, width, height))
    }

    /// `image` (`sw` × `sh`) scaled down to `tw` × `th` by exact area averaging, one axis at a time.
    static func areaScaled(_ image: [Double], _ sw: Int, _ sh: Int, to tw: Int, _ th: Int) -> [Double] {
        // The source pixels each target pixel covers along one axis, and how much of each.
        func weights(_ from: Int, _ to: Int) -> [[(Int, Double)]] {
            let step = Double(from) / Double(to)
            return (0..<to).map { t in
                let start = Double(t) * step, end = start + step
                var taps: [(Int, Double)] = []
                var s = Int(start)
                while Double(s) < end, s < from {
                    taps.append((s, (min(end, Double(s + 1)) - max(start, Double(s))) / step))
                    s += 1
                }
                return taps
            }
        }
        let across = weights(sw, tw), down = weights(sh, th)
        var rows = [Double](repeating: 0, count: tw * sh)
        for y in 0..<sh { for x in 0..<tw { rows[y * tw + x] = across[x].reduce(0) { $0 + image[y * sw + $1.0] * $1.1 } } }
        var out = [Double](repeating: 0, count: tw * th)
        for y in 0..<th { for x in 0..<tw { out[y * tw + x] = down[y].reduce(0) { $0 + rows[$1.0 * tw + x] * $1.1 } } }
        return out
    }

    static func luminance(_ image: RGBAImage) -> [Double] {
        var out = [Double](repeating: 0, count: image.width * image.height)
        for i in out.indices {
            let p = i * 4
            out[i] = 0.299 * Double(image.bytes[p]) + 0.587 * Double(image.bytes[p + 1]) + 0.114 * Double(image.bytes[p + 2])
        }
        return out
    }

    /// The image minus its Gaussian blur (σ = 2 px, edges repeated).
    static func detail(_ image: [Double], _ width: Int, _ height: Int) -> [Double] {
        let sigma = 2.0, radius = 6
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        var across = [Double](repeating: 0, count: image.count), blurred = across
        for y in 0..<height { for x in 0..<width {
            var sum = 0.0
            for k in -radius...radius { sum += kernel[k + radius] * image[y * width + min(width - 1, max(0, x + k))] }
            across[y * width + x] = sum / total
        } }
        for y in 0..<height { for x in 0..<width {
            var sum = 0.0
            for k in -radius...radius { sum += kernel[k + radius] * across[min(height - 1, max(0, y + k)) * width + x] }
            blurred[y * width + x] = sum / total
        } }
        return zip(image, blurred).map { $0 - $1 }
    }

    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count), ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var cov = 0.0, va = 0.0, vb = 0.0
        for i in 0..<a.count { cov += (a[i] - ma) * (b[i] - mb); va += (a[i] - ma) * (a[i] - ma); vb += (b[i] - mb) * (b[i] - mb) }
        return va > 0 && vb > 0 ? cov / (va * vb).squareRoot() : 0
    }
}
