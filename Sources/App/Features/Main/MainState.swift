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
    /// The user's home (`location.home`), by its name or point.
    case home(String)

    public var label: String {
        switch self {
        case .fixed(let name?): return name
        case .fixed(nil): return "fixed point"
        case .picked: return "picked point"
        case .live(let what): return what
        case .home(let name): return name.isEmpty ? "home" : "home · \(name)"
        }
    }

    /// The status line's mark before the label: a house for home, a target for any other point.
    public var mark: String { if case .home = self { return "⌂" } else { return "◎" } }
}

/// The main screen: its children's states (the catalogue shown, the table, the filters, the map, the walking
/// route), and what they all read: the reference point, the screen's size and layout, the pane with the keys.
/// Changed only by `MainFeature.reduce`, which hands each child its part (see MainFeature).
public struct MainState: Sendable {
    // MARK: Children
    public internal(set) var catalogue: CatalogueState
    public internal(set) var table = TableState()
    public internal(set) var search = SearchState()
    public internal(set) var map: MapState
    /// Walking directions being shown, if any (`RouteFeature`).
    public internal(set) var route: RouteState?

    // MARK: Reference point
    public internal(set) var reference: Coordinate
    public internal(set) var referenceSource: ReferenceSource
    /// The live (or fixed) location, kept while the user measures from a picked point, for `M`.
    public internal(set) var liveReference: Coordinate
    public internal(set) var liveSource: ReferenceSource
    /// True while the reference is the default fixed point, which then follows the collection shown.
    public internal(set) var referenceFollowsCollection = false

    // MARK: Screen
    public internal(set) var size = TerminalSize(columns: 80, rows: 24)
    public internal(set) var layoutMode: LayoutMode = .auto
    public internal(set) var focus: Pane = .map

    /// Up to this many buildings, the map starts with all of them in view.
    public static let smallCollectionBuildings = 20
    /// Zoom steps in metres per cell (a cell's width; cells count as twice as tall).
    public static let zoomLevels = MapState.zoomLevels

    public init(artworks: [Artwork], reference: Coordinate = .ashtonBuilding,
                referenceSource: ReferenceSource = .fixed("Ashton Building")) {
        self.reference = reference
        self.referenceSource = referenceSource
        liveReference = reference
        liveSource = referenceSource
        map = MapState(center: reference)
        catalogue = CatalogueState()
        setArtworks(artworks)
    }

    public var layout: ScreenLayout { ScreenLayout(size: size, mode: layoutMode) }
    /// Where keys are pressed on the main screen.
    public var keyContext: KeyContext { focus == .map ? .map : (route != nil ? .route : .table) }
    /// What the map child reads of the rest.
    var mapContext: MapPaneFeature.Context { MapPaneFeature.Context(inner: layout.mapInner, reference: reference) }
    /// What the route child reads of the rest.
    var routeContext: RouteFeature.Context {
        RouteFeature.Context(reference: reference, graph: map.baseMap.graph, readsFromStore: map.tiles.readsFromStore)
    }

    /// Replaces the catalogue (start-up, after a sync), keeping the selection where it can.
    mutating func setArtworks(_ newArtworks: [Artwork]) {
        let keep = selectionIdentity
        catalogue.replace(newArtworks)
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
        map.zoomChosen = false
        // Measured from a new place, the collection opens on its nearest building, at the top of the table
        // (not on the row that was first from the old place, wherever it now ranks).
        table.selectedRow = 0
        table.scroll = 0
    }

    /// Moves the reference point; the view follows unless the user has panned away.
    mutating func setReference(_ coordinate: Coordinate, source: ReferenceSource) {
        let keep = selectionIdentity
        reference = coordinate
        referenceSource = source
        if !map.pannedAway { map.centre(on: coordinate, away: false) }
        refresh(keeping: keep)
    }

    /// Derives the table's buildings and rows again from the catalogue, reference, search and radius.
    mutating func refresh(keeping identity: (building: String, artwork: ArtworkKey?)? = nil) {
        table.refresh(catalog.ranked(from: reference), search: search.text, radius: search.radius, keeping: identity,
                      height: layout.tableBody.height)
    }
}
