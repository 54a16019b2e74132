import Catalog
import Foundation

/// The main screen's filters: the search typed into the table's field, the radius around the reference point
/// and how many buildings count as the nearest. The table shows what they keep (`TableState.refresh`).
public struct SearchState: Sendable, Equatable {
    public internal(set) var text = ""
    public internal(set) var editing = false
    public internal(set) var radius: Double?
    public internal(set) var nearestCount = 10

    /// No search, no radius.
    public init() {}

    /// Case- and accent-insensitive form for search.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The buildings whose name matches `search`, whole, and of the others those of their artworks whose title
    /// or artist does.
    static func matching(_ all: [RankedBuilding], _ search: String) -> [RankedBuilding] {
        let needle = folded(search)
        guard !needle.isEmpty else { return all }
        var shown: [RankedBuilding] = []
        for building in all {
            if folded(building.name).contains(needle) {
                shown.append(building)
                continue
            }
            let matching = building.artworks.filter {
                folded($0.artwork.title).contains(needle) || folded($0.artwork.artist).contains(needle)
            }
            if !matching.isEmpty {
                shown.append(RankedBuilding(building: building.building, distance: building.distance,
                                            bearing: building.bearing, artworks: matching))
            }
        }
        return shown
    }
}
