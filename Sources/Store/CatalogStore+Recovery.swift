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
    /// With `trustStamp` (a command that only reads), a file exactly as a sound check left it (`StoreFileStamp`) is not
    /// checked again: on a region's store the check reads a gigabyte before `config get` or `show` could answer; a
    /// damaged page a read meets later forgets the stamp (`Database.error`), so the next opening checks and moves the
    /// file aside. A writer always checks. A check that finds the file sound and unchanged while it ran stamps it.
    /// `checked` says whether this opening ran one.
    public static func openRecovering(path: String, now: Date = Date(), trustStamp: Bool = false)
        throws -> (store: CatalogStore, recovery: StoreRecovery?, checked: Bool) {
        try refuseUnlessStore(path: path)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let reason = access(path, W_OK) != 0 ? "the file cannot be written"
                : access(folder, W_OK) != 0 ? "its folder \(folder) cannot be written" : nil
            if let reason {
                return (try CatalogStore(readOnlyPath: path), .readOnly(reason: reason), false)
            }
        }
        let recorded = trustStamp ? StoreFileStamp.recorded(for: path) : nil
        let before = StoreFileStamp.current(path: path)
        do {
            let store = try CatalogStore(path: path)
            // The same before and after opening: nothing (a migration here, another process) wrote in between.
            let current = StoreFileStamp.current(path: path)
            if recorded != nil, before == recorded, current == recorded { return (store, nil, false) }
            guard let problem = try StoreIntegrityCheck.problem(in: store.database) else {
                if let current, current.isSettled, current == StoreFileStamp.current(path: path) { current.record(for: path) }
                return (store, nil, true)
            }
            let replaced = try replaceDamaged(path, reason: problem, now: now)
            return (replaced.store, replaced.recovery, true)
        } catch let error as StoreError where error.isDamage {
            let replaced = try replaceDamaged(path, reason: error.message, now: now)
            return (replaced.store, replaced.recovery, true)
        }
    }

    /// Opens a store as `openRecovering` does, but leaves `PRAGMA quick_check` running on a connection and
    /// thread of its own (when there is a file to check), so a reader can read meanwhile. The caller trusts
    /// nothing it read until `StoreIntegrityCheck.problem()` says the store is sound; if it is not, the caller
    /// closes its store and calls `replaceDamaged`.
    /// With `trustStamp` (readers), a file exactly as a sound check left it (`StoreFileStamp`) is not checked
    /// again, and `check` is nil; writers pass false.
    public static func openCheckingAlongside(path: String, now: Date = Date(), trustStamp: Bool = true)
        throws -> (store: CatalogStore, recovery: StoreRecovery?, check: StoreIntegrityCheck?) {
        try refuseUnlessStore(path: path)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              access(path, W_OK) == 0, access(URL(fileURLWithPath: path).deletingLastPathComponent().path, W_OK) == 0 else {
            let opened = try openRecovering(path: path, now: now)
            return (opened.store, opened.recovery, nil)
        }
        // A file exactly as it was when a check last found it sound (same inode, size and times, no WAL
        // frames) is not read whole again: on a city's store the check is longer than a route or a list.
        let recorded = trustStamp ? StoreFileStamp.recorded(for: path) : nil
        let before = StoreFileStamp.current(path: path)
        do {
            let store = try CatalogStore(path: path)
            // The same before and after opening: nothing (a migration here, another process) wrote in between.
            let unchanged = recorded != nil && before == recorded && StoreFileStamp.current(path: path) == recorded
            return (store, nil, unchanged ? nil : StoreIntegrityCheck(path: path, stampWhenSound: true))
        } catch let error as StoreError where error.isDamage {
            let replaced = try replaceDamaged(path, reason: error.message, now: now)
            return (replaced.store, replaced.recovery, nil)
        }
    }

    /// Moves a damaged store file (and its WAL) aside with a timestamp, never deleting it, and starts a new store.
    public static func replaceDamaged(_ path: String, reason: String, now: Date) throws -> (store: CatalogStore, recovery: StoreRecovery?) {
        // Only artmap's own file is ever moved aside (issue 43: `--store notes.txt` was renamed and replaced).
        try refuseUnlessStore(path: path)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var copy = "\(path).damaged-\(formatter.string(from: now))"
        var n = 1
        while FileManager.default.fileExists(atPath: copy) {
            n += 1
            copy = "\(path).damaged-\(formatter.string(from: now))-\(n)"
        }
        StoreFileStamp.forget(path: path)
        guard rename(path, copy) == 0 else {
            throw StoreError(code: -1, message: "the store is damaged (\(reason)) and cannot be moved aside: \(String(cString: strerror(errno)))", path: path)
        }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = rename(path + suffix, copy + suffix)
        }
        return (try CatalogStore(path: path), .movedAside(damagedCopy: copy, reason: reason))
    }
}

extension CatalogStore {
    /// `PRAGMA application_id` of every store artmap makes ("ARTM"): its own schema marker, the mark that lets it move a
    /// damaged file aside as its own.
    public static let applicationID: Int64 = 0x4152_544D

    /// Refuses, before SQLite touches it, a path that is not a store artmap may open, create or move aside: a device,
    /// FIFO, socket or folder (SQLite would leave a `-journal` beside `/dev/null`), a link to nothing, a file that is not
    /// an SQLite database (`notes.txt`, `/etc/hosts`), or another program's SQLite database. A path that does not exist
    /// yet, an empty file, and an SQLite file with artmap's marker (`applicationID`; or, from before the marker, its
    /// tables, or a schema artmap's header names but pages too damaged to read) pass. The message names the file and why.
    public static func refuseUnlessStore(path: String) throws {
        guard path != ":memory:" else { return }
        func refuse(_ why: String) -> StoreError {
            StoreError(code: -1, message: "\(why); artmap left it as it is (give --store a new file or an artmap store)")
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno
            var link = stat()
            if reason == ENOENT, lstat(path, &link) == 0 { throw refuse("it is a symbolic link to nothing") }
            // Not there yet: a new store is made. Anything else (no permission) SQLite reports in its own words.
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("it is a folder, not a file")
        default: throw refuse("it is not a regular file (a device, FIFO or socket)")
        }
        guard info.st_size > 0 else { return }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var header = [UInt8](repeating: 0, count: 100)
        let count = read(descriptor, &header, 100)
        close(descriptor)
        guard count >= 16, Array(header[0..<16]) == Array("SQLite format 3\0".utf8) else {
            throw refuse("it is not an SQLite database, so not an artmap store")
        }
        func field(_ offset: Int) -> Int64 {
            guard count >= offset + 4 else { return 0 }
            return header[offset..<offset + 4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        }
        let application = field(68), version = field(60)
        if application == applicationID { return }
        guard application == 0 else {
            throw refuse("it is another program's SQLite database (application id \(application)), not an artmap store")
        }
        // No marker: a store from before it, an empty database, or another program's. Its tables tell.
        let tables: Set<String>
        do {
            let database = try Database(path: path, readerBeside: true)
            let statement = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            try statement.bind([])
            var names: Set<String> = []
            while try statement.step() { names.insert(statement.text(0)) }
            tables = names
        } catch let error as StoreError where error.isDamage {
            // Its schema cannot be read: artmap's (to be moved aside) only when its header names one of artmap's versions.
            if (1...Int64(Schema.currentVersion)).contains(version) { return }
            throw refuse("it is a damaged SQLite database without artmap's marker (\(error.message)), not an artmap store")
        } catch {
            // Busy, or a folder that cannot be written: the opening that follows meets it and says so.
            return
        }
        if tables.isEmpty || tables.isSuperset(of: ["collections", "artworks", "settings"]) { return }
        throw refuse("it is an SQLite database without artmap's tables (another program's), not an artmap store")
    }
}

/// A `PRAGMA quick_check` of a store file, run on a read-only connection and a thread of its own.
public final class StoreIntegrityCheck: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    // Written once by the checking thread before `finished` is signalled; read only after waiting for it.
    private var found: String?

    /// With `stampWhenSound`, a check that finds the file sound and unchanged from its start to its end
    /// records the file's stamp beside it (`StoreFileStamp`), so the next opening of the same bytes skips it.
    public init(path: String, stampWhenSound: Bool = false) {
        Thread.detachNewThread { [self] in
            do {
                let database = try Database(path: path, readerBeside: true)
                // The check reads each page once: a small cache keeps it from growing the process by megabytes.
                try database.execute("PRAGMA cache_size = -256")
                let before = StoreFileStamp.current(path: path)
                found = try StoreIntegrityCheck.problem(in: database)
                if stampWhenSound, found == nil, let before, before.isSettled, before == StoreFileStamp.current(path: path) {
                    before.record(for: path)
                }
            } catch let error as StoreError where error.isDamage {
                found = error.message
            } catch {
                // Not damage (busy, say): the command's own reads will meet whatever is wrong.
                found = nil
            }
            finished.signal()
        }
    }

    /// Checks `path` now, on this thread, forgetting its stamp first: for a store a stamp vouched for whose
    /// reading then met a damaged page (the disk, not a write). Nil when sound.
    public static func checkNow(path: String) -> String? {
        StoreFileStamp.forget(path: path)
        return StoreIntegrityCheck(path: path, stampWhenSound: false).problem()
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

/// What a store file was when an integrity check last found it sound: its device, inode, size, change and
/// modification times (nanoseconds), kept in a line beside it (`PATH.checked`). A file with frames in its WAL
/// has no stamp (its content is not only the file's). Anything that writes the file changes its times, so
/// an equal stamp means the same bytes; SQLite's own reads still refuse a damaged page as they meet it.
struct StoreFileStamp: Equatable {
    var device: UInt64, inode: UInt64, size: Int64
    var modified: (seconds: Int, nanoseconds: Int), changed: (seconds: Int, nanoseconds: Int)

    static func == (a: StoreFileStamp, b: StoreFileStamp) -> Bool { a.line == b.line }

    static func stampPath(for path: String) -> String { path + ".checked" }

    /// Forgets the stamp of `path`: its next opening checks it.
    static func forget(path: String) { _ = unlink(stampPath(for: path)) }

    /// Whether the file's times are over a second old: file times come from a coarse clock (ticks of some
    /// milliseconds), so a write made right after a stamp could leave the same times; one made a second
    /// after the last cannot.
    var isSettled: Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec - modified.seconds > 1 && now.tv_sec - changed.seconds > 1
    }

    /// The file's stamp now; nil when it cannot be read or its WAL holds frames.
    static func current(path: String) -> StoreFileStamp? {
        var wal = stat()
        if stat(path + "-wal", &wal) == 0 && wal.st_size > 0 { return nil }
        var file = stat()
        guard stat(path, &file) == 0 else { return nil }
        return StoreFileStamp(device: UInt64(file.st_dev), inode: UInt64(file.st_ino), size: Int64(file.st_size),
                              modified: (file.st_mtim.tv_sec, file.st_mtim.tv_nsec), changed: (file.st_ctim.tv_sec, file.st_ctim.tv_nsec))
    }

    var line: String {
        "\(device) \(inode) \(size) \(modified.seconds).\(modified.nanoseconds) \(changed.seconds).\(changed.nanoseconds)"
    }

    /// The stamp recorded beside `path`, if any (a line that is not one is none).
    static func recorded(for path: String) -> StoreFileStamp? {
        // A stamp is one short line: no more than 256 bytes are read, whatever the file holds.
        guard let handle = FileHandle(forReadingAtPath: stampPath(for: path)) else { return nil }
        defer { try? handle.close() }
        guard let bytes = try? handle.read(upToCount: 256), bytes.count < 256,
              let text = String(data: bytes, encoding: .utf8) else { return nil }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "\n" }).map { Int64($0) }
        guard fields.count == 7, fields.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let v = fields.map { $0! }
        return StoreFileStamp(device: UInt64(v[0]), inode: UInt64(v[1]), size: v[2], modified: (Int(v[3]), Int(v[4])),
                              changed: (Int(v[5]), Int(v[6])))
    }

    /// Writes the stamp beside `path` (through a temporary file renamed over it); a folder that cannot take
    /// it only means the next opening checks again.
    func record(for path: String) {
        let target = Self.stampPath(for: path), temporary = target + ".\(getpid())"
        guard (try? (line + "\n").write(toFile: temporary, atomically: false, encoding: .utf8)) != nil else { return }
        if rename(temporary, target) != 0 { _ = unlink(temporary) }
    }
}
