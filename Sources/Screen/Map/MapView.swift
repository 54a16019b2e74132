import App
import Catalog
import Geo

/// The map pane, drawn in layers, bottom to top: the imported base layer, the radius ring and scale bar,
/// a walking route, landmarks, building markers, you-are-here, marker labels, place names, the cursor.
public enum MapView {
    public static func render(_ state: AppState, into buffer: inout Buffer, area: Rect) {
        let focused = state.focus == .map && state.overlays.isEmpty
        let scale = state.metresPerCell
        buffer.box(area, title: "Map · \(scale < 1000 ? "\(Int(scale)) m" : "\(Int(scale / 1000)) km")/cell", style: Style(focused ? .borderFocused : .border, bold: focused), ascii: state.ascii)
        let inner = area.inset(1)
        guard inner.width > 0, inner.height > 0 else { return }
        let frame = MapFrame(state, inner: inner)
        var occupied = OccupiedCells()

        var canvas = MapCanvas(columns: inner.width, rows: inner.height)
        let features = BaseLayer.visible(state, frame)
        BaseLayer.draw(state, frame, features: features, on: &canvas)
        let scaleBar = GuidesLayer.draw(state, frame, on: &canvas)
        RouteLayer.draw(state, frame, on: &canvas)
        canvas.compose(into: &buffer, x: inner.x, y: inner.y, ascii: state.ascii)
        GuidesLayer.label(scaleBar, frame, imperial: state.imperial, into: &buffer, occupied: &occupied)
        if !state.baseMap.isEmpty { GuidesLayer.credit(frame, into: &buffer, occupied: &occupied) }
        BaseLayer.drawLandmarks(state, frame, features: features, into: &buffer, occupied: &occupied)
        MarkerLayer.draw(state, frame, into: &buffer, occupied: &occupied)
        MarkerLayer.drawYouAreHere(state, frame, into: &buffer, occupied: &occupied)
        LabelLayer.draw(state, frame, into: &buffer, occupied: &occupied)
        BaseLayer.drawNames(state, frame, features: features, into: &buffer, occupied: &occupied)
        CursorLayer.draw(state, frame, into: &buffer)
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
    static func scaleBar(metresPerCell: Double, maxCells: Int, imperial: Bool = false) -> Double {
        let metric: [Double] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000,
                                200_000, 500_000, 1_000_000, 2_000_000]
        // Round feet up to a tenth of a mile, then round miles, all in metres.
        let feet: [Double] = [5, 10, 20, 50, 100, 200, 500].map { $0 * 0.3048 }
        let miles: [Double] = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map { $0 * 1609.344 }
        let steps = imperial ? feet + miles : metric
        return steps.last { $0 / metresPerCell <= Double(maxCells) } ?? steps[0]
    }
}

/// The radius ring around the reference point and the scale bar in the bottom-left corner.
enum GuidesLayer {
    /// Draws both; returns the scale bar's length in metres when there is room for one.
    static func draw(_ state: AppState, _ frame: MapFrame, on canvas: inout MapCanvas) -> Double? {
        let reference = frame.dot(state.reference)
        if let radius = state.radius {
            canvas.circle(.guide, cx: reference.x, cy: reference.y, radius: radius / frame.dotMetres)
        }
        guard frame.inner.height >= 3, frame.inner.width >= 12 else { return nil }
        let bar = MapView.scaleBar(metresPerCell: frame.metresPerCell, maxCells: max(1, frame.inner.width / 4), imperial: state.imperial)
        let row = (frame.inner.height - 1) * 4
        let length = max(1, Int((bar / frame.dotMetres).rounded()))
        for x in 2...(2 + length) { canvas.dot(.guide, x, row + 2) }
        canvas.dot(.guide, 2, row + 1)
        canvas.dot(.guide, 2 + length, row + 1)
        return bar
    }

    static func label(_ bar: Double?, _ frame: MapFrame, imperial: Bool, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        guard let bar else { return }
        let inner = frame.inner
        let x = inner.x + 1 + Int((bar / frame.metresPerCell).rounded()) + 2
        let used = buffer.write(DistanceText.format(bar, imperial: imperial), x: x, y: inner.maxY - 1, style: Style(.muted), clip: inner)
        occupied.insert(x: inner.x, y: inner.maxY - 1, width: max(0, min(inner.maxX, x + used) - inner.x))
    }
}

extension GuidesLayer {
    /// The attribution OpenStreetMap data asks for, bottom right, kept clear of names.
    static func credit(_ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let inner = frame.inner
        let credit = inner.width >= 60 ? "© OpenStreetMap contributors" : "© OSM"
        let width = TextWidth.of(credit)
        guard inner.width >= 30, inner.height >= 4 else { return }
        let x = inner.maxX - width
        guard occupied.isFree(x: x, y: inner.maxY - 1, width: width) else { return }
        buffer.write(credit, x: x, y: inner.maxY - 1, style: Style(.muted, dim: true), clip: inner)
        occupied.insert(x: x, y: inner.maxY - 1, width: width)
    }
}

/// A walking route as a bold line along the ways, with the straight bits from the start and to the
/// target dotted; without a route along the ways, a dotted straight line.
enum RouteLayer {
    static func draw(_ state: AppState, _ frame: MapFrame, on canvas: inout MapCanvas) {
        guard let route = state.route else { return }
        let start = frame.dot(route.start), target = frame.dot(route.target)
        guard let walk = route.walk, let first = walk.points.first, let last = walk.points.last else {
            canvas.line(.route, start.x, start.y, target.x, target.y, dashed: true)
            return
        }
        let points = BaseLayer.simplified(walk.points.map(frame.dot))
        for i in points.indices.dropFirst() {
            canvas.line(.route, points[i - 1].x, points[i - 1].y, points[i].x, points[i].y)
        }
        let a = frame.dot(first), b = frame.dot(last)
        canvas.line(.route, start.x, start.y, a.x, a.y, dashed: true)
        canvas.line(.route, b.x, b.y, target.x, target.y, dashed: true)
    }
}

/// One marker per building in view; the ones the table hides (radius, search) dimmed and drawn first.
enum MarkerLayer {
    static func draw(_ state: AppState, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let inner = frame.inner
        // The spatial index hands over only the buildings in view, so the cost follows the screen.
        let view = state.boundingBox(cellsFromX: inner.x - frame.centerX - 1, toX: inner.maxX - frame.centerX,
                                     fromY: inner.y - frame.centerY - 1, toY: inner.maxY - frame.centerY)
        let inView = state.catalog.buildingIndices(inside: view).map { state.catalog.buildings[$0] }
        let everything = inView.filter { state.rankPosition(ofBuilding: $0.key) == nil }.reversed()
            + inView.filter { state.rankPosition(ofBuilding: $0.key) != nil }.reversed()
        for building in everything {
            let offset = state.cellOffset(of: building.coordinate)
            let x = frame.centerX + offset.x, y = frame.centerY + offset.y
            guard inner.contains(x: x, y: y) else { continue }
            let position = state.rankPosition(ofBuilding: building.key)
            let style: Style = position == nil ? Style(.markerDim, dim: true)
                : (position! < state.nearestCount ? Style(.markerNear, bold: true) : Style(.marker))
            buffer.set(x, y, MapView.marker(count: building.artworks.count, ascii: state.ascii), style)
            occupied.insert(x, y)
        }
    }

    static func drawYouAreHere(_ state: AppState, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let you = state.cellOffset(of: state.reference)
        let x = frame.centerX + you.x, y = frame.centerY + you.y
        guard frame.inner.contains(x: x, y: y) else { return }
        buffer.set(x, y, state.ascii ? "@" : "◎", Style(.you, bold: true))
        occupied.insert(x, y)
    }
}

/// Marker labels: the building under the cursor first, then the nearest ones, where they fit.
enum LabelLayer {
    static func draw(_ state: AppState, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let inner = frame.inner
        let cursorX = frame.centerX + state.cursorX, cursorY = frame.centerY + state.cursorY
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
                // A free cell on each side too, so a label never reads as belonging to a neighbour's marker.
                guard occupied.isFree(x: start, y: row, width: width), !(row == cursorY && (start..<start + width).contains(cursorX)) else { continue }
                buffer.write(clean, x: start, y: row, style: style, maxWidth: width, clip: inner)
                occupied.insert(x: start, y: row, width: width)
                return true
            }
            return false
        }
        if let b = state.buildingUnderCursor {
            let building = state.ranked[b]
            let count = building.artworks.count
            let nearestTitle = building.artworks.first.map { " · " + $0.artwork.title } ?? ""
            let title = "\(building.name) · \(count) artwork\(count == 1 ? "" : "s")\(count > 1 ? nearestTitle : "") · \(state.distanceText(building.distance))"
            let short = "\(building.name) · \(state.distanceText(building.distance))"
            if place(title, nearX: cursorX, y: cursorY, style: Style(.label, bold: true))
                || place(short, nearX: cursorX, y: cursorY, style: Style(.label, bold: true))
                || place(building.name, nearX: cursorX, y: cursorY, style: Style(.label, bold: true)) {
                labelled.insert(building.building.key)
            }
        }
        for building in state.ranked.prefix(state.nearestCount) where !labelled.contains(building.building.key) {
            let offset = state.cellOffset(of: building.building.coordinate)
            let x = frame.centerX + offset.x, y = frame.centerY + offset.y
            guard inner.contains(x: x, y: y) else { continue }
            if place(building.name, nearX: x, y: y, style: Style(.label)) { labelled.insert(building.building.key) }
        }
    }
}

/// The cursor: reverse video on whatever is under it, so it is always visible.
enum CursorLayer {
    static func draw(_ state: AppState, _ frame: MapFrame, into buffer: inout Buffer) {
        let x = frame.centerX + state.cursorX, y = frame.centerY + state.cursorY
        guard frame.inner.contains(x: x, y: y) else { return }
        let under = buffer[x, y]
        if under.text == " " || under.isContinuation {
            buffer.set(x, y, "+", Style(.cursor, bold: true, reverse: true))
        } else {
            buffer.restyle(Rect(x: x, y: y, width: 1, height: 1), Style(.cursor, bold: true, reverse: true))
        }
    }
}
