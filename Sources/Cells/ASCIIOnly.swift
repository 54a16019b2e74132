import Foundation

/// `--ascii`: after a frame is drawn, every cell that is not printable ASCII becomes an ASCII stand-in, so
/// no symbol, arrow, ellipsis or accented letter reaches a terminal that asked for ASCII.
extension Buffer {
    /// Stand-ins for the symbols the views draw; anything else loses its accents or becomes "?".
    package static let asciiStandIns: [String: String] = [
        "▸": ">", "◂": "<", "▲": "^", "▼": "v", "↑": "^", "↓": "v", "←": "<", "→": ">", "↗": "/", "↙": "/",
        "↖": "\\", "↘": "\\", "…": "~", "·": "-", "│": "|", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "⌖": "@", "●": "*", "◎": "@", "⌂": "M", "♥": "*", "©": "c", "⟳": "~", "↻": "~", "◉": "o", "▏": "|", "×": "x", "—": "-",
        "–": "-", "°": "d", "⚠": "!", "“": "\"", "”": "\"", "‘": "'", "’": "'", "½": "~",
    ]

    /// Replaces every cell that is not printable ASCII; a wide character becomes "?" and its second cell a space.
    public mutating func keepToASCII() {
        for index in cells.indices {
            let text = self.cells[index].text
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { continue }
            var cell = self.cells[index]
            if text.isEmpty {
                cell.text = " "
            } else if let standIn = Buffer.asciiStandIns[text] {
                cell.text = standIn
            } else {
                let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
                cell.text = folded.count == 1 && folded.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? folded : "?"
            }
            replaceCell(index, with: cell)
        }
    }
}
