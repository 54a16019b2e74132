import Imaging

/// The full-screen image viewer: which artwork, how far zoomed in, and where the view is centred.
public struct ImageViewerState: Hashable, Sendable {
    public var artworkID: String
    /// 0 fits the whole picture; each step doubles the magnification.
    public var zoomStep = 0
    /// The centre of the view, as fractions (0…1) of the picture's width and height.
    public var centerX = 0.5
    public var centerY = 0.5

    public init(artworkID: String) {
        self.artworkID = artworkID
    }

    /// The magnification relative to fitting the whole picture.
    public var magnification: Int { 1 << zoomStep }
}

/// What the viewer's keys ask for.
public enum ImageViewerAction: Hashable, Sendable {
    case zoomIn, zoomOut, fit
    /// Pan by a number of steps (a quarter of the view each) east and south.
    case pan(dx: Int, dy: Int)
}

/// The viewer's own reducer: pure, testable alone.
public enum ImageViewer {
    /// Applies an action. `geometry` is the picture in the viewer's box, when the picture is ready.
    public static func reduce(_ state: inout ImageViewerState, _ action: ImageViewerAction, geometry: ImageViewerGeometry?) -> String? {
        switch action {
        case .zoomIn:
            let limit = geometry?.maxZoomStep ?? 0
            guard state.zoomStep < limit else { return "zoom: at most \(1 << limit)× (one image pixel per sub-cell)" }
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
        }
        clampCenter(&state)
        return state.zoomStep == 0 ? "zoom: fit" : "zoom: \(state.magnification)×"
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

    /// The cells drawn and the part of the picture they show, at a zoom and centre.
    public func view(_ state: ImageViewerState) -> (columns: Int, rows: Int, source: PixelRect) {
        let fit = fitted
        let m = state.magnification
        let shownColumns = min(columns, fit.columns * m), shownRows = min(rows, fit.rows * m)
        let sourceWidth = max(1, min(pixelWidth, Int((Double(pixelWidth) * Double(shownColumns) / Double(fit.columns * m)).rounded())))
        let sourceHeight = max(1, min(pixelHeight, Int((Double(pixelHeight) * Double(shownRows) / Double(fit.rows * m)).rounded())))
        let x = max(0, min(pixelWidth - sourceWidth, Int((state.centerX * Double(pixelWidth)).rounded()) - sourceWidth / 2))
        let y = max(0, min(pixelHeight - sourceHeight, Int((state.centerY * Double(pixelHeight)).rounded()) - sourceHeight / 2))
        return (shownColumns, shownRows, PixelRect(x: x, y: y, width: sourceWidth, height: sourceHeight))
    }
}
