import App
import Catalog
import Geo
import Imaging
import TerminalTypes

/// Views drawn over the main screen: a building's artworks, an artwork's detail, the help.
public enum OverlayViews {
    /// A centred box of at most the given size.
    static func frame(_ screen: Rect, width: Int, height: Int) -> Rect {
        let w = min(width, screen.width - 2), h = min(height, screen.height - 2)
        return Rect(x: screen.x + (screen.width - w) / 2, y: screen.y + (screen.height - h) / 2, width: w, height: h)
    }

    public static func building(_ state: AppState, key: String, selected: Int, into buffer: inout Buffer, screen: Rect) {
        guard let building = state.rankedBuilding(key: key) else { return }
        // With room to spare, the list widens and shows a thumbnail of the selected artwork on its right.
        let thumbnailWidth = screen.width >= 110 && screen.height >= 16 ? 28 : 0
        let box = frame(screen, width: 76 + thumbnailWidth, height: max(building.artworks.count + 6, thumbnailWidth > 0 ? 14 : 0))
        buffer.fill(box)
        buffer.box(box, title: DisplayText.clean(building.name), style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 2 else { return }
        let compass = CompassPoint(bearing: building.bearing)
        buffer.write("\(building.artworks.count) artworks · \(state.distanceText(building.distance)) \(compass.abbreviation) \(compass.arrow) from \(state.referenceSource.label)",
                     x: inner.x + 1, y: inner.y, style: Style(.muted), maxWidth: inner.width - 2)
        var listArea = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 3)
        if thumbnailWidth > 0, listArea.width > thumbnailWidth + 30, building.artworks.indices.contains(selected) {
            listArea.width -= thumbnailWidth + 1
            let thumbnail = Rect(x: listArea.maxX + 1, y: listArea.y, width: thumbnailWidth - 1, height: min(listArea.height, 12))
            PictureBox.render(state, artworkID: building.artworks[selected].artwork.id, into: &buffer, area: thumbnail)
        }
        let top = max(0, min(selected - listArea.height + 1, building.artworks.count - listArea.height))
        let scroll = max(0, min(top, selected))
        for line in 0..<listArea.height {
            let index = scroll + line
            guard building.artworks.indices.contains(index) else { break }
            let a = building.artworks[index].artwork
            var text = (state.isFavourite(a) ? "♥" : " ") + (DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title))
            if !a.artist.isEmpty { text += " — " + DisplayText.clean(a.artist) }
            if !a.year.isEmpty { text += " (" + DisplayText.clean(a.year) + ")" }
            let y = listArea.y + line
            buffer.write(TextWidth.pad(text, to: listArea.width), x: listArea.x, y: y, maxWidth: listArea.width)
            if index == selected {
                buffer.restyle(Rect(x: listArea.x, y: y, width: listArea.width, height: 1), Style(.selection, bold: true, reverse: true))
            }
        }
        buffer.write("Enter open · f heart · g route · Esc back", x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }

    /// The detail text of an artwork, as lines for a given width.
    public static func detailLines(_ state: AppState, artworkID: String, width: Int) -> [(String, Style)] {
        let ranked = state.rankedArtwork(id: artworkID)
        // A favourite from another collection has no distance here, but everything else.
        guard let a = state.detailedArtwork(id: artworkID) ?? ranked?.1.artwork else { return [("This artwork is no longer in the catalogue.", Style(.muted))] }
        var lines: [(String, Style)] = []
        func add(_ text: String, _ style: Style = Style()) {
            for line in TextWidth.wrap(text, width: width) { lines.append((line, style)) }
        }
        add((state.isFavourite(a) ? "♥ " : "") + (a.title.isEmpty ? "(untitled)" : a.title), Style(.accent, bold: true))
        let by = [a.artist, a.year].map(DisplayText.clean).filter { !$0.isEmpty }.joined(separator: ", ")
        if !by.isEmpty { add(by, Style(bold: true)) }
        lines.append(("", Style()))
        if !a.type.isEmpty { add("Type: " + a.type) }
        add("Building: " + (ranked?.0.name ?? a.building ?? a.collection))
        if !a.locationNotes.isEmpty { add("Where: " + a.locationNotes) }
        if let ranked {
            let compass = CompassPoint(bearing: ranked.1.bearing)
            add("Distance: \(state.distanceText(ranked.1.distance)) \(compass.abbreviation) \(compass.arrow) from \(state.referenceSource.label)")
        } else {
            add("Collection: \(a.collection) (press n to show it)")
        }
        if !a.webPage.isEmpty { add("Web: \(DisplayText.clean(a.webPage)) (o opens it)") }
        lines.append(("", Style()))
        if state.awaitsFullRecord(id: artworkID) {
            add("Reading the description…", Style(.muted))
        } else if a.information.isEmpty {
            add("No description.", Style(.muted))
        } else {
            add(a.information)
        }
        lines.append(("", Style()))
        if a.imageFileName.isEmpty {
            add("Image: none published", Style(.muted))
        } else if case .ready(let picture)? = state.pictures[a.id] {
            add("Image: \(DisplayText.clean(a.imageFileName)), \(picture.decoded.originalWidth)×\(picture.decoded.originalHeight) px", Style(.muted))
        } else {
            add("Image: \(DisplayText.clean(a.imageFileName))", Style(.muted))
        }
        return lines
    }

    /// The detail: the picture beside the text when the box is wide, above it when tall; no picture box
    /// when none is published.
    public static func detail(_ state: AppState, artworkID: String, scroll: Int, into buffer: inout Buffer, screen: Rect) {
        let hasImage = !(state.anyArtwork(id: artworkID)?.imageFileName.isEmpty ?? true)
        let box = frame(screen, width: hasImage ? 150 : 90, height: screen.height - 2)
        buffer.fill(box)
        buffer.box(box, title: "Artwork", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.width > 4, inner.height > 1 else { return }
        var text = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height - 1)
        if hasImage, let (area, beside) = pictureArea(state, artworkID: artworkID, inner: inner) {
            PictureBox.render(state, artworkID: artworkID, into: &buffer, area: area)
            text = beside
                ? Rect(x: area.maxX + 2, y: inner.y, width: inner.maxX - 1 - (area.maxX + 2), height: inner.height - 1)
                : Rect(x: inner.x + 1, y: area.maxY + 1, width: inner.width - 2, height: inner.maxY - 1 - (area.maxY + 1))
        }
        let lines = detailLines(state, artworkID: artworkID, width: text.width)
        let start = max(0, min(scroll, lines.count - text.height))
        for (i, line) in lines.dropFirst(start).prefix(max(0, text.height)).enumerated() {
            buffer.write(line.0, x: text.x, y: text.y + i, style: line.1, maxWidth: text.width)
        }
        let more = start + text.height < lines.count ? "↓ more · " : ""
        let view = hasImage ? "Enter view image · " : ""
        buffer.write(more + view + "f heart · g route · Esc back", x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }

    /// Where the detail's picture goes: a column on the left (top-aligned) when the box is wide, a band on
    /// top when tall; nil when there is no room for both picture and text.
    static func pictureArea(_ state: AppState, artworkID: String, inner: Rect) -> (area: Rect, beside: Bool)? {
        let size = PictureBox.pixelSize(state, artworkID)
        let height = inner.height - 1
        if inner.width >= 2 * inner.height + 20 {
            let fit = CellRenderer.fittedCells(width: size.width, height: size.height, columns: inner.width / 2, rows: height,
                                               cellAspect: state.cellAspect)
            let width = max(min(20, inner.width / 3), fit.columns)
            guard inner.width - width >= 30 else { return nil }
            return (Rect(x: inner.x + 1, y: inner.y, width: width, height: max(min(8, height), fit.rows)), true)
        }
        let fit = CellRenderer.fittedCells(width: size.width, height: size.height, columns: inner.width - 2,
                                           rows: max(1, height * 45 / 100), cellAspect: state.cellAspect)
        let bandHeight = max(min(5, height / 3), fit.rows)
        guard height - bandHeight >= 6 else { return nil }
        return (Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: bandHeight), false)
    }

    public static func help(_ state: AppState, scroll: Int, into buffer: inout Buffer, screen: Rect) {
        let lines = Keymap.helpLines()
        let box = frame(screen, width: 84, height: lines.count + 3)
        buffer.fill(box)
        buffer.box(box, title: "Keys", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 1 else { return }
        let height = inner.height - 1
        let start = max(0, min(scroll, lines.count - height))
        for (i, line) in lines.dropFirst(start).prefix(height).enumerated() {
            let isHeading = !line.hasPrefix(" ") && !line.isEmpty && !line.hasPrefix("Mouse")
            buffer.write(line, x: inner.x + 1, y: inner.y + i, style: isHeading ? Style(.accent, bold: true) : Style(), maxWidth: inner.width - 2)
        }
        buffer.write((start + height < lines.count ? "↓ more · " : "") + "Esc back", x: inner.x + 1, y: inner.maxY - 1,
                     style: Style(.muted), maxWidth: inner.width - 2)
    }
}
