import App
import Cartography
import Foundation
import Geo
import TerminalTypes

/// The base layer drawn for one map, anchor, zoom and size, kept between frames: moving the cursor, changing
/// the selection or a label does not draw the city again, and a pan shifts the kept dots by whole cells and
/// draws only the uncovered strip (a zoom or a new anchor draws it whole). One entry, process-wide, like the
/// table's TableRowsCache; it holds the map it was drawn from, so an identity is never reused while kept.
/// Every dot depends only on the feature and the map's anchor (`MapFrame.anchorDot`), so a strip drawn after
/// a pan holds exactly the dots a whole drawing would (tested against fresh drawings).
final class BaseRaster: @unchecked Sendable {
    static let shared = BaseRaster()
    private let lock = NSLock()
    /// How many times the base layer was drawn whole.
    private(set) var draws = 0
    /// How many times a kept base layer was shifted and only its uncovered strip drawn.
    private(set) var strips = 0
    private var kept: Kept?

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
        let kept = lock.withLock { self.kept }
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
        if let kept, kept.grid == grid, let moved = shift(kept, to: frame, state) {
            canvas = moved.canvas
            // The kept codes move with the canvas; only the strips' cells are composed.
            codes = MapCanvas.shifted(kept.drawn.codes, columns: frame.inner.width, rows: frame.inner.height, dx: moved.dx, dy: moved.dy)
            for strip in moved.strips { canvas.compose(into: &codes, region: strip) }
            shifted = true
        } else {
            let features = BaseLayer.visible(state, frame)
            visible = features
            canvas = MapCanvas(columns: frame.inner.width, rows: frame.inner.height, originX: frame.originDotX, originY: frame.originDotY)
            BaseLayer.draw(state, frame, features: features, on: &canvas, area: view)
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
        return drawn
    }

    private static let retiring = DispatchQueue(label: "artmap.base-raster.retire", qos: .utility)

    /// Lets go of `kept` on `retiring` (where, once the state has let go of its map too, it is freed).
    private static func retire(_ kept: Kept) {
        retiring.async { withExtendedLifetime(kept) {} }
    }

    /// The kept canvas moved to this frame's window with the uncovered cells drawn; nil when it cannot be
    /// (moved by part of a cell, by more than the map, or the map under the kept part changed).
    private func shift(_ kept: Kept, to frame: MapFrame, _ state: MainScene) -> (canvas: MapCanvas, dx: Int, dy: Int, strips: [Rect])? {
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
        // The uncovered columns (all rows), then the uncovered rows.
        var strips: [Rect] = []
        if dx != 0 { strips.append(Rect(x: dx > 0 ? columns - dx : 0, y: 0, width: abs(dx), height: rows)) }
        if dy != 0 { strips.append(Rect(x: 0, y: dy > 0 ? rows - dy : 0, width: columns, height: abs(dy))) }
        for strip in strips {
            // The strip on the ground, two cells to spare, in cells from the map's centre.
            let left = frame.inner.x + strip.x - frame.centerX, top = frame.inner.y + strip.y - frame.centerY
            let box = state.boundingBox(cellsFromX: left - 2, toX: left + strip.width + 1, fromY: top - 2, toY: top + strip.height + 1)
            let area = FeatureBounds(south: box.south, north: box.north, west: box.west,
                                     east: box.crossesAntimeridian ? box.east + 360 : box.east)
            let inStrip = state.baseMap.isEmpty ? [] : state.baseMap.features(in: area, metresPerCell: frame.metresPerCell)
            canvas.clip(toCells: strip)
            BaseLayer.draw(state, frame, features: inStrip, on: &canvas, area: area)
        }
        canvas.clip(toCells: nil)
        return (canvas, dx, dy, strips)
    }

    /// Whether `new` holds the same features as `old` over `view` (the tiles read under a pan changed the
    /// map object, not what the kept part shows).
    private static func sameFeatures(_ old: BaseMap, _ new: BaseMap, in view: FeatureBounds, metresPerCell: Double) -> Bool {
        // Built from the store's tiles, both holding every tile over the view: the same features, unlooked at.
        if let a = old.coverage, let b = new.coverage,
           a.sameFeatures(as: b, in: view, band: MapTiling.band(metresPerCell: metresPerCell)) {
            return true
        }
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
}
