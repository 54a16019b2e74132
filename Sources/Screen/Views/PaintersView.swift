import Cells
import App
import Catalog
import Foundation
import TerminalTypes

/// `p`: the painters followed, a search prompt, what the museum answered, and work in progress.
public enum PaintersView {
    /// Draws the painters screen (or a painter's paintings) over `screen`.
    public static func render(_ painters: PaintersState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        if let name = painters.paintingsOf {
            renderPaintings(context, of: name, painters, into: &buffer, screen: screen)
            return
        }
        let box = CentredBox.frame(screen, width: 84, height: max(12, painters.painters.count + 9))
        buffer.fill(box)
        buffer.box(box, title: "Painters at the Rijksmuseum", style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 4 else { return }
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 4)
        if painters.painters.isEmpty {
            buffer.write(" No painters yet. Press + and type a name (for example Johannes Vermeer).", x: list.x, y: list.y,
                         style: Style(.muted), maxWidth: list.width)
        } else {
            let rows = painters.painters.map { " \(DisplayText.clean($0.name)) — \($0.stored) painting\($0.stored == 1 ? "" : "s") (the museum lists \($0.total))" }
            SelectableList.render(rows, selected: painters.selected, into: &buffer, area: list)
        }
        let line = inner.maxY - 3
        if let prompt = painters.prompt {
            buffer.write(" Search the museum: \(prompt)▏", x: inner.x, y: line, style: Style(.search, bold: true), maxWidth: inner.width)
        } else if let found = painters.found {
            buffer.write(" \(DisplayText.clean(found.name)): \(found.total) painting\(found.total == 1 ? "" : "s") with images. Enter adds them, Esc not.", x: inner.x, y: line,
                         style: Style(.accent, bold: true), maxWidth: inner.width)
        } else if let name = painters.confirmRemove {
            buffer.write(" Remove \(DisplayText.clean(name)) and all their paintings (and favourites of them)? y/n", x: inner.x, y: line,
                         style: Style(.statusError, bold: true), maxWidth: inner.width)
        } else if let busy = painters.busy {
            buffer.write(" ↻ " + DisplayText.clean(busy) + " (Esc stops)", x: inner.x, y: line, style: Style(.accent), maxWidth: inner.width)
        } else if let message = painters.message {
            // Panels wrap: the museum's answer (an HTTP 500, say) and what to do are read whole, on two lines.
            // The second line is fitted by the message rule: an address at the end is cut in its middle.
            let text = DisplayText.clean(message), width = inner.width - 2
            let first = TextWidth.wrap(text, width: width).first ?? ""
            let rest = String(text.dropFirst(first.count).drop { $0 == " " })
            buffer.write(" " + first, x: inner.x, y: line, style: Style(.muted), maxWidth: inner.width)
            buffer.write(" " + MessageFit.fit(rest, to: width), x: inner.x, y: line + 1, style: Style(.muted), maxWidth: inner.width)
        }
        buffer.write("+ search · Enter add / list paintings · t in the table · d remove · Esc back", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }

    /// One painter's paintings: title and year, with the selected one's picture when there is room.
    static func renderPaintings(_ context: ViewContext, of name: String, _ painters: PaintersState, into buffer: inout Buffer, screen: Rect) {
        ArtworkListBox.render(context, title: "\(DisplayText.clean(name)) · \(painters.paintings.count) painting\(painters.paintings.count == 1 ? "" : "s")", artworks: painters.paintings,
                              selected: painters.paintingSelected,
                              row: { a in (context.isFavourite(a) ? " ♥ " : "   ") + DisplayText.clean(a.title) + (a.year.isEmpty ? "" : " (" + DisplayText.clean(a.year) + ")") },
                              keys: "Enter open · f heart · t in the table · Esc back to the painters", width: 84, into: &buffer, screen: screen)
    }
}

extension PaintersView: StackScreenView {}
