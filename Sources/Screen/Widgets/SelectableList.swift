import Cells
import Catalog
import Foundation
import TerminalTypes

/// A list in a box with one selected row, scrolled to keep it visible: the favourites' and painters' lists.
enum SelectableList {
    static func render(_ rows: [String], selected: Int, into buffer: inout Buffer, area: Rect) {
        guard area.height > 0 else { return }
        let top = max(0, min(selected - area.height + 1, rows.count - area.height))
        for line in 0..<area.height {
            let index = top + line
            guard rows.indices.contains(index) else { break }
            buffer.write(TextWidth.pad(rows[index], to: area.width), x: area.x, y: area.y + line, maxWidth: area.width)
            if index == selected {
                buffer.restyle(Rect(x: area.x, y: area.y + line, width: area.width, height: 1), Style(.selection, bold: true, reverse: true))
            }
        }
    }
}
