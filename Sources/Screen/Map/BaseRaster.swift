import Cells
import App
import Cartography
import Foundation
import Geo
import TerminalTypes

/// The base layer drawn for one map, anchor, zoom and size, kept between frames: moving the cursor, changing
/// the selection or a label does not draw the city again, and a pan shifts the kept dots by whole cells and
/// draws only the uncovered strip (a zoom or a new anchor draws it whole). One entry, owned by whoever draws the
/// frames (`RenderCaches`); it holds the map it was drawn from, so an identity is never reused while kept.
/// Every dot depends only on the feature and the map's anchor (`MapFrame.anchorDot`), so a strip drawn after
/// a pan holds exactly the dots a whole drawing would (tested against fresh drawings).
/// Beside the run loop it also keeps a wider sheet around the view (a quarter of a view on each side, within what
/// the view reads ahead), moved like the view: a pan's strip inside a sheet of the same features is copied from it,
/// not drawn on the loop.
final class BaseRaster: @unchecked Sendable {
    private let lock = NSLock()
    /// How many times the base layer was drawn whole.
    private(set) var draws = 0
    /// How many times a kept base layer was shifted and only its uncovered strip drawn (or copied).
    private(set) var strips = 0
    /// How many uncovered strips were copied from a sheet drawn beside the loop.
    private(set) var stripsFromSheets = 0
    /// How many sheets were made, and how many of them by moving the one before (only its new strips drawn).
    private(set) var sheetsDrawn = 0
    private(set) var sheetsMoved = 0
    private var kept: Kept?

    /// Whether and where sheets are drawn: beside the loop on a queue of their own (the view), at once on the
    /// caller's thread (tests: each frame finds the sheet asked for by the one before), later, or not at all.
    /// `held` keeps the jobs until `runHeldSheets` (tests: sheets that lag behind the view).
    enum SheetDrawing: Sendable { case beside, atOnce, held, never }
    private let sheetDrawing: SheetDrawing
    private var sheet: Sheet?
    private var sheetPending = false
    private var heldSheets: [@Sendable () -> Void] = []

    init(sheets: SheetDrawing = .never) {
        sheetDrawing = sheets
    }

    /// A drawing wider than the view on the same grid of dots, and the map it was drawn from.
    private struct Sheet: Sendable {
        let map: BaseMap
        let grid: Grid
        let canvas: MapCanvas
    }

    /// What a kept drawing was made for: the same grid of dots, wherever its window lies on it.
    private struct Grid: Equatable, Sendable {
        let anchor: Coordinate
        let metresPerCell: Double
        let inner: Rect
        let fractionX: Double
        let fractionY: Double
        let ascii: Bool
    }

    private struct Kept: Sendable {
        let map: BaseMap
        let grid: Grid
        let originX: Int
        let originY: Int
        /// The features' area it was drawn for (to compare maps when the tiles change under a pan).
        let view: FeatureBounds
        let drawn: Drawn
    }

    /// What the base layer gives a frame: its dots, the landmarks in view, where names would go.
    struct Drawn: Sendable {
        let landmarks: [Int]
        let canvas: MapCanvas
        /// The canvas composed, a code a cell (`MapCanvas.cellTable`).
        let codes: [UInt16]
        let names: [BaseLayer.NameSpot]
    }

    /// The base layer for this frame: the kept entry when it matches, shifted when the map only panned.
    func raster(_ state: MainScene, _ frame: MapFrame) -> Drawn {
        let map = state.baseMap
        let grid = Grid(anchor: state.projection.anchored.center, metresPerCell: frame.metresPerCell, inner: frame.inner,
                        fractionX: frame.originFraction.x, fractionY: frame.originFraction.y, ascii: state.ascii)
        let (kept, sheet) = lock.withLock { (self.kept, self.sheet) }
        if let kept, kept.map === map, kept.grid == grid, kept.originX == frame.originDotX, kept.originY == frame.originDotY {
            return kept.drawn
        }
        let view = BaseLayer.viewBounds(state, frame)
        var canvas: MapCanvas
        var codes: [UInt16] = []
        var shifted = false
        // Every feature in view is listed only for a whole drawing or for names (close zoom): a pan draws
        // its strip from the strip's own features.
        var visible: [Int]?
        if let kept, kept.grid == grid, let moved = shift(kept, to: frame, state, sheet: sheet?.grid == grid ? sheet : nil) {
            canvas = moved.canvas
            // The kept codes move with the canvas; only the strips' cells are composed.
            codes = MapCanvas.shifted(kept.drawn.codes, columns: frame.inner.width, rows: frame.inner.height, dx: moved.dx, dy: moved.dy)
            for strip in moved.strips { canvas.compose(into: &codes, region: strip) }
            shifted = true
        } else {
            let features = BaseLayer.visible(state, frame)
            visible = features
            canvas = MapCanvas(columns: frame.inner.width, rows: frame.inner.height, originX: frame.originDotX, originY: frame.originDotY)
            BaseLayer.draw(map, frame, features: features, on: &canvas, area: view)
            canvas.compose(into: &codes)
        }
        let names = BaseLayer.namesShown(at: frame.metresPerCell) ? BaseLayer.nameSpots(state, frame, features: visible ?? BaseLayer.visible(state, frame)) : []
        let landmarks = map.isEmpty ? [] : map.landmarks(in: view, metresPerCell: frame.metresPerCell)
        let drawn = Drawn(landmarks: landmarks, canvas: canvas, codes: codes, names: names)
        let replaced = lock.withLock {
            let replaced = self.kept
            self.kept = Kept(map: map, grid: grid, originX: frame.originDotX, originY: frame.originDotY, view: view, drawn: drawn)
            if shifted { strips += 1 } else { draws += 1 }
            return replaced
        }
        // The map drawn before, when the view has a new one, is let go beside the run loop: freeing a city's
        // features touches each of them, which a frame need not wait for.
        if let replaced, replaced.map !== map { Self.retire(replaced) }
        if sheetDrawing != .never, !map.isEmpty { askSheet(state, frame, grid: grid, sheet: sheet) }
        return drawn
    }

    /// Asks for a sheet around this frame's view unless the sheet there already serves the next strips every
    /// way (half its margin). The sheet before is moved and only what it uncovers drawn, as a pan does the view.
    private func askSheet(_ state: MainScene, _ frame: MapFrame, grid: Grid, sheet: Sheet?) {
        let map = state.baseMap
        let columns = frame.inner.width, rows = frame.inner.height
        // A quarter of a view each side: within the tiles the view reads ahead (half a view), so a sheet is drawn
        // from tiles its map holds.
        let margin = (x: max(4, columns / 4), y: max(2, rows / 4))
        let window = MapCanvas(columns: columns, rows: rows, originX: frame.originDotX, originY: frame.originDotY)
        let ahead = Rect(x: -margin.x / 2, y: -margin.y / 2, width: columns + margin.x, height: rows + margin.y)
        if let sheet, sheet.grid == grid, window.canCopy(ahead, from: sheet.canvas),
           Self.sameFeaturesAtOnce(sheet.map, map, in: groundArea(state, frame, cells: ahead), metresPerCell: frame.metresPerCell) {
            return
        }
        // The sheet's cells, in the view's cells (its first at 0), its first dot and its ground.
        let cells = Rect(x: -margin.x, y: -margin.y, width: columns + 2 * margin.x, height: rows + 2 * margin.y)
        let origin = (x: frame.originDotX - 2 * margin.x, y: frame.originDotY - 4 * margin.y)
        let area = groundArea(state, frame, cells: cells)
        // No sheet over half the globe or more (far out, near a pole): there the strips are drawn on the loop.
        guard area.east - area.west < 180 else { return }
        let asked: Bool = lock.withLock {
            if sheetPending { return false }
            sheetPending = true
            return true
        }
        guard asked else { return }
        var plan = SheetPlan.whole(area: area)
        if let sheet, sheet.grid == grid, sheet.canvas.columns == cells.width, sheet.canvas.rows == cells.height {
            let dotsX = origin.x - sheet.canvas.originX, dotsY = origin.y - sheet.canvas.originY
            let dx = dotsX / 2, dy = dotsY / 4
            if dotsX % 2 == 0, dotsY % 4 == 0, abs(dx) < cells.width, abs(dy) < cells.height {
                // What the moved sheet keeps, in the new sheet's place (its cell i is the old one's i + dx): it must
                // show what this map holds there.
                let kept = Rect(x: cells.x + max(0, -dx), y: cells.y + max(0, -dy), width: cells.width - abs(dx), height: cells.height - abs(dy))
                if Self.sameFeaturesAtOnce(sheet.map, map, in: groundArea(state, frame, cells: kept), metresPerCell: frame.metresPerCell) {
                    let strips = Self.uncovered(columns: cells.width, rows: cells.height, dx: dx, dy: dy).map { strip in
                        (strip, groundArea(state, frame, cells: Rect(x: strip.x + cells.x, y: strip.y + cells.y, width: strip.width, height: strip.height)))
                    }
                    plan = .moved(sheet.canvas, dx: dx, dy: dy, strips: strips)
                }
            }
        }
        let job: @Sendable () -> Void = { [self, plan] in
            let canvas = Self.drawSheet(map, frame, plan, cells: cells, origin: origin)
            let replaced: Sheet? = lock.withLock {
                let replaced = self.sheet
                self.sheet = Sheet(map: map, grid: grid, canvas: canvas)
                sheetPending = false
                sheetsDrawn += 1
                if case .moved = plan { sheetsMoved += 1 }
                return replaced
            }
            // Let go of here, beside the loop, with the map it was drawn from when that changed.
            withExtendedLifetime(replaced) {}
        }
        switch sheetDrawing {
        case .beside: Self.sheets.async(execute: job)
        case .atOnce: job()
        case .held: lock.withLock { heldSheets.append(job) }
        case .never: break
        }
    }

    /// Draws the sheets held so far (`SheetDrawing.held`).
    func runHeldSheets() {
        let jobs = lock.withLock {
            defer { heldSheets = [] }
            return heldSheets
        }
        for job in jobs { job() }
    }

    /// How a sheet is made: drawn whole over its area, or the sheet before moved by whole cells with the
    /// strips it uncovers drawn (each with its ground area).
    private enum SheetPlan: Sendable {
        case whole(area: FeatureBounds)
        case moved(MapCanvas, dx: Int, dy: Int, strips: [(Rect, FeatureBounds)])
    }

    /// The queue that draws sheets, and the one that lets go of maps the view no longer draws.
    fileprivate static let sheets = DispatchQueue(label: "artmap.base-raster.sheet", qos: .userInitiated)
    private static let retiring = DispatchQueue(label: "artmap.base-raster.retire", qos: .utility)

    /// The sheet itself, by `plan`: `map`'s features over `cells` (the view's first cell at 0).
    @inline(never)
    private static func drawSheet(_ map: BaseMap, _ frame: MapFrame, _ plan: SheetPlan, cells: Rect, origin: (x: Int, y: Int)) -> MapCanvas {
        switch plan {
        case .whole(let area):
            var canvas = MapCanvas(columns: cells.width, rows: cells.height, originX: origin.x, originY: origin.y)
            BaseLayer.draw(map, frame, features: map.features(in: area, metresPerCell: frame.metresPerCell), on: &canvas, area: area)
            return canvas
        case .moved(var canvas, let dx, let dy, let strips):
            canvas.shift(columns: dx, rows: dy)
            for (strip, area) in strips {
                canvas.clip(toCells: strip)
                BaseLayer.draw(map, frame, features: map.features(in: area, metresPerCell: frame.metresPerCell), on: &canvas, area: area)
            }
            canvas.clip(toCells: nil)
            return canvas
        }
    }

    /// The cells a canvas of `columns` × `rows` moved `dx` cells east and `dy` south uncovers: the columns (all
    /// rows), then the rows.
    private static func uncovered(columns: Int, rows: Int, dx: Int, dy: Int) -> [Rect] {
        var strips: [Rect] = []
        if dx != 0 { strips.append(Rect(x: dx > 0 ? columns - dx : 0, y: 0, width: abs(dx), height: rows)) }
        if dy != 0 { strips.append(Rect(x: 0, y: dy > 0 ? rows - dy : 0, width: columns, height: abs(dy))) }
        return strips
    }

    /// The ground under the view's canvas cells `cells`, two cells to spare (east past 180 across the antimeridian).
    private func groundArea(_ state: MainScene, _ frame: MapFrame, cells: Rect) -> FeatureBounds {
        let left = frame.inner.x + cells.x - frame.centerX, top = frame.inner.y + cells.y - frame.centerY
        let box = state.boundingBox(cellsFromX: left - 2, toX: left + cells.width + 1, fromY: top - 2, toY: top + cells.height + 1)
        return FeatureBounds(south: box.south, north: box.north, west: box.west, east: box.crossesAntimeridian ? box.east + 360 : box.east)
    }

    /// Lets go of `kept` on `retiring` (where, once the state has let go of its map too, it is freed).
    private static func retire(_ kept: Kept) {
        retiring.async { withExtendedLifetime(kept) {} }
    }

    /// The kept canvas moved to this frame's window with the uncovered cells drawn; nil when it cannot be
    /// (moved by part of a cell, by more than the map, or the map under the kept part changed).
    private func shift(_ kept: Kept, to frame: MapFrame, _ state: MainScene, sheet: Sheet?) -> (canvas: MapCanvas, dx: Int, dy: Int, strips: [Rect])? {
        let dotsX = frame.originDotX - kept.originX, dotsY = frame.originDotY - kept.originY
        guard dotsX % 2 == 0, dotsY % 4 == 0 else { return nil }
        let dx = dotsX / 2, dy = dotsY / 4
        let columns = frame.inner.width, rows = frame.inner.height
        guard abs(dx) < columns, abs(dy) < rows else { return nil }
        if kept.map !== state.baseMap, !Self.sameFeatures(kept.map, state.baseMap, in: kept.view, metresPerCell: frame.metresPerCell) {
            return nil
        }
        var canvas = kept.drawn.canvas
        canvas.shift(columns: dx, rows: dy)
        let strips = Self.uncovered(columns: columns, rows: rows, dx: dx, dy: dy)
        for strip in strips {
            // The strip on the ground, two cells to spare.
            let area = groundArea(state, frame, cells: strip)
            // Drawn beside the loop already, from the same features there: copied.
            if let sheet, canvas.canCopy(strip, from: sheet.canvas),
               Self.sameFeaturesAtOnce(sheet.map, state.baseMap, in: area, metresPerCell: frame.metresPerCell) {
                canvas.copy(strip, from: sheet.canvas)
                lock.withLock { stripsFromSheets += 1 }
                continue
            }
            let inStrip = state.baseMap.isEmpty ? [] : state.baseMap.features(in: area, metresPerCell: frame.metresPerCell)
            canvas.clip(toCells: strip)
            BaseLayer.draw(state.baseMap, frame, features: inStrip, on: &canvas, area: area)
        }
        canvas.clip(toCells: nil)
        return (canvas, dx, dy, strips)
    }

    /// Whether `new` holds the same features as `old` over `view` (the tiles read under a pan changed the
    /// map object, not what the kept part shows).
    private static func sameFeatures(_ old: BaseMap, _ new: BaseMap, in view: FeatureBounds, metresPerCell: Double) -> Bool {
        if sameFeaturesAtOnce(old, new, in: view, metresPerCell: metresPerCell) { return true }
        let oldFeatures = old.isEmpty ? [] : old.features(in: view, metresPerCell: metresPerCell)
        let newFeatures = new.isEmpty ? [] : new.features(in: view, metresPerCell: metresPerCell)
        guard newFeatures.count == oldFeatures.count else { return false }
        for (a, b) in zip(oldFeatures, newFeatures) {
            let x = old.features[a], y = new.features[b]
            // The same geometry, shared (a rebuilt map holds the tiles' own arrays): no need to compare points.
            let shared = x.parts.withUnsafeBufferPointer { p in y.parts.withUnsafeBufferPointer { $0.baseAddress == p.baseAddress } }
            guard shared || x.parts == y.parts, x.kind == y.kind else { return false }
        }
        return true
    }

    /// Whether `old` and `new` are seen at once to hold the same features over `area`: one map, or built from the
    /// store's tiles with both holding every tile over it (the features are not looked at).
    private static func sameFeaturesAtOnce(_ old: BaseMap, _ new: BaseMap, in area: FeatureBounds, metresPerCell: Double) -> Bool {
        if old === new { return true }
        guard let a = old.coverage, let b = new.coverage else { return false }
        return a.sameFeatures(as: b, in: area, band: MapTiling.band(metresPerCell: metresPerCell))
    }
}

/// The map's sheets, drawn beside the run loop (see `BaseRaster`), as benchmarks see them.
public enum MapSheets {
    /// Waits until every sheet asked for so far is drawn: a benchmark pacing keys as a held key does, when the
    /// sheet is ready before the next key.
    public static func waitUntilDrawn() { BaseRaster.sheets.sync {} }
}
