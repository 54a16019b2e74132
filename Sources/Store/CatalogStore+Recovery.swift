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
            guard let problem = try StoreIntegrityCheck.problem(in: store.database) else { return (store, nil) }
            return try replaceDamaged(path, reason: problem, now: now)
        } catch let error as StoreError where error.isDamage {
            return try replaceDamaged(path, reason: error.message, now: now)
        }
    }

    /// Opens a store as `openRecovering` does, but leaves `PRAGMA quick_check` running on a connection and
    /// thread of its own (when there is a file to check), so a reader can read meanwhile. The caller trusts
    /// nothing it read until `StoreIntegrityCheck.problem()` says the store is sound; if it is not, the caller
    /// closes its store and calls `replaceDamaged`.
    public static func openCheckingAlongside(path: String, now: Date = Date())
        throws -> (store: CatalogStore, recovery: StoreRecovery?, check: StoreIntegrityCheck?) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              access(path, W_OK) == 0, access(URL(fileURLWithPath: path).deletingLastPathComponent().path, W_OK) == 0 else {
            let opened = try openRecovering(path: path, now: now)
            return (opened.store, opened.recovery, nil)
        }
        do {
            let store = try CatalogStore(path: path)
            return (store, nil, StoreIntegrityCheck(path: path))
        } catch let error as StoreError where error.isDamage {
            let replaced = try replaceDamaged(path, reason: error.message, now: now)
            return (replaced.store, replaced.recovery, nil)
        }
    }

    /// Moves a damaged store file (and its WAL) aside with a timestamp, never deleting it, and starts a new store.
    public static func replaceDamaged(_ path: String, reason: String, now: Date) throws -> (store: CatalogStore, recovery: StoreRecovery?) {
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

/// A `PRAGMA quick_check` of a store file, run on a read-only connection and a thread of its own.
public final class StoreIntegrityCheck: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    // Written once by the checking thread before `finished` is signalled; read only after waiting for it.
    private var found: String?

    public init(path: String) {
        Thread.detachNewThread { [self] in
            do {
                let database = try Database(path: path, readerBeside: true)
                // The check reads each page once: a small cache keeps it from growing the process by megabytes.
                try database.execute("PRAGMA cache_size = -256")
                found = try StoreIntegrityCheck.problem(in: database)
            } catch let error as StoreError where error.isDamage {
                found = error.message
            } catch {
                // Not damage (busy, say): the command's own reads will meet whatever is wrong.
                found = nil
            }
            finished.signal()
        }
    }

    /// Waits for the check: nil when the store is sound, else what is wrong, in a few words.
    public func problem() -> String? {
        finished.wait()
        finished.signal()
        return found
    }

    /// Runs the check on `database`: nil when sound.
    static func problem(in database: Database) throws -> String? {
        let check = try database.scalar("PRAGMA quick_check(1)")?.text ?? "no answer"
        if check == "ok" { return nil }
        let said = check.replacingOccurrences(of: "*** in database main ***", with: "")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return "integrity check: \(said)"
    }
}

extension StoreError {
    /// The file is not a database or is corrupt (SQLITE_CORRUPT, SQLITE_NOTADB).
    public var isDamage: Bool { code & 0xff == 11 || code & 0xff == 26 }
}
