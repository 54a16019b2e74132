import Cartography
import Catalog
import Geo

/// The children's fields under the names the views, the run loop and the tests have always read
/// (`main.cursorX`, `main.rows`): each child owns its part, and these only pass through to it.
extension MainState {
    // MARK: Catalogue
    public internal(set) var artworks: [Artwork] { get { catalogue.artworks } set { catalogue.artworks = newValue } }
    public var catalog: CatalogQuery { catalogue.catalog }
    public internal(set) var shownCollections: [String] { get { catalogue.shownCollections } set { catalogue.shownCollections = newValue } }
    public internal(set) var collection: String { get { catalogue.collection } set { catalogue.collection = newValue } }
    public internal(set) var collections: [String] { get { catalogue.collections } set { catalogue.collections = newValue } }
    public internal(set) var nearCollections: [String] { get { catalogue.nearCollections } set { catalogue.nearCollections = newValue } }
    public var showsSeveralCollections: Bool { catalogue.showsSeveralCollections }
    public internal(set) var catalogueIsPartial: Bool { get { catalogue.isPartial } set { catalogue.isPartial = newValue } }

    // MARK: Table
    public var ranked: [RankedBuilding] { table.ranked }
    public var rows: TableRows { table.rows }
    /// Artworks shown (a row each, beside their buildings' header rows): counted without visiting every
    /// building, which the status line would do on every frame.
    public var shownArtworkCount: Int { table.rows.count - table.rows.headerCount }
    public var outsideRadius: Int { table.outsideRadius }
    var rankedIndexByKey: [String: Int] { table.rankedIndexByKey }
    public var rowsVersion: Int { table.rowsVersion }
    mutating func rowsChanged() { table.rowsChanged() }
    public internal(set) var selectedRow: Int { get { table.selectedRow } set { table.selectedRow = newValue } }
    public internal(set) var tableScroll: Int { get { table.scroll } set { table.scroll = newValue } }
    public var selectionIdentity: (building: String, artwork: ArtworkKey?)? { table.selectionIdentity }
    /// The building of the selected row.
    public var selectedBuilding: RankedBuilding? { table.selectedBuilding }
    mutating func keepSelectionVisible() { table.keepSelectionVisible(height: layout.tableBody.height) }

    // MARK: Filters
    public internal(set) var radius: Double? { get { search.radius } set { search.radius = newValue } }
    public internal(set) var nearestCount: Int { get { search.nearestCount } set { search.nearestCount = newValue } }
    public internal(set) var searchText: String { get { search.text } set { search.text = newValue } }
    public internal(set) var searchEditing: Bool { get { search.editing } set { search.editing = newValue } }

    // MARK: Map
    public var mapAnchor: Coordinate { map.anchor }
    public var mapOffsetEast: Double { map.offsetEast }
    public var mapOffsetNorth: Double { map.offsetNorth }
    public internal(set) var mapCenter: Coordinate { get { map.center } set { map.center = newValue } }
    public internal(set) var zoomIndex: Int { get { map.zoomIndex } set { map.zoomIndex = newValue } }
    public internal(set) var cursorX: Int { get { map.cursorX } set { map.cursorX = newValue } }
    public internal(set) var cursorY: Int { get { map.cursorY } set { map.cursorY = newValue } }
    public internal(set) var pannedAway: Bool { get { map.pannedAway } set { map.pannedAway = newValue } }
    public internal(set) var zoomChosen: Bool { get { map.zoomChosen } set { map.zoomChosen = newValue } }
    public internal(set) var baseMap: BaseMap { get { map.baseMap } set { map.baseMap = newValue } }
    public internal(set) var mapTiles: MapTileCache { get { map.tiles } set { map.tiles = newValue } }
    public var metresPerCell: Double { map.metresPerCell }
    public var projection: MapProjection { map.projection }
    /// Metres from the map's centre to its farthest corner, as the view stands: the area a fetch's first streets'
    /// question covers (at least 150 m, at most a fetch's radius).
    public var screenRadius: Double {
        let half = Double(max(layout.map.width, 2 * layout.map.height)) / 2 * metresPerCell
        return min(NearMeState.radius, max(150, half * 1.2))
    }
    mutating func pan(cellsX x: Int, y: Int) { map.pan(cellsX: x, y: y) }
}
