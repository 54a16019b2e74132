import Catalog
import Foundation

/// The main screen's table: the buildings shown, nearest first, their rows, the selection and the scroll.
/// The rows are derived (`refresh`) from the catalogue, the reference point and the filters the parent hands in.
public struct TableState: Sendable {
    /// Buildings shown, nearest first.
    public private(set) var ranked: [RankedBuilding] = []
    /// Table rows for `ranked`: where each building's header is, not a value per row.
    public private(set) var rows = TableRows()
    /// Buildings hidden because they are outside the radius.
    public private(set) var outsideRadius = 0
    /// Where each shown building is in `ranked`, by key.
    private(set) var rankedIndexByKey: [String: Int] = [:]
    /// Changes whenever the table's rows (or anything shown in them: hearts, units) may have changed, so a
    /// view can keep a row's text between frames. Counted along the state's own history (each change a new
    /// number), which is all a session's caches see: they belong to one session and its one state.
    public private(set) var rowsVersion = 0
    public internal(set) var selectedRow = 0
    public internal(set) var scroll = 0

    /// An empty table.
    public init() {}

    mutating func rowsChanged() { rowsVersion &+= 1 }

    /// What is selected, by identity, so it survives re-sorting.
    public var selectionIdentity: (building: String, artwork: ArtworkKey?)? {
        guard rows.indices.contains(selectedRow) else { return nil }
        switch rows[selectedRow] {
        case .building(let b): return (ranked[b].building.key, nil)
        case .artwork(let b, let a): return (ranked[b].building.key, ranked[b].artworks[a].artwork.key)
        }
    }

    /// The building of the selected row.
    public var selectedBuilding: RankedBuilding? {
        guard rows.indices.contains(selectedRow) else { return nil }
        return ranked[rows[selectedRow].buildingIndex]
    }

    /// Recomputes buildings and rows from the catalogue ranked from the reference, kept by the search and the
    /// radius, and selects `identity` again where it can.
    mutating func refresh(_ all: [RankedBuilding], search: String, radius: Double?,
                          keeping identity: (building: String, artwork: ArtworkKey?)?, height: Int) {
        rowsChanged()
        var shown = SearchState.matching(all, search)
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
        if let identity { select(identity) }
        keepSelectionVisible(height: height)
    }

    /// Selects the row of `identity`, else its building's.
    private mutating func select(_ identity: (building: String, artwork: ArtworkKey?)) {
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

    /// Scrolls the table so the selected row is on screen. When it has to scroll, the row's building header
    /// comes into view too if both fit (after `@ place` the place's header tops the table, not an artwork
    /// under ▲); a step of j or k past the edge scrolls by one row as before.
    mutating func keepSelectionVisible(height: Int) {
        let height = max(1, height)
        let offScreen = selectedRow < scroll || selectedRow >= scroll + height
        if selectedRow < scroll { scroll = selectedRow }
        if selectedRow >= scroll + height { scroll = selectedRow - height + 1 }
        if offScreen, rows.indices.contains(selectedRow), let header = rows.row(ofBuilding: rows[selectedRow].buildingIndex),
           header < scroll, selectedRow - header < height {
            scroll = header
        }
        scroll = max(0, min(scroll, max(0, rows.count - height)))
    }
}
