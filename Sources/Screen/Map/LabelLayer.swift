import Cells
import App
import Catalog
import Geo

/// Marker labels: the building under the cursor first, then the nearest ones, where they fit.
enum LabelLayer {
    static func draw(_ state: MainScene, _ frame: MapFrame, into buffer: inout Buffer, occupied: inout OccupiedCells) {
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
                occupied.insertLabel(x: start, y: row, width: width)
                return true
            }
            return false
        }
        if let b = state.buildingUnderCursor {
            let building = state.ranked[b]
            let count = building.artworks.count
            let firstTitle = building.artworks.first.map(\.artwork.title) ?? ""
            // One artwork: its title (a count of one says nothing); several: the count and the nearest one's title.
            let what = count == 1 ? firstTitle : "\(count) artworks · \(firstTitle)"
            let title = "\(building.name) · \(what) · \(state.distanceText(building.distance))"
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
