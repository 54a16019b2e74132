import CSQLite

/// A prepared statement; it owns its `sqlite3_stmt` and finalizes it in `deinit`.
public final class Statement {
    private let handle: OpaquePointer
    private let database: Database
    public let sql: String

    init(database: Database, sql: String) throws {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw database.error(rc, sql: sql)
        }
        self.handle = stmt
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to ?1, ?2, ... after clearing earlier bindings and resetting.
    public func bind(_ values: [SQLValue]) throws {
        resetBindings()
        for (offset, value) in values.enumerated() {
            let i = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, i)
            case .integer(let v): rc = sqlite3_bind_int64(handle, i, v)
            case .real(let v): rc = sqlite3_bind_double(handle, i, v)
            case .text(let s):
                try bind(i, text: s)
                continue
            case .blob(let b):
                rc = b.withUnsafeBytes { artmap_sqlite3_bind_blob_copy(handle, i, $0.baseAddress, Int32(b.count)) }
            }
            guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
        }
    }

    /// Starts a new set of bindings without an array of values (the merge binds 100,000 rows).
    public func resetBindings() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds text to ?i, copied from the string's own UTF-8 storage (no array in between).
    public func bind(_ i: Int32, text: String) throws {
        var text = text
        let rc = text.withUTF8 { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { artmap_sqlite3_bind_text_copy(handle, i, $0, Int32(buffer.count)) }
            } ?? artmap_sqlite3_bind_text_copy(handle, i, "", 0)
        }
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// Binds a number to ?i.
    public func bind(_ i: Int32, real: Double) throws {
        let rc = sqlite3_bind_double(handle, i, real)
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// Binds an integer to ?i.
    public func bind(_ i: Int32, integer: Int64) throws {
        let rc = sqlite3_bind_int64(handle, i, integer)
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// Binds bytes to ?i, copied.
    public func bind(_ i: Int32, blob: [UInt8]) throws {
        let rc = blob.withUnsafeBytes { artmap_sqlite3_bind_blob_copy(handle, i, $0.baseAddress, Int32(blob.count)) }
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// Runs what was bound to completion. The bindings stay, so a bulk write binds only what changes
    /// from one row to the next.
    public func runBound() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Advances one row; false when done.
    @discardableResult
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(rc, sql: sql)
        }
    }

    /// Runs to completion, for statements that return no rows.
    public func run(_ values: [SQLValue] = []) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// All rows, each as its column values.
    public func rows(_ values: [SQLValue] = []) throws -> [[SQLValue]] {
        try bind(values)
        var result: [[SQLValue]] = []
        while try step() {
            result.append((0..<sqlite3_column_count(handle)).map(column))
        }
        sqlite3_reset(handle)
        return result
    }

    /// Column `i` of the current row as text ("" for NULL), read without an intermediate value.
    public func text(_ i: Int32) -> String {
        guard let p = sqlite3_column_text(handle, i) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(handle, i))), as: UTF8.self)
    }

    /// Column `i` as text, or nil when it is NULL.
    public func optionalText(_ i: Int32) -> String? {
        sqlite3_column_type(handle, i) == SQLITE_NULL ? nil : text(i)
    }

    /// Column `i` as a number (0 for NULL or text that is not one).
    public func double(_ i: Int32) -> Double { sqlite3_column_double(handle, i) }

    /// Column `i`'s bytes, lent to `body` without a copy (valid only inside it); empty for NULL.
    public func withBytes<T>(_ i: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let p = sqlite3_column_blob(handle, i)
        let n = Int(sqlite3_column_bytes(handle, i))
        return try body(UnsafeRawBufferPointer(start: n > 0 ? p : nil, count: p == nil ? 0 : n))
    }

    /// Column `i` as an integer (0 for NULL).
    public func integer(_ i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }

    /// The value of column `i` in the current row.
    public func column(_ i: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, i))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, i))
        case SQLITE_TEXT:
            guard let p = sqlite3_column_text(handle, i) else { return .text("") }
            let n = Int(sqlite3_column_bytes(handle, i))
            return .text(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
        case SQLITE_BLOB:
            let n = Int(sqlite3_column_bytes(handle, i))
            guard let p = sqlite3_column_blob(handle, i), n > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: p, count: n)))
        default: return .null
        }
    }
}
