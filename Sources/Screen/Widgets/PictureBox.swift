import Cells
import App
import Catalog
import Imaging
import TerminalTypes

/// An artwork's picture fitted into a box, aspect kept and centred, or a placeholder saying why there is none.
public enum PictureBox {
    /// The picture's pixel size, or a 4:3 stand-in while it is not loaded (to lay out the box).
    public static func pixelSize(_ context: ViewContext, _ id: ArtworkKey) -> (width: Int, height: Int) {
        if case .ready(let picture)? = context.pictures[id] { return (picture.pixels.width, picture.pixels.height) }
        return (400, 300)
    }

    /// Draws an artwork's picture, fitted, into `area`, or why there is none.
    public static func render(_ context: ViewContext, _ id: ArtworkKey, into buffer: inout Buffer, area: Rect) {
        guard area.width > 0, area.height > 0 else { return }
        switch context.pictures[id] {
        case .ready(let picture)?:
            // Pixels: no larger than the terminal draws one picture (its graphics limit).
            let limit = context.pixelProtocol.drawsPixels ? context.pixelLimit : nil
            let fit = CellRenderer.fittedCells(width: picture.pixels.width, height: picture.pixels.height,
                                               columns: min(area.width, limit?.columns ?? Int.max), rows: min(area.height, limit?.rows ?? Int.max),
                                               cellAspect: context.cellAspect)
            let x = area.x + (area.width - fit.columns) / 2, y = area.y + (area.height - fit.rows) / 2
            if context.pixelProtocol.drawsPixels {
                buffer.place(PlacedPicture(key: id.description, area: Rect(x: x, y: y, width: fit.columns, height: fit.rows), image: picture.pixels))
                return
            }
            let cells = picture.cells(columns: fit.columns, rows: fit.rows, depth: context.colorDepth, symbols: context.pictureSymbols)
            buffer.draw(cells, x: x, y: y)
        case .loading?, nil:
            placeholder("decoding…", into: &buffer, area: area, context: context)
        case .nonePublished?:
            placeholder("no image published", into: &buffer, area: area, context: context)
        case .notCached?:
            placeholder(notCachedText(context, id), into: &buffer, area: area, context: context, error: context.imageFailures[id] != nil)
        case .noneAtSource(let why)?:
            placeholder(context.noPictureAtSourceText(why), into: &buffer, area: area, context: context)
        case .failed(let reason)?:
            placeholder("cannot show the image: " + reason, into: &buffer, area: area, context: context, error: true)
        }
    }

    /// Why a picture is not here and the one action that fetches it (not again from another source).
    public static func notCachedText(_ context: ViewContext, _ id: ArtworkKey) -> String {
        if case .running = context.sync { return "the image is being fetched (sync running)…" }
        return context.missingPictureText(id, failure: context.imageFailures[id])
    }

    /// A dotted frame with a message in the middle, wrapped to the box.
    static func placeholder(_ message: String, into buffer: inout Buffer, area: Rect, context: ViewContext, error: Bool = false) {
        if area.width >= 4, area.height >= 3 {
            buffer.box(area, style: Style(.muted), ascii: context.ascii)
        }
        let inner = area.width >= 4 && area.height >= 3 ? area.inset(1) : area
        let lines = TextWidth.wrap(DisplayText.clean(message), width: max(1, inner.width - 2))
        let top = inner.y + max(0, (inner.height - lines.count) / 2)
        for (i, line) in lines.prefix(inner.height).enumerated() {
            let width = TextWidth.of(line)
            buffer.write(line, x: inner.x + max(0, (inner.width - width) / 2), y: top + i,
                         style: Style(error ? .statusError : .muted), maxWidth: inner.width)
        }
    }
}
