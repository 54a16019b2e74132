import Catalog
import Geo
import TerminalTypes

/// What the map pane's keys, mouse and its parent ask of the map.
public enum MapAction: Hashable, Sendable {
    /// Move the cursor by cells; past the edge of the pane the view pans instead.
    case moveCursor(dx: Int, dy: Int)
    /// Zoom by steps (negative: in), keeping the cursor over the same place.
    case zoom(Int)
    /// Centre on the reference point again.
    case recenter
    /// Back to street zoom, centred on the reference point.
    case streetZoom
    /// Put the cursor on a cell of the pane (a click), as offsets from the pane's centre.
    case pointAt(x: Int, y: Int)
    /// The pane changed size: keep the cursor inside it.
    case clamp
    /// Put the cursor on a place, panning there when it is off the pane (a table selection).
    case show(Coordinate)
    /// Choose the zoom at which every one of these places is in view.
    case fit([Coordinate])
    /// Centre between a walk's start and its target and zoom out until both are in view.
    case fitWalk(from: Coordinate, to: Coordinate)
}

/// The map pane of the main screen: the cursor, pans, zooms and what fits in view. Knows the ground and the
/// pane's size (its `MapPaneFeature.Context`), not the table or the catalogue: the parent links them.
public enum MapPaneFeature {
    /// What the map reads of its parent: the pane's inner rectangle and the reference point.
    public struct Context: Sendable {
        public var inner: Rect
        public var reference: Coordinate
    }

    /// Applies an action.
    @discardableResult
    public static func reduce(_ state: inout MapState, _ action: MapAction, _ context: Context) -> Reduced {
        let half = MapState.halfExtent(of: context.inner)
        switch action {
        case .moveCursor(let dx, let dy):
            moveCursor(&state, dx: dx, dy: dy, half: half)
        case .zoom(let step):
            let target = state.coordinate(atCellX: state.cursorX, y: state.cursorY)
            state.moves += 1
            state.zoomIndex = max(0, min(MapState.zoomLevels.count - 1, state.zoomIndex + step))
            // Keep the cursor over the same place when it stays on screen.
            let offset = state.cellOffset(of: target)
            state.cursorX = offset.x
            state.cursorY = offset.y
            state.clampCursor(half)
            return Reduced(delegates: [.message("zoom: \(DistanceText.format(state.metresPerCell)) per cell")])
        case .recenter:
            state.moves += 1
            state.centre(on: context.reference, away: false)
        case .streetZoom:
            state.zoomIndex = MapState.streetZoomIndex
            state.centre(on: context.reference, away: false)
            return Reduced(delegates: [.message("zoom: \(DistanceText.format(state.metresPerCell)) per cell, at the reference point")])
        case .pointAt(let x, let y):
            state.cursorX = x
            state.cursorY = y
            state.clampCursor(half)
        case .clamp:
            state.clampCursor(half)
        case .show(let coordinate):
            let offset = state.cellOffset(of: coordinate)
            if abs(offset.x) <= half.x && abs(offset.y) <= half.y {
                state.cursorX = offset.x
                state.cursorY = offset.y
            } else {
                state.centre(on: coordinate, away: true)
            }
        case .fit(let places):
            fit(&state, places, inner: context.inner)
        case .fitWalk(let start, let target):
            fitWalk(&state, from: start, to: target, half: half)
        }
        return .none
    }

    /// Moves the cursor; past the edge of the pane the view pans instead.
    private static func moveCursor(_ state: inout MapState, dx: Int, dy: Int, half: (x: Int, y: Int)) {
        var x = state.cursorX + dx, y = state.cursorY + dy
        var panX = 0, panY = 0
        if x > half.x { panX = x - half.x; x = half.x }
        if x < -half.x { panX = x + half.x; x = -half.x }
        if y > half.y { panY = y - half.y; y = half.y }
        if y < -half.y { panY = y + half.y; y = -half.y }
        if panX != 0 || panY != 0 {
            state.pan(cellsX: panX, y: panY)
            state.pannedAway = true
            state.moves += 1
        }
        state.cursorX = x
        state.cursorY = y
    }

    /// The closest zoom at which every place is in the pane (the farthest zoom when none fits); a pane too small
    /// to show anything leaves the zoom to be chosen later.
    private static func fit(_ state: inout MapState, _ places: [Coordinate], inner: Rect) {
        guard inner.width > 4, inner.height > 2 else { return }
        state.zoomChosen = true
        let halfWidthCells = Double(inner.width) / 2 - 1, halfHeightCells = Double(inner.height) / 2 - 1
        let projection = state.projection
        for (index, mpc) in MapState.zoomLevels.enumerated() {
            let fits = places.allSatisfy { place in
                let p = projection.project(place)
                return abs(p.east) / mpc <= halfWidthCells && abs(p.north) / (2 * mpc) <= halfHeightCells
            }
            if fits {
                state.zoomIndex = index
                return
            }
        }
        state.zoomIndex = MapState.zoomLevels.count - 1
    }

    /// Centres the map between start and target and zooms out until both are in view.
    private static func fitWalk(_ state: inout MapState, from start: Coordinate, to target: Coordinate, half: (x: Int, y: Int)) {
        let projection = LocalProjection(center: start)
        let end = projection.project(target)
        state.centre(on: projection.unproject(east: end.east / 2, north: end.north / 2), away: true)
        let index = MapState.zoomLevels.firstIndex { mpc in
            abs(end.east) / 2 / mpc <= Double(half.x) - 1 && abs(end.north) / 2 / (2 * mpc) <= Double(half.y) - 1
        }
        state.zoomIndex = index ?? MapState.zoomLevels.count - 1
    }
}
