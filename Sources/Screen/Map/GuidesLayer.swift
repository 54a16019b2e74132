import Cells
import App
import Catalog
import Geo

/// The radius ring around the reference point and the scale bar in the bottom-left corner.
enum GuidesLayer {
    /// Draws both; returns the scale bar's length in metres when there is room for one.
    static func draw(_ state: MainScene, _ frame: MapFrame, on canvas: inout MapCanvas) -> Double? {
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
        // The bar's row is kept free of names; the distance keeps a clear cell each side, as names do.
        occupied.insert(x: inner.x, y: inner.maxY - 1, width: max(0, min(inner.maxX, x - 1) - inner.x))
        occupied.insertLabel(x: x, y: inner.maxY - 1, width: max(0, min(inner.maxX, x + used) - x))
    }
}

extension GuidesLayer {
    /// The attribution OpenStreetMap data asks for, bottom right, kept clear of names.
    static func credit(_ frame: MapFrame, ascii: Bool = false, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let inner = frame.inner
        guard inner.width >= 30, inner.height >= 4 else { return }
        let (credit, width) = credits[(ascii ? 2 : 0) + (inner.width >= 60 ? 0 : 1)]
        let x = inner.maxX - width
        guard occupied.isFree(x: x, y: inner.maxY - 1, width: width) else { return }
        buffer.write(credit, x: x, y: inner.maxY - 1, style: Style(.muted, dim: true), clip: inner)
        occupied.insertLabel(x: x, y: inner.maxY - 1, width: width)
    }

    /// The credit, long and short, with the © sign and in ASCII, each with its width (measured once).
    private static let credits: [(String, Int)] = ["©", "(c)"].flatMap { mark in
        ["\(mark) OpenStreetMap contributors", "\(mark) OSM"].map { ($0, TextWidth.of($0)) }
    }
}

/// A walking route as a bold line along the ways, with the straight bits from the start and to the
