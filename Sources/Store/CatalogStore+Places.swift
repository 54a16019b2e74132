import Cartography
import Foundation
import Geo

/// A named place the store holds: an artwork of any collection, or a named feature of any base layer.
public struct StoredPlace: Sendable, Equatable {
    public var name: String
    /// "artwork" or "map".
    public var category: String
    /// The artwork's collection, or the feature's kind ("street", "building", "landmark" …).
    public var type: String
    public var coordinate: Coordinate
}

extension CatalogStore {
    /// Places whose name starts with `query` (case-insensitive for ASCII), one per name: exact names first, then
    /// the others in name order; artworks before map features of the same rank. Offline: the store only.
    ///
    /// Read through the indexes on the names (schema v15), a name at a time, so a search costs the same in a
    /// campus and in a region of two million features: a name that only contains the query elsewhere is not
    /// found (reading those is a scan of every name; Nominatim answers them online).
    public func places(named query: String, limit: Int) throws -> [StoredPlace] {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, limit > 0 else { return [] }
        var places: [(rank: Int, order: Int, place: StoredPlace)] = []
        for (name, row) in try names(startingWith: text, limit: limit, sql: Self.artworkNamesSQL) {
            guard let lat = row[2].real, let lon = row[3].real, let coordinate = try? Coordinate(latitude: lat, longitude: lon) else { continue }
            places.append((Self.rank(name, text), 0, StoredPlace(name: name, category: "artwork", type: row[1].text ?? "", coordinate: coordinate)))
        }
        // The middle of the feature's own box, from its geometry as stored (1e-7°, OpenStreetMap's precision); the
        // R-tree's boxes are 32-bit floats, a few metres off and printed with their noise.
        for (name, row) in try names(startingWith: text, limit: limit, sql: Self.featureNamesSQL) {
            guard case .blob(let bytes) = row[2], let parts = GeometryCoding.decode(bytes), let middle = Self.boxMiddle(parts),
                  let coordinate = try? Coordinate(latitude: middle.latitude, longitude: max(-180, min(180, middle.longitude))) else { continue }
            let kind = row[1].integer.flatMap { FeatureKind(rawValue: UInt8(clamping: $0)) }
            places.append((Self.rank(name, text), 1, StoredPlace(name: name, category: "map", type: kind.map { "\($0)" } ?? "feature", coordinate: coordinate)))
        }
        return places.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.prefix(limit).map(\.place)
    }

    /// The first `limit` distinct names (as SQLite's NOCASE tells them apart) starting with `prefix`, in NOCASE order,
    /// each with the row `sql` found for it: one index seek a name, however many rows share it (a street's segments).
    /// The first seek starts at the prefix, each later one after the last name found: a name's rows are passed over
    /// by the seek, never read again for the next name.
    private func names(startingWith prefix: String, limit: Int, sql: (first: String, next: String)) throws -> [(String, [SQLValue])] {
        let first = try database.prepare(sql.first), next = try database.prepare(sql.next)
        // Every name starting with the prefix sorts before the prefix followed by the last code point.
        let upper = prefix + "\u{10FFFF}"
        var found: [(String, [SQLValue])] = []
        var after: String?
        while found.count < limit {
            let statement = after == nil ? first : next
            try statement.bind([.text(after ?? prefix), .text(upper)])
            guard try statement.step(), let name = statement.column(0).text else { break }
            found.append((name, (Int32(0)..<4).map { statement.column($0) }))
            after = name
        }
        return found
    }

    /// 0 when `name` is `query` (ASCII letters in either case), 1 otherwise.
    private static func rank(_ name: String, _ query: String) -> Int {
        name.lowercasedASCII == query.lowercasedASCII ? 0 : 1
    }

    /// An artwork's title in [?1, ?2) (`first`) or in (?1, ?2) (`next`), NOCASE, through `artworks_title`.
    static let artworkNamesSQL = namesSQL("SELECT title, collection, latitude, longitude FROM artworks", column: "title")

    /// A map feature's name, as `artworkNamesSQL`, through `map_features_name`.
    static let featureNamesSQL = namesSQL("SELECT name, kind, geometry, id FROM map_features", column: "name")

    /// The seek that starts at ?1 and the one that starts after it, each the first row before ?2; `column <> ''` is the
    /// partial index's own condition.
    private static func namesSQL(_ select: String, column: String) -> (first: String, next: String) {
        func sql(_ from: String) -> String {
            "\(select) WHERE \(column) <> '' AND \(column) \(from) ?1 COLLATE NOCASE AND \(column) < ?2 COLLATE NOCASE ORDER BY \(column) COLLATE NOCASE LIMIT 1"
        }
        return (sql(">="), sql(">"))
    }

    /// The middle of the box around a geometry's points, rounded to 1e-7° (what the points hold); nil without points.
    static func boxMiddle(_ parts: [[GeoPoint]]) -> GeoPoint? {
        let points = parts.joined()
        guard let south = points.map(\.latitude).min(), let north = points.map(\.latitude).max(),
              let west = points.map(\.longitude).min(), let east = points.map(\.longitude).max() else { return nil }
        func rounded(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }
        return GeoPoint(latitude: rounded((south + north) / 2), longitude: rounded((west + east) / 2))
    }
}

private extension String {
    /// The string with ASCII letters lowered (as SQLite's NOCASE compares), other characters kept.
    var lowercasedASCII: [UInt8] { utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 } }
}
