import App
import Catalog
import Imaging
import TerminalTypes

/// The full-screen viewer: the picture at its zoom and pan, and a status line.
public enum ImageViewerView {
    public static func render(_ state: AppState, viewer: ImageViewerState, into buffer: inout Buffer, screen: Rect) {
        let area = Rect(x: screen.x, y: screen.y, width: screen.width, height: max(0, screen.height - 1))
        buffer.fill(screen)
        var status = " "
        if case .ready(let picture)? = state.pictures[viewer.artworkID] {
            let geometry = state.viewerGeometry(picture)
            let view = geometry.view(viewer)
            let cells = picture.zoomedCells(totalColumns: view.totalColumns, totalRows: view.totalRows, window: view.window,
                                            depth: state.colorDepth, symbols: state.pictureSymbols)
            buffer.draw(cells, x: area.x + (area.width - view.columns) / 2, y: area.y + (area.height - view.rows) / 2)
            let zoom = viewer.zoomStep == 0 ? "fit" : "\(viewer.magnification)× at \(Int((viewer.centerX * 100).rounded()))%,\(Int((viewer.centerY * 100).rounded()))%"
            status += "\(DisplayText.clean(picture.fileName)) · \(picture.decoded.originalWidth)×\(picture.decoded.originalHeight) px · zoom \(zoom)"
        } else {
            PictureBox.render(state, artworkID: viewer.artworkID, into: &buffer, area: area.inset(2))
            status += state.rankedArtwork(id: viewer.artworkID).map { DisplayText.clean($0.1.artwork.imageFileName) } ?? ""
        }
        status += " · " + (state.lastMessage.map(DisplayText.clean) ?? "+/- zoom · arrows pan · 0 fit · Esc back")
        let bar = Rect(x: screen.x, y: screen.maxY - 1, width: screen.width, height: 1)
        buffer.fill(bar, style: Style(.status, reverse: true))
        buffer.write(status, x: bar.x, y: bar.y, style: Style(.status, reverse: true), maxWidth: bar.width)
    }
}
