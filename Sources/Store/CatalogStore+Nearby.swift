import Catalog
import Foundation
import Geo

/// Reading part of a large collection: how many it holds, the places around a point (the view's first
/// frame, before the rest arrives), and where such a collection is measured from by default.
extension CatalogStore {
    /// How many artworks a collection holds.
    public func artworkCount(collection: String) throws -> Int {
        Int(try database.scalar("SELECT COUNT(*) FROM artworks WHERE collection = ?1", [.text(collection)])?.integer ?? 0)
    }

    /// Whether a collection holds more than `count` artworks, counting no further than that.
    public func holdsMoreThan(_ count: Int, collection: String) throws -> Bool {
        let counted = try database.scalar("SELECT COUNT(*) FROM (SELECT 1 FROM artworks WHERE collection = ?1 LIMIT ?2)",
                                          [.text(collection), .integer(Int64(min(count, Int(Int32.max))) + 1)])?.integer ?? 0
        return counted > count
    }

    /// Artworks in a box around `center` (by the position index), the box doubling from `startMetres`
    /// until it holds at least `atLeast` or covers the globe. Every artwork within the box's half-size of
    /// `center` is among them.
    public func artworks(collection: String, fields: ArtworkFields, around center: Coordinate, atLeast: Int,
                         startMetres: Double = 50) throws -> [Artwork] {
        // Boxes are counted on the position index alone (it holds both coordinates and the collection); rows
        // are read for the last one only.
        let index = try boxIndex()
        let counting = try database.prepare(Self.boxCountSQL(index: index))
        var half = startMetres
        while true {
            let box = Self.box(around: center, halfMetres: half)
            try counting.bind(Self.boxValues(collection, box))
            _ = try counting.step()
            let everywhere = box.south <= -90 && box.north >= 90 && box.allLongitudes
            if Int(counting.double(0)) >= atLeast || everywhere {
                return try artworks(collection: collection, fields: fields, inBox: box, index: index)
            }
            half *= 2
        }
    }

    /// The artworks of `collection` within a box of `metres` each way around `center` (every artwork within
    /// `metres` of it, on the sphere), read through the collection's position index: what a list near a point
    /// needs, at a cost that grows with the box's art, not with the collection or the store. Nil when the store
    /// lacks that index (a read-only store made by an older artmap): read the collection whole instead.
    public func artworks(collection: String, fields: ArtworkFields, near center: Coordinate, metres: Double) throws -> [Artwork]? {
        guard try Schema.hasIndex(Schema.collectionPositionIndex, in: database) else { return nil }
        return try artworks(collection: collection, fields: fields, inBox: Self.box(around: center, halfMetres: metres),
                            index: Schema.collectionPositionIndex)
    }

    /// The rows of `collection` in `box`, in id order, through `index`.
    private func artworks(collection: String, fields: ArtworkFields,
                          inBox box: (south: Double, north: Double, west: Double, east: Double, allLongitudes: Bool),
                          index: String) throws -> [Artwork] {
        let reading = try database.prepare(Self.boxSQL(fields, index: index))
        try reading.bind(Self.boxValues(collection, box))
        return try Self.artworks(from: reading)
    }

    /// The statement that reads a box of one collection through `index` (its values as `boxValues` gives them).
    static func boxSQL(_ fields: ArtworkFields, index: String) -> String {
        "SELECT \(fields.columns) FROM artworks INDEXED BY \(index) WHERE \(inBox) ORDER BY id"
    }

    /// The statement that counts a box of one collection on `index` alone.
    static func boxCountSQL(index: String) -> String { "SELECT COUNT(*) FROM artworks INDEXED BY \(index) WHERE \(inBox)" }

    /// The statement that finds a collection's median latitude or longitude (`column`) through `index`: ?1 the
    /// collection, ?2 the offset.
    static func medianSQL(_ column: String, index: String) -> String {
        "SELECT \(column) FROM artworks INDEXED BY \(index) WHERE collection = ?1 ORDER BY \(column) LIMIT 1 OFFSET ?2"
    }

    /// A box of one collection: ?1 the collection, ?2...?5 south, north, west, east, ?6 whether every longitude.
    static let inBox = "collection = ?1 AND latitude BETWEEN ?2 AND ?3 AND (?6 OR longitude BETWEEN ?4 AND ?5 OR longitude + 360 BETWEEN ?4 AND ?5 OR longitude - 360 BETWEEN ?4 AND ?5)"

    static func boxValues(_ collection: String, _ box: (south: Double, north: Double, west: Double, east: Double, allLongitudes: Bool)) -> [SQLValue] {
        [.text(collection), .real(box.south), .real(box.north), .real(box.west), .real(box.east), .integer(box.allLongitudes ? 1 : 0)]
    }

    /// The index a box of one collection is read through: the collection's own (schema v14), which reads that
    /// collection's entries only; on a store without it, the position index, which reads every collection's
    /// entries in the box's latitudes.
    func boxIndex() throws -> String {
        try Schema.hasIndex(Schema.collectionPositionIndex, in: database) ? Schema.collectionPositionIndex : Schema.positionIndex
    }

    /// A box of `halfMetres` each way around a point, in degrees; `allLongitudes` near a pole or when wider
    /// than the globe. West and east may run past ±180 (compared against longitudes shifted by 360).
    static func box(around center: Coordinate, halfMetres: Double) -> (south: Double, north: Double, west: Double, east: Double, allLongitudes: Bool) {
        let metresPerDegree = 111_195.0
        let dLat = halfMetres / metresPerDegree
        let south = max(-90, center.latitude - dLat), north = min(90, center.latitude + dLat)
        let widest = max(abs(south), abs(north))
        let cosine = cos(widest * .pi / 180)
        guard cosine > 1e-6 else { return (south, north, -180, 180, true) }
        let dLon = halfMetres / (metresPerDegree * cosine)
        if dLon >= 180 { return (south, north, -180, 180, true) }
        return (south, north, center.longitude - dLon, center.longitude + dLon, false)
    }

    /// Where a collection with nothing within `nearby` metres of `home` is measured from: its middle (median
    /// latitude and longitude), by the rule of `CatalogQuery.defaultReference` but on artworks rather than
    /// buildings, without reading the collection. nil when `home` has art nearby or the collection is empty.
    public func defaultReference(collection: String, home: Coordinate, nearby: Double = 50_000) throws -> Coordinate? {
        let count = try artworkCount(collection: collection)
        guard count > 0 else { return nil }
        // The first artwork of the latitude band within `nearby` (on the sphere, as the index measures) settles it.
        let outer = Self.box(around: home, halfMetres: nearby)
        let index = try boxIndex()
        let band = try database.prepare("""
            SELECT latitude, longitude FROM artworks INDEXED BY \(index) WHERE collection = ?1 AND latitude BETWEEN ?2 AND ?3
            """)
        try band.bind([.text(collection), .real(outer.south), .real(outer.north)])
        while try band.step() {
            let point = Coordinate(clampingLatitude: band.double(0), longitude: band.double(1))
            if SpatialIndex.sphericalDistance(home, point) <= nearby { return nil }
        }
        func median(_ column: String) throws -> Double {
            try database.scalar(Self.medianSQL(column, index: index),
                                [.text(collection), .integer(Int64(count / 2))])?.real ?? 0
        }
        return Coordinate(clampingLatitude: try median("latitude"), longitude: try median("longitude"))
    }
}

extension CatalogStore {
    /// Whether the view starts a collection from the places around it: it holds more than `threshold`
    /// artworks, and the store has the position index (a read-only store made by hand may lack it).
    public func startsNearby(collection: String, threshold: Int) throws -> Bool {
        try holdsMoreThan(threshold, collection: collection) && Schema.hasIndex(Schema.positionIndex, in: database)
    }

    /// What the full-screen view starts from (`ArtworkFields.view`): at least `places` around `reference` when
    /// it starts `nearby` (see `startsNearby`), else the whole collection.
    public func startingCatalogue(collection: String, around reference: Coordinate, nearby: Bool, places: Int) throws -> [Artwork] {
        nearby ? try artworks(collection: collection, fields: .view, around: reference, atLeast: places)
            : try artworks(collection: collection, fields: .view)
    }

    /// A read-only connection beside this process's writer of the same file, for reading in the background.
    public static func reader(path: String) throws -> CatalogStore {
        try CatalogStore(readerBeside: path)
    }
}

extension CatalogStore {
    /// How many artworks each collection holds within a box of `metres` each way around `point` (on the
    /// position index), most first; collections with none are left out.
    public func collectionsNear(_ point: Coordinate, metres: Double) throws -> [(collection: String, artworks: Int)] {
        let box = Self.box(around: point, halfMetres: metres)
        return try database.rows("""
            SELECT collection, COUNT(*) AS n FROM artworks INDEXED BY artworks_position
            WHERE latitude BETWEEN ?1 AND ?2 AND (?5 OR longitude BETWEEN ?3 AND ?4 OR longitude + 360 BETWEEN ?3 AND ?4 OR longitude - 360 BETWEEN ?3 AND ?4)
            GROUP BY collection ORDER BY n DESC, collection
            """, [.real(box.south), .real(box.north), .real(box.west), .real(box.east), .integer(box.allLongitudes ? 1 : 0)])
            .compactMap { row in row[0].text.map { ($0, Int(row[1].integer ?? 0)) } }
    }
}
