import Cartography
import Catalog
import Foundation
import Geo
import Imaging
import TerminalTypes

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

/// The state of the sync engine as the user sees it.
public enum SyncStatus: Hashable, Sendable {
    case idle
    case running(String)
    case failed(String)
}

/// A layer over the main screen; Esc goes back one layer.
public enum Overlay: Hashable, Sendable {
    /// The artworks of one building, with the selected one.
    case building(key: String, selected: Int)
    /// One artwork's detail, scrolled by `scroll` lines.
    case detail(artworkID: String, scroll: Int)
    case help(scroll: Int)
    /// The full-screen image viewer over an artwork's detail.
    case viewer(ImageViewerState)
    /// The hearted artworks, with the selected one.
    case favourites(selected: Int)
    /// The full-screen slideshow.
    case slideshow(SlideshowState)
    /// The settings screen.
    case settings(SettingsState)
    /// The last news message and what syncs changed, scrolled.
    case news(scroll: Int)
    /// The painters followed at the Rijksmuseum.
    case painters(PaintersState)
}

/// One row of the table: a building header or one of its artworks.
public enum TableRow: Hashable, Sendable {
    case building(Int)
    case artwork(Int, Int)

    public var buildingIndex: Int {
        switch self {
        case .building(let b), .artwork(let b, _): return b
        }
    }
}

/// Everything the user sees, as one value. Changed only by `reduce`.
public struct AppState: Sendable {
    // MARK: Catalogue
    public private(set) var artworks: [Artwork] = []
    public private(set) var catalog = CatalogQuery(artworks: [])
    public var collection: String = Artwork.defaultCollection
    /// Every collection in the store, for the key that cycles them.
    public var collections: [String] = []

    // MARK: Reference point
    public private(set) var reference: Coordinate
    public private(set) var referenceSource: ReferenceSource
    /// The live (or fixed) location, kept while the user measures from a picked point, for `M`.
    public var liveReference: Coordinate
    public var liveSource: ReferenceSource

    // MARK: Derived from the catalogue, the reference, the search and the radius (see `refresh`)
    /// Buildings shown, nearest first.
    public private(set) var ranked: [RankedBuilding] = []
    /// Table rows for `ranked`.
    public private(set) var rows: [TableRow] = []
    /// Buildings hidden because they are outside the radius.
    public private(set) var outsideRadius = 0
    /// Where each shown building is in `ranked`, by key.
    private var rankedIndexByKey: [String: Int] = [:]

    // MARK: Table
    public var selectedRow = 0
    public var tableScroll = 0

    // MARK: Map
    public var mapCenter: Coordinate
    public var zoomIndex = 3
    /// The map cursor, in cells from the map's centre (x east, y south).
    public var cursorX = 0
    public var cursorY = 0
    /// True once the user has moved the view away from the reference point.
    public var pannedAway = false
    /// Whether the first zoom has been chosen to fit the nearest buildings.
    public var zoomChosen = false

    /// The imported streets, buildings and paths, and the walking graph; empty until something is imported.
    public var baseMap: BaseMap = .empty
    /// Fetching the map around the reference from OpenStreetMap, and the place prompt (Features/NearMe).
    public var nearMe = NearMeState()
    /// Walking directions being shown, if any.
    public var route: RouteState?

    /// Hearted artworks from every collection, oldest first, and their keys for a quick look-up.
    public internal(set) var favourites: [Artwork] = []
    var favouriteKeys: Set<String> = []
    /// Seconds between slideshow pictures (the `slideshow.interval` setting); 0 shows one fixed picture.
    public var slideshowInterval = 8.0
    /// Changes whenever the table's rows (or anything shown in them: hearts, units) may have changed, so a
    /// view can keep a row's text between frames.
    /// Unique across every state in the process (a global counter), so two states never share a version.
    public private(set) var rowsVersion = 0
    mutating func rowsChanged() { rowsVersion = VersionCounter.shared.next() }
    /// Saved settings by key (defaults are not in here).
    public var settings: [String: String] = [:]
    /// The last news message, and whether it arrived since the user last opened it (the badge).
    public var news: NewsItem?
    public var newsUnread = false
    /// Why the last news fetch failed (nil once one succeeds).
    public var newsProblem: String?
    /// Artworks syncs added or changed since the user last opened the news ("What's new").
    public var whatsNew: [String] = []
    /// Artworks a list outside the shown collection is browsing (a painter's paintings), so their detail
    /// and pictures can be shown.
    public var browsing: [Artwork] = []
    /// Artworks from other collections a slideshow shows (the Night Watch, cached pictures), so their titles and
    /// pictures can be found.
    public var slideshowArtworks: [Artwork] = []
    /// A search to apply once a collection has loaded (`t` on a painter's paintings).
    public var pendingSearch: String?

    // MARK: Full records (see Features/Details)
    /// False when `artworks` were read with only what the view needs (`ArtworkFields.view`): a detail then
    /// asks the store for the artwork's full record.
    public var catalogueHoldsFullRecords = true
    /// Full records read for details, by id (the shown collection's only).
    public var fullRecords: [String: Artwork] = [:]
    /// True while the catalogue holds only the places around the reference of a large collection and the
    /// rest is being read (see Features/WholeCatalogue).
    public var catalogueIsPartial = false

    // MARK: Filters
    public var radius: Double?
    public var nearestCount = 10
    public var searchText = ""
    public var searchEditing = false

    // MARK: Screen
    public var size = TerminalSize(columns: 80, rows: 24)
    public var layoutMode: LayoutMode = .auto
    public var focus: Pane = .map
    public var overlays: [Overlay] = []
    public var ascii = false

    // MARK: Status
    public var sync: SyncStatus = .idle
    public var lastSync: Date?
    public var lastMessage: String?
    public var lastError: String?
    /// The live location source's state, for the status bar.
    public var locationStatus: String?
    public var now = Date()
    /// Artworks' pictures: decoded ones (bounded in bytes) and why others cannot be shown.
    public var pictures = PictureMemory()
    /// How many colours pictures may use, as the terminal reports.
    public var colorDepth: ColorDepth = .indexed256
    /// A cell's height over its width (2 unless the terminal reports its pixel size).
    public var cellAspect = 2.0

    /// Zoom steps in metres per cell (a cell's width; cells count as twice as tall).
    public static let zoomLevels: [Double] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000]

    public init(artworks: [Artwork], reference: Coordinate = .ashtonBuilding,
                referenceSource: ReferenceSource = .fixed("Ashton Building")) {
        self.reference = reference
        self.referenceSource = referenceSource
        liveReference = reference
        liveSource = referenceSource
        mapCenter = reference
        setArtworks(artworks)
    }

    public var layout: ScreenLayout { ScreenLayout(size: size, mode: layoutMode) }
    public var metresPerCell: Double { AppState.zoomLevels[max(0, min(AppState.zoomLevels.count - 1, zoomIndex))] }
    public var projection: LocalProjection { LocalProjection(center: mapCenter) }

    /// Replaces the catalogue (start-up, after a sync), keeping the selection where it can.
    public mutating func setArtworks(_ newArtworks: [Artwork]) {
        let keep = selectionIdentity
        artworks = newArtworks
        fullRecords.removeAll()
        catalog = CatalogQuery(artworks: newArtworks)
        refresh(keeping: keep)
    }

    /// True while the reference is the default fixed point, which then follows the collection shown:
    /// an imported city far from the campus is measured from its own middle.
    public var referenceFollowsCollection = false

    /// With `referenceFollowsCollection`, measures from `home` when the collection has art within 50 km
    /// of it, else from the middle (median latitude and longitude) of the collection.
    public mutating func followCollection(home: Coordinate, homeName: String) {
        guard referenceFollowsCollection, !artworks.isEmpty else { return }
        if let middle = catalog.defaultReference(home: home) {
            setReference(middle, source: .fixed("middle of \(collection)"))
        } else if reference != home {
            setReference(home, source: .fixed(homeName))
        }
        liveReference = reference
        liveSource = referenceSource
        zoomChosen = false
    }

    /// Moves the reference point; the view follows unless the user has panned away.
    public mutating func setReference(_ coordinate: Coordinate, source: ReferenceSource) {
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
    public var selectionIdentity: (building: String, artwork: String?)? {
        guard rows.indices.contains(selectedRow) else { return nil }
        switch rows[selectedRow] {
        case .building(let b): return (ranked[b].building.key, nil)
        case .artwork(let b, let a): return (ranked[b].building.key, ranked[b].artworks[a].artwork.id)
        }
    }

    /// Recomputes buildings and rows from the catalogue, reference, search and radius.
    public mutating func refresh(keeping identity: (building: String, artwork: String?)? = nil) {
        rowsChanged()
        let all = catalog.ranked(from: reference)
        let needle = AppState.folded(searchText)
        var shown: [RankedBuilding] = []
        for building in all {
            if needle.isEmpty {
                shown.append(building)
                continue
            }
            if AppState.folded(building.name).contains(needle) {
                shown.append(building)
                continue
            }
            let matching = building.artworks.filter {
                AppState.folded($0.artwork.title).contains(needle) || AppState.folded($0.artwork.artist).contains(needle)
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
        var newRows: [TableRow] = []
        for (b, building) in shown.enumerated() {
            newRows.append(.building(b))
            for a in building.artworks.indices { newRows.append(.artwork(b, a)) }
        }
        rows = newRows
        selectedRow = 0
        if let identity {
            if let found = rows.firstIndex(where: { row in
                switch row {
                case .building(let b): return identity.artwork == nil && ranked[b].building.key == identity.building
                case .artwork(let b, let a): return ranked[b].artworks[a].artwork.id == identity.artwork
                }
            }) {
                selectedRow = found
            } else if let b = ranked.firstIndex(where: { $0.building.key == identity.building }),
                      let found = rows.firstIndex(of: .building(b)) {
                selectedRow = found
            }
        }
        keepSelectionVisible()
    }

    /// Case- and accent-insensitive form for search.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Scrolls the table so the selected row is on screen.
    public mutating func keepSelectionVisible() {
        let height = max(1, layout.tableBody.height)
        if selectedRow < tableScroll { tableScroll = selectedRow }
        if selectedRow >= tableScroll + height { tableScroll = selectedRow - height + 1 }
        tableScroll = max(0, min(tableScroll, max(0, rows.count - height)))
    }

    /// The building of the selected row.
    public var selectedBuilding: RankedBuilding? {
        guard rows.indices.contains(selectedRow) else { return nil }
        return ranked[rows[selectedRow].buildingIndex]
    }

    /// Finds an artwork anywhere in the catalogue (ranked from the reference point). Ranks only its own
    /// building, so showing a detail costs the same for a campus and for 100,000 places.
    public func rankedArtwork(id: String) -> (RankedBuilding, RankedArtwork)? {
        // Usually the building the artwork was opened from: no need for the table of every id.
        for key in buildingKeysInView {
            if let shown = rankedIndexByKey[key].map({ ranked[$0] }),
               let artwork = shown.artworks.first(where: { $0.artwork.id == id }) {
                return (shown, artwork)
            }
        }
        guard let building = catalog.building(containingArtwork: id) else { return nil }
        if let shown = rankedIndexByKey[building.key].map({ ranked[$0] }),
           let artwork = shown.artworks.first(where: { $0.artwork.id == id }) {
            return (shown, artwork)
        }
        let whole = catalog.rank(building, from: reference)
        return whole.artworks.first(where: { $0.artwork.id == id }).map { (whole, $0) }
    }

    /// The building with this key, ranked from the reference point, including ones filtered out.
    public func rankedBuilding(key: String) -> RankedBuilding? {
        if let shown = rankedIndexByKey[key].map({ ranked[$0] }) { return shown }
        guard let building = catalog.buildings.first(where: { $0.key == key }) else { return nil }
        return catalog.rank(building, from: reference)
    }

    /// An artwork of the catalogue by id: looked for first in the buildings in view (the selected row's, an
    /// open building list's), then through the catalogue's own index of which building holds it.
    public func artwork(id: String) -> Artwork? {
        for key in buildingKeysInView {
            if let found = rankedIndexByKey[key].flatMap({ ranked[$0].artworks.first { $0.artwork.id == id } }) { return found.artwork }
        }
        return catalog.building(containingArtwork: id)?.artworks.first { $0.id == id }
    }

    /// The keys of the buildings the user is looking at: open building lists, then the selected row's.
    private var buildingKeysInView: [String] {
        var keys: [String] = overlays.reversed().compactMap { if case .building(let key, _) = $0 { return key } else { return nil } }
        if rows.indices.contains(selectedRow) {
            switch rows[selectedRow] {
            case .building(let b), .artwork(let b, _): keys.append(ranked[b].building.key)
            }
        }
        return keys
    }

    // MARK: - Map geometry

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

    /// Buildings whose marker sits on a cell offset, nearest first (indices into `ranked`). Asks the spatial
    /// index for the cell's neighbourhood instead of projecting every building.
    public func buildings(atCellX x: Int, y: Int) -> [Int] {
        let around = boundingBox(cellsFromX: x - 1, toX: x + 1, fromY: y - 1, toY: y + 1)
        return catalog.buildingIndices(inside: around)
            .compactMap { rankPosition(ofBuilding: catalog.buildings[$0].key) }
            .filter { cellOffset(of: ranked[$0].building.coordinate) == (x, y) }
            .sorted()
    }

    /// Where a building is in `ranked` (its rank among the shown), or nil when it is not shown.
    public func rankPosition(ofBuilding key: String) -> Int? { rankedIndexByKey[key] }

    /// The box of coordinates covering the map cells from (x0, y0) to (x1, y1) (offsets from the centre).
    public func boundingBox(cellsFromX x0: Int, toX x1: Int, fromY y0: Int, toY y1: Int) -> BoundingBox {
        let corners = [coordinate(atCellX: x0, y: y0), coordinate(atCellX: x1, y: y1),
                       coordinate(atCellX: x0, y: y1), coordinate(atCellX: x1, y: y0)]
        return BoundingBox(south: corners.map(\.latitude).min() ?? 0, north: corners.map(\.latitude).max() ?? 0,
                           west: corners.map(\.longitude).min() ?? 0, east: corners.map(\.longitude).max() ?? 0)
    }

    /// The building under the map cursor, if any.
    public var buildingUnderCursor: Int? { buildings(atCellX: cursorX, y: cursorY).first }

    /// Half the map's inner size, in cells, as the furthest the cursor may go from the centre.
    public var mapHalfExtent: (x: Int, y: Int) {
        let inner = layout.mapInner
        return (max(0, (inner.width - 1) / 2), max(0, (inner.height - 1) / 2))
    }

    /// The symbols pictures are drawn with.
    public var pictureSymbols: SymbolSet {
        if ascii { return .ascii }
        return SymbolSet(rawValue: settings[Setting.imageRendering] ?? "") ?? .blocks
    }

    /// The artwork whose picture a view on top shows (detail, viewer, or the selected one of a building list).
    public var shownPictureID: String? {
        switch overlays.last {
        case .detail(let id, _)?: return id
        case .viewer(let viewer)?: return viewer.artworkID
        case .building(let key, let selected)?:
            guard let building = rankedBuilding(key: key), building.artworks.indices.contains(selected) else { return nil }
            return building.artworks[selected].artwork.id
        case .slideshow(let show)?: return show.currentID
        case .help?, .favourites?, .settings?, .news?, .painters?, nil: return nil
        }
    }

    /// The viewer's box (the whole screen but the status line) and a picture in it.
    public func viewerGeometry(_ picture: Picture) -> ImageViewerGeometry {
        ImageViewerGeometry(pixelWidth: picture.pixels.width, pixelHeight: picture.pixels.height,
                            columns: size.columns, rows: max(1, size.rows - 1), cellAspect: cellAspect)
    }

    /// The status bar's note about the last sync.
    public var syncAgeText: String? {
        guard let lastSync else { return nil }
        let minutes = Int(now.timeIntervalSince(lastSync) / 60)
        if minutes < 1 { return "synced just now" }
        if minutes < 120 { return "synced \(minutes) min ago" }
        let hours = minutes / 60
        if hours < 48 { return "synced \(hours) h ago" }
        return "synced \(hours / 24) days ago"
    }
}

/// Hands out increasing numbers, process-wide, for `AppState.rowsVersion`.
final class VersionCounter: @unchecked Sendable {
    static let shared = VersionCounter()
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
