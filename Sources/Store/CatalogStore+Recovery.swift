import Foundation

/// What opening a store had to do beyond opening it.
public enum StoreRecovery: Equatable, Sendable {
    /// The file was damaged: it was renamed to `damagedCopy` (never deleted) and a new, empty store made.
    case movedAside(damagedCopy: String, reason: String)
    /// The file cannot be written: it is open for reading only.
    case readOnly(reason: String)

    /// One line for the user.
    public var message: String {
        switch self {
        case .movedAside(let copy, let reason):
            return "the store was damaged (\(reason)); it was moved to \(copy) and a new one was started"
        case .readOnly(let reason):
            return "the store is read-only (\(reason)): showing it as it is; a sync cannot save"
        }
    }
}

extension CatalogStore {
    /// Opens a store the way the commands do: a file that cannot be written opens read-only; a damaged file
    /// (unreadable, or failing `PRAGMA quick_check`) is moved aside with a timestamp and replaced by a new one.
    public static func openRecovering(path: String, now: Date = Date()) throws -> (store: CatalogStore, recovery: StoreRecovery?) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let reason = access(path, W_OK) != 0 ? "the file cannot be written"
                : access(folder, W_OK) != 0 ? "its folder \(folder) cannot be written" : nil
            if let reason {
                return (try CatalogStore(readOnlyPath: path), .readOnly(reason: reason))
            }
        }
        do {
            let store = try CatalogStore(path: path)
            let check = try store.database.scalar("PRAGMA quick_check(1)")?.text ?? "no answer"
            if check == "ok" { return (store, nil) }
            let said = check.replacingOccurrences(of: "*** in database main ***", with: "")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return try replaceDamaged(path, reason: "integrity check: \(said)", now: now)
        } catch let error as StoreError where error.isDamage {
            return try replaceDamaged(path, reason: error.message, now: now)
        }
    }

    private static func replaceDamaged(_ path: String, reason: String, now: Date) throws -> (store: CatalogStore, recovery: StoreRecovery?) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var copy = "\(path).damaged-\(formatter.string(from: now))"
        var n = 1
        while FileManager.default.fileExists(atPath: copy) {
            n += 1
            copy = "\(path).damaged-\(formatter.string(from: now))-\(n)"
        }
        guard rename(path, copy) == 0 else {
            throw StoreError(code: -1, message: "the store is damaged (\(reason)) and cannot be moved aside: \(String(cString: strerror(errno)))", path: path)
        }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = rename(path + suffix, copy + suffix)
        }
        return (try CatalogStore(path: path), .movedAside(damagedCopy: copy, reason: reason))
    }
}

extension StoreError {
    /// The file is not a database or is corrupt (SQLITE_CORRUPT, SQLITE_NOTADB).
    public var isDamage: Bool { code & 0xff == 11 || code & 0xff == 26 }
}
