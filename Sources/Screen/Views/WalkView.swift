import Cells
import App
import Catalog
import Geo
import TerminalTypes

/// The art walk (issue 32): the itinerary in the table's place (stop, artwork, leg, time of arrival), its
/// numbered stops on the map over the path `RouteLayer` draws, and the next stop on the status line.
public enum WalkView {
    /// Draws the itinerary into `area` (the table's place).
    public static func render(_ walk: WalkState, _ context: ViewContext, into buffer: inout Buffer, screen area: Rect) {
        buffer.box(area, title: title(walk, context), style: Style(.borderFocused, bold: true), ascii: context.ascii)
        let inner = area.inset(1)
        guard inner.width > 8, inner.height > 0 else { return }
        let rows = lines(walk, context, width: inner.width - 1)
        // The lines above the stops stay; the stops scroll so the selected one is in view.
        let split = rows.firstIndex { $0.stop != nil } ?? rows.count
        let head = Array(rows[..<split]), rest = Array(rows[split...])
        let room = max(0, inner.height - (inner.height >= 3 ? 1 : 0) - head.count)
        let selectedAt = rest.firstIndex { $0.stop == walk.selected } ?? 0
        let scroll = selectedAt < room ? 0 : selectedAt - room + 1
        for (offset, line) in (head + rest.dropFirst(scroll).prefix(room)).enumerated() where offset < inner.height {
            let style = line.stop != nil && line.stop == walk.selected ? Style(.selection, bold: true, reverse: true) : line.style
            buffer.write(TextWidth.truncate(line.text, to: inner.width - 1), x: inner.x + 1, y: inner.y + offset, style: style, maxWidth: inner.width - 1)
        }
        if inner.height >= 3 {
            let keys = "x skip · < > stops · t choose · u \(walk.unseenOnly ? "all" : "unseen only") · W save · R resume · Enter detail · Esc close"
            buffer.write(TextWidth.truncate(keys, to: inner.width - 1), x: inner.x + 1, y: inner.maxY - 1, style: Style(.muted), maxWidth: inner.width - 1)
        }
    }

    /// The box's title: what the walk goes through, its length and time.
    static func title(_ walk: WalkState, _ context: ViewContext) -> String {
        let what = (walk.savedName.map { "'\(DisplayText.clean($0))'" } ?? walk.pick.label) + (walk.unseenOnly ? " not seen yet" : "")
        guard let itinerary = walk.itinerary else { return "Art walk · \(what)" }
        let minutes = Int(((itinerary.totalMetres / walk.speed + Double(itinerary.stops.count) * walk.stay) / 60).rounded())
        // The time first: cut at the pane's edge, "41 min" would read "41 m…", metres (issue 50).
        return "Art walk · \(minutes) min · \(context.distanceText(itinerary.totalMetres)) · "
            + "\(itinerary.stops.count) stop\(itinerary.stops.count == 1 ? "" : "s") · \(what)"
    }

    /// The panel's lines for `width` cells: what is under way, a header, a row per stop, the way back, what was left out.
    static func lines(_ walk: WalkState, _ context: ViewContext, width: Int) -> [(text: String, style: Style, stop: Int?)] {
        var rows: [(text: String, style: Style, stop: Int?)] = []
        if let naming = walk.naming {
            let ask = naming.resume ? "Resume the walk saved as: " : "Save the walk as: "
            rows.append((ask + naming.text + (context.ascii ? "_" : "▏") + "  Enter " + (naming.resume ? "resume" : "save") + " · Esc cancel",
                         Style(.search, bold: true), nil))
        }
        switch walk.phase {
        case .planning(let note): rows.append((note, Style(.header, bold: true), nil))
        case .failed(let why): rows += TextWidth.wrap("No walk: " + DisplayText.clean(why), width: width).map { ($0, Style(.statusError, bold: true), nil) }
        case .ready: break
        }
        guard let itinerary = walk.itinerary else { return rows }
        let legWidth = 8, timeWidth = 8
        let titleWidth = max(4, width - 6 - legWidth - timeWidth)
        func row(_ mark: String, _ number: String, _ name: String, _ metres: Double, _ seconds: Double) -> String {
            let leg = context.distanceText(metres), at = "\(Int((seconds / 60).rounded())) min"
            return mark + number + " " + pad(TextWidth.truncate(name, to: titleWidth), titleWidth)
                + String(repeating: " ", count: max(1, legWidth - TextWidth.of(leg))) + leg
                + String(repeating: " ", count: max(1, timeWidth - TextWidth.of(at))) + at
        }
        rows.append((pad("   #  Artwork", 6 + titleWidth) + pad("     leg", legWidth) + "      at", Style(.header, bold: true), nil))
        let arrivals = itinerary.arrivals(speed: walk.speed, stay: walk.stay)
        let next = itinerary.nextIndex
        for (i, stop) in itinerary.stops.enumerated() {
            let artwork = stop.artwork
            let by = DisplayText.clean(artwork.artist)
            let name = (DisplayText.clean(artwork.title).isEmpty ? "(untitled)" : DisplayText.clean(artwork.title)) + (by.isEmpty ? "" : " — " + by)
            let mark = stop.reached ? (context.ascii ? "v " : "✓ ") : (i == next ? (context.ascii ? "> " : "▸ ") : "  ")
            let style = stop.reached ? Style(.muted) : (i == next ? Style(.normal, bold: true) : Style(.normal))
            rows.append((row(mark, pad(number(i + 1, ascii: context.ascii), 2), name, stop.leg.metres, arrivals[i]), style, i))
        }
        if let home = itinerary.homeLeg {
            let back = (arrivals.last.map { $0 + walk.stay } ?? 0) + home.metres / walk.speed
            rows.append((row("  ", "  ", "back to the start", home.metres, back), Style(.muted), nil))
        }
        for left in itinerary.leftOut {
            rows.append(("left out: \(DisplayText.clean(left.title)) — \(left.reason)", Style(.muted), nil))
        }
        return rows
    }

    /// A stop's number as the itinerary and the status line show it: its digits (circled numbers are in no
    /// monospaced font Debian installs by default; on the map a stop stands out by its reversed cell instead).
    public static func number(_ n: Int, ascii: Bool) -> String {
        String(n)
    }

    /// The numbered stops on the map, over the markers: the next one bold, the ones reached muted.
    static func drawMarks(_ walk: WalkState, _ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        guard let itinerary = walk.itinerary else { return }
        let next = itinerary.nextIndex
        // The last stops first, so where two share a cell the earlier number shows.
        for (i, stop) in itinerary.stops.enumerated().reversed() {
            let cell = frame.cell(stop.artwork.coordinate)
            guard frame.inner.contains(x: cell.x, y: cell.y) else { continue }
            // A bare digit is a building's count: a stop is its number reversed (as a badge), in ASCII "(2)".
            let style = stop.reached ? Style(.muted, reverse: true) : Style(i == next ? .you : .markerNear, bold: true, reverse: true)
            let text = state.ascii ? "(\(i + 1))" : number(i + 1, ascii: false)
            let x = max(frame.inner.x, cell.x - (state.ascii ? 1 : 0))
            let drawn = buffer.write(text, x: x, y: cell.y, style: style, maxWidth: frame.inner.maxX - x)
            occupied.insertMarker(x: x, y: cell.y, width: drawn)
        }
    }

    /// The status line's part while a walk is shown: what is under way, or the next stop and how far it is.
    static func statusText(_ walk: WalkState, _ context: ViewContext) -> String? {
        switch walk.phase {
        case .planning: return "walk: planning…"
        case .failed: return "walk: none"
        case .ready: break
        }
        guard let itinerary = walk.itinerary, !itinerary.stops.isEmpty else { return "walk: no stops" }
        // Issue 47: how many of its stops the person has seen (by hand, or walking past), whatever this walk reached.
        let seen = itinerary.stops.filter { context.seenAt($0.artwork) != nil }.count
        let seenText = " · \(seen) of \(itinerary.stops.count) stops seen"
        guard let (n, stop) = walk.nextStop else { return "walk: every stop reached" + seenText }
        let metres = Geodesic.distance(from: walk.position, to: stop.artwork.coordinate)
        let title = TextWidth.truncate(DisplayText.clean(stop.artwork.title), to: 24)
        return "next \(number(n, ascii: context.ascii)) \(title) \(context.distanceText(metres))" + seenText
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }
}

extension WalkView: StackScreenView {
    /// Each leg of the walk, drawn as the route's legs are (`RouteLayer.drawLeg`), instead of the route.
    static func drawPaths(_ walk: WalkState, _ frame: MapFrame, on canvas: inout MapCanvas) -> Bool {
        for leg in walk.itinerary?.legs ?? [] { RouteLayer.drawLeg(from: leg.from, along: leg.points, to: leg.to, frame, on: &canvas) }
        return true
    }
}
