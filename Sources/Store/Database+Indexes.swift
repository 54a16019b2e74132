import Foundation

extension Database {
    /// Drops the indexes of `table` (those created by `CREATE INDEX`, whatever the schema holds today) and
    /// returns the statements that make them again. An import of a million rows into a table with few
    /// others is cheaper indexed once, sorted, at the end than row by row in random order (the walking
    /// graph's node index alone was a quarter of writing its edges). Inside a transaction, a rollback
    /// brings them back as they were.
    func dropIndexes(of table: String) throws -> [String] {
        let indexes = try rows("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL",
                               [.text(table)])
        var recreate: [String] = []
        for row in indexes {
            guard let name = row[0].text, let sql = row[1].text else { continue }
            try execute("DROP INDEX \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"")
            recreate.append(sql)
        }
        return recreate
    }
}
