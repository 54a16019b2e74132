import Cells
import App
import TerminalTypes

/// `?`: the keys used most, then the keys of the view below, then every other screen's, generated from the keymap
/// (`HelpPage`), scrolled. The keys stand in one column at every width; a long description wraps under itself.
public enum HelpView {
    /// The widest key column: wider keys stand on a line of their own, their description below.
    static let keyColumnLimit = 16

    /// Draws the help over `screen`.
    public static func render(_ help: HelpState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        // The text's width inside the box's borders and margins, whatever the box's height.
        let width = CentredBox.frame(screen, width: 84, height: 3).width - 4
        let lines = lines(HelpPage.entries(for: help.context), width: width)
        let box = CentredBox.frame(screen, width: 84, height: lines.count + 3)
        buffer.fill(box)
        buffer.box(box, title: "Keys", style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 1 else { return }
        let height = inner.height - 1
        let start = max(0, min(help.scroll, lines.count - height))
        for (i, line) in lines.dropFirst(start).prefix(height).enumerated() {
            buffer.write(line.text, x: inner.x + 1, y: inner.y + i, style: line.heading ? Style(.accent, bold: true) : Style(),
                         maxWidth: inner.width - 2)
        }
        buffer.write((start + height < lines.count ? "↓ more · " : "") + "Esc back", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }

    /// The entries laid out `width` cells wide: keys in a column as wide as the widest key that fits the limit,
    /// descriptions wrapped beside it.
    static func lines(_ entries: [HelpEntry], width: Int) -> [(text: String, heading: Bool)] {
        let keyWidths = entries.compactMap { entry -> Int? in
            if case .key(let keys, _) = entry { return TextWidth.of(keys) } else { return nil }
        }
        let column = min(keyColumnLimit, keyWidths.filter { $0 <= keyColumnLimit }.max() ?? 8) + 2
        let indent = String(repeating: " ", count: column + 2)
        let textWidth = max(10, width - column - 2)
        var lines: [(String, Bool)] = []
        for entry in entries {
            switch entry {
            case .heading(let text):
                lines += TextWidth.wrap(text, width: width).map { ($0, true) }
            case .blank:
                lines.append(("", false))
            case .note(let text):
                lines += TextWidth.wrap(text, width: width).map { ($0, false) }
            case .key(let keys, let text):
                var wrapped = TextWidth.wrap(text, width: textWidth)
                if TextWidth.of(keys) > column - 1 {
                    lines.append(("  " + keys, false))
                } else {
                    let first = wrapped.isEmpty ? "" : wrapped.removeFirst()
                    lines.append(("  " + keys + String(repeating: " ", count: column - TextWidth.of(keys)) + first, false))
                }
                lines += wrapped.map { (indent + $0, false) }
            }
        }
        return lines
    }
}

extension HelpView: StackScreenView {}
