import Catalog
import Foundation
import Geo

/// The main screen's look-ups: what it points at, an artwork or a building wherever it is.
extension MainState {
    /// What the main screen points at: the building under the map cursor, or the table's selected row.
    public var pointed: Pointed? {
        if focus == .map { return buildingUnderCursor.map { .building(ranked[$0]) } }
        guard rows.indices.contains(selectedRow) else { return nil }
        switch rows[selectedRow] {
        case .building(let b): return .building(ranked[b])
        case .artwork(let b, let a): return .artwork(ranked[b].artworks[a].artwork)
        }
    }

    // MARK: - Look-ups

    /// Finds an artwork anywhere in the catalogue, ranked from the reference point, looking first in the
    /// buildings `inView` (open lists, then the selected row's). Ranks only its own building, so showing a
    /// detail costs the same for a campus and for 100,000 places.
    public func rankedArtwork(_ id: ArtworkKey, inView: [String] = []) -> (RankedBuilding, RankedArtwork)? {
        for key in inView + selectedBuildingKey {
            if let shown = rankedIndexByKey[key].map({ ranked[$0] }),
               let artwork = shown.artworks.first(where: { $0.artwork.key == id }) {
                return (shown, artwork)
            }
        }
        guard let building = catalog.building(containingArtwork: id) else { return nil }
        if let shown = rankedIndexByKey[building.key].map({ ranked[$0] }),
           let artwork = shown.artworks.first(where: { $0.artwork.key == id }) {
            return (shown, artwork)
        }
        let whole = catalog.rank(building, from: reference)
        return whole.artworks.first(where: { $0.artwork.key == id }).map { (whole, $0) }
    }

    /// The building with this key, ranked from the reference point, including ones filtered out.
    public func rankedBuilding(key: String) -> RankedBuilding? {
        if let shown = rankedIndexByKey[key].map({ ranked[$0] }) { return shown }
        guard let building = catalog.buildings.first(where: { $0.key == key }) else { return nil }
        return catalog.rank(building, from: reference)
    }

    /// An artwork of the catalogue by its key, looked for first in the buildings `inView` and the selected row's.
    public func artwork(_ id: ArtworkKey, inView: [String] = []) -> Artwork? {
        for key in inView + selectedBuildingKey {
            if let found = rankedIndexByKey[key].flatMap({ ranked[$0].artworks.first { $0.artwork.key == id } }) { return found.artwork }
        }
        return catalog.building(containingArtwork: id)?.artworks.first { $0.key == id }
    }

    fileprivate var selectedBuildingKey: [String] {
        rows.indices.contains(selectedRow) ? [ranked[rows[selectedRow].buildingIndex].building.key] : []
    }

    /// Where a building is in `ranked` (its rank among the shown), or nil when it is not shown.
    public func rankPosition(ofBuilding key: String) -> Int? { rankedIndexByKey[key] }
}
