import Cells
import App
import Catalog
import Geo
import TerminalTypes

/// The map pane, drawn in layers, bottom to top: the imported base layer, the radius ring and scale bar,
/// a walking route, landmarks, building markers, you-are-here, marker labels, place names, the cursor.
public enum MapView {
    /// Draws the map pane into `area`.
    public static func render(_ state: MainScene, into buffer: inout Buffer, area: Rect, caches: RenderCaches) {
        render(state, into: &buffer, area: area, raster: caches.raster, world: caches.world, clusters: caches.clusters)
    }

    static func render(_ state: MainScene, into buffer: inout Buffer, area: Rect, raster: BaseRaster, world: WorldCache = WorldCache(),
                       clusters: ClusterCache = ClusterCache()) {
        let focused = state.focus == .map && state.onTop
        let scale = state.metresPerCell
        // While a search filters the table, the map says so: its markers count what matches, the rest are dimmed.
        // A detailed world layer that could not be read is said where it is missed (the coarse one stands in).
        let worldLayer = WorldView.layer(state.map.world, metresPerCell: scale)
        let worldNote = worldLayer != nil && scale < 50_000 && state.map.world.detailFailed ? " · 1:10m unreadable" : ""
        let filter = state.searchText.isEmpty ? "" : " · \"\(state.searchText)\": \(state.shownArtworkCount) match\(state.shownArtworkCount == 1 ? "" : "es")"
        buffer.box(area, title: (focused ? Bars.focusMark : "") + "Map · \(scale < 1000 ? "\(Int(scale)) m" : "\(Int(scale / 1000)) km")/cell" + Self.scaleName(scale) + worldNote + filter, style: Style(focused ? .borderFocused : .border, bold: focused), ascii: state.ascii)
        let inner = area.inset(1)
        guard inner.width > 0, inner.height > 0 else { return }
        let frame = MapFrame(state, inner: inner)
        var occupied = OccupiedCells(area: inner)

        // The base layer's dots are kept for this map, centre, zoom and size: a cursor move draws only what is on top.
        let base = raster.raster(state, frame)
        // Far out, the world's coasts and borders lie under everything (kept while the view stands): as the kept layer
        // itself where no streets are drawn, so a frame merges only what it draws on top; else under the streets' dots.
        let worldDrawing = WorldView.drawing(state, frame, cache: world)
        var overlay = MapCanvas(columns: inner.width, rows: inner.height)
        var under = (canvas: base.canvas, codes: base.codes)
        if let worldDrawing {
            if base.codes.allSatisfy({ $0 == 0 }) { under = (worldDrawing.canvas, worldDrawing.codes) } else { overlay = worldDrawing.canvas }
        }
        let scaleBar = GuidesLayer.draw(state, frame, on: &overlay)
        RouteLayer.draw(state, frame, on: &overlay)
        overlay.compose(over: under.canvas, codes: under.codes, into: &buffer, x: inner.x, y: inner.y, ascii: state.ascii)
        GuidesLayer.label(scaleBar, frame, imperial: state.imperial, into: &buffer, occupied: &occupied)
        if !state.baseMap.isEmpty { GuidesLayer.credit(frame, ascii: state.ascii, into: &buffer, occupied: &occupied) }
        BaseLayer.drawLandmarks(state, frame, landmarks: base.landmarks, into: &buffer, occupied: &occupied)
        if state.showsClusters {
            MarkerLayer.drawClusters(state, frame, cache: clusters, into: &buffer, occupied: &occupied)
        } else {
            MarkerLayer.draw(state, frame, into: &buffer, occupied: &occupied)
        }
        StackViews.drawMarks(state.beside, state, frame, into: &buffer, occupied: &occupied)
        MarkerLayer.drawYouAreHere(state, frame, into: &buffer, occupied: &occupied)
        // Far out the clusters carry their counts; buildings' names would crowd the world's.
        if !state.showsClusters { LabelLayer.draw(state, frame, into: &buffer, occupied: &occupied) }
        BaseLayer.drawNames(base.names, into: &buffer, occupied: &occupied, clip: inner)
        if let worldDrawing {
            WorldView.drawNames(worldDrawing, state, frame, into: &buffer, occupied: &occupied)
            // No coast in view and nothing stored here: say so, rather than leave a blank pane.
            if !worldDrawing.centreOnLand, worldDrawing.codes.allSatisfy({ $0 == 0 }), base.codes.allSatisfy({ $0 == 0 }) {
                let hint = "open water · - zooms out"
                let x = inner.x + max(0, (inner.width - hint.count) / 2), y = frame.centerY + 2
                if y < inner.maxY, occupied.isFree(x: x, y: y, width: hint.count) {
                    _ = buffer.write(hint, x: x, y: y, style: Style(.muted), maxWidth: inner.width, clip: inner)
                }
            }
        }
        occupied.clearMargins(in: &buffer)
        CursorLayer.draw(state, frame, into: &buffer)
    }

    /// What the scale shows, far out: the world, a continent, a country, a region.
    static func scaleName(_ metresPerCell: Double) -> String {
        switch metresPerCell {
        case 500_000...: return " · world"
        case 200_000...: return " · continent"
        case 50_000...: return " · country"
        case 5_000...: return " · region"
        default: return ""
        }
    }

    /// A marker glyph: a dot for one artwork, the count for up to nine, a ringed dot for more. Only glyphs DejaVu
    /// Sans Mono has (issue 50: circled numbers are in no monospaced font Debian installs by default).
    public static func marker(count: Int, ascii: Bool) -> Character {
        if count <= 1 { return ascii ? "o" : "●" }
        return count <= 9 ? Character(String(count)) : (ascii ? "#" : "◉")
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
