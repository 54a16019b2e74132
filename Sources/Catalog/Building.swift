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
    /// A place of one artwork whose name is the artwork's own: listed as the artwork, not under a group line.
    public let standsForItsArtwork: Bool

    public init(key: String, name: String, coordinate: Coordinate, artworks: [Artwork], standsForItsArtwork: Bool = false) {
        self.key = key
        self.name = name
        self.coordinate = coordinate
        self.artworks = artworks
        self.standsForItsArtwork = standsForItsArtwork
    }

    /// Groups artworks into places a person would call one place: by their building (`location`, or the map's
    /// building or area that contains them); else by a named location shared by artworks within 100 m of each
    /// other (the members' location notes); else each is a place of its own (artworks at the very same point
    /// share it). A place is never formed by title: two "(untitled)" works 1 km apart are two places.
    public static func group(_ artworks: [Artwork]) -> [Building] {
        // Records without a building first gather by identical coordinates and take a name from their notes;
        // then every named group joins the building of the same name nearby, so a building keeps one marker
        // whether its records carry `location` or not.
        let derivedNames = namesFromNotes(artworks)
        // Places of the same name far apart (two "St Mary's Church" in one city, an address range along a street)
        // are different places: a name joins a group only within `sameBuildingMetres` (a building) or
        // `sameLocationMetres` (a location from notes) of its first member.
        // Members are counted first and gathered after, so each building's array is exactly its size (appending as
        // they come left up to half of 100,000 artworks' arrays unused).
        var groups: [(key: String, name: String, anchor: Coordinate, count: Int, ownPlace: Bool)] = []
        // A building's name holds across the building (`sameBuildingMetres`); a name from notes only nearby.
        var joinsWithin: [Double] = []
        var groupOfArtwork: [Int32] = []
        groupOfArtwork.reserveCapacity(artworks.count)
        // Names that fold alike share one list of candidate groups. Most names recur exactly as written, so each
        // name is folded to lower case once and finds its list with a single look-up.
        var candidateLists: [[Int]] = []
        var listOfFoldedName: [String: Int] = [:]
        var listOfName: [String: (list: Int, folded: String)] = [:]
        // An artwork with neither building nor notes is its own place, shared only with artworks at its very point.
        var ownPlaceAt: [String: Int] = [:]
        for artwork in artworks {
            let point = "\(artwork.coordinate.latitude),\(artwork.coordinate.longitude)"
            guard let name = artwork.building ?? derivedNames[point] else {
                if let place = ownPlaceAt[point] {
                    groups[place].count += 1
                    groupOfArtwork.append(Int32(place))
                } else {
                    let title = artwork.title.trimmingCharacters(in: .whitespaces)
                    ownPlaceAt[point] = groups.count
                    groupOfArtwork.append(Int32(groups.count))
                    groups.append(("\(title.lowercased())@\(point)", title.isEmpty ? "(untitled)" : title, artwork.coordinate, 1, true))
                    joinsWithin.append(0)
                }
                continue
            }
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
            let reach = artwork.building != nil ? sameBuildingMetres : sameLocationMetres
            if let joined = candidateLists[list].first(where: { g in
                let anchor = groups[g].anchor
                return anchor == artwork.coordinate || SpatialIndex.sphericalDistance(anchor, artwork.coordinate) <= min(reach, joinsWithin[g])
            }) {
                groups[joined].count += 1
                groupOfArtwork.append(Int32(joined))
            } else {
                let taken = candidateLists[list].count
                let key = taken == 0 ? folded : "\(folded)#\(taken + 1)"
                candidateLists[list].append(groups.count)
                groupOfArtwork.append(Int32(groups.count))
                groups.append((key, name, artwork.coordinate, 1, false))
                joinsWithin.append(reach)
            }
        }
        var members = groups.map { group in
            var artworks: [Artwork] = []
            artworks.reserveCapacity(group.count)
            return artworks
        }
        for (artwork, group) in zip(artworks, groupOfArtwork) { members[Int(group)].append(artwork) }
        return zip(groups, members).map { group, members in
            // A place of one artwork named as that artwork is the artwork: the table lists it without a group line.
            let single = members.count == 1 && (group.ownPlace || group.name.caseInsensitiveCompare(members[0].title) == .orderedSame)
            return Building(key: group.key, name: group.name, coordinate: meanPosition(members), artworks: members, standsForItsArtwork: single)
        }
    }

    /// The names the records without a building take from their notes, by point ("latitude,longitude"): those at
    /// one point are named together.
    private static func namesFromNotes(_ artworks: [Artwork]) -> [String: String] {
        var coordinateGroups: [String: [Artwork]] = [:]
        var coordinateOrder: [String] = []
        for artwork in artworks where artwork.building == nil {
            let key = "\(artwork.coordinate.latitude),\(artwork.coordinate.longitude)"
            if coordinateGroups[key] == nil { coordinateOrder.append(key) }
            coordinateGroups[key, default: []].append(artwork)
        }
        var derivedNames: [String: String] = [:]
        for key in coordinateOrder {
            if let name = nameFromNotes(coordinateGroups[key] ?? []) { derivedNames[key] = name }
        }
        return derivedNames
    }

    /// How far apart artworks of the same building (a record's `location`, the map's building or area that
    /// contains them) may stand and still be one place: two "St Mary's Church" in one city are two.
    public static let sameBuildingMetres = 1_000.0
    /// How far apart artworks sharing a location named in their notes (an address, "Victoria Gallery & Museum,
    /// first floor") may stand and still be one place: an address range along a street is not.
    public static let sameLocationMetres = 100.0

    /// The members' common part before the first comma of their notes; if they differ, the first note;
    /// nil when none has notes (the artwork's title never names a place others could join).
    static func nameFromNotes(_ group: [Artwork]) -> String? {
        let notes = group.map { $0.locationNotes.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let heads = notes.map { note in
            String(note.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let first = heads.first, !first.isEmpty, heads.allSatisfy({ $0 == first }) {
            return first
        }
        return notes.first
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
