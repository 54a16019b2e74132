import Cartography

/// The store's schema as forward migrations: migration i takes a file from `user_version` i to i + 1.
/// Never edit a released step; add a new one.
public enum Schema {
    public static let migrations: [String] = [
        // 1: the catalogue and settings.
        """
        CREATE TABLE collections (
            name TEXT PRIMARY KEY,
            source TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        );
        CREATE TABLE artworks (
            collection TEXT NOT NULL REFERENCES collections(name) ON DELETE CASCADE,
            id TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            artist TEXT NOT NULL DEFAULT '',
            year TEXT NOT NULL DEFAULT '',
            type TEXT NOT NULL DEFAULT '',
            information TEXT NOT NULL DEFAULT '',
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            building TEXT,
            location_notes TEXT NOT NULL DEFAULT '',
            image_file TEXT NOT NULL DEFAULT '',
            last_modified TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (collection, id)
        );
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
        // 2: the service's later `thumbnail` field, sync bookkeeping, favourites and the image cache.
        """
        ALTER TABLE artworks ADD COLUMN thumbnail TEXT NOT NULL DEFAULT '';
        CREATE TABLE sync_state (
            collection TEXT PRIMARY KEY REFERENCES collections(name) ON DELETE CASCADE,
            source TEXT NOT NULL,
            last_success TEXT NOT NULL,
            newest_last_modified TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE favourites (
            collection TEXT NOT NULL,
            artwork_id TEXT NOT NULL,
            added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
            PRIMARY KEY (collection, artwork_id),
            FOREIGN KEY (collection, artwork_id) REFERENCES artworks(collection, id) ON DELETE CASCADE
        );
        CREATE TABLE image_cache (
            collection TEXT NOT NULL,
            artwork_id TEXT NOT NULL,
            file_name TEXT NOT NULL,
            cache_path TEXT NOT NULL,
            last_modified TEXT NOT NULL,
            byte_count INTEGER NOT NULL,
            fetched_at TEXT NOT NULL,
            PRIMARY KEY (collection, artwork_id)
        );
        """,
        // v3: when each cached image was last shown or fetched, for evicting the least recently used.
        """
        ALTER TABLE image_cache ADD COLUMN last_used TEXT NOT NULL DEFAULT '';
        UPDATE image_cache SET last_used = fetched_at;
        CREATE INDEX image_cache_last_used ON image_cache(last_used);
        """,
        // v4: the base layer and walking graph imported from OpenStreetMap or GeoJSON, by source.
        """
        CREATE TABLE map_sources (
            name TEXT PRIMARY KEY,
            file TEXT NOT NULL,
            collection TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            feature_count INTEGER NOT NULL,
            edge_count INTEGER NOT NULL
        );
        CREATE TABLE map_features (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL,
            source_id TEXT NOT NULL,
            kind INTEGER NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            geometry BLOB NOT NULL,
            properties TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX map_features_source ON map_features(source);
        CREATE VIRTUAL TABLE map_feature_boxes USING rtree(id, south, north, west, east);
        CREATE TABLE walk_edges (
            source TEXT NOT NULL,
            from_node INTEGER NOT NULL,
            to_node INTEGER NOT NULL,
            from_latitude REAL NOT NULL,
            from_longitude REAL NOT NULL,
            to_latitude REAL NOT NULL,
            to_longitude REAL NOT NULL,
            metres REAL NOT NULL,
            street TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX walk_edges_source ON walk_edges(source);
        """,
        // v5: the paintings side: an artwork's web page, when a sync or import last added or changed it ("What's
        // new"), the painters followed and which paintings are theirs.
        """
        ALTER TABLE artworks ADD COLUMN web_page TEXT NOT NULL DEFAULT '';
        CREATE TABLE painters (
            name TEXT PRIMARY KEY COLLATE NOCASE,
            total INTEGER NOT NULL DEFAULT 0,
            added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        );
        CREATE TABLE painter_works (
            painter TEXT NOT NULL REFERENCES painters(name) ON DELETE CASCADE,
            collection TEXT NOT NULL,
            artwork_id TEXT NOT NULL,
            PRIMARY KEY (painter, collection, artwork_id)
        );
        CREATE INDEX painter_works_artwork ON painter_works(collection, artwork_id);
        ALTER TABLE artworks ADD COLUMN changed_at TEXT NOT NULL DEFAULT '';
        CREATE INDEX artworks_changed_at ON artworks(changed_at);
        """,
        // v6: artworks by position, so the view can start from the places around it in a large collection.
        // Latitude first: an index that began with the collection would be taken for every query on a
        // collection and read its rows in latitude order, at random, instead of the primary key's.
        positionIndexSQL,
        // v7: the map fetched from OpenStreetMap's Overpass API in fixed 0.01° tiles (each tile's features and walk
        // edges are the map source "osm/ROW/COLUMN"; its artworks are those of collection `osm` standing in it),
        // when each tile was fetched, and the pictures found for artworks through Wikidata and Commons.
        """
        CREATE TABLE osm_tiles (
            tile_row INTEGER NOT NULL,
            tile_column INTEGER NOT NULL,
            fetched_at TEXT NOT NULL,
            PRIMARY KEY (tile_row, tile_column)
        );
        CREATE INDEX map_features_source_id ON map_features(source_id);
        CREATE INDEX walk_edges_nodes ON walk_edges(from_node, to_node);
        CREATE TABLE osm_pictures (
            reference TEXT PRIMARY KEY,
            thumb_url TEXT NOT NULL DEFAULT '',
            page TEXT NOT NULL DEFAULT '',
            artist TEXT NOT NULL DEFAULT '',
            licence TEXT NOT NULL DEFAULT '',
            problem TEXT NOT NULL DEFAULT '',
            resolved_at TEXT NOT NULL
        );
        """,
        // v8: the walking graph by tile (issue 19): a row per tile and write holding its edges as one blob, read by
        // corridor through the index on tile; each node's component beside it; the whole graph's facts. The rows
        // of walk_edges are moved into pieces by `movedWalkEdges` in the same transaction.
        """
        CREATE TABLE walk_pieces (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL,
            tile INTEGER NOT NULL,
            edge_count INTEGER NOT NULL,
            edges BLOB NOT NULL,
            components BLOB NOT NULL DEFAULT x''
        );
        CREATE INDEX walk_pieces_tile ON walk_pieces(tile);
        CREATE INDEX walk_pieces_source ON walk_pieces(source);
        CREATE TABLE walk_graph_facts (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            node_count INTEGER NOT NULL,
            largest_component INTEGER NOT NULL,
            south REAL NOT NULL, north REAL NOT NULL, west REAL NOT NULL, east REAL NOT NULL
        );
        """,
        // v9: each node's walks to its component's landmarks stored after its component (`WalkLandmarks`), the
        // bound that lets a route read the tiles along its way; the components move to a table of their own, so
        // labelling after a change writes them without rewriting every piece's edges. Every piece is relabelled.
        """
        CREATE TABLE walk_components (
            piece INTEGER PRIMARY KEY,
            components BLOB NOT NULL
        );
        INSERT INTO walk_components(piece, components) SELECT id, components FROM walk_pieces WHERE LENGTH(components) > 0;
        ALTER TABLE walk_pieces DROP COLUMN components;
        CREATE TRIGGER walk_pieces_components AFTER DELETE ON walk_pieces BEGIN
            DELETE FROM walk_components WHERE piece = old.id;
        END;
        """,
        // v10: art walks saved by name (issue 32): where they start and end, and their stops in order, each
        // reached or not, so a walk is resumed where it was left (`artmap walk --resume`, the walk screen).
        """
        CREATE TABLE IF NOT EXISTS saved_walks (
            name TEXT PRIMARY KEY,
            saved_at TEXT NOT NULL,
            start_lat REAL NOT NULL, start_lon REAL NOT NULL,
            finish TEXT NOT NULL CHECK (finish IN ('round', 'open', 'end')),
            end_lat REAL, end_lon REAL
        );
        CREATE TABLE IF NOT EXISTS saved_walk_stops (
            walk TEXT NOT NULL REFERENCES saved_walks(name) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            collection TEXT NOT NULL,
            artwork_id TEXT NOT NULL,
            reached INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (walk, position)
        );
        """,
        // v11: the artworks the person has seen (issue 47), by hand or by walking past, with the date. Keyed by
        // (collection, id) with no reference to `artworks`: like a heart it is the person's, and a refresh or a
        // re-import that replaces the artworks' rows never removes it.
        """
        CREATE TABLE IF NOT EXISTS seen (
            collection TEXT NOT NULL,
            artwork_id TEXT NOT NULL,
            seen_at TEXT NOT NULL,
            how TEXT NOT NULL CHECK (how IN ('hand', 'walk')),
            PRIMARY KEY (collection, artwork_id)
        );
        """,
        // v12 (issue 46): an artwork's names by language (OSM's name:xx, Wikidata's labels), the Wikidata item it is,
        // and how an item was merged into it; the Wikidata items fetched, as WDQS gave them, and the tiles asked.
        """
        ALTER TABLE artworks ADD COLUMN names TEXT NOT NULL DEFAULT '';
        ALTER TABLE artworks ADD COLUMN wikidata TEXT NOT NULL DEFAULT '';
        ALTER TABLE artworks ADD COLUMN merged TEXT NOT NULL DEFAULT '';
        CREATE TABLE IF NOT EXISTS wikidata_items (
            id TEXT PRIMARY KEY,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            data TEXT NOT NULL,
            fetched_at TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS wikidata_items_position ON wikidata_items(latitude, longitude);
        CREATE TABLE IF NOT EXISTS wikidata_tiles (
            tile_row INTEGER NOT NULL,
            tile_column INTEGER NOT NULL,
            fetched_at TEXT NOT NULL,
            PRIMARY KEY (tile_row, tile_column)
        );
        """,
        // v13 (issue 47): notes to OpenStreetMap, queued until sent. One element gets at most one note a day
        // (UNIQUE element, day); a sender claims a row (state queued -> sending) before posting, so two artmaps
        // sending at once never post one twice. Like seen, no reference to artworks: a refresh never removes one.
        """
        CREATE TABLE IF NOT EXISTS notes (
            id INTEGER PRIMARY KEY,
            collection TEXT NOT NULL,
            artwork_id TEXT NOT NULL,
            element TEXT NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            text TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'held')),
            day TEXT NOT NULL,
            created_at TEXT NOT NULL,
            claimed_at TEXT,
            sent_at TEXT,
            note_id INTEGER,
            note_url TEXT,
            last_error TEXT,
            UNIQUE (element, day)
        );
        """,
        // v14 (issue 49): a collection's artworks by position, so a list near a point and the view's first frame read the
        // box they need of that collection only; and what a list shows of a collection, in an index of its own, so a list
        // reads that collection's entries one after another and never a page of another collection's rows.
        """
        CREATE INDEX IF NOT EXISTS artworks_collection_position ON artworks(collection, latitude, longitude);
        CREATE INDEX IF NOT EXISTS artworks_listing ON artworks(collection, id, title, artist, year, latitude, longitude, building,
            location_notes, names, wikidata);
        """,
        // v15 (issue 49): the names a place search reads, in the order it reads them (ASCII letters in either case), so
        // a search seeks a name at a time instead of reading every feature's; only rows that have a name. An import
        // into a store with few other rows drops and makes them again with the others (`dropIndexes`). The features'
        // OpenStreetMap ids are looked up only among fetched tiles (a tile's answer replacing its neighbours' copies):
        // indexed for those alone, an imported city's rows cost its import no index (9 MB and 4% of the time). The old
        // index goes first, so the new ones reuse its pages.
        """
        DROP INDEX IF EXISTS map_features_source_id;
        CREATE INDEX IF NOT EXISTS map_features_name ON map_features(name COLLATE NOCASE) WHERE name <> '';
        CREATE INDEX IF NOT EXISTS artworks_title ON artworks(title COLLATE NOCASE) WHERE title <> '';
        CREATE INDEX map_features_source_id ON map_features(source_id) WHERE source LIKE 'osm/%';
        """,
    ]

    /// The version a fully migrated file reports.
    public static var currentVersion: Int { migrations.count }

    /// Brings `database` forward from its `user_version`, each step in its own transaction.
    public static func migrate(_ database: Database) throws {
        let version = try database.userVersion
        guard version <= currentVersion else {
            throw StoreError(code: -1, message: "the store was written by a newer artmap (schema \(version), this one knows \(currentVersion))",
                             path: database.path)
        }
        for step in version..<currentVersion {
            try database.inTransaction {
                try database.execute(migrations[step])
                if step + 1 == 8 { try movedWalkEdges(database) }
                if step + 1 == 9 { try CatalogStore.relabelWalkComponents(database) }
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
        // artmap's own marker (issue 43): only a file carrying it is ever moved aside as a damaged store.
        if try database.scalar("PRAGMA application_id")?.integer != CatalogStore.applicationID {
            try database.execute("PRAGMA application_id = \(CatalogStore.applicationID)")
        }
        // An index the queries name (`INDEXED BY`) is made again if it went missing (dropped by hand).
        if try !hasIndex(positionIndex, in: database) { try database.execute(positionIndexSQL) }
        if try !hasIndex(collectionPositionIndex, in: database) { try database.execute(collectionPositionIndexSQL) }
    }

    /// v8's data step: every row of `walk_edges` into pieces by source and tile, the components labelled,
    /// and the old table dropped.
    static func movedWalkEdges(_ database: Database) throws {
        let rows = try database.prepare("""
            SELECT source, from_node, to_node, from_latitude, from_longitude, to_latitude, to_longitude, metres, street
            FROM walk_edges ORDER BY source, rowid
            """)
        try rows.bind([])
        var writer: WalkPieceWriter?
        var current: String?
        while try rows.step() {
            let source = rows.column(0).text ?? ""
            if source != current {
                try writer?.flush()
                writer = try WalkPieceWriter(database: database, source: source)
                current = source
            }
            let numbers = (3...7).map { rows.column(Int32($0)).real ?? .nan }
            // A point off the globe could never be routed to (and has no tile): left behind, as NaN is.
            guard numbers.allSatisfy(\.isFinite), WalkTiling.isOnGlobe(numbers[0], numbers[1]),
                  WalkTiling.isOnGlobe(numbers[2], numbers[3]) else { continue }
            let street = WalkKind.parse(rows.column(8).text ?? "")
            try writer?.add(WalkEdge(from: rows.integer(1), to: rows.integer(2), fromPoint: GeoPoint(latitude: numbers[0], longitude: numbers[1]),
                                     toPoint: GeoPoint(latitude: numbers[2], longitude: numbers[3]), metres: numbers[4],
                                     street: street.street, kind: street.kind))
        }
        try writer?.flush()
        try database.execute("DROP TABLE walk_edges")
        // Labelled by v9's step, in the components table it makes.
    }

    /// The index of artworks by position (schema v6), which the box reads name.
    public static let positionIndex = "artworks_position"
    static let positionIndexSQL = "CREATE INDEX artworks_position ON artworks(latitude, longitude, collection)"
    /// The index of a collection's artworks by position (schema v14), which a box of one collection reads name.
    public static let collectionPositionIndex = "artworks_collection_position"
    static let collectionPositionIndexSQL = "CREATE INDEX artworks_collection_position ON artworks(collection, latitude, longitude)"

    static func hasIndex(_ name: String, in database: Database) throws -> Bool {
        try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = ?1", [.text(name)])?.integer == 1
    }
}
