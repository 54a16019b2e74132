import Foundation
import Geo

/// A place that holds artworks: one map marker, however many artworks it has.
public struct Building: Hashable, Sendable {
    /// Stable identity: the building name, lower-cased (from `location`, or derived from notes).
    public let key: String
    public let name: String
    /// The mean position of its artworks.
    public let coordinate: Coordinate
    public let artworks: [Artwork]

    public init(key: String, name: String, coordinate: Coordinate, artworks: [Artwork]) {
        self.key = key
        self.name = name
        self.coordinate = coordinate
        self.artworks = artworks
    }

    /// Groups artworks into buildings: by `location` when a record has one, otherwise by identical
    /// coordinates, named from the members' location notes.
    public static func group(_ artworks: [Artwork]) -> [Building] {
        // Records without a location first gather by identical coordinates and take a name from their notes;
        // then every group joins the building of the same name, so a building keeps one marker whether its
        // records carry `location` or not.
        var coordinateGroups: [String: [Artwork]] = [:]
        var coordinateOrder: [String] = []
        for artwork in artworks where artwork.building == nil {
            let key = "\(artwork.coordinate.latitude),\(artwork.coordinate.longitude)"
            if coordinateGroups[key] == nil { coordinateOrder.append(key) }
            coordinateGroups[key, default: []].append(artwork)
        }
        var derivedNames: [String: String] = [:]
        for key in coordinateOrder {
            derivedNames[key] = nameFromNotes(coordinateGroups[key] ?? [])
        }
        // Places of the same name far apart (two "St Mary's Church" in one city, two untitled murals) are
        // different buildings: a name joins a group only within `sameBuildingMetres` of its first member.
        // Members are counted first and gathered after, so each building's array is exactly its size (appending as
        // they come left up to half of 100,000 artworks' arrays unused).
        var groups: [(key: String, name: String, anchor: Coordinate, count: Int)] = []
        var groupOfArtwork: [Int32] = []
        groupOfArtwork.reserveCapacity(artworks.count)
        // Names that fold alike share one list of candidate groups. Most names recur exactly as written, so each
        // name is folded to lower case once and finds its list with a single look-up.
        var candidateLists: [[Int]] = []
        var listOfFoldedName: [String: Int] = [:]
        var listOfName: [String: (list: Int, folded: String)] = [:]
        for artwork in artworks {
            let name = artwork.building
                ?? derivedNames["\(artwork.coordinate.latitude),\(artwork.coordinate.longitude)"] ?? artwork.title
            let list: Int, folded: String
            if let known = listOfName[name] {
                (list, folded) = known
            } else {
                folded = name.lowercased()
                if let existing = listOfFoldedName[folded] {
                    list = existing
                } else {
                    list = candidateLists.count
                    candidateLists.append([])
                    listOfFoldedName[folded] = list
                }
                listOfName[name] = (list, folded)
            }
            if let joined = candidateLists[list].first(where: { g in
                let anchor = groups[g].anchor
                return anchor == artwork.coordinate || SpatialIndex.sphericalDistance(anchor, artwork.coordinate) <= sameBuildingMetres
            }) {
                groups[joined].count += 1
                groupOfArtwork.append(Int32(joined))
            } else {
                let taken = candidateLists[list].count
                let key = taken == 0 ? folded : "\(folded)#\(taken + 1)"
                candidateLists[list].append(groups.count)
                groupOfArtwork.append(Int32(groups.count))
                groups.append((key, name, artwork.coordinate, 1))
            }
        }
        var members = groups.map { group in
            var artworks: [Artwork] = []
            artworks.reserveCapacity(group.count)
            return artworks
        }
        for (artwork, group) in zip(artworks, groupOfArtwork) { members[Int(group)].append(artwork) }
        return zip(groups, members).map { group, members in
            Building(key: group.key, name: group.name, coordinate: meanPosition(members), artworks: members)
        }
    }

    /// How far apart two places of the same name may be and still be one building.
    public static let sameBuildingMetres = 1_000.0

    /// The members' common part before the first comma of their notes; if they differ, the first note;
    /// if there are none, the first title.
    static func nameFromNotes(_ group: [Artwork]) -> String {
        let notes = group.map { $0.locationNotes.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let heads = notes.map { note in
            String(note.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let first = heads.first, !first.isEmpty, heads.allSatisfy({ $0 == first }) {
            return first
        }
        if let note = notes.first { return note }
        if let title = group.first?.title, !title.isEmpty { return title }
        return group.first.map { "\($0.coordinate)" } ?? "?"
    }

    /// Mean of unit vectors, so a group straddling the antimeridian is not placed on the wrong side.
    static func meanPosition(_ group: [Artwork]) -> Coordinate {
        guard let first = group.first else { return .ashtonBuilding }
        // One point (a single artwork, or all at one place) is its own mean, exactly.
        if group.allSatisfy({ $0.coordinate == first.coordinate }) { return first.coordinate }
        var x = 0.0, y = 0.0, z = 0.0
        for a in group {
            let lat = a.coordinate.latitude * .pi / 180, lon = a.coordinate.longitude * .pi / 180
            x += cos(lat) * cos(lon)
            y += cos(lat) * sin(lon)
            z += sin(lat)
        }
        let hyp = (x * x + y * y).squareRoot()
        guard hyp > 0 || z != 0 else { return first.coordinate }
        return Coordinate(clampingLatitude: atan2(z, hyp) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }
}
