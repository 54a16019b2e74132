import Cartography
import Catalog
import Foundation
import Geo

/// One tile's answer from the Overpass API, to be stored: `read` streams it into the sink it is given.
public struct TileContents {
    public let tile: MapTile
    public let read: (MapImportSink) throws -> MapImportResult

    public init(tile: MapTile, read: @escaping (MapImportSink) throws -> MapImportResult) {
        self.tile = tile
        self.read = read
    }
}

/// What storing fetched tiles changed.
public struct TileReplaceReport: Sendable, Equatable {
    /// The tiles stored, and the map features and walking edges those tiles hold now (this fetch's, not the store's).
    public var tiles = 0, features = 0, edges = 0
    /// Every fetched tile the store keeps, these and those stored before (`map list`'s counts).
    public var totalFeatures = 0, totalEdges = 0
    public var artworks = MergeReport()
    public var notes: [String] = []

    public init() {}
}

/// A picture found for an OpenStreetMap artwork: the thumbnail to download and its credit.
public struct ResolvedPicture: Sendable, Equatable {
    /// The artwork's image name (`File:…`, `wikidata:Q…` or an https URL) this answers.
    public var reference: String
    /// The thumbnail's URL ("" when there is none; `problem` says why).
    public var thumbURL: String
    /// The file's page (Commons `descriptionurl`).
    public var page: String
    /// Who made the picture and under which licence, cleaned of HTML.
    public var artist: String
    public var licence: String
    /// Why there is no picture ("the Wikidata item has no image (P18)"), or "".
    public var problem: String

    public init(reference: String, thumbURL: String, page: String = "", artist: String = "", licence: String = "", problem: String = "") {
        self.reference = reference
        self.thumbURL = thumbURL
        self.page = page
        self.artist = artist
        self.licence = licence
        self.problem = problem
    }

    /// "Picture: Jane Doe, CC BY-SA 4.0 (Wikimedia Commons)", or nil without a credit.
    public var creditLine: String? {
        guard !thumbURL.isEmpty else { return nil }
        let who = [artist, licence].filter { !$0.isEmpty }.joined(separator: ", ")
        let host = URL(string: page)?.host ?? URL(string: thumbURL)?.host ?? ""
        let from = page.contains("commons.wikimedia.org") ? "Wikimedia Commons" : host
        if who.isEmpty { return from.isEmpty ? nil : "Picture: \(from)" }
        return "Picture: \(who)" + (from.isEmpty ? "" : " (\(from))")
    }
}

extension CatalogStore {
    /// What a fetch around a point shows: OSM's artworks (merged with Wikidata's where they are one) and Wikidata's
    /// own (issue 46).
    public static let fetchedCollections = [CollectionID.osm.name, Conflation.collection]
    /// The map source whose row stands for every fetched tile: named after the collection the fetches fill.
    public static let fetchedSource = CollectionID.osm.name

    /// The map source holding one tile's features and walk edges.
    static func source(of tile: MapTile) -> String { "osm/\(tile)" }

    /// When each of `tiles` was last fetched (ISO 8601, UTC); tiles never fetched are absent.
    public func tileFetchTimes(_ tiles: [MapTile]) throws -> [MapTile: String] {
        var times: [MapTile: String] = [:]
        let statement = try database.prepare("SELECT fetched_at FROM osm_tiles WHERE tile_row = ?1 AND tile_column = ?2")
        for tile in tiles {
            try statement.bind([.integer(Int64(tile.row)), .integer(Int64(tile.column))])
            if try statement.step(), let text = statement.column(0).text { times[tile] = text }
        }
        return times
    }

    /// Every fetched tile the store holds, in row then column order.
    public func fetchedTileKeys() throws -> [MapTile] {
        try database.rows("SELECT tile_row, tile_column FROM osm_tiles ORDER BY tile_row, tile_column").compactMap { row in
            guard let r = row[0].integer, let c = row[1].integer else { return nil }
            return MapTile(row: Int(r), column: Int(c))
        }
    }

    /// Days of age held to 0…3650 (the setting's range): a date 10^20 days back is no date an ISO time can say (issue 43).
    static func boundedAge(_ days: Double) -> Double { days.isFinite ? min(max(days, 0), 3650) : 30 }

    /// The tiles among `tiles` not fetched since `now - maxAgeDays`.
    public func staleTiles(_ tiles: [MapTile], maxAgeDays: Double, now: Date = Date()) throws -> [MapTile] {
        let times = try tileFetchTimes(tiles)
        let limit = Self.isoTime(now.addingTimeInterval(-Self.boundedAge(maxAgeDays) * 86_400))
        return tiles.filter { tile in
            guard let fetched = times[tile] else { return true }
            return fetched <= limit
        }
    }

    /// Sets a tile's fetch time (what a fetch does; tests age a tile with it).
    public func setTileFetchTime(_ tile: MapTile, _ time: String) throws {
        try database.run("""
            INSERT INTO osm_tiles(tile_row, tile_column, fetched_at) VALUES (?1, ?2, ?3)
            ON CONFLICT(tile_row, tile_column) DO UPDATE SET fetched_at = excluded.fetched_at
            """, [.integer(Int64(tile.row)), .integer(Int64(tile.column)), .text(time)])
    }

    /// Whether any base layer (fetched or imported) has a feature within the box of `tile`'s size around
    /// `coordinate`, or the tile holding it was fetched (an empty field of sea counts as covered).
    public func hasBaseLayer(around coordinate: Coordinate) throws -> Bool {
        if try !tileFetchTimes([MapTile(containing: coordinate)]).isEmpty { return true }
        let half = 0.5 / MapTile.perDegree
        let box = FeatureBounds(south: coordinate.latitude - half, north: coordinate.latitude + half,
                                west: coordinate.longitude - half, east: coordinate.longitude + half)
        return try database.scalar("""
            SELECT EXISTS(SELECT 1 FROM map_feature_boxes WHERE south <= ?1 AND north >= ?2 AND west <= ?3 AND east >= ?4)
            """, [.real(box.north), .real(box.south), .real(box.east), .real(box.west)])?.integer == 1
    }

    /// Replaces the contents of fetched tiles in one transaction: each tile's features and walk edges are
    /// what its answer holds (a feature or edge another fetched tile also held is kept once, by the tile
    /// fetched last); the collection's artworks standing in these tiles become exactly the answers' (an
    /// artwork that moved keeps its one row). The tiles' fetch times become `fetchedAt`. Any error leaves the
    /// store as it was.
    public func replaceTiles(_ contents: [TileContents], collection: String = CollectionID.osm.name,
                             fetchedAt: String, maxEdges: Int = OSMLimits.walkingEdges) throws -> TileReplaceReport {
        try database.withoutForeignKeyEnforcement { try database.inTransaction {
            var report = TileReplaceReport()
            var newEdges = 0
            func tooMany(_ edges: Int, _ which: String) -> StoreError {
                StoreError(code: -1, message: "\(which) hold \(OSMLimits.grouped(edges)) walking edges, more than the \(OSMLimits.grouped(maxEdges)) "
                    + "artmap keeps from fetches together (fetch a smaller --radius, or remove old tiles with 'artmap map remove osm')")
            }
            var artworks: [String: Artwork] = [:]
            let replaced = Set(contents.map(\.tile))
            for content in contents {
                let source = Self.source(of: content.tile)
                try database.run("DELETE FROM map_feature_boxes WHERE id IN (SELECT id FROM map_features WHERE source = ?1)", [.text(source)])
                try database.run("DELETE FROM map_features WHERE source = ?1", [.text(source)])
                try database.run("DELETE FROM walk_pieces WHERE source = ?1", [.text(source)])
                let writer = try MapWriter(database: database, source: source)
                let result = try content.read(writer)
                try writer.finish()
                // Counted as each tile is read: a fetch stops at the tile that passes the limit, not after all.
                newEdges += result.edges
                if newEdges > maxEdges { throw tooMany(newEdges, "the first \(report.tiles + 1) of \(contents.count) tiles fetched") }
                report.tiles += 1
                report.notes += result.notes
                // The newest answer holds what the tiles around it also held: one copy stays, this tile's.
                try database.run(Self.neighbourCopiesBoxesSQL, [.text(source)])
                try database.run(Self.neighbourCopiesSQL, [.text(source)])
                // An edge two tiles' answers both held is kept by both: the copies are equal, and a walk takes either.
                for artwork in result.artworks { artworks[artwork.id] = artwork }
                try setTileFetchTime(content.tile, fetchedAt)
            }
            let pictures = try resolvedPictures()
            let grouped = try artworks.values.sorted { $0.id < $1.id }.map { artwork -> Artwork in
                var grouped = Self.credited(artwork, pictures: pictures)
                grouped.collection = collection
                grouped.building = nil
                grouped = try placed(grouped)
                return grouped
            }
            try relabelWalkComponents()
            report.artworks = try merge(grouped, into: collection, full: false, source: .openStreetMap)
            // What stood in these tiles and is no longer in any answer goes.
            var gone: [String] = []
            for row in try database.rows("SELECT id, latitude, longitude FROM artworks WHERE collection = ?1", [.text(collection)]) {
                guard let id = row[0].text, artworks[id] == nil, let lat = row[1].real, let lon = row[2].real,
                      let coordinate = try? Coordinate(latitude: lat, longitude: lon), replaced.contains(MapTile(containing: coordinate)) else { continue }
                gone.append(id)
            }
            try delete(collection: collection, ids: gone)
            report.artworks.removed += gone.count
            (report.features, report.edges) = try layerCounts(ofSources: contents.map { Self.source(of: $0.tile) })
            (report.totalFeatures, report.totalEdges) = try fetchedLayerCounts()
            // The limit is the store's, over every fetched tile it keeps: the rest of the transaction rolls back.
            if report.totalEdges > maxEdges { throw tooMany(report.totalEdges, "the fetched tiles (these and those stored before)") }
            try database.run("""
                INSERT INTO map_sources(name, file, collection, imported_at, feature_count, edge_count)
                VALUES (?1, 'OpenStreetMap (Overpass API)', ?2, ?3, ?4, ?5)
                ON CONFLICT(name) DO UPDATE SET file = excluded.file, collection = excluded.collection,
                    imported_at = excluded.imported_at, feature_count = excluded.feature_count, edge_count = excluded.edge_count
                """, [.text(Self.fetchedSource), .text(collection), .text(fetchedAt), .integer(Int64(report.totalFeatures)), .integer(Int64(report.totalEdges))])
            return report
        } }
    }

    /// Stores the artworks of a fetch's first, artworks-only answer (issue 30) before any street has arrived: added to
    /// or updated in the collection, placed in the buildings the store already has, credited with pictures found
    /// before; nothing is removed (the streets' answers, tile by tile, decide what has gone).
    public func storeFetchedArtworks(_ artworks: [Artwork], collection: String = CollectionID.osm.name) throws -> MergeReport {
        let pictures = try resolvedPictures()
        // Overpass gives a way's centre to 7 decimals; the streets' answers place it from its outline, unrounded. The
        // same artwork a hair's breadth away (under 1 cm) keeps its stored point: an unchanged fetch changes nothing.
        var stored: [String: Coordinate] = [:]
        for row in try database.rows("SELECT id, latitude, longitude FROM artworks WHERE collection = ?1", [.text(collection)]) {
            if case .text(let id) = row[0], let lat = row[1].double, let lon = row[2].double, let point = try? Coordinate(latitude: lat, longitude: lon) { stored[id] = point }
        }
        let placedArtworks = try artworks.map { artwork -> Artwork in
            var one = Self.credited(artwork, pictures: pictures)
            one.collection = collection
            one.building = nil
            if let kept = stored[one.id], abs(kept.latitude - one.coordinate.latitude) < 1e-7, abs(kept.longitude - one.coordinate.longitude) < 1e-7 {
                one.coordinate = kept
            }
            return try placed(one)
        }
        return try merge(placedArtworks, into: collection, full: false, source: .openStreetMap)
    }

    /// How many map features and walking edges these tiles' sources (`osm/ROW/COLUMN`) hold: what one fetch stored.
    func layerCounts(ofSources sources: [String]) throws -> (features: Int, edges: Int) {
        var features = 0, edges = 0
        for source in sources {
            let row = try database.rows("""
                SELECT (SELECT COUNT(*) FROM map_features WHERE source = ?1), (SELECT COALESCE(SUM(edge_count), 0) FROM walk_pieces WHERE source = ?1)
                """, [.text(source)]).first
            features += Int(row?[0].integer ?? 0)
            edges += Int(row?[1].integer ?? 0)
        }
        return (features, edges)
    }

    /// How many map features and walking edges all fetched tiles hold together.
    public func fetchedLayerCounts() throws -> (features: Int, edges: Int) {
        let counts = try database.rows("""
            SELECT (SELECT COUNT(*) FROM map_features WHERE source LIKE 'osm/%'), (SELECT COALESCE(SUM(edge_count), 0) FROM walk_pieces WHERE source LIKE 'osm/%')
            """).first
        return (Int(counts?[0].integer ?? 0), Int(counts?[1].integer ?? 0))
    }

    /// The boxes of the features other fetched tiles hold that tile ?1's answer holds too. `source LIKE 'osm/%'` is
    /// the partial index's own condition (`map_features_source_id`, schema v15): without it the ids are not indexed.
    static let neighbourCopiesBoxesSQL = """
        DELETE FROM map_feature_boxes WHERE id IN (SELECT f.id FROM map_features f WHERE f.source LIKE 'osm/%' AND f.source <> ?1
            AND f.source_id IN (SELECT source_id FROM map_features WHERE source = ?1))
        """

    /// The features themselves, as `neighbourCopiesBoxesSQL`.
    static let neighbourCopiesSQL = """
        DELETE FROM map_features WHERE source LIKE 'osm/%' AND source <> ?1
            AND source_id IN (SELECT source_id FROM map_features WHERE source = ?1)
        """

    // MARK: - Pictures

    /// What was found for one image reference, or nil when it was never looked up.
    public func resolvedPicture(_ reference: String) throws -> ResolvedPicture? {
        guard !reference.isEmpty else { return nil }
        return try database.rows("SELECT reference, thumb_url, page, artist, licence, problem FROM osm_pictures WHERE reference = ?1",
                                 [.text(reference)]).first.map { row in
            ResolvedPicture(reference: row[0].text ?? "", thumbURL: row[1].text ?? "", page: row[2].text ?? "",
                            artist: row[3].text ?? "", licence: row[4].text ?? "", problem: row[5].text ?? "")
        }
    }

    /// Every picture found so far, by reference.
    public func resolvedPictures() throws -> [String: ResolvedPicture] {
        var pictures: [String: ResolvedPicture] = [:]
        for row in try database.rows("SELECT reference, thumb_url, page, artist, licence, problem FROM osm_pictures") {
            let picture = ResolvedPicture(reference: row[0].text ?? "", thumbURL: row[1].text ?? "", page: row[2].text ?? "",
                                          artist: row[3].text ?? "", licence: row[4].text ?? "", problem: row[5].text ?? "")
            pictures[picture.reference] = picture
        }
        return pictures
    }

    /// Remembers what was found for pictures and puts their credit and page on the collection's artworks
    /// that show them, in one transaction.
    public func savePictures(_ found: [ResolvedPicture], collection: String = CollectionID.osm.name,
                             at time: String) throws {
        try database.inTransaction {
            for picture in found {
                try database.run("""
                    INSERT INTO osm_pictures(reference, thumb_url, page, artist, licence, problem, resolved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                    ON CONFLICT(reference) DO UPDATE SET thumb_url = excluded.thumb_url, page = excluded.page, artist = excluded.artist,
                        licence = excluded.licence, problem = excluded.problem, resolved_at = excluded.resolved_at
                    """, [.text(picture.reference), .text(picture.thumbURL), .text(picture.page), .text(picture.artist),
                          .text(picture.licence), .text(picture.problem), .text(time)])
            }
            let pictures = try resolvedPictures()
            let references = Set(found.map(\.reference))
            let touched = try artworks(collection: collection, languages: []).filter { references.contains($0.imageFileName) }
            let credited = touched.map { Self.credited($0, pictures: pictures) }
            if !credited.isEmpty { _ = try merge(credited, into: collection, full: false) }
        }
    }

    /// The artwork with its picture's credit as the last line of its description and the file's page as its
    /// web page (the same every time, so a fetch that changes nothing changes no row).
    static func credited(_ artwork: Artwork, pictures: [String: ResolvedPicture]) -> Artwork {
        var result = artwork
        let lines = artwork.information.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("Picture: ") }
        var information = lines.joined(separator: "\n")
        if let picture = pictures[artwork.imageFileName], let credit = picture.creditLine {
            information += (information.isEmpty ? "" : "\n") + credit
            if !picture.page.isEmpty { result.webPage = picture.page }
        }
        result.information = information
        return result
    }

    /// A time as the store writes fetch times (ISO 8601, UTC, whole seconds).
    public static func isoTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
