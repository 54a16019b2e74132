import App
import Catalog
import Geo

/// Views drawn over the main screen: a building's artworks, an artwork's detail, the help.
public enum OverlayViews {
    /// A centred box of at most the given size.
    static func frame(_ screen: Rect, width: Int, height: Int) -> Rect {
        let w = min(width, screen.width - 2), h = min(height, screen.height - 2)
        return Rect(x: screen.x + (screen.width - w) / 2, y: screen.y + (screen.height - h) / 2, width: w, height: h)
    }

    public static func building(_ state: AppState, key: String, selected: Int, into buffer: inout Buffer, screen: Rect) {
        guard let building = state.rankedBuilding(key: key) else { return }
        let box = frame(screen, width: 76, height: building.artworks.count + 6)
        buffer.fill(box)
        buffer.box(box, title: DisplayText.clean(building.name), style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.height > 2 else { return }
        let compass = CompassPoint(bearing: building.bearing)
        buffer.write("\(building.artworks.count) artworks · \(DistanceText.format(building.distance)) \(compass.abbreviation) \(compass.arrow) from \(state.referenceSource.label)",
                     x: inner.x + 1, y: inner.y, style: Style(.muted), maxWidth: inner.width - 2)
        let listArea = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 3)
        let top = max(0, min(selected - listArea.height + 1, building.artworks.count - listArea.height))
        let scroll = max(0, min(top, selected))
        for line in 0..<listArea.height {
            let index = scroll + line
            guard building.artworks.indices.contains(index) else { break }
            let a = building.artworks[index].artwork
            var text = " " + (DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title))
            if !a.artist.isEmpty { text += " — " + DisplayText.clean(a.artist) }
            if !a.year.isEmpty { text += " (" + DisplayText.clean(a.year) + ")" }
            let y = listArea.y + line
            buffer.write(TextWidth.pad(text, to: listArea.width), x: listArea.x, y: y, maxWidth: listArea.width)
            if index == selected {
                buffer.restyle(Rect(x: listArea.x, y: y, width: listArea.width, height: 1), Style(.selection, bold: true, reverse: true))
            }
        }
        buffer.write("Enter open · Esc back", x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }

    /// The detail text of an artwork, as lines for a given width.
    public static func detailLines(_ state: AppState, artworkID: String, width: Int) -> [(String, Style)] {
        guard let (building, ranked) = state.rankedArtwork(id: artworkID) else { return [("This artwork is no longer in the catalogue.", Style(.muted))] }
        let a = ranked.artwork
        var lines: [(String, Style)] = []
        func add(_ text: String, _ style: Style = Style()) {
            for line in TextWidth.wrap(text, width: width) { lines.append((line, style)) }
        }
        add(a.title.isEmpty ? "(untitled)" : a.title, Style(.accent, bold: true))
        let by = [a.artist, a.year].map(DisplayText.clean).filter { !$0.isEmpty }.joined(separator: ", ")
        if !by.isEmpty { add(by, Style(bold: true)) }
        lines.append(("", Style()))
        if !a.type.isEmpty { add("Type: " + a.type) }
        add("Building: " + building.name)
        if !a.locationNotes.isEmpty { add("Where: " + a.locationNotes) }
        let compass = CompassPoint(bearing: ranked.bearing)
        add("Distance: \(DistanceText.format(ranked.distance)) \(compass.abbreviation) \(compass.arrow) from \(state.referenceSource.label)")
        lines.append(("", Style()))
        if a.information.isEmpty { add("No description.", Style(.muted)) } else { add(a.information) }
        lines.append(("", Style()))
        let image: String
        if a.imageFileName.isEmpty {
            image = "Image: none published"
        } else if !state.imageChecked.contains(a.id) {
            image = "Image: checking the cache…"
        } else if state.cachedImages.contains(a.id) {
            image = "Image: cached (\(DisplayText.clean(a.imageFileName))); shown here in a later version"
        } else {
            image = "Image: not in the cache yet (\(DisplayText.clean(a.imageFileName))); press s to sync"
        }
        add(image, Style(.muted))
        return lines
    }

    public static func detail(_ state: AppState, artworkID: String, scroll: Int, into buffer: inout Buffer, screen: Rect) {
        let box = frame(screen, width: 90, height: screen.height - 2)
        buffer.fill(box)
        buffer.box(box, title: "Artwork", style: Style(.borderFocused, bold: true), ascii: state.ascii)
        let inner = box.inset(1)
        guard inner.width > 4, inner.height > 1 else { return }
        let text = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height - 1)
        let lines = detailLines(state, artworkID: artworkID, width: text.width)
        let start = max(0, min(scroll, lines.count - text.height))
        for (i, line) in lines.dropFirst(start).prefix(text.height).enumerated() {
            buffer.write(line.0, x: text.x, y: text.y + i, style: line.1, maxWidth: text.width)
        }
        let more = start + text.height < lines.count ? "↓ more · " : ""
        buffer.write(more + "Esc back", x: text.x, y: inner.maxY - 1, style: Style(.muted), maxWidth: text.width)
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
