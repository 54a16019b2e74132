import Catalog
import Foundation
import Geo

/// Which fields of the artworks a read fills.
public enum ArtworkFields: Sendable {
    /// Everything.
    case all
    /// What the full-screen view needs for every place: a list's fields, the image and the web page. The
    /// description, type, dates and (where the building has a name) location notes come on demand.
    case view
    /// What `artmap list` shows: title, artist, year, position, building.
    case listing

    // Location notes only name a building when a record has none of its own.
    var columns: String {
        let notes = "CASE WHEN building IS NULL THEN location_notes ELSE '' END"
        switch self {
        case .all: return CatalogStore.artworkColumns
        case .view: return "collection, id, title, artist, year, '', '', latitude, longitude, building, \(notes), image_file, '', '', web_page, names, wikidata, ''"
        case .listing: return "collection, id, title, artist, year, '', '', latitude, longitude, building, \(notes), '', '', '', '', names, wikidata, ''"
        }
    }
}

/// The catalogue on disk: artworks by collection, settings, sync state. Opens in WAL mode and migrates.
public final class CatalogStore {
    public let database: Database
    /// True when the file could only be opened for reading: lists and the view work, saving does not.
    public let isReadOnly: Bool
    /// True while a route reads the walking graph with the file mapped (`withWalkSnapshot`).
    var walkReadIsMapped = false
    /// The user's settings file: the user's keys (`Setting.isUserKey`) are read from and saved there, not in this
    /// database (nil: in the database, as for a store opened by a test or a background reader).
    public var userSettings: SettingsFile?

    /// Opens an existing store that cannot be written, for reading only.
    public init(readOnlyPath path: String) throws {
        database = try Database(path: path, readOnly: true)
        isReadOnly = true
        let version = try database.userVersion
        guard version == Schema.currentVersion else {
            throw StoreError(code: -1, message: "the store is read-only and at schema version \(version), not \(Schema.currentVersion); it cannot be upgraded", path: path)
        }
    }

    /// Opens a read-only connection beside this process's writer of the same file (see `Database`).
    init(readerBeside path: String) throws {
        database = try Database(path: path, readerBeside: true)
        isReadOnly = true
    }

    /// Opens or creates the store at `path` (directories created on demand); ":memory:" for tests.
    public init(path: String) throws {
        isReadOnly = false
        if path != ":memory:" {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw StoreError(code: -1, message: "cannot create the folder \(directory.path): \(SystemReason.of(error))",
                                 path: path)
            }
        }
        database = try Database(path: path)
        if path != ":memory:" {
            try database.execute("PRAGMA journal_mode = WAL")
            try database.execute("PRAGMA synchronous = NORMAL")
        }
        try database.execute("PRAGMA foreign_keys = ON")
        try Schema.migrate(database)
    }

    // MARK: - Reading

    static let artworkColumns =
        "collection, id, title, artist, year, type, information, latitude, longitude, building, location_notes, image_file, thumbnail, last_modified, web_page, names, wikidata, merged"

    /// Every artwork of a collection, in id order, read row by row straight into values, with the `fields`
    /// asked for (the rest left empty, so the longest text stays in the store). `ids` limits the rows to those ids.
    /// Titles are in the reader's languages (`ReaderLanguages.current`) where an artwork has a name in one.
    public func artworks(collection: String = Artwork.defaultCollection, fields: ArtworkFields = .all, ids: [String]? = nil) throws -> [Artwork] {
        try artworks(collection: collection, fields: fields, ids: ids, languages: ReaderLanguages.current)
    }

    /// As `artworks(collection:fields:ids:)`, titles in `languages`; a merge reads them as stored (`[]`).
    public func artworks(collection: String = Artwork.defaultCollection, fields: ArtworkFields = .all, ids: [String]? = nil,
                         languages: [String]) throws -> [Artwork] {
        let columns = fields.columns
        let statement: Statement
        if let ids {
            statement = try database.prepare("""
                SELECT \(columns) FROM artworks WHERE collection = ?1 AND id IN (SELECT value FROM json_each(?2)) ORDER BY id
                """)
            try statement.bind([.text(collection), .text(String(decoding: try JSONSerialization.data(withJSONObject: ids), as: UTF8.self))])
        } else {
            statement = try database.prepare(Self.collectionSQL(fields))
            try statement.bind([.text(collection)])
        }
        return try Self.artworks(from: statement, languages: languages)
    }

    /// The statement that reads a collection whole, in id order: for a list, on the listing index alone (schema v14),
    /// so no other collection's rows are read.
    static func collectionSQL(_ fields: ArtworkFields) -> String {
        "SELECT \(fields.columns) FROM artworks WHERE collection = ?1 ORDER BY id"
    }

    /// Every row of a statement selecting `artworkColumns` (or `listingColumns`), as artworks.
    /// Titles are read in the reader's languages (`ReaderLanguages.current`) where the artwork has a name in one.
    static func artworks(from statement: Statement, languages: [String] = ReaderLanguages.current) throws -> [Artwork] {
        var result: [Artwork] = []
        while try statement.step() {
            var artwork = Artwork(id: statement.text(1), title: statement.text(2), artist: statement.text(3), year: statement.text(4),
                                  type: statement.text(5), information: statement.text(6),
                                  coordinate: Coordinate(clampingLatitude: statement.double(7), longitude: statement.double(8)),
                                  building: statement.optionalText(9), locationNotes: statement.text(10), imageFileName: statement.text(11),
                                  thumbnail: statement.text(12), lastModified: statement.text(13), enabled: true,
                                  collection: statement.text(0), webPage: statement.text(14))
            let names = statement.text(15), wikidata = statement.text(16), merged = statement.text(17)
            if !names.isEmpty { artwork.names = names }
            if !wikidata.isEmpty { artwork.wikidata = wikidata }
            if !merged.isEmpty { artwork.merged = merged }
            result.append(names.isEmpty ? artwork : artwork.titled(in: languages))
        }
        return result
    }

    /// The ids of a collection's artworks, in id order.
    public func ids(collection: String) throws -> [String] {
        let statement = try database.prepare("SELECT id FROM artworks WHERE collection = ?1 ORDER BY id")
        try statement.bind([.text(collection)])
        var result: [String] = []
        while try statement.step() { result.append(statement.text(0)) }
        return result
    }

    /// Names of the collections, default first.
    public func collectionNames() throws -> [String] {
        try database.rows("SELECT name FROM collections ORDER BY name <> ?1, name", [.text(Artwork.defaultCollection)])
            .map { $0[0].text ?? "" }
    }

    /// True before anything was ever loaded.
    public var isEmpty: Bool {
        get throws { (try database.scalar("SELECT COUNT(*) FROM collections")?.integer ?? 0) == 0 }
    }

    // MARK: - Settings

    /// A remembered setting, or nil: the user's from the settings file (when one is attached), the store's own
    /// bookkeeping (news looked at, rate limits) from the database.
    public func setting(_ key: String) throws -> String? {
        if let userSettings, Setting.isUserKey(key) {
            if let value = try userSettings.value(key) { return value }
            // A read-only store's settings could not be moved into the file: still used.
            guard isReadOnly else { return nil }
        }
        return try database.scalar("SELECT value FROM settings WHERE key = ?1", [.text(key)])?.text
    }

    /// Remembers a setting (nil forgets it), in the settings file when it is the user's.
    public func setSetting(_ key: String, _ value: String?) throws {
        if let userSettings, Setting.isUserKey(key) {
            try userSettings.set(key, value)
            return
        }
        if let value {
            try database.run("INSERT INTO settings(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                             [.text(key), .text(value)])
        } else {
            try database.run("DELETE FROM settings WHERE key = ?1", [.text(key)])
        }
    }

    // MARK: - Writing

    /// Makes sure a collection row exists.
    public func ensureCollection(_ name: String, source: String = "") throws {
        try database.run("INSERT INTO collections(name, source) VALUES (?1, ?2) ON CONFLICT(name) DO NOTHING",
                         [.text(name), .text(source)])
    }

    static let upsertSQL = """
        INSERT INTO artworks(\(artworkColumns), changed_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        ON CONFLICT(collection, id) DO UPDATE SET title = excluded.title, artist = excluded.artist,
            year = excluded.year, type = excluded.type, information = excluded.information,
            latitude = excluded.latitude, longitude = excluded.longitude, building = excluded.building,
            location_notes = excluded.location_notes, image_file = excluded.image_file,
            thumbnail = excluded.thumbnail, last_modified = excluded.last_modified, web_page = excluded.web_page,
            names = excluded.names, wikidata = excluded.wikidata, merged = excluded.merged,
            changed_at = excluded.changed_at
        """

    /// Inserts or updates one artwork with a statement prepared once for a whole merge.
    static func upsert(_ a: Artwork, with statement: Statement) throws {
        // Bound field by field: no array of values per row.
        statement.resetBindings()
        // The source's own name is stored, never a title read in the reader's language.
        for (i, text) in [a.collection, a.id, a.name, a.artist, a.year, a.type, a.information].enumerated() {
            try statement.bind(Int32(i + 1), text: text)
        }
        try statement.bind(8, real: a.coordinate.latitude)
        try statement.bind(9, real: a.coordinate.longitude)
        if let building = a.building { try statement.bind(10, text: building) }
        try statement.bind(11, text: a.locationNotes)
        try statement.bind(12, text: a.imageFileName)
        try statement.bind(13, text: a.thumbnail)
        try statement.bind(14, text: a.lastModified)
        try statement.bind(15, text: a.webPage)
        try statement.bind(16, text: a.names)
        try statement.bind(17, text: a.wikidata)
        try statement.bind(18, text: a.merged)
        try statement.runBound()
    }

    func insertOrReplace(_ a: Artwork) throws {
        try Self.upsert(a, with: try database.prepare(Self.upsertSQL))
    }

    func delete(collection: String, id: String) throws {
        try delete(collection: collection, ids: [id])
    }

    /// Deletes many artworks (and their favourites and image-cache rows) in three statements, whatever their number.
    func delete(collection: String, ids: [String]) throws {
        guard !ids.isEmpty else { return }
        try deleteWhere(collection: collection, ids: ids, keeping: false)
    }

    /// Deletes every artwork of a collection but `ids` (and their image-cache rows): a full sync that
    /// keeps 31 of 10,000 names the 31, not the 9,969.
    func deleteAll(collection: String, except ids: [String]) throws {
        try deleteWhere(collection: collection, ids: ids, keeping: true)
    }

    private func deleteWhere(collection: String, ids: [String], keeping: Bool) throws {
        let test = keeping ? "NOT IN" : "IN"
        let list = String(decoding: try JSONSerialization.data(withJSONObject: ids), as: UTF8.self)
        // The favourites' foreign key would cascade row by row; they go first in one statement instead.
        try database.run("DELETE FROM favourites WHERE collection = ?1 AND artwork_id \(test) (SELECT value FROM json_each(?2))", [.text(collection), .text(list)])
        try database.run("DELETE FROM artworks WHERE collection = ?1 AND id \(test) (SELECT value FROM json_each(?2))", [.text(collection), .text(list)])
        try database.run("DELETE FROM image_cache WHERE collection = ?1 AND artwork_id \(test) (SELECT value FROM json_each(?2))", [.text(collection), .text(list)])
    }
}
