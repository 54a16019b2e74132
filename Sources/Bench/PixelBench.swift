import Cells
import Curses
import Foundation
import Imaging
import Screen
import TerminalTypes

/// Issue 21: the picture protocols next to cells for a 4000×3000 JPEG at 160×45 (cells of 10×20 pixels), and the
/// image bytes a cursor move costs with a picture on screen.
func pixelBench(_ jpeg: URL) throws {
    let columns = 160, rows = 45, cell = CellPixels(width: 10, height: 20)
    let bytes = [UInt8](try Data(contentsOf: jpeg))
    var options = DecodeOptions()
    options.minimumSize = (columns * cell.width, rows * cell.height)
    let pixels = try ImageDecoder.decode(bytes, options: options).pixels
    let fit = CellRenderer.fittedCells(width: pixels.width, height: pixels.height, columns: columns, rows: rows, cellAspect: cell.aspect)
    func best(_ body: () -> Int) -> (ms: Double, bytes: Int) {
        var fastest = Double.infinity, size = 0
        for _ in 0..<3 {
            let t = now()
            size = body()
            fastest = min(fastest, (now() - t) * 1000)
        }
        return (fastest, size)
    }
    let cells = best { cellText(CellRenderer.render(pixels, columns: fit.columns, rows: fit.rows, depth: .truecolor)).count }
    print(String(format: "encode a 4000x3000 JPEG (decoded %dx%d) at 160x45 (%dx%d cells of 10x20 px): cells %.0f ms, %d bytes",
                 pixels.width, pixels.height, fit.columns, fit.rows, cells.ms, cells.bytes))
    for kind in [PixelProtocol.kitty, .sixel, .iterm] {
        let result = best { PixelEncoder.encode(pixels, columns: fit.columns, rows: fit.rows, cell: cell, protocol: kind).count }
        print(String(format: "  %@: %.0f ms, %d bytes (%.1f× the cells' bytes)", kind.rawValue, result.ms, result.bytes, Double(result.bytes) / Double(max(1, cells.bytes))))
    }
    // A frame with the picture, then one where only a cursor cell changed: no image bytes the second time.
    for kind in [PixelProtocol.kitty, .sixel] {
        let layer = PictureLayer(choice: PixelChoice(kind: kind, cell: cell))
        var first = Buffer(width: columns, height: rows + 2)
        first.place(PlacedPicture(key: "bench", area: Rect(x: 0, y: 0, width: fit.columns, height: fit.rows), image: pixels))
        _ = layer.frame(first, before: nil)
        layer.waitForEncoding()
        let shown = layer.frame(first, before: nil).count
        var moved = first
        moved.write(">", x: 0, y: rows + 1, style: Style(.cursor))
        let perMove = layer.frame(moved, before: first).count
        print("  \(kind.rawValue) in the view: \(shown) bytes when the picture appears, \(perMove) image bytes per cursor move with it on screen")
    }
}

/// Cells as truecolour SGR text, as a terminal receives them.
private func cellText(_ image: CellImage) -> [UInt8] {
    var out: [UInt8] = []
    for y in 0..<image.rows {
        for x in 0..<image.columns {
            let c = image[x, y]
            let fg = c.foreground?.rgbValue ?? RGB(0, 0, 0), bg = c.background?.rgbValue ?? RGB(0, 0, 0)
            out += Array("\u{1B}[38;2;\(fg.red);\(fg.green);\(fg.blue);48;2;\(bg.red);\(bg.green);\(bg.blue)m\(c.symbol)".utf8)
        }
        out += Array("\u{1B}[0m\n".utf8)
    }
    return out
}
