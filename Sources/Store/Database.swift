import CSQLite
import Foundation

/// An open SQLite connection; it owns the `sqlite3*` and closes it in `deinit`.
public final class Database {
    let handle: OpaquePointer
    /// The file, or ":memory:".
    public let path: String

    /// Opens (creating if needed) with a busy timeout, so a second writer waits before reporting busy.
    /// `readOnly` opens an existing file that cannot be written (a read-only folder or medium) as immutable:
    /// no locks, no journal files.
    /// `readerBeside` opens a read-only connection beside a writer of the same file (another thread's check
    /// or read-ahead): it takes the usual locks and reads the WAL, so it sees what the writer committed.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5000, readOnly: Bool = false, readerBeside: Bool = false) throws {
        var db: OpaquePointer?
        let flags = readOnly || readerBeside ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let name = readOnly && !readerBeside ? "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1" : path
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            if let db { sqlite3_close_v2(db) }
            throw StoreError(code: rc, message: message, path: path)
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Changes only when something was committed to the file: by another connection (`PRAGMA data_version`)
    /// or by this one (its count of changed rows).
    public var commitMark: [Int64] {
        get throws { [try scalar("PRAGMA data_version")?.integer ?? 0, Int64(sqlite3_total_changes64(handle))] }
    }

    /// The rowid the last INSERT on this connection made.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw StoreError(code: rc, message: message, sql: sql, path: path)
        }
    }

    /// Compiles a statement that the caller owns.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs one statement with bound values.
    public func run(_ sql: String, _ values: [SQLValue] = []) throws {
        try prepare(sql).run(values)
    }

    /// The rows of one query.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [[SQLValue]] {
        try prepare(sql).rows(values)
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> SQLValue? {
        try rows(sql, values).first?.first
    }

    /// Runs `body` inside BEGIN IMMEDIATE ... COMMIT; any error rolls everything back and is rethrown.
    /// Nested calls become savepoints, so a helper that needs atomicity can be called from a larger transaction.
    public func inTransaction<T>(_ body: () throws -> T) throws -> T {
        let nested = sqlite3_get_autocommit(handle) == 0
        try execute(nested ? "SAVEPOINT artmap_nested" : "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute(nested ? "RELEASE artmap_nested" : "COMMIT")
            return result
        } catch {
            if nested {
                try? execute("ROLLBACK TO artmap_nested")
                try? execute("RELEASE artmap_nested")
            } else {
                try? execute("ROLLBACK")
            }
            throw error
        }
    }

    /// Runs `body` in a read transaction: every statement sees the file as it was at the first read.
    /// True outside any transaction.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    public func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// Runs `body` with foreign-key enforcement off, for bulk deletes that do their own cascades: SQLite runs a
    /// cascade per deleted row, which was two fifths of removing 10,000 artworks. Outside a transaction only
    /// (inside one SQLite ignores the switch, and enforcement simply stays on).
    public func withoutForeignKeyEnforcement<T>(_ body: () throws -> T) throws -> T {
        let wasOn = try sqlite3_get_autocommit(handle) != 0 && (scalar("PRAGMA foreign_keys")?.integer ?? 0) == 1
        if wasOn { try execute("PRAGMA foreign_keys = OFF") }
        defer { if wasOn { try? execute("PRAGMA foreign_keys = ON") } }
        return try body()
    }

    /// `PRAGMA user_version`: the schema version this file is at.
    public var userVersion: Int {
        get throws { Int(try scalar("PRAGMA user_version")?.integer ?? 0) }
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    func error(_ rc: Int32, sql: String?) -> StoreError {
        let error = StoreError(code: rc, message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path)
        // Damage met by a reader that trusted a stamp: the stamp vouches no more, and the next opening checks the file
        // (and moves it aside), whichever command it is.
        if error.isDamage, path != ":memory:", !path.isEmpty { StoreFileStamp.forget(path: path) }
        return error
    }
}
