/// A store failure with the SQLite result code, SQLite's message and the statement or file involved.
public struct StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// SQLite's primary result code (SQLITE_BUSY is 5), or -1 for errors found by artmap itself.
    public let code: Int32
    public let message: String
    /// The SQL being run, when there was one.
    public let sql: String?
    /// The database file, when known.
    public let path: String?

    public init(code: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// True when another process holds the write lock past the busy timeout.
    public var isBusy: Bool { code & 0xff == 5 || code & 0xff == 6 }

    public var description: String {
        var text = isBusy ? "the store is busy (another artmap is writing to it): \(message)" : message
        if let path { text += " [\(path)]" }
        if let sql { text += " in SQL: \(sql.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(160))" }
        return text
    }
}
