import Cells

/// What the views keep between frames to save work: the map's base layer (`BaseRaster`), the table pane and its
/// row texts. Owned by whoever draws a run of frames (the session, a bench, a test) and passed in, so two sessions
/// or two tests never share an entry; each entry is keyed by all its output depends on, so a fresh value draws the
/// same cells.
public final class RenderCaches: Sendable {
    let raster: BaseRaster
    let world = WorldCache()
    let clusters = ClusterCache()
    let tablePane = TablePaneCache()
    let rowTexts = RowTextCache()

    /// Where wider map sheets are drawn between frames.
    public enum Sheets: Sendable {
        /// On a queue of their own, beside the run loop (the view).
        case beside
        /// On the caller's thread as each frame asks (tests: deterministic).
        case atOnce
        /// Never: every pan draws its strip on the caller's thread.
        case never
    }

    public init(sheets: Sheets = .beside) {
        switch sheets {
        case .beside: raster = BaseRaster(sheets: .beside)
        case .atOnce: raster = BaseRaster(sheets: .atOnce)
        case .never: raster = BaseRaster(sheets: .never)
        }
    }
}
