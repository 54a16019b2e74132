import TerminalTypes
import Cartography
import Catalog
import Foundation
import Geo

/// Which pane has the keyboard.
public enum Pane: Hashable, Sendable { case map, table }

/// Where the reference point comes from, for the status bar.
public enum ReferenceSource: Hashable, Sendable {
    /// A fixed point with a name ("Ashton Building") or none (`--at`).
    case fixed(String?)
    /// Picked on the map with `m`.
    case picked
    /// A live source (gpsd, GPX replay) and its description.
    case live(String)

    public var label: String {
        switch self {
        case .fixed(let name?): return name
        case .fixed(nil): return "fixed point"
        case .picked: return "picked point"
        case .live(let what): return what
        }
    }
}

/// The main screen: the collection shown, the reference point, the map, the table, the search and the
/// walking route. Changed only by `MainFeature.reduce`.
public struct MainState: Sendable {
    // MARK: Catalogue
    public internal(set) var artworks: [Artwork] = []
    public internal(set) var catalog = CatalogQuery(artworks: [])
    /// The collections whose art is shown, first the one messages speak of: one, or every collection with art
    /// near the reference (`nearCollections`).
    public internal(set) var shownCollections: [String] = [Artwork.defaultCollection]
    /// The collection shown, or the first of those shown together. Setting it shows that one alone.
    public internal(set) var collection: String {
        get { shownCollections.first ?? Artwork.defaultCollection }
        set { shownCollections = [newValue] }
    }
    /// Every collection in the store, for the key that cycles them.
    public internal(set) var collections: [String] = []
    /// The collections with art near the reference at start, shown together when there are several (`n` cycles
    /// from them to each collection alone and back).
    public internal(set) var nearCollections: [String] = []
    /// Whether the art of more than one collection is shown (the detail and the table then name each one's).
    public var showsSeveralCollections: Bool { shownCollections.count > 1 }
    /// True while the catalogue holds only the places around the reference of a large collection and the
    /// rest is being read (see Features/WholeCatalogue).
    public internal(set) var catalogueIsPartial = false

    // MARK: Reference point
    public internal(set) var reference: Coordinate
    public internal(set) var referenceSource: ReferenceSource
    /// The live (or fixed) location, kept while the user measures from a picked point, for `M`.
    public internal(set) var liveReference: Coordinate
    public internal(set) var liveSource: ReferenceSource
    /// True while the reference is the default fixed point, which then follows the collection shown.
    public internal(set) var referenceFollowsCollection = false

    // MARK: Derived from the catalogue, the reference, the search and the radius (see `refresh`)
    /// Buildings shown, nearest first.
    public private(set) var ranked: [RankedBuilding] = []
    /// Table rows for `ranked`: where each building's header is, not a value per row.
    public private(set) var rows = TableRows()
    /// Artworks shown (a row each, beside their buildings' header rows): counted without visiting every
    /// building, which the status line would do on every frame.
    public var shownArtworkCount: Int { rows.count - rows.headerCount }
    /// Buildings hidden because they are outside the radius.
    public private(set) var outsideRadius = 0
    /// Where each shown building is in `ranked`, by key.
    private(set) var rankedIndexByKey: [String: Int] = [:]
    /// Changes whenever the table's rows (or anything shown in them: hearts, units) may have changed, so a
    /// view can keep a row's text between frames. Unique across every state in the process.
    public private(set) var rowsVersion = 0
    mutating func rowsChanged() { rowsVersion = VersionCounter.shared.next() }

    // MARK: Table
    public internal(set) var selectedRow = 0
    public internal(set) var tableScroll = 0

    // MARK: Map
    /// Where the map's projection is centred; the map's centre lies `mapOffsetEast`/`mapOffsetNorth` metres
    /// from it. A pan moves the offset by whole cells and keeps the anchor, so every point lands on the same
    /// dots shifted by whole cells and the base layer can be moved instead of drawn again (see `BaseRaster`);
    /// any other move of the centre, and a zoom, anchors the projection at the new centre.
    public private(set) var mapAnchor: Coordinate
    public private(set) var mapOffsetEast = 0.0
    public private(set) var mapOffsetNorth = 0.0
    /// The map's centre. Setting it anchors the projection there.
    public internal(set) var mapCenter: Coordinate {
        get { mapOffsetEast == 0 && mapOffsetNorth == 0 ? mapAnchor : projection.unproject(east: 0, north: 0) }
        set {
            mapAnchor = newValue
            mapOffsetEast = 0
            mapOffsetNorth = 0
        }
    }
    public internal(set) var zoomIndex = 3 {
        didSet { if zoomIndex != oldValue { mapCenter = mapCenter } }
    }
    /// The map cursor, in cells from the map's centre (x east, y south).
    public internal(set) var cursorX = 0
    public internal(set) var cursorY = 0
    /// True once the user has moved the view away from the reference point.
    public internal(set) var pannedAway = false
    /// Whether the first zoom has been chosen to fit the nearest buildings.
    public internal(set) var zoomChosen = false
    /// The imported streets, buildings and paths, and the walking graph; empty until something is imported.
    public internal(set) var baseMap: BaseMap = .empty
    /// The base layer's tiles read from the store, when the map is read per view (see MapArea).
    public internal(set) var mapTiles = MapTileCache()
    /// Walking directions being shown, if any.
    public internal(set) var route: RouteState?

    // MARK: Filters
    public internal(set) var radius: Double?
    public internal(set) var nearestCount = 10
    public internal(set) var searchText = ""
    public internal(set) var searchEditing = false

    // MARK: Screen
    public internal(set) var size = TerminalSize(columns: 80, rows: 24)
    public internal(set) var layoutMode: LayoutMode = .auto
    public internal(set) var focus: Pane = .map

    /// Zoom steps in metres per cell (a cell's width; cells count as twice as tall).
    /// Up to this many buildings, the map starts with all of them in view.
    public static let smallCollectionBuildings = 20
    public static let zoomLevels: [Double] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000]

    public init(artworks: [Artwork], reference: Coordinate = .ashtonBuilding,
                referenceSource: ReferenceSource = .fixed("Ashton Building")) {
        self.reference = reference
        self.referenceSource = referenceSource
        liveReference = reference
        liveSource = referenceSource
        mapAnchor = reference
        setArtworks(artworks)
    }

    public var layout: ScreenLayout { ScreenLayout(size: size, mode: layoutMode) }
    public var metresPerCell: Double { MainState.zoomLevels[max(0, min(MainState.zoomLevels.count - 1, zoomIndex))] }
    public var projection: MapProjection { MapProjection(anchor: mapAnchor, east: mapOffsetEast, north: mapOffsetNorth) }
    /// Farther than this from the anchor a pan anchors the projection again (the flat projection's error
    /// grows with the distance: well under a percent here).
    static let reanchorMetres = 50_000.0

    /// Moves the map's centre by whole cells (a pan), keeping the projection's anchor while near it.
    mutating func pan(cellsX x: Int, y: Int) {
        mapOffsetEast += Double(x) * metresPerCell
        mapOffsetNorth -= Double(y) * 2 * metresPerCell
        if max(abs(mapOffsetEast), abs(mapOffsetNorth)) > Self.reanchorMetres { mapCenter = mapCenter }
    }
    /// Where keys are pressed on the main screen.
    public var keyContext: KeyContext { focus == .map ? .map : (route != nil ? .route : .table) }

    /// Replaces the catalogue (start-up, after a sync), keeping the selection where it can.
    mutating func setArtworks(_ newArtworks: [Artwork]) {
        let keep = selectionIdentity
        artworks = newArtworks
        catalog = CatalogQuery(artworks: newArtworks)
        refresh(keeping: keep)
    }

    /// With `referenceFollowsCollection`, measures from `home` when the collection has art within 50 km
    /// of it, else from the middle (median latitude and longitude) of the collection.
    mutating func followCollection(home: Coordinate, homeName: String) {
        guard referenceFollowsCollection, !artworks.isEmpty else { return }
        if let middle = catalog.defaultReference(home: home) {
            setReference(middle, source: .fixed("middle of \(collection)"))
        } else if reference != home {
            setReference(home, source: .fixed(homeName))
        }
        liveReference = reference
        liveSource = referenceSource
        zoomChosen = false
        // Measured from a new place, the collection opens on its nearest building, at the top of the table
        // (not on the row that was first from the old place, wherever it now ranks).
        selectedRow = 0
        tableScroll = 0
    }

    /// Moves the reference point; the view follows unless the user has panned away.
    mutating func setReference(_ coordinate: Coordinate, source: ReferenceSource) {
        let keep = selectionIdentity
        reference = coordinate
        referenceSource = source
        if !pannedAway {
            mapCenter = coordinate
            cursorX = 0
            cursorY = 0
        }
        refresh(keeping: keep)
    }

    // MARK: - Derived data

    /// What is selected, by identity, so it survives re-sorting.
    public var selectionIdentity: (building: String, artwork: ArtworkKey?)? {
        guard rows.indices.contains(selectedRow) else { return nil }
        switch rows[selectedRow] {
        case .building(let b): return (ranked[b].building.key, nil)
        case .artwork(let b, let a): return (ranked[b].building.key, ranked[b].artworks[a].artwork.key)
        }
    }

    /// Recomputes buildings and rows from the catalogue, reference, search and radius.
    mutating func refresh(keeping identity: (building: String, artwork: ArtworkKey?)? = nil) {
        rowsChanged()
        let all = catalog.ranked(from: reference)
        let needle = MainState.folded(searchText)
        var shown: [RankedBuilding] = []
        for building in all {
            if needle.isEmpty || MainState.folded(building.name).contains(needle) {
                shown.append(building)
                continue
            }
            let matching = building.artworks.filter {
                MainState.folded($0.artwork.title).contains(needle) || MainState.folded($0.artwork.artist).contains(needle)
            }
            if !matching.isEmpty {
                shown.append(RankedBuilding(building: building.building, distance: building.distance,
                                            bearing: building.bearing, artworks: matching))
            }
        }
        if let radius {
            outsideRadius = shown.filter { $0.distance > radius }.count
            shown = shown.filter { $0.distance <= radius }
        } else {
            outsideRadius = 0
        }
        ranked = shown
        rankedIndexByKey = Dictionary(shown.enumerated().map { ($1.building.key, $0) }, uniquingKeysWith: { first, _ in first })
        rows = TableRows(artworkCounts: shown.map(\.artworks.count), headerless: shown.map(\.building.standsForItsArtwork))
        selectedRow = 0
        if let identity {
            if let found = rows.firstIndex(where: { row in
                switch row {
                case .building(let b): return identity.artwork == nil && ranked[b].building.key == identity.building
                case .artwork(let b, let a): return ranked[b].artworks[a].artwork.key == identity.artwork
                }
            }) {
                selectedRow = found
            } else if let b = ranked.firstIndex(where: { $0.building.key == identity.building }),
                      let found = rows.row(ofBuilding: b) {
                selectedRow = found
            }
        }
        keepSelectionVisible()
    }

    /// Case- and accent-insensitive form for search.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }


}
