import Cells
import App
import Catalog
import Foundation
import TerminalTypes

/// `F`: the hearted artworks from every collection, the selected one's picture beside the list.
public enum FavouritesView {
    /// Draws the favourites over `screen`.
    public static func render(_ list: FavouritesState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        ArtworkListBox.render(context, title: "♥ Favourites (\(context.favourites.count) of 50)", artworks: context.favourites, selected: list.selected,
                              row: { a in
                                  var text = " ♥ " + (DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title))
                                  if !a.artist.isEmpty { text += " — " + DisplayText.clean(a.artist) }
                                  return text + " · " + DisplayText.clean(a.collection)
                              },
                              keys: "Enter open · f remove the heart · S slideshow · Esc back", width: 80, into: &buffer, screen: screen)
    }
}

extension FavouritesView: StackScreenView {}
