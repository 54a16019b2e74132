import Cells
import App
import Catalog
import TerminalTypes

/// A centred box listing artworks with one selected, the selected one's picture beside the list when the
/// screen has room, and a line of keys at the bottom: the favourites and a painter's paintings.
enum ArtworkListBox {
    static func render(_ context: ViewContext, title: String, artworks: [Artwork], selected: Int, row: (Artwork) -> String,
                       keys: String, width: Int, into buffer: inout Buffer, screen: Rect) {
        let picture = screen.width >= 100 && screen.height >= 16 ? 34 : 0
        let box = CentredBox.frame(screen, width: width + picture, height: max(artworks.count + 4, picture > 0 ? 18 : 8))
        buffer.fill(box)
        buffer.box(box, title: title, style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 2 else { return }
        var list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 2)
        if picture > 0, artworks.indices.contains(selected), list.width > picture + 30 {
            list.width -= picture + 1
            PictureBox.render(context, artworks[selected].key, into: &buffer,
                              area: Rect(x: list.maxX + 1, y: list.y, width: picture - 1, height: min(list.height, 14)))
        }
        SelectableList.render(artworks.map(row), selected: selected, into: &buffer, area: list)
        buffer.write(keys, x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }
}
