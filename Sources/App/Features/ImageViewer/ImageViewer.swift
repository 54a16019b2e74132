import TerminalTypes
import Catalog
import Imaging

/// The full-screen image viewer: which artwork, how far zoomed in, and where the view is centred.
public struct ImageViewerState: Hashable, Sendable {
    public var artwork: ArtworkKey
    /// 0 fits the whole picture; each step doubles the magnification.
    public var zoomStep = 0
    /// The centre of the view, as fractions (0…1) of the picture's width and height.
    public var centerX = 0.5
    public var centerY = 0.5

    public init(artwork: ArtworkKey) {
        self.artwork = artwork
    }

    /// The magnification relative to fitting the whole picture.
    public var magnification: Int { 1 << zoomStep }
}

/// What the viewer's keys ask for.
public enum ImageViewerAction: Hashable, Sendable {
    case zoomIn, zoomOut, fit
    /// Pan by a number of steps (a quarter of the view each) east and south.
    case pan(dx: Int, dy: Int)
    /// Just opened: the picture is asked for whole (one decoded at a screen's size is read again).
    case opened
    /// The picture arrived: the tiles around the view are rendered ahead.
    case pictureReady
}

/// The viewer as a screen on the stack: its keys, and its reducer with what it reads from the context.
public enum ImageViewerFeature {
    /// The action a key's command asks of this screen.
    public static func action(for command: Command) -> ImageViewerAction? {
        if case .viewer(let action) = command { return action }
        return nil
    }

    /// The viewer's box (the whole screen but the status line, and no more than `limit`, the most cells the
    /// terminal draws one pixel picture over) and a picture in it. The view centres the box on the screen.
    public static func geometry(_ picture: Picture, size: TerminalSize, cellAspect: Double, limit: TerminalSize? = nil) -> ImageViewerGeometry {
        let columns = min(size.columns, limit?.columns ?? Int.max), rows = min(max(1, size.rows - 1), limit?.rows ?? Int.max)
        return ImageViewerGeometry(pixelWidth: picture.pixels.width, pixelHeight: picture.pixels.height,
                                   columns: max(1, columns), rows: max(1, rows), cellAspect: cellAspect)
    }

    /// Applies an action; once the picture is ready, the tiles around the new view are rendered ahead.
    @discardableResult
    public static func reduce(_ state: inout ImageViewerState, _ action: ImageViewerAction, _ context: FeatureContext) -> Reduced {
        var geometry: ImageViewerGeometry?
        var whole = false
        if case .ready(let picture)? = context.pictures[state.artwork] {
            geometry = Self.geometry(picture, size: context.size, cellAspect: context.cellAspect, limit: context.pixelLimit)
            whole = picture.fullSize
        }
        if action == .opened {
            // A picture decoded at a screen's size is read again whole: its tiles wait for it.
            guard whole, let geometry else { return Reduced(delegates: [.wantWholePicture(state.artwork)]) }
            return Reduced(effects: [prefetch(state, geometry)], delegates: [.wantPicture(state.artwork)])
        }
        let message = ImageViewer.reduce(&state, action, geometry: geometry)
        return Reduced(effects: geometry.map { [prefetch(state, $0)] } ?? [], delegates: message.map { [.message($0)] } ?? [])
    }

    /// The run loop's rendering ahead of the tiles around the view on screen.
    static func prefetch(_ state: ImageViewerState, _ geometry: ImageViewerGeometry) -> Effect {
        .prefetchViewerTiles(state.artwork, geometry.view(state))
    }
}

/// The viewer's own arithmetic: pure, testable alone.
public enum ImageViewer {
    /// Applies an action. `geometry` is the picture in the viewer's box, when the picture is ready.
    public static func reduce(_ state: inout ImageViewerState, _ action: ImageViewerAction, geometry: ImageViewerGeometry?) -> String? {
        switch action {
        case .zoomIn:
            let limit = geometry?.maxZoomStep ?? 0
            guard state.zoomStep < limit else {
                let loaded = geometry.map { " (\($0.pixelWidth)×\($0.pixelHeight) px as loaded)" } ?? ""
                return "at most \(1 << limit)× zoom: one pixel of the picture\(loaded) per sub-cell · 0 fits"
            }
            state.zoomStep += 1
        case .zoomOut:
            state.zoomStep = max(0, state.zoomStep - 1)
        case .fit:
            state.zoomStep = 0
            state.centerX = 0.5
            state.centerY = 0.5
        case .pan(let dx, let dy):
            let m = Double(state.magnification)
            state.centerX += Double(dx) * 0.25 / m
            state.centerY += Double(dy) * 0.25 / m
        case .opened, .pictureReady:
            break
        }
        clampCenter(&state)
        // The status line shows the zoom itself; a message would repeat it and push the keys away.
        return nil
    }

    /// Keeps the view inside the picture.
    static func clampCenter(_ state: inout ImageViewerState) {
        let half = 0.5 / Double(state.magnification)
        state.centerX = min(1 - half, max(half, state.centerX))
        state.centerY = min(1 - half, max(half, state.centerY))
    }
}

/// Where a picture goes in a box of cells at a zoom: pure arithmetic shared by the viewer's reducer and view.
public struct ImageViewerGeometry: Hashable, Sendable {
    /// The picture's decoded size.
    public let pixelWidth: Int, pixelHeight: Int
    /// The box, in cells.
    public let columns: Int, rows: Int
    /// A cell's height over its width.
    public let cellAspect: Double

    public init(pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int, cellAspect: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.columns = columns
        self.rows = rows
        self.cellAspect = cellAspect
    }

    /// The whole picture's size in cells when it fits the box.
    public var fitted: (columns: Int, rows: Int) {
        CellRenderer.fittedCells(width: pixelWidth, height: pixelHeight, columns: columns, rows: rows, cellAspect: cellAspect)
    }

    /// The deepest zoom: one image pixel per sub-cell (a cell holds 2 × 4 of them, as braille does).
    public var maxZoomStep: Int {
        let fit = fitted
        guard fit.columns > 0 else { return 0 }
        var step = 0
        while step < 10, Double(pixelWidth) / Double(fit.columns << (step + 1)) >= 2 { step += 1 }
        return step
    }

    /// What the viewer draws at a zoom and centre: the whole picture's size in cells at that zoom, the window
    /// of it on screen, and the part of the picture (in pixels) that window shows.
    public func view(_ state: ImageViewerState) -> ImageView {
        let fit = fitted
        let m = state.magnification
        let total = (columns: fit.columns * m, rows: fit.rows * m)
        let shownColumns = min(columns, total.columns), shownRows = min(rows, total.rows)
        let x = max(0, min(total.columns - shownColumns, Int((state.centerX * Double(total.columns)).rounded()) - shownColumns / 2))
        let y = max(0, min(total.rows - shownRows, Int((state.centerY * Double(total.rows)).rounded()) - shownRows / 2))
        let source = PixelRect(x: x * pixelWidth / total.columns, y: y * pixelHeight / total.rows,
                               width: shownColumns * pixelWidth / total.columns, height: shownRows * pixelHeight / total.rows)
        return ImageView(totalColumns: total.columns, totalRows: total.rows,
                         window: CellWindow(x: x, y: y, columns: shownColumns, rows: shownRows), source: source)
    }
}

/// The viewer's picture at one zoom and pan.
public struct ImageView: Hashable, Sendable {
    /// The whole picture's size in cells at this zoom.
    public let totalColumns: Int, totalRows: Int
    /// The part of it on screen.
    public let window: CellWindow
    /// The pixels that window shows.
    public let source: PixelRect

    public var columns: Int { window.columns }
    public var rows: Int { window.rows }
}
