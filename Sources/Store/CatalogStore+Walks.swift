import Cartography
import Catalog
import Foundation
import Geo

/// An art walk kept by name: where it starts and ends, and its stops in walking order, each reached or not.
public struct SavedWalk: Sendable, Equatable {
    public var name: String
    public var start: Coordinate
    public var finish: WalkFinish
    public var stops: [SavedWalkStop]

    public init(name: String, start: Coordinate, finish: WalkFinish, stops: [SavedWalkStop]) {
        self.name = name
        self.start = start
        self.finish = finish
        self.stops = stops
    }
}

/// One stop of a saved walk.
public struct SavedWalkStop: Sendable, Equatable {
    public var artwork: ArtworkKey
    public var reached: Bool

    public init(artwork: ArtworkKey, reached: Bool) {
        self.artwork = artwork
        self.reached = reached
    }
}

extension CatalogStore {
    /// The longest name a walk is saved under.
    public static let walkNameLimit = 80

    /// Saves a walk under its name, replacing one of that name (a walk saved again as it goes on).
    public func saveWalk(_ walk: SavedWalk) throws {
        let name = walk.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= Self.walkNameLimit, DisplayText.clean(name) == name else {
            throw StoreError(code: -1, message: "a walk's name is 1 to \(Self.walkNameLimit) characters, none of them control characters; got '\(DisplayText.clean(walk.name))'")
        }
        var end: (SQLValue, SQLValue, String) = (.null, .null, "round")
        switch walk.finish {
        case .round: break
        case .open: end.2 = "open"
        case .at(let point): end = (.real(point.latitude), .real(point.longitude), "end")
        }
        try database.inTransaction {
            try database.run("DELETE FROM saved_walks WHERE name = ?1", [.text(name)])
            try database.run("DELETE FROM saved_walk_stops WHERE walk = ?1", [.text(name)])
            try database.run("""
                INSERT INTO saved_walks(name, saved_at, start_lat, start_lon, finish, end_lat, end_lon)
                VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?2, ?3, ?4, ?5, ?6)
                """, [.text(name), .real(walk.start.latitude), .real(walk.start.longitude), .text(end.2), end.0, end.1])
            for (position, stop) in walk.stops.enumerated() {
                try database.run("INSERT INTO saved_walk_stops(walk, position, collection, artwork_id, reached) VALUES (?1, ?2, ?3, ?4, ?5)",
                                 [.text(name), .integer(Int64(position)), .text(stop.artwork.collection), .text(stop.artwork.id),
                                  .integer(stop.reached ? 1 : 0)])
            }
        }
    }

    /// The walk saved under `name`, or nil.
    public func savedWalk(named name: String) throws -> SavedWalk? {
        let head = try database.prepare("SELECT start_lat, start_lon, finish, end_lat, end_lon FROM saved_walks WHERE name = ?1")
        try head.bind([.text(name)])
        guard try head.step() else { return nil }
        let start = Coordinate(clampingLatitude: head.double(0), longitude: head.double(1))
        var finish = WalkFinish.round
        switch head.text(2) {
        case "open": finish = .open
        case "end": finish = .at(Coordinate(clampingLatitude: head.double(3), longitude: head.double(4)))
        default: break
        }
        let rows = try database.prepare("SELECT collection, artwork_id, reached FROM saved_walk_stops WHERE walk = ?1 ORDER BY position")
        try rows.bind([.text(name)])
        var stops: [SavedWalkStop] = []
        while try rows.step() {
            stops.append(SavedWalkStop(artwork: ArtworkKey(collection: rows.text(0), id: rows.text(1)), reached: rows.integer(2) != 0))
        }
        return SavedWalk(name: name, start: start, finish: finish, stops: stops)
    }

    /// The names of the saved walks, most recently saved first.
    public func savedWalkNames() throws -> [String] {
        try database.prepare("SELECT name FROM saved_walks ORDER BY saved_at DESC, name").rows().compactMap { $0.first?.text }
    }

    /// A saved walk's artworks as the catalogue holds them now, in the walk's order (those since removed left out).
    public func artworks(of walk: SavedWalk) throws -> [(artwork: Artwork, reached: Bool)] {
        var found: [ArtworkKey: Artwork] = [:]
        for collection in Set(walk.stops.map(\.artwork.collection)) {
            let ids = walk.stops.filter { $0.artwork.collection == collection }.map(\.artwork.id)
            for artwork in try artworks(collection: collection, ids: ids) { found[artwork.key] = artwork }
        }
        return walk.stops.compactMap { stop in found[stop.artwork].map { ($0, stop.reached) } }
    }
}
