import CMallocArena
import Cartography
import Catalog
import Foundation
import Geo

extension CatalogStore {
    /// One map import in one transaction: the source's earlier base layer, walking graph and artworks are
    /// replaced by what `read` streams into the sink; artworks are grouped under the building or named
    /// area that contains them. Any error (a damaged file, a full disk) leaves the store as it was.
    public func importMap(source: String, file: String, collection: String, recordedSource: CollectionSource? = nil,
                          read: (MapImportSink) throws -> MapImportResult) throws -> (result: MapImportResult, report: MergeReport) {
        // A bounded page cache for the import's length: with SQLite's default 2 MB, pages (an R-tree grown by
        // inserts, the indexes kept when other sources are big) are read back from the file again and again.
        try setPageCache(kilobytes: Self.importCacheKilobytes)
        defer { try? setPageCache(kilobytes: Self.defaultCacheKilobytes) }
        // Each phase's large arrays (the node index, the boxes, the labelling's columns) go back to the system
        // when freed, so the next phase's do not add to them (the import's peak is one phase's, not a sum).
        _ = artmap_malloc_map_large()
        return try database.inTransaction {
            // Taking many boxes out of the R-tree one by one costs as much as putting them in: when the source
            // replaced had many, the tree is rebuilt at the end from the other sources' boxes and the new ones.
            let replaced = Int(try database.scalar("SELECT COUNT(*) FROM map_features WHERE source = ?1", [.text(source)])?.integer ?? 0)
            let inTree = Int(try database.scalar("SELECT COUNT(*) FROM map_feature_boxes_rowid")?.integer ?? 0)
            var kept: [BoxEntry]?
            if replaced >= MapWriter.packedTreeThreshold {
                kept = try MapWriter.boxes(database, sql: """
                    SELECT b.id, b.south, b.north, b.west, b.east FROM map_feature_boxes b JOIN map_features f ON f.id = b.id WHERE f.source <> ?1
                    """, [.text(source)])
            } else {
                try database.run("DELETE FROM map_feature_boxes WHERE id IN (SELECT id FROM map_features WHERE source = ?1)", [.text(source)])
            }
            // With few rows from other sources, the indexes are made again after the rows are in (and the
            // replaced rows leave without touching them: one pass over the table, not a million index deletes).
            var dropped: [String] = []
            var appendOnly = true
            for table in ["map_features", "walk_pieces"] {
                let others = try database.scalar("SELECT COUNT(*) FROM \(table) WHERE source <> ?1", [.text(source)])?.integer ?? 0
                if others < Self.reindexedRows { dropped += try database.dropIndexes(of: table) } else { appendOnly = false }
            }
            try database.run("DELETE FROM map_features WHERE source = ?1", [.text(source)])
            try database.run("DELETE FROM walk_pieces WHERE source = ?1", [.text(source)])
            // Rows only appended (no index kept, the boxes deferred) need no page cache while the file is read, when
            // the reader's node index is the import's largest: the large cache comes back for the indexes and the tree.
            if appendOnly { try setPageCache(kilobytes: Self.defaultCacheKilobytes) }
            let writer = try MapWriter(database: database, source: source, deferBoxes: true)
            // Rows are written on a thread of their own while the file is read; it has ended before the
            // database is used here again (or the transaction rolled back).
            let sink = ThreadedMapSink(writer: writer)
            defer { sink.stop() }
            var result = try read(sink)
            try sink.finish()
            try writer.finish()
            // The reader's node index and buffers are freed by now: their pages go back to the system before
            // the indexes, the boxes and the labelling take their own.
            _ = artmap_malloc_trim()
            if appendOnly { try setPageCache(kilobytes: Self.importCacheKilobytes) }
            for sql in dropped { try database.execute(sql) }
            try writer.writeBoxes(kept: kept, treeCount: kept?.count ?? inTree - replaced)
            // The labelling reads every piece once and writes new rows: the import's large page cache is given
            // back first (its pages are the indexes' and the tree's, done with).
            try setPageCache(kilobytes: Self.defaultCacheKilobytes)
            _ = artmap_malloc_trim()
            try relabelWalkComponents()
            let around = try database.prepare(Self.featuresInBoxSQL)
            result.artworks = try result.artworks.map { artwork in
                try placed(artwork, using: around)
            }
            let hadCollection = try database.scalar("SELECT COUNT(*) FROM collections WHERE name = ?1", [.text(collection)])?.integer ?? 0
            var report = MergeReport()
            if !result.artworks.isEmpty || hadCollection > 0 {
                report = try merge(result.artworks, into: collection, full: true, source: recordedSource)
            }
            try database.run("""
                INSERT INTO map_sources(name, file, collection, imported_at, feature_count, edge_count)
                VALUES (?1, ?2, ?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?4, ?5)
                ON CONFLICT(name) DO UPDATE SET file = excluded.file, collection = excluded.collection,
                    imported_at = excluded.imported_at, feature_count = excluded.feature_count, edge_count = excluded.edge_count
                """, [.text(source), .text(file), .text(collection), .integer(Int64(result.features)), .integer(Int64(result.edges))])
            return (result, report)
        }
    }

    /// Below this many rows of other sources in a table, an import drops its indexes and makes them again at the end.
    static let reindexedRows: Int64 = 100_000

    /// The page cache an import may use, in KB (SQLite's default is 2,000).
    public static let importCacheKilobytes = 65_536

    /// SQLite's own page cache size, in KB: what the store keeps outside an import.
    static let defaultCacheKilobytes = 2_000

    /// Sets this connection's page cache (lowering it frees the clean pages beyond it).
    private func setPageCache(kilobytes: Int) throws { try database.execute("PRAGMA cache_size = -\(kilobytes)") }

    /// The features whose boxes meet `box`, through the R-tree: only what is there is read.
    public func mapFeatures(in box: FeatureBounds) throws -> [MapFeature] {
        try mapFeatures(in: box, using: try database.prepare(Self.featuresInBoxSQL))
    }

    static let featuresInBoxSQL = """
        SELECT f.source_id, f.kind, f.name, f.geometry, f.properties FROM map_feature_boxes b JOIN map_features f ON f.id = b.id
        WHERE b.south <= ?1 AND b.north >= ?2 AND b.west <= ?3 AND b.east >= ?4 ORDER BY f.id
        """

    /// `mapFeatures(in:)` through a statement of `featuresInBoxSQL` prepared once (an import asks for each artwork).
    func mapFeatures(in box: FeatureBounds, using statement: Statement) throws -> [MapFeature] {
        try statement.bind([.real(box.north), .real(box.south), .real(box.east), .real(box.west)])
        var features: [MapFeature] = []
        while try statement.step() {
            if let feature = Self.feature(statement) { features.append(feature) }
        }
        return features
    }

    /// The features of each tile (the kinds its band draws, boxes meeting the tile), read through the R-tree:
    /// what the view shows and the area around it, never the whole city.
    public func mapTiles(_ tiles: [MapTileKey]) throws -> [MapTileKey: [StoredMapFeature]] {
        var result: [MapTileKey: [StoredMapFeature]] = [:]
        var statements: [Int: Statement] = [:]
        for tile in tiles {
            let statement: Statement
            if let prepared = statements[tile.band] {
                statement = prepared
            } else {
                let kinds = MapTiling.kinds(band: tile.band).map { String($0.rawValue) }.joined(separator: ",")
                statement = try database.prepare("""
                    SELECT f.source_id, f.kind, f.name, f.geometry, f.properties, f.id FROM map_feature_boxes b JOIN map_features f ON f.id = b.id
                    WHERE b.south <= ?1 AND b.north >= ?2 AND b.west <= ?3 AND b.east >= ?4 AND f.kind IN (\(kinds)) ORDER BY f.id
                    """)
                statements[tile.band] = statement
            }
            let box = MapTiling.bounds(of: tile)
            try statement.bind([.real(box.north), .real(box.south), .real(box.east), .real(box.west)])
            var features: [StoredMapFeature] = []
            while try statement.step() {
                guard case .integer(let id) = statement.column(5), let feature = Self.feature(statement) else { continue }
                features.append(StoredMapFeature(id: id, feature: feature))
            }
            result[tile] = features
        }
        return result
    }

    /// The names of the imported map sources (for the attribution line); empty when none was imported.
    public func mapSourceNames() throws -> [String] {
        try database.rows("SELECT name FROM map_sources ORDER BY name").compactMap { $0.first?.text }
    }

    /// Everything imported, for the map pane and routes; an empty map when nothing was.
    public func baseMap() throws -> BaseMap {
        let sources = try database.rows("SELECT name FROM map_sources ORDER BY name").compactMap { $0.first?.text }
        guard !sources.isEmpty else { return .empty }
        let featureRows = try database.prepare("SELECT source_id, kind, name, geometry FROM map_features ORDER BY id")
        try featureRows.bind([])
        var features: [MapFeature] = []
        while try featureRows.step() {
            if let feature = Self.feature(featureRows) { features.append(feature) }
        }
        return BaseMap(features: features, graph: WalkGraph(edges: try walkEdges()), sources: sources)
    }

    /// The imported map sources: name, file, feature and edge counts.
    public func mapSources() throws -> [(name: String, file: String, features: Int, edges: Int)] {
        try database.rows("SELECT name, file, feature_count, edge_count FROM map_sources ORDER BY name").map {
            ($0[0].text ?? "", $0[1].text ?? "", Int($0[2].integer ?? 0), Int($0[3].integer ?? 0))
        }
    }

    /// An artwork placed by the map: in the smallest building containing it, else the smallest named square,
    /// pedestrian area or park (its `building`). A building without a name is no named place: the artwork's
    /// notes say where it is ("building on Aleksanterinkatu", from the nearest named street), never an
    /// OpenStreetMap id, and it shares a place only with artworks so described within 100 m.
    func placed(_ artwork: Artwork, using statement: Statement? = nil) throws -> Artwork {
        var placed = artwork
        let point = GeoPoint(artwork.coordinate)
        let around = FeatureBounds(south: point.latitude, north: point.latitude, west: point.longitude, east: point.longitude)
        let query = try statement ?? database.prepare(Self.featuresInBoxSQL)
        let nearby = try mapFeatures(in: around, using: query)
        let candidates = nearby.filter { $0.kind.isArea && $0.contains(point) }
        if let building = Self.building(at: point, inside: candidates.filter { $0.kind == .building }, nearby: nearby) {
            if !building.name.isEmpty {
                placed.building = building.name
            } else if placed.locationNotes.isEmpty {
                placed.locationNotes = try nearestStreetName(to: point, using: query).map { "building on \($0)" } ?? "unnamed building"
            }
            return placed
        }
        let named = candidates.filter { !$0.name.isEmpty && [.plaza, .green, .otherArea].contains($0.kind) }
        if let area = named.min(by: { $0.relativeArea < $1.relativeArea }) { placed.building = area.name }
        return placed
    }

    /// The building an artwork at `point` belongs to: the smallest named building containing it, or whose outline it
    /// lies on (a mural mapped as a vertex of the wall, within 0.5 m); an unnamed building or `building:part` inside a
    /// named building is the named building's. Only when no named building holds the point, the smallest unnamed one.
    static func building(at point: GeoPoint, inside: [MapFeature], nearby: [MapFeature]) -> MapFeature? {
        let touching = nearby.filter { $0.kind == .building && !$0.contains(point) && metres(from: point, toLine: $0.parts) <= 0.5 }
        let smallest: ([MapFeature]) -> MapFeature? = { $0.min { $0.relativeArea < $1.relativeArea } }
        return smallest(inside.filter { !$0.name.isEmpty }) ?? smallest(touching.filter { !$0.name.isEmpty })
            ?? smallest(inside) ?? smallest(touching)
    }

    /// The name of the nearest named street or path within 80 m of `point`, if any.
    func nearestStreetName(to point: GeoPoint, using statement: Statement) throws -> String? {
        let metres = 80.0
        let latitudeSpan = metres / 111_320, longitudeSpan = metres / (111_320 * max(0.01, cos(point.latitude * .pi / 180)))
        let box = FeatureBounds(south: point.latitude - latitudeSpan, north: point.latitude + latitudeSpan,
                                west: point.longitude - longitudeSpan, east: point.longitude + longitudeSpan)
        var best: (name: String, metres: Double)?
        for street in try mapFeatures(in: box, using: statement) where street.kind.isRoad && !street.name.isEmpty {
            let distance = Self.metres(from: point, toLine: street.parts)
            if distance <= metres, distance < (best?.metres ?? .infinity) { best = (street.name, distance) }
        }
        return best?.name
    }

    /// The distance from a point to the nearest segment of a line's parts, on a local flat projection (metres).
    static func metres(from point: GeoPoint, toLine parts: [[GeoPoint]]) -> Double {
        let scale = cos(point.latitude * .pi / 180) * 111_320
        func local(_ p: GeoPoint) -> (Double, Double) { ((p.longitude - point.longitude) * scale, (p.latitude - point.latitude) * 111_320) }
        var best = Double.infinity
        for part in parts {
            for (a, b) in zip(part, part.dropFirst()) {
                let (ax, ay) = local(a), (bx, by) = local(b)
                let dx = bx - ax, dy = by - ay
                let length = dx * dx + dy * dy
                let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
                let x = ax + t * dx, y = ay + t * dy
                best = min(best, (x * x + y * y).squareRoot())
            }
            if part.count == 1, let only = part.first {
                let (x, y) = local(only)
                best = min(best, (x * x + y * y).squareRoot())
            }
        }
        return best
    }

    static func feature(_ row: Statement) -> MapFeature? {
        guard case .integer(let rawKind) = row.column(1), let kind = FeatureKind(rawValue: UInt8(clamping: rawKind)),
              case .blob(let bytes) = row.column(3), let parts = GeometryCoding.decode(bytes) else { return nil }
        var properties: [String: String] = [:]
        if let json = row.column(4).text, !json.isEmpty,
           let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String] {
            properties = object
        }
        let stored = row.column(2).text ?? ""
        // Labelled in the reader's language where the feature has a name in it (issue 46).
        let name = properties.isEmpty || stored.isEmpty ? stored : MapTags.label(stored, properties: properties, languages: ReaderLanguages.current)
        return MapFeature(sourceID: row.column(0).text ?? "", kind: kind, name: name, parts: parts, properties: properties)
    }
}
