import Cells
import App
import Catalog
import Imaging
import TerminalTypes

/// The full-screen viewer: the picture at its zoom and pan, and a status line.
public enum ImageViewerView {
    /// Draws the viewer over the whole `screen`.
    public static func render(_ viewer: ImageViewerState, _ context: ViewContext, into buffer: inout Buffer, screen: Rect) {
        let area = Rect(x: screen.x, y: screen.y, width: screen.width, height: max(0, screen.height - 1))
        buffer.fill(screen)
        var status = " "
        if case .ready(let picture)? = context.pictures[viewer.artwork] {
            let limit = context.pixelProtocol.drawsPixels ? context.pixelLimit : nil
            let geometry = ImageViewerFeature.geometry(picture, size: context.size, cellAspect: context.cellAspect, limit: limit)
            let view = geometry.view(viewer)
            let x = area.x + (area.width - view.columns) / 2, y = area.y + (area.height - view.rows) / 2
            if context.pixelProtocol.drawsPixels {
                // The pixels the window shows, stretched over its cells: a zoom step shows more of the picture's detail.
                let crop = Rect(x: view.source.x, y: view.source.y, width: view.source.width, height: view.source.height)
                buffer.place(PlacedPicture(key: viewer.artwork.description, area: Rect(x: x, y: y, width: view.columns, height: view.rows),
                                           image: picture.pixels, crop: crop))
            } else {
                let cells = picture.zoomedCells(totalColumns: view.totalColumns, totalRows: view.totalRows, window: view.window,
                                                depth: context.colorDepth, symbols: context.pictureSymbols)
                buffer.draw(cells, x: x, y: y)
            }
            let zoom = viewer.zoomStep == 0 ? "fit" : "\(viewer.magnification)× at \(Int((viewer.centerX * 100).rounded()))%,\(Int((viewer.centerY * 100).rounded()))%"
            status += "\(DisplayText.clean(picture.fileName)) · \(picture.decoded.originalWidth)×\(picture.decoded.originalHeight) px · zoom \(zoom)"
            // Held to the terminal's limit, the largest picture it draws (zoomed: cropped to it, centred); said so.
            if let limit, (limit.columns < area.width && view.columns == geometry.columns) || (limit.rows < area.height && view.rows == geometry.rows) {
                status += (view.totalColumns > view.columns || view.totalRows > view.rows ? " · cropped" : " · fitted")
                    + " to \(view.columns)×\(view.rows) cells, the terminal's largest picture"
            }
        } else {
            PictureBox.render(context, viewer.artwork, into: &buffer, area: area.inset(2))
            status += context.rankedArtwork(viewer.artwork).map { DisplayText.clean($0.1.artwork.imageFileName) } ?? ""
        }
        // The message (the zoom limit, a sync's result) comes first, whole; the picture's name gives way.
        // A sync started here (s) shows its progress and its result here, not only on the hidden status line.
        var note = context.lastError ?? context.lastMessage
        if case .running(let text) = context.sync { note = "↻ " + text }
        if let message = note.map(DisplayText.clean) {
            status = " " + message + " ·" + status
        } else {
            status += " · +/- zoom · arrows pan · 0 fit · Esc back"
        }
        let bar = Rect(x: screen.x, y: screen.maxY - 1, width: screen.width, height: 1)
        buffer.fill(bar, style: Style(.status, reverse: true))
        buffer.write(MessageFit.fit(status, to: bar.width), x: bar.x, y: bar.y, style: Style(.status, reverse: true), maxWidth: bar.width)
    }
}

extension ImageViewerView: StackScreenView {}
