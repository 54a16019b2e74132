import Cartography
import Catalog
import Geo
import TerminalTypes

/// The main screen's map: where it looks (a projection's anchor, the offset of a pan, the zoom), the cursor, and
/// the base layer it draws. Changed only by `MapPaneFeature.reduce` (and by the base layer's reads, `MapArea`).
public struct MapState: Sendable {
    /// Zoom steps in metres per cell (a cell's width; cells count as twice as tall): from a street to the whole
    /// world (500 km a cell shows every continent in a pane of 80 columns).
    public static let zoomLevels: [Double] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000,
                                              50_000, 100_000, 200_000, 500_000]
    /// The zoom `0` returns to: 10 m a cell, streets and buildings.
    public static let streetZoomIndex = 3
    /// From this scale out the world base layer is drawn (below the stored streets) and the art is shown as
    /// clusters with counts.
    public static let worldFromMetresPerCell = 1000.0
    /// Farther than this from the anchor a pan anchors the projection again (the flat projection's error
    /// grows with the distance: well under a percent here).
    static let reanchorMetres = 50_000.0

    /// Where the map's projection is centred; the map's centre lies `offsetEast`/`offsetNorth` metres
    /// from it. A pan moves the offset by whole cells and keeps the anchor, so every point lands on the same
    /// dots shifted by whole cells and the base layer can be moved instead of drawn again (see `BaseRaster`);
    /// any other move of the centre, and a zoom, anchors the projection at the new centre.
    public private(set) var anchor: Coordinate
    public private(set) var offsetEast = 0.0
    public private(set) var offsetNorth = 0.0
    /// The map's centre. Setting it anchors the projection there.
    public internal(set) var center: Coordinate {
        get { offsetEast == 0 && offsetNorth == 0 ? anchor : projection.unproject(east: 0, north: 0) }
        set {
            anchor = newValue
            offsetEast = 0
            offsetNorth = 0
        }
    }
    public internal(set) var zoomIndex = 3 {
        didSet { if zoomIndex != oldValue { center = center } }
    }
    /// The map cursor, in cells from the map's centre (x east, y south).
    public internal(set) var cursorX = 0
    public internal(set) var cursorY = 0
    /// True once the user has moved the view away from the reference point.
    public internal(set) var pannedAway = false
    /// How many times the user has zoomed, panned or re-centred the map: art that arrives later refits the zoom
    /// only while this is what it was when the wait began (issue 30, a start far from any art).
    public internal(set) var moves = 0
    /// Whether the first zoom has been chosen to fit the nearest buildings.
    public internal(set) var zoomChosen = false
    /// The imported streets, buildings and paths, and the walking graph; empty until something is imported.
    public internal(set) var baseMap: BaseMap = .empty
    /// The base layer's tiles read from the store, when the map is read per view (see MapArea).
    public internal(set) var tiles = MapTileCache()
    /// The world base layer shipped with artmap (Natural Earth), drawn far out.
    public internal(set) var world: WorldAtlas = .none
    /// Whether the 1:10m layer was asked to be read ahead, in the background (`Effect.readWorldDetail`).
    var worldDetailAsked = false
    /// From this scale out the 1:10m layer is read ahead, a zoom step before it is drawn, so no frame reads a file.
    static let worldDetailAheadFromMetresPerCell = 500.0

    /// A map centred on `center`.
    public init(center: Coordinate) {
        anchor = center
    }

    public var metresPerCell: Double { Self.zoomLevels[max(0, min(Self.zoomLevels.count - 1, zoomIndex))] }
    public var projection: MapProjection { MapProjection(anchor: anchor, east: offsetEast, north: offsetNorth) }

    /// Moves the map's centre by whole cells (a pan), keeping the projection's anchor while near it.
    mutating func pan(cellsX x: Int, y: Int) {
        offsetEast += Double(x) * metresPerCell
        offsetNorth -= Double(y) * 2 * metresPerCell
        if max(abs(offsetEast), abs(offsetNorth)) > Self.reanchorMetres { center = center }
    }

    /// The cell offset (from the map centre) of a coordinate at the current zoom.
    public func cellOffset(of coordinate: Coordinate) -> (x: Int, y: Int) {
        let p = projection.project(coordinate)
        let mpc = metresPerCell
        return (Int((p.east / mpc).rounded()), Int((-p.north / (2 * mpc)).rounded()))
    }

    /// The coordinate under a cell offset.
    public func coordinate(atCellX x: Int, y: Int) -> Coordinate {
        projection.unproject(east: Double(x) * metresPerCell, north: -Double(y) * 2 * metresPerCell)
    }

    /// Half a map pane's inner size, in cells, as the furthest the cursor may go from the centre.
    public static func halfExtent(of inner: Rect) -> (x: Int, y: Int) {
        (max(0, (inner.width - 1) / 2), max(0, (inner.height - 1) / 2))
    }

    /// Keeps the cursor within `half` cells of the centre.
    mutating func clampCursor(_ half: (x: Int, y: Int)) {
        cursorX = max(-half.x, min(half.x, cursorX))
        cursorY = max(-half.y, min(half.y, cursorY))
    }

    /// Centres the map on `coordinate` with the cursor there; `away` says whether that leaves the reference.
    mutating func centre(on coordinate: Coordinate, away: Bool) {
        center = coordinate
        pannedAway = away
        cursorX = 0
        cursorY = 0
    }
}
