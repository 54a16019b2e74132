import Catalog
import Foundation
import Location

extension FileImport {
    /// A GPX file's waypoints as places: the name is the title, the comment or description the text, the link the
    /// web page, and artmap's own extensions (an export's) every other field, so an export imports back as it was.
    func readGPX(collection: String) throws -> Places {
        let waypoints: [GPXWaypoint]
        do {
            waypoints = try GPXWaypoints.load(path: path)
        } catch let error as LocationError {
            throw SourceError("\(error.message); nothing was imported")
        }
        guard !waypoints.isEmpty else { throw SourceError("\(path): the GPX file has no waypoints (<wpt>); nothing was imported") }
        var notes: [String] = []
        var ids = RecordIDs(noun: "waypoint")
        var artworks = waypoints.enumerated().map { index, waypoint -> Artwork in
            let bounded = FieldLimits.bounded(Self.artwork(from: waypoint, number: index + 1, collection: collection))
            notes += bounded.notes.map { "waypoint \(index + 1): \($0)" }
            ids.add(given: waypoint.extensions["id"].map(DisplayText.clean).map { FieldLimits.cut($0, to: FieldLimits.id) ?? $0 } ?? "",
                    at: index + 1, madeUp: "wpt/\(index + 1)")
            return bounded.artwork
        }
        // Two waypoints with one id (favourites of two collections exported together) are both kept.
        let unique = ids.resolve()
        for index in artworks.indices { artworks[index].id = unique.ids[index] }
        notes = unique.notes + notes
        return Places(artworks: artworks, warnings: notes.prefix(20).map { "note: \(DisplayText.clean($0))" })
    }

    /// One waypoint as a place; its id is the export's (`<artmap:id>`), else `wpt/N` by its order in the file.
    public static func artwork(from waypoint: GPXWaypoint, number: Int, collection: String) -> Artwork {
        let field = { (name: String) in waypoint.extensions[name].map(DisplayText.clean) ?? "" }
        let id = field("id").isEmpty ? "wpt/\(number)" : field("id")
        let building = field("building")
        // An artmap export's comment repeats artist, year and building: the extensions say them apart.
        let text = waypoint.description.isEmpty && waypoint.extensions.isEmpty ? waypoint.comment : waypoint.description
        return Artwork(id: id, title: DisplayText.clean(waypoint.name), artist: field("artist"), year: field("year"),
                       type: DisplayText.clean(waypoint.type), information: text, coordinate: waypoint.coordinate,
                       building: building.isEmpty ? nil : building, locationNotes: field("address"),
                       imageFileName: field("photo"), collection: collection, webPage: DisplayText.clean(waypoint.link))
    }
}
