import App
import Catalog
import Geo

/// The map pane: markers (one per building), the reference point, the cursor, labels that never
/// overlap, the radius ring and a scale bar, north up.
public enum MapView {
    public static func render(_ state: AppState, into buffer: inout Buffer, area: Rect) {
        let focused = state.focus == .map && state.overlays.isEmpty
        let scale = state.metresPerCell
        buffer.box(area, title: "Map · \(scale < 1000 ? "\(Int(scale)) m" : "\(Int(scale / 1000)) km")/cell",
                   style: Style(focused ? .borderFocused : .border, bold: focused), ascii: state.ascii)
        let inner = area.inset(1)
        guard inner.width > 0, inner.height > 0 else { return }
        let centerX = inner.x + inner.width / 2, centerY = inner.y + inner.height / 2
        var occupied = Set<Int>()
        func key(_ x: Int, _ y: Int) -> Int { y * 10_000 + x }

        // Fine lines first: the radius ring and the scale bar; markers and labels go over them.
        var canvas = BrailleCanvas(columns: inner.width, rows: inner.height)
        let dotMetres = scale / 2
        let referenceOffset = state.projection.project(state.reference)
        let refDotX = Double((centerX - inner.x) * 2) + 0.5 + referenceOffset.east / dotMetres
        let refDotY = Double((centerY - inner.y) * 4) + 1.5 - referenceOffset.north / dotMetres
        if let radius = state.radius {
            canvas.circle(cx: refDotX, cy: refDotY, radius: radius / dotMetres)
        }
        let bar = scaleBar(metresPerCell: scale, maxCells: max(1, inner.width / 4))
        let barRow = inner.height - 1
        if inner.height >= 3, inner.width >= 12 {
            let length = max(1, Int((bar / dotMetres).rounded()))
            canvas.line(fromX: 2, toX: 2 + length, y: barRow * 4 + 2)
            canvas.dot(2, barRow * 4 + 1)
            canvas.dot(2 + length, barRow * 4 + 1)
        }
        for row in 0..<inner.height {
            for column in 0..<inner.width {
                if let glyph = canvas.glyph(column: column, row: row, ascii: state.ascii) {
                    buffer.set(inner.x + column, inner.y + row, glyph, Style(.ring))
                }
            }
        }
        if inner.height >= 3, inner.width >= 12 {
            let labelX = inner.x + 1 + Int((bar / scale).rounded()) + 2
            let used = buffer.write(DistanceText.format(bar), x: labelX, y: inner.y + barRow, style: Style(.muted), clip: inner)
            for x in inner.x..<min(inner.maxX, labelX + used) { occupied.insert(key(x, inner.y + barRow)) }
        }

        // Markers: the buildings in view (from the spatial index, so the cost follows what is on screen, not
        // the catalogue); the ones the table hides (radius, search) dimmed and drawn first, under the others.
        var markerCells: [(x: Int, y: Int, building: Building)] = []
        let view = state.boundingBox(cellsFromX: inner.x - centerX - 1, toX: inner.maxX - centerX, fromY: inner.y - centerY - 1, toY: inner.maxY - centerY)
        let inView = state.catalog.buildingIndices(inside: view).map { state.catalog.buildings[$0] }
        let everything = inView.filter { state.rankPosition(ofBuilding: $0.key) == nil }.reversed()
            + inView.filter { state.rankPosition(ofBuilding: $0.key) != nil }.reversed()
        for building in everything {
            let offset = state.cellOffset(of: building.coordinate)
            let x = centerX + offset.x, y = centerY + offset.y
            guard inner.contains(x: x, y: y) else { continue }
            let position = state.rankPosition(ofBuilding: building.key)
            let style: Style = position == nil ? Style(.markerDim, dim: true)
                : (position! < state.nearestCount ? Style(.markerNear, bold: true) : Style(.marker))
            buffer.set(x, y, marker(count: building.artworks.count, ascii: state.ascii), style)
            occupied.insert(key(x, y))
            markerCells.append((x, y, building))
        }

        // You are here.
        let you = state.cellOffset(of: state.reference)
        let youX = centerX + you.x, youY = centerY + you.y
        if inner.contains(x: youX, y: youY) {
            buffer.set(youX, youY, state.ascii ? "@" : "◎", Style(.you, bold: true))
            occupied.insert(key(youX, youY))
        }

        // Labels: the building under the cursor first, then the nearest ones, where they fit.
        let cursorX = centerX + state.cursorX, cursorY = centerY + state.cursorY
        var labelled = Set<String>()
        func place(_ text: String, nearX x: Int, y: Int, style: Style) -> Bool {
            let clean = DisplayText.clean(text)
            let width = min(TextWidth.of(clean), inner.width - 2)
            guard width > 0 else { return false }
            // Right of the marker, left of it, then centred on the row above or below.
            let spots = [(x + 2, y, false), (x - 1 - width, y, false), (x - width / 2, y - 1, true), (x - width / 2, y + 1, true)]
            for (startX, row, slides) in spots {
                // Beside the marker a label keeps a one-cell gap; above or below it may slide to fit.
                let start = slides ? max(inner.x, min(startX, inner.maxX - width)) : startX
                guard row >= inner.y, row < inner.maxY, start >= inner.x, start + width <= inner.maxX else { continue }
                let cells = (start..<start + width).map { key($0, row) }
                // A free cell on each side too, so a label never reads as belonging to a neighbour's marker.
                let margin = [key(start - 1, row), key(start + width, row)]
                if cells.contains(where: occupied.contains) || margin.contains(where: occupied.contains) || (row == cursorY && (start..<start + width).contains(cursorX)) { continue }
                buffer.write(clean, x: start, y: row, style: style, maxWidth: width, clip: inner)
                cells.forEach { occupied.insert($0) }
                return true
            }
            return false
        }
        if let b = state.buildingUnderCursor {
            let building = state.ranked[b]
            let count = building.artworks.count
            let nearestTitle = building.artworks.first.map { " · " + $0.artwork.title } ?? ""
            let title = "\(building.name) · \(count) artwork\(count == 1 ? "" : "s")\(count > 1 ? nearestTitle : "") · \(DistanceText.format(building.distance))"
            let short = "\(building.name) · \(DistanceText.format(building.distance))"
            if place(title, nearX: cursorX, y: cursorY, style: Style(.label, bold: true))
                || place(short, nearX: cursorX, y: cursorY, style: Style(.label, bold: true))
                || place(building.name, nearX: cursorX, y: cursorY, style: Style(.label, bold: true)) {
                labelled.insert(building.building.key)
            }
        }
        for building in state.ranked.prefix(state.nearestCount) where !labelled.contains(building.building.key) {
            let offset = state.cellOffset(of: building.building.coordinate)
            let x = centerX + offset.x, y = centerY + offset.y
            guard inner.contains(x: x, y: y) else { continue }
            if place(building.name, nearX: x, y: y, style: Style(.label)) { labelled.insert(building.building.key) }
        }

        // The cursor: reverse video on whatever is under it, so it is always visible.
        if inner.contains(x: cursorX, y: cursorY) {
            let under = buffer[cursorX, cursorY]
            if under.text == " " || under.isContinuation {
                buffer.set(cursorX, cursorY, "+", Style(.cursor, bold: true, reverse: true))
            } else {
                buffer.restyle(Rect(x: cursorX, y: cursorY, width: 1, height: 1), Style(.cursor, bold: true, reverse: true))
            }
        }
    }

    /// A marker glyph: a dot for one artwork, a circled count for more.
    public static func marker(count: Int, ascii: Bool) -> Character {
        if ascii {
            if count <= 1 { return "o" }
            return count <= 9 ? Character(String(count)) : "#"
        }
        if count <= 1 { return "●" }
        if count <= 20, let scalar = Unicode.Scalar(0x2460 + UInt32(count - 1)) { return Character(scalar) }
        return "◉"
    }

    /// The longest round distance that fits in `maxCells` at this zoom.
    static func scaleBar(metresPerCell: Double, maxCells: Int) -> Double {
        let steps: [Double] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000]
        return steps.last { $0 / metresPerCell <= Double(maxCells) } ?? steps[0]
    }
}
