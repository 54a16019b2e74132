import Cells
import App
import TerminalTypes
import Catalog
import Geo

/// The artworks of one building over the main screen, the selected one's thumbnail beside the list when
/// there is room.
public enum BuildingListView {
    /// Draws the list over `screen`.
    public static func render(_ list: BuildingListState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        let selected = list.selected
        guard let building = context.rankedBuilding(key: list.key) else { return }
        // With room to spare, the list widens and shows a thumbnail of the selected artwork on its right.
        let thumbnailWidth = screen.width >= 110 && screen.height >= 16 ? 28 : 0
        let box = CentredBox.frame(screen, width: 76 + thumbnailWidth, height: max(building.artworks.count + 6, thumbnailWidth > 0 ? 14 : 0))
        buffer.fill(box)
        buffer.box(box, title: DisplayText.clean(building.name), style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.height > 2 else { return }
        let compass = CompassPoint(bearing: building.bearing)
        buffer.write("\(building.artworks.count) artworks · \(context.distanceText(building.distance)) \(compass.abbreviation) \(compass.arrow) from \(context.referenceSource.label)",
                     x: inner.x + 1, y: inner.y, style: Style(.muted), maxWidth: inner.width - 2)
        var listArea = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 3)
        if thumbnailWidth > 0, listArea.width > thumbnailWidth + 30, building.artworks.indices.contains(selected) {
            listArea.width -= thumbnailWidth + 1
            let thumbnail = Rect(x: listArea.maxX + 1, y: listArea.y, width: thumbnailWidth - 1, height: min(listArea.height, 12))
            PictureBox.render(context, building.artworks[selected].artwork.key, into: &buffer, area: thumbnail)
        }
        let top = max(0, min(selected - listArea.height + 1, building.artworks.count - listArea.height))
        let scroll = max(0, min(top, selected))
        for line in 0..<listArea.height {
            let index = scroll + line
            guard building.artworks.indices.contains(index) else { break }
            let a = building.artworks[index].artwork
            var text = (context.isFavourite(a) ? "♥" : " ") + (context.seenAt(a) == nil ? " " : "✓") + (DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title))
            if !a.artist.isEmpty { text += " — " + DisplayText.clean(a.artist) }
            if !a.year.isEmpty { text += " (" + DisplayText.clean(a.year) + ")" }
            let y = listArea.y + line
            buffer.write(TextWidth.pad(text, to: listArea.width), x: listArea.x, y: y, maxWidth: listArea.width)
            if index == selected {
                buffer.restyle(Rect(x: listArea.x, y: y, width: listArea.width, height: 1), Style(.selection, bold: true, reverse: true))
            }
        }
        buffer.write("Enter open · f heart · v seen · g route · Esc back", x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }

}

extension BuildingListView: StackScreenView {}
