import Cells
import Imaging

/// Pictures rendered as cells by Imaging, put into a Buffer: here, so the cell layer needs no Imaging.
extension Buffer {
    /// Puts a rendered picture's cells at (x, y), clipped to the buffer.
    public mutating func draw(_ image: CellImage, x: Int, y: Int) {
        for row in 0..<image.rows {
            for column in 0..<image.columns {
                let cell = image[column, row]
                set(x + column, y + row, cell.symbol, .image(foreground: cell.foreground, background: cell.background))
            }
        }
    }
}
