import App
import Catalog
import Foundation

/// `F`: the hearted artworks from every collection, the selected one's picture beside the list.
public enum FavouritesView {
    public static func render(_ state: AppState, selected: Int, into buffer: inout Buffer, screen: Rect) {
        let picture = screen.width >= 100 && screen.height >= 16 ? 34 : 0
        let box = OverlayViews.frame(screen, width: 80 + picture, height: max(state.favourites.count + 5, picture > 0 ? 18 : 0))
        buffer.fill(box)
        buffer.box(box, title: "♥ Favourites (\(state.favourites.count) of 50)", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 2 else { return }
        var list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 2)
        if picture > 0, state.favourites.indices.contains(selected), list.width > picture + 30 {
            list.width -= picture + 1
            PictureBox.render(state, artworkID: state.favourites[selected].id, into: &buffer,
                              area: Rect(x: list.maxX + 1, y: list.y, width: picture - 1, height: min(list.height, 14)))
        }
        let rows = state.favourites.map { a -> String in
            var text = " ♥ " + (DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title))
            if !a.artist.isEmpty { text += " — " + DisplayText.clean(a.artist) }
            return text + " · " + DisplayText.clean(a.collection)
        }
        SelectableList.render(rows, selected: selected, into: &buffer, area: list)
        buffer.write("Enter open · f remove the heart · S slideshow · Esc back", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }
}
