import Cells
import App
import TerminalTypes

/// `?`: the keys of every screen, generated from the keymap, scrolled.
public enum HelpView {
    /// Draws the help over `screen`.
    public static func render(_ help: HelpState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        let scroll = help.scroll
        // Panels wrap: a line wider than the box (the mouse's) goes on over the next lines.
        let width = min(84, screen.width) - 4
        let lines = Keymap.helpLines().flatMap { TextWidth.of($0) <= width ? [$0] : TextWidth.wrap($0, width: width) }
        let box = CentredBox.frame(screen, width: 84, height: lines.count + 3)
        buffer.fill(box)
        buffer.box(box, title: "Keys", style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 1 else { return }
        let height = inner.height - 1
        let start = max(0, min(scroll, lines.count - height))
        for (i, line) in lines.dropFirst(start).prefix(height).enumerated() {
            let isHeading = KeyContext.allCases.contains { $0.rawValue == line }
            buffer.write(line, x: inner.x + 1, y: inner.y + i, style: isHeading ? Style(.accent, bold: true) : Style(), maxWidth: inner.width - 2)
        }
        buffer.write((start + height < lines.count ? "↓ more · " : "") + "Esc back", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }
}

extension HelpView: StackScreenView {}
