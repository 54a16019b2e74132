import Cells
import Catalog
import Foundation
import Imaging

/// An artwork's decoded picture, shared by every state that shows it (a reference, so copying the state is
/// cheap). Its pixels never change; it remembers its last few renderings so redraws and moving through a
/// list do not render again.
public final class Picture: @unchecked Sendable {
    public let artwork: ArtworkKey
    /// The published file name, for the viewer's status line.
    public let fileName: String
    public let decoded: DecodedImage
    fileprivate let lock = NSLock()
    private var renders: [(key: RenderKey, cells: CellImage)] = []
    private static let renderSlots = 6
    /// Tiles of the picture rendered at a zoomed size, so panning only renders what comes into view.
    fileprivate var tiles: [TileKey: CellImage] = [:]
    fileprivate var tileOrder: [TileKey] = []
    private static let tileSlots = 600
    public static let tileSize = (columns: 48, rows: 24)

    /// What a tile depends on: the whole picture's size in cells, and the tile's place in that grid.
    struct TileKey: Hashable {
        let totalColumns: Int, totalRows: Int, depth: ColorDepth, symbols: SymbolSet, column: Int, row: Int
    }

    /// What a rendering depends on.
    struct RenderKey: Hashable {
        let columns: Int, rows: Int, depth: ColorDepth, symbols: SymbolSet
    }

    /// False when decoded only as large as a full-screen picture needs (the slideshow's): the viewer, which
    /// zooms in, asks for it again whole.
    public let fullSize: Bool

    public init(artwork: ArtworkKey, fileName: String, fullSize: Bool = true, decoded: DecodedImage) {
        self.artwork = artwork
        self.fileName = fileName
        self.decoded = decoded
        self.fullSize = fullSize
    }

    public var pixels: RGBAImage { decoded.pixels }

    /// Bytes held, for the memory budget.
    public var byteCount: Int { decoded.pixels.byteCount + 64 * 1024 }

    /// The whole picture drawn into `columns` × `rows` cells.
    public func cells(columns: Int, rows: Int, depth: ColorDepth, symbols: SymbolSet) -> CellImage {
        let key = RenderKey(columns: columns, rows: rows, depth: depth, symbols: symbols)
        lock.lock()
        if let hit = renders.firstIndex(where: { $0.key == key }) {
            let cells = renders[hit].cells
            renders.append(renders.remove(at: hit))
            lock.unlock()
            return cells
        }
        lock.unlock()
        let cells = CellRenderer.render(pixels, columns: columns, rows: rows, depth: depth, symbols: symbols)
        lock.lock()
        renders.append((key, cells))
        if renders.count > Picture.renderSlots { renders.removeFirst() }
        lock.unlock()
        return cells
    }
}

extension Picture {
    /// A window of the picture as if it were drawn `totalColumns` × `totalRows` cells large, assembled from
    /// tiles rendered once each: a pan renders only the tiles that come into view.
    public func zoomedCells(totalColumns: Int, totalRows: Int, window: CellWindow, depth: ColorDepth, symbols: SymbolSet) -> CellImage {
        let size = Picture.tileSize
        var cells = [ImageCell](repeating: ImageCell(symbol: " ", foreground: nil, background: nil), count: window.columns * window.rows)
        let firstColumn = window.x / size.columns, lastColumn = (window.x + window.columns - 1) / size.columns
        let firstRow = window.y / size.rows, lastRow = (window.y + window.rows - 1) / size.rows
        guard window.columns > 0, window.rows > 0 else { return CellImage(columns: 0, rows: 0, cells: []) }
        for tileRow in firstRow...lastRow {
            for tileColumn in firstColumn...lastColumn {
                let key = TileKey(totalColumns: totalColumns, totalRows: totalRows, depth: depth, symbols: symbols, column: tileColumn, row: tileRow)
                let tile = self.tile(key)
                let originX = tileColumn * size.columns, originY = tileRow * size.rows
                for y in max(window.y, originY)..<min(window.y + window.rows, originY + tile.rows) {
                    for x in max(window.x, originX)..<min(window.x + window.columns, originX + tile.columns) {
                        cells[(y - window.y) * window.columns + (x - window.x)] = tile[x - originX, y - originY]
                    }
                }
            }
        }
        return CellImage(columns: window.columns, rows: window.rows, cells: cells)
    }

    /// Renders, ahead of time, the tiles one pan step around `window` (a quarter of it each way), so that the
    /// next pan only assembles tiles. Safe to run off the main thread.
    public func prefetch(totalColumns: Int, totalRows: Int, window: CellWindow, depth: ColorDepth, symbols: SymbolSet) {
        let size = Picture.tileSize
        let marginX = max(1, window.columns / 4), marginY = max(1, window.rows / 4)
        let x0 = max(0, window.x - marginX), y0 = max(0, window.y - marginY)
        let x1 = min(totalColumns, window.x + window.columns + marginX), y1 = min(totalRows, window.y + window.rows + marginY)
        guard x1 > x0, y1 > y0 else { return }
        for row in (y0 / size.rows)...((y1 - 1) / size.rows) {
            for column in (x0 / size.columns)...((x1 - 1) / size.columns) {
                // A newer view's prefetch replaces this one: stop between tiles.
                if Task.isCancelled { return }
                _ = tile(TileKey(totalColumns: totalColumns, totalRows: totalRows, depth: depth, symbols: symbols, column: column, row: row))
            }
        }
    }

    private func tile(_ key: TileKey) -> CellImage {
        lock.lock()
        if let hit = tiles[key] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let size = Picture.tileSize
        let x0 = key.column * size.columns, y0 = key.row * size.rows
        let columns = min(size.columns, key.totalColumns - x0), rows = min(size.rows, key.totalRows - y0)
        let w = pixels.width, h = pixels.height
        let px0 = x0 * w / key.totalColumns, py0 = y0 * h / key.totalRows
        let px1 = max(px0 + 1, (x0 + columns) * w / key.totalColumns), py1 = max(py0 + 1, (y0 + rows) * h / key.totalRows)
        let region = pixels.cropped(x: px0, y: py0, width: px1 - px0, height: py1 - py0)
        let rendered = CellRenderer.render(region, columns: columns, rows: rows, depth: key.depth, symbols: key.symbols)
        lock.lock()
        tiles[key] = rendered
        tileOrder.append(key)
        if tileOrder.count > Picture.tileSlots { tiles[tileOrder.removeFirst()] = nil }
        lock.unlock()
        return rendered
    }
}

/// A rectangle of cells.
public struct CellWindow: Hashable, Sendable {
    public var x: Int, y: Int, columns: Int, rows: Int

    public init(x: Int, y: Int, columns: Int, rows: Int) {
        self.x = x
        self.y = y
        self.columns = columns
        self.rows = rows
    }
}

/// A rectangle of pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
