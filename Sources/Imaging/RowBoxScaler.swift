import Cells
/// `BoxScaler` for pixels that arrive a row at a time (a PNG read row by row): each output row is finished as
/// soon as its last source row has come, so a 10,000 × 10,000 picture kept at 3,072 px never exists at full
/// size (400 MB) in memory. Rows may be sparse (an interlaced PNG's last pass gives every odd row): an output
/// pixel is the mean of the source pixels that came. With every row, the result is `BoxScaler.downscale`'s to
/// the byte.
final class RowBoxScaler {
    let sourceWidth: Int, sourceHeight: Int
    let width: Int, height: Int
    private let xStarts: [Int], yStarts: [Int]
    private var sums: [Int]
    private var rowsInSums = 0
    private var row = 0
    private(set) var out: [UInt8]
    private let background: RGB

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, background: RGB) {
        let tw = max(1, min(width, sourceWidth)), th = max(1, min(height, sourceHeight))
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = tw
        self.height = th
        self.background = background
        xStarts = (0...tw).map { $0 * sourceWidth / tw }
        yStarts = (0...th).map { $0 * sourceHeight / th }
        sums = [Int](repeating: 0, count: tw * 4)
        out = [UInt8](repeating: 0, count: tw * th * 4)
    }

    /// Takes source row `y` (RGBA, `sourceWidth` pixels), composited over the background as
    /// `ImageDecoder.composite` does, then added into its output row. Rows come in increasing order.
    func add(_ rgba: UnsafePointer<UInt8>, y: Int) {
        while row < height, y >= max(yStarts[row] + 1, yStarts[row + 1]) { finishRow() }
        guard row < height else { return }
        let bg = (Int(background.red), Int(background.green), Int(background.blue))
        sums.withUnsafeMutableBufferPointer { sums in
            for tx in 0..<width {
                let x0 = xStarts[tx], x1 = max(x0 + 1, xStarts[tx + 1])
                var r = 0, g = 0, b = 0, a = 0
                var p = x0 * 4
                for _ in x0..<x1 {
                    var pr = Int(rgba[p]), pg = Int(rgba[p + 1]), pb = Int(rgba[p + 2])
                    let pa = Int(rgba[p + 3])
                    if pa != 255 {
                        pr = (pr * pa + bg.0 * (255 - pa) + 127) / 255
                        pg = (pg * pa + bg.1 * (255 - pa) + 127) / 255
                        pb = (pb * pa + bg.2 * (255 - pa) + 127) / 255
                    }
                    r += pr; g += pg; b += pb; a += 255
                    p += 4
                }
                sums[tx * 4] += r; sums[tx * 4 + 1] += g; sums[tx * 4 + 2] += b; sums[tx * 4 + 3] += a
            }
        }
        rowsInSums += 1
    }

    /// The scaled picture, once every row has come.
    func finish() -> RGBAImage {
        while row < height { finishRow() }
        return RGBAImage(width: width, height: height, bytes: out)
    }

    private func finishRow() {
        let rows = max(1, rowsInSums)
        out.withUnsafeMutableBufferPointer { target in
            for tx in 0..<width {
                let x0 = xStarts[tx], x1 = max(x0 + 1, xStarts[tx + 1])
                let n = (x1 - x0) * rows
                let t = (row * width + tx) * 4
                for c in 0..<4 { target[t + c] = UInt8(sums[tx * 4 + c] / n) }
            }
        }
        for i in sums.indices { sums[i] = 0 }
        rowsInSums = 0
        row += 1
    }
}
