import Cells
import App
import TerminalTypes
import Catalog
import Geo

/// What the main screen's views (map, table, route panel) draw: the main screen's state, read through as
/// if it were this value's own, plus the few shared things they need and whether the main screen has the
/// keyboard (no screen over it).
@dynamicMemberLookup
public struct MainScene {
    public let main: MainState
    public let context: ViewContext
    /// True when no screen is over the main screen.
    public let onTop: Bool
    /// The screen on top when it is shown in the table's place (the art walk): the map draws its paths and marks.
    public let beside: Overlay?

    public init(_ main: MainState, context: ViewContext, onTop: Bool, beside: Overlay? = nil) {
        self.main = main
        self.context = context
        self.onTop = onTop
        self.beside = beside
    }

    /// Any of the main screen's properties, read as the scene's own.
    public subscript<T>(dynamicMember path: KeyPath<MainState, T>) -> T { main[keyPath: path] }

    var ascii: Bool { context.ascii }
    var imperial: Bool { context.imperial }
    func distanceText(_ metres: Double) -> String { context.distanceText(metres) }
    func isFavourite(_ artwork: Artwork) -> Bool { context.isFavourite(artwork) }
    func isSeen(_ artwork: Artwork) -> Bool { context.seenAt(artwork) != nil }
    func cellOffset(of coordinate: Coordinate) -> (x: Int, y: Int) { main.cellOffset(of: coordinate) }
    func boundingBox(cellsFromX x0: Int, toX x1: Int, fromY y0: Int, toY y1: Int) -> BoundingBox {
        main.boundingBox(cellsFromX: x0, toX: x1, fromY: y0, toY: y1)
    }
    func rankPosition(ofBuilding key: String) -> Int? { main.rankPosition(ofBuilding: key) }
}
