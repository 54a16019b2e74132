import Catalog
import Foundation
import Location
import Store

extension ImportCommand {
    /// Whether `path` is a GPX file: named .gpx, or its first bytes open a `<gpx` element.
    static func isGPXFile(_ path: String, data: Data?) -> Bool {
        if path.lowercased().hasSuffix(".gpx") { return true }
        guard let data else { return false }
        return String(decoding: data.prefix(1024), as: UTF8.self).contains("<gpx")
    }

    /// A GPX file's waypoints as places: the name is the title, the comment or description the text, the link the
    /// web page, and artmap's own extensions (an export's) every other field, so an export imports back as it was.
    static func importGPX(path: String, collection: String, options: Options, environment: [String: String],
                          console: Console) async throws -> Int32 {
        let fileName = DisplayText.clean(URL(fileURLWithPath: path).lastPathComponent)
        let recorded = ImportedFile.current(path: path, format: "gpx").map(CollectionSource.file)
        let waypoints: [GPXWaypoint]
        do {
            waypoints = try GPXWaypoints.load(path: path)
        } catch let error as LocationError {
            throw CLIError("\(error.message); nothing was imported")
        }
        guard !waypoints.isEmpty else { throw CLIError("\(path): the GPX file has no waypoints (<wpt>); nothing was imported") }
        var notes: [String] = []
        var ids = RecordIDs(noun: "waypoint")
        var artworks = waypoints.enumerated().map { index, waypoint -> Artwork in
            let bounded = FieldLimits.bounded(artwork(from: waypoint, number: index + 1, collection: collection))
            notes += bounded.notes.map { "waypoint \(index + 1): \($0)" }
            ids.add(given: waypoint.extensions["id"].map(DisplayText.clean).map { FieldLimits.cut($0, to: FieldLimits.id) ?? $0 } ?? "",
                    at: index + 1, madeUp: "wpt/\(index + 1)")
            return bounded.artwork
        }
        // Two waypoints with one id (favourites of two collections exported together) are both kept.
        let unique = ids.resolve()
        for index in artworks.indices { artworks[index].id = unique.ids[index] }
        notes = unique.notes + notes
        for note in notes.prefix(20) { console.error("note: \(DisplayText.clean(note))") }
        let store = try StoreOpening.open(options.store, environment: environment, console: console)
        guard !store.isReadOnly else { throw CLIError("import cannot save: the store is read-only; nothing was imported") }
        let target = try importTarget(collection, legacy: options.collection == nil ? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent.lowercased() : nil,
                                      path: path, options: options, store: store)
        let report = try store.merge(artworks.map { var a = $0; a.collection = target; return a }, into: target, full: true, source: recorded)
        var line = "imported \(fileName) into '\(DisplayText.clean(target))': \(report.received) artwork\(report.received == 1 ? "" : "s") "
            + "(\(report.new) new, \(report.changed) changed, \(report.removed) removed)"
        if !options.noImages, artworks.contains(where: { $0.imageFileName.contains("://") }) {
            line += try await cachePhotos(collection: target, store: store, environment: environment, console: console)
        }
        console.line(line)
        lookingHint(collection: target, console: console)
        return 0
    }

    /// One waypoint as a place; its id is the export's (`<artmap:id>`), else `wpt/N` by its order in the file.
    static func artwork(from waypoint: GPXWaypoint, number: Int, collection: String) -> Artwork {
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
