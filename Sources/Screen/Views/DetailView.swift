import Cells
import App
import TerminalTypes
import Catalog
import Geo
import Imaging

/// One artwork's detail: the picture beside the text when the box is wide, above it when tall.
public enum DetailView {
    /// The detail text of an artwork, as lines for a given width.
    public static func detailLines(_ context: ViewContext, _ artwork: ArtworkKey, width: Int) -> [(String, Style)] {
        let ranked = context.rankedArtwork(artwork)
        // A favourite from another collection has no distance here, but everything else.
        guard let a = context.detailedArtwork(artwork) ?? ranked?.1.artwork else { return [("This artwork is no longer in the catalogue.", Style(.muted))] }
        var lines: [(String, Style)] = []
        func add(_ text: String, _ style: Style = Style()) {
            for line in TextWidth.wrap(text, width: width) { lines.append((line, style)) }
        }
        add((context.isFavourite(a) ? "♥ " : "") + (a.title.isEmpty ? "(untitled)" : a.title), Style(.accent, bold: true))
        let by = [a.artist, a.year].map(DisplayText.clean).filter { !$0.isEmpty }.joined(separator: ", ")
        if !by.isEmpty { add(by, Style(bold: true)) }
        if let seen = context.seenAt(a) { add("✓ seen \(seen.prefix(10)) (v: not seen)", Style(.muted)) }
        // What OpenStreetMap lacks about it, offered as a note (issue 47, item 3).
        // Once a note is queued today, one line says so instead of offering another (one an element a day).
        let gaps = DetailNote.gaps(a)
        if !gaps.isEmpty, context.isNotedToday(a) {
            add(DetailNote.notedLine, Style(.muted))
        } else {
            for gap in gaps { add(DetailNote.gapLine(gap), Style(.accent)) }
        }
        lines.append(("", Style()))
        if !a.type.isEmpty { add("Type: " + a.type) }
        add("Building: " + (ranked?.0.name ?? a.building ?? a.collection))
        if !a.locationNotes.isEmpty { add("Where: " + a.locationNotes) }
        if let ranked {
            let compass = CompassPoint(bearing: ranked.1.bearing)
            add("Distance: \(context.distanceText(ranked.1.distance)) \(compass.abbreviation) \(compass.arrow) from \(context.referenceSource.label)")
            // Several collections on screen: which one this artwork is from.
            if context.shownCollections.count > 1 { add("Collection: \(DisplayText.clean(a.collection))") }
        } else {
            add("Collection: \(a.collection) (press n to show it)")
        }
        if !a.webPage.isEmpty { add("Web: \(DisplayText.clean(a.webPage)) (o opens it)") }
        // The id, for artmap show ID, route --to ID and favourites add ID.
        add("Id: \(DisplayText.clean(a.id)) in \(DisplayText.clean(a.collection)) (artmap show \(DisplayText.clean(a.id)))", Style(.muted))
        lines.append(("", Style()))
        if context.awaitsFullRecord(artwork) {
            add("Reading the description…", Style(.muted))
        } else if a.information.isEmpty {
            add("No description.", Style(.muted))
        } else {
            // Notes kept on lines of their own stay paragraphs, not one run-on line.
            let paragraphs = a.information.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
            for paragraph in paragraphs { add(paragraph) }
        }
        lines.append(("", Style()))
        if a.imageFileName.isEmpty {
            add("Image: none published", Style(.muted))
        } else if case .ready(let picture)? = context.pictures[a.key] {
            add("Image: \(DisplayText.clean(a.imageFileName)), \(picture.decoded.originalWidth)×\(picture.decoded.originalHeight) px", Style(.muted))
        } else {
            add("Image: \(DisplayText.clean(a.imageFileName))", Style(.muted))
        }
        return lines
    }

    /// The detail: the picture beside the text when the box is wide, above it when tall; no picture box
    /// when none is published.
    public static func render(_ detail: DetailState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        let artwork = detail.artwork, scroll = detail.scroll
        let hasImage = !(context.anyArtwork(artwork)?.imageFileName.isEmpty ?? true)
        let box = CentredBox.frame(screen, width: hasImage ? 150 : 90, height: screen.height - 2)
        buffer.fill(box)
        buffer.box(box, title: "Artwork", style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = box.inset(1)
        guard inner.width > 4, inner.height > 1 else { return }
        // While a note is typed its line takes the row above the keys.
        let editing = detail.note != nil ? 1 : 0
        var text = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height - 1 - editing)
        if hasImage, let (area, beside) = pictureArea(context, artwork, inner: inner) {
            PictureBox.render(context, artwork, into: &buffer, area: area)
            text = beside
                ? Rect(x: area.maxX + 2, y: inner.y, width: inner.maxX - 1 - (area.maxX + 2), height: inner.height - 1)
                : Rect(x: inner.x + 1, y: area.maxY + 1, width: inner.width - 2, height: inner.maxY - 1 - (area.maxY + 1))
            text.height -= editing
        }
        let lines = detailLines(context, artwork, width: text.width)
        let start = max(0, min(scroll, lines.count - text.height))
        for (i, line) in lines.dropFirst(start).prefix(max(0, text.height)).enumerated() {
            buffer.write(line.0, x: text.x, y: text.y + i, style: line.1, maxWidth: text.width)
        }
        if let words = detail.note {
            renderNoteEditor(words, into: &buffer, x: inner.x + 1, y: inner.maxY - 2, width: inner.width - 2)
            buffer.write("Enter queue the note · Esc never mind · your words, then the element, its osm.org page and #artmap",
                         x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
            return
        }
        let more = start + text.height < lines.count ? "↓ more · " : ""
        let view = hasImage ? "Enter view image · " : ""
        let note = NoteText.element(artwork.id) != nil ? "N note to OSM · " : ""
        buffer.write(more + view + "f heart · g route · " + note + "Esc back", x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 2)
    }

    /// The one-line editor of a note: its label, the end of the words when they are longer than the line, a cursor.
    static func renderNoteEditor(_ words: String, into buffer: inout Buffer, x: Int, y: Int, width: Int) {
        let label = "Note to OpenStreetMap: "
        let room = max(1, width - TextWidth.of(label) - 1)
        var shown = DisplayText.clean(words)
        while TextWidth.of(shown) > room { shown.removeFirst() }
        buffer.write(label, x: x, y: y, style: Style(.accent, bold: true), maxWidth: width)
        buffer.write(shown + "▏", x: x + TextWidth.of(label), y: y, style: Style(), maxWidth: max(0, width - TextWidth.of(label)))
    }

    /// Where the detail's picture goes: a column on the left (top-aligned) when the box is wide, a band on
    /// top when tall; nil when there is no room for both picture and text.
    static func pictureArea(_ context: ViewContext, _ artwork: ArtworkKey, inner: Rect) -> (area: Rect, beside: Bool)? {
        let size = PictureBox.pixelSize(context, artwork)
        let height = inner.height - 1
        if inner.width >= 2 * inner.height + 20 {
            let fit = CellRenderer.fittedCells(width: size.width, height: size.height, columns: inner.width / 2, rows: height,
                                               cellAspect: context.cellAspect)
            let width = max(min(20, inner.width / 3), fit.columns)
            guard inner.width - width >= 30 else { return nil }
            return (Rect(x: inner.x + 1, y: inner.y, width: width, height: max(min(8, height), fit.rows)), true)
        }
        let fit = CellRenderer.fittedCells(width: size.width, height: size.height, columns: inner.width - 2,
                                           rows: max(1, height * 45 / 100), cellAspect: context.cellAspect)
        let bandHeight = max(min(5, height / 3), fit.rows)
        guard height - bandHeight >= 6 else { return nil }
        return (Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: bandHeight), false)
    }

}

extension DetailView: StackScreenView {}
