import Cells
import Foundation
import App
import Catalog
import Geo
import TerminalTypes

/// The table pane: a header row per building (name, count, distance, bearing arrow), then its artworks
/// (title, artist, year), nearest building first, the selection kept visible.
public enum TableView {
    /// Draws the table pane into `area`: the pane as drawn for the same rows, scroll, selection, focus and
    /// size when it was last drawn (a map cursor move changes none of them), else drawn afresh.
    public static func render(_ state: MainScene, into buffer: inout Buffer, area: Rect, caches: RenderCaches) {
        render(state, into: &buffer, area: area, cache: caches.tablePane, rowTexts: caches.rowTexts)
    }

    static func render(_ state: MainScene, into buffer: inout Buffer, area: Rect, cache: TablePaneCache, rowTexts: RowTextCache = RowTextCache()) {
        let key = TablePaneCache.Key(rowsVersion: state.rowsVersion, scroll: state.tableScroll, selected: state.selectedRow,
                                     focused: state.focus == .table && state.onTop, size: TerminalSize(columns: area.width, rows: area.height),
                                     ascii: state.ascii, imperial: state.imperial, partial: state.catalogueIsPartial,
                                     radius: state.radius, outsideRadius: state.outsideRadius, searchText: state.searchText,
                                     fetching: state.context.fetchingArt)
        let pane = cache.pane(key) {
            var pane = Buffer(width: area.width, height: area.height)
            draw(state, into: &pane, area: Rect(x: 0, y: 0, width: area.width, height: area.height), rowTexts: rowTexts)
            return pane
        }
        buffer.paste(pane, x: area.x, y: area.y)
    }

    /// Draws the pane into `area` of `buffer`.
    static func draw(_ state: MainScene, into buffer: inout Buffer, area: Rect, rowTexts: RowTextCache) {
        let focused = state.focus == .table && state.onTop
        let artworkCount = state.shownArtworkCount
        var title = (focused ? Bars.focusMark : "") + "\(artworkCount) artwork\(artworkCount == 1 ? "" : "s") in \(state.ranked.count) building\(state.ranked.count == 1 ? "" : "s")"
        if let radius = state.radius, state.outsideRadius > 0 {
            title += " · \(state.outsideRadius) more beyond \(state.distanceText(radius))"
        }
        if state.catalogueIsPartial { title += " nearby · reading the rest…" }
        buffer.box(area, title: title, style: Style(focused ? .borderFocused : .border, bold: focused), ascii: state.ascii)
        let inner = area.inset(1)
        guard inner.width > 2, inner.height > 1 else { return }
        var columns = Columns(width: inner.width, imperial: state.imperial)
        columns.ascii = state.ascii
        buffer.write(columns.header, x: inner.x, y: inner.y, style: Style(.header, bold: true, underline: true), maxWidth: inner.width)
        let body = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
        if state.rows.isEmpty {
            // While the art around here is fetched, the empty table says so, not "no artworks here" (issue 50).
            let empty = state.context.fetchingArt ? "fetching the art around here…" : "no artworks here"
            let message = state.searchText.isEmpty ? empty : "nothing matches \"\(state.searchText)\""
            buffer.write(message, x: body.x + 1, y: body.y, style: Style(.muted), maxWidth: body.width - 1)
            return
        }
        for line in 0..<body.height {
            let index = state.tableScroll + line
            guard state.rows.indices.contains(index) else { break }
            let y = body.y + line
            let text: String
            let style: Style
            let key = RowTextCache.Key(version: state.rowsVersion, row: index, width: body.width)
            switch state.rows[index] {
            case .building(let b):
                text = rowTexts.text(key) { columns.building(state.ranked[b]) }
                style = Style(.header, bold: true)
            case .artwork(let b, let a):
                let place = state.ranked[b]
                text = rowTexts.text(key) {
                    let artwork = place.artworks[a].artwork
                    // A place that is its one artwork: the artwork's line, with the place's distance and direction.
                    let heart = state.isFavourite(artwork), seen = state.isSeen(artwork)
                    if place.building.standsForItsArtwork { return columns.artwork(artwork, heart: heart, seen: seen, from: place) }
                    return columns.artwork(artwork, heart: heart, seen: seen)
                }
                style = Style(place.building.standsForItsArtwork ? .header : .normal, bold: place.building.standsForItsArtwork)
            }
            // Row texts are cleaned and padded to the width when made, and kept between frames.
            buffer.writeFitted(text, x: body.x, y: y, style: style)
            if index == state.selectedRow {
                buffer.restyle(Rect(x: body.x, y: y, width: body.width, height: 1),
                               Style(.selection, bold: true, reverse: focused, underline: !focused))
            }
        }
        // Scroll marks on the border when rows are hidden above or below.
        if state.tableScroll > 0 { buffer.set(area.maxX - 1, body.y, state.ascii ? "^" : "▲", Style(.accent)) }
        if state.tableScroll + body.height < state.rows.count {
            buffer.set(area.maxX - 1, body.maxY - 1, state.ascii ? "v" : "▼", Style(.accent))
        }
    }

    /// Column widths for one table width; every row is padded to them, so columns stay aligned.
    struct Columns {
        let width: Int
        let title: Int
        let artist: Int
        let year: Int
        let imperial: Bool
        /// ASCII only: a seen artwork's mark is `v`, not ✓.
        var ascii = false

        init(width: Int, imperial: Bool = false) {
            self.width = width
            self.imperial = imperial
            let rest = max(0, width - 2 - 2)
            year = width >= 60 ? 13 : (width >= 40 ? 9 : 0)
            let text = max(0, rest - year - (year > 0 ? 1 : 0))
            title = text * 55 / 100
            artist = text - title
        }

        var header: String {
            TextWidth.pad("  " + TextWidth.pad("Title", to: title) + " " + TextWidth.pad("Artist", to: artist - 1)
                + (year > 0 ? " " + TextWidth.pad("Year", to: year) : ""), to: width)
        }

        func building(_ b: RankedBuilding) -> String {
            let compass = CompassPoint(bearing: b.bearing)
            let right = "\(DistanceText.format(b.distance, imperial: imperial)) \(direction(compass)) "
            let leftWidth = max(0, width - TextWidth.of(right) - 1)
            // The count gives way before the name gets too short to read.
            let count = leftWidth - 2 - TextWidth.of(" (\(b.artworks.count))") >= 8 ? " (\(b.artworks.count))" : ""
            // Cut in the middle: "Victoria Gallery & Museum" and "…Museum Quadrangle" stay told apart.
            let left = "▸ " + MessageFit.middleCut(DisplayText.clean(b.name), to: max(1, leftWidth - 2 - TextWidth.of(count))) + count
            return TextWidth.pad(left, to: leftWidth) + " " + right
        }

        /// The way to a place: an arrow, or in ASCII its letters, since one ASCII character cannot tell NW from SE.
        func direction(_ compass: CompassPoint) -> String { ascii ? compass.abbreviation : compass.arrow }

        /// The year column's text: the whole when it fits, else the year in it ("Unveiled 1927" -> "1927").
        static func yearText(_ text: String, width: Int) -> String {
            guard TextWidth.of(text) > width else { return text }
            if let range = text.range(of: #"[0-9]{4}(s|\s*[-–]\s*[0-9]{2,4})?"#, options: .regularExpression) {
                return String(text[range])
            }
            return text
        }

        /// The two marks before an artwork's title: the heart, then ✓ for one seen (issue 47), each a space when not.
        static func marks(heart: Bool, seen: Bool, plain: String = " ", ascii: Bool = false) -> String {
            (heart ? "♥" : plain) + (seen ? (ascii ? "v" : "✓") : " ")
        }

        func artwork(_ a: Artwork, heart: Bool = false, seen: Bool = false) -> String {
            let titleText = DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title)
            var line = Columns.marks(heart: heart, seen: seen, ascii: ascii) + TextWidth.pad(titleText, to: title) + " " + TextWidth.pad(DisplayText.clean(a.artist), to: artist - 1)
            if year > 0 { line += " " + TextWidth.pad(Columns.yearText(DisplayText.clean(a.year), width: year), to: year) }
            return TextWidth.pad(line, to: width)
        }

        /// An artwork that is a place of its own: "▸ Title · Artist" with the place's distance and direction on the
        /// right, as a group line has them.
        func artwork(_ a: Artwork, heart: Bool, seen: Bool = false, from place: RankedBuilding) -> String {
            let compass = CompassPoint(bearing: place.bearing)
            let right = "\(DistanceText.format(place.distance, imperial: imperial)) \(direction(compass)) "
            let leftWidth = max(0, width - TextWidth.of(right) - 1)
            let titleText = DisplayText.clean(a.title).isEmpty ? "(untitled)" : DisplayText.clean(a.title)
            let artistText = DisplayText.clean(a.artist)
            let room = max(1, leftWidth - 2)
            var words = artistText.isEmpty ? titleText : titleText + " · " + artistText
            // Too long: title and artist each cut at its own end, never one cut running across both (issue 50).
            if !artistText.isEmpty, TextWidth.of(words) > room {
                let artistRoom = min(TextWidth.of(artistText), max(6, (room - 3) * 2 / 5))
                words = TextWidth.truncate(titleText, to: max(1, room - 3 - artistRoom)) + " · " + TextWidth.truncate(artistText, to: artistRoom)
            }
            // "•", not a group line's "▸": a place that is its one artwork is not a building (issue 50).
            let left = Columns.marks(heart: heart, seen: seen, plain: "•", ascii: ascii) + TextWidth.truncate(words, to: room)
            return TextWidth.pad(left, to: leftWidth) + " " + right
        }
    }
}

/// The table's row texts between frames: a row's text depends only on the rows (their version in the
/// state) and the width, so a cursor move that leaves them alone reuses them instead of measuring and
/// padding every title again. Bounded; emptied when full.
final class RowTextCache: @unchecked Sendable {
    struct Key: Hashable {
        let version: Int
        let row: Int
        let width: Int
    }

    private let lock = NSLock()
    private var texts: [Key: String] = [:]

    func text(_ key: Key, make: () -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let known = texts[key] { return known }
        if texts.count > 4096 { texts.removeAll(keepingCapacity: true) }
        let made = make()
        texts[key] = made
        return made
    }
}
