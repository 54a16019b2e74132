import Cells
import TerminalTypes

/// A centred box of at most a given size, inside the screen less a one-cell margin: where the screens over
/// the main screen draw.
enum CentredBox {
    static func frame(_ screen: Rect, width: Int, height: Int) -> Rect {
        let w = min(width, screen.width - 2), h = min(height, screen.height - 2)
        return Rect(x: screen.x + (screen.width - w) / 2, y: screen.y + (screen.height - h) / 2, width: w, height: h)
    }
}
