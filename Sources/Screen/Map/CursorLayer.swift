import Cells
import App
import Catalog
import Geo
import TerminalTypes

/// The cursor: reverse video on whatever is under it, so it is always visible.
enum CursorLayer {
    static func draw(_ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer) {
        let x = frame.centerX + state.cursorX, y = frame.centerY + state.cursorY
        guard frame.inner.contains(x: x, y: y) else { return }
        let under = buffer[x, y]
        if under.text == " " || under.isContinuation {
            buffer.set(x, y, "+", Style(.cursor, bold: true, reverse: true))
        } else {
            buffer.restyle(Rect(x: x, y: y, width: 1, height: 1), Style(.cursor, bold: true, reverse: true))
        }
    }
}
