import App
import Catalog
import Geo

/// One marker per building in view; the ones the table hides (radius, search) dimmed and drawn first.
enum MarkerLayer {
    static func draw(_ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
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

    static func drawYouAreHere(_ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
        let you = state.cellOffset(of: state.reference)
        let x = frame.centerX + you.x, y = frame.centerY + you.y
        guard frame.inner.contains(x: x, y: y) else { return }
        buffer.set(x, y, state.ascii ? "@" : "◎", Style(.you, bold: true))
        occupied.insert(x, y)
    }
}
