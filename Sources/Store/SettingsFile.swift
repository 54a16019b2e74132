import Catalog
import Foundation

/// The user's settings, in a plain `key = value` file a person can edit (`$XDG_CONFIG_HOME/artmap/config`):
/// every command reads it, whichever store it opens. Setting one key keeps the other lines, comments and
/// their order; the file is replaced whole (a temporary file renamed over it), never half written.
public final class SettingsFile: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    /// The largest settings file read (a few dozen keys are a few KB).
    public static let sizeLimit = 256 * 1024

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CONFIG_HOME/artmap/config` (default `~/.config/artmap/config`).
    public static func defaultPath(environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return base + "/artmap/config"
    }

    /// One line of the file that is not `key = value` (it is left alone and not used).
    public struct Problem: Equatable, Sendable {
        public let line: Int
        public let text: String
    }

    /// The value saved for `key` (either spelling), or nil.
    public func value(_ key: String) throws -> String? {
        let wanted = Setting.canonicalKey(key)
        return try lock.withLock { try entries().values.last { $0.key == wanted }?.value }
    }

    /// Every saved key and value, in file order, and the lines that are not settings.
    public func entries() throws -> (values: [(key: String, value: String)], problems: [Problem]) {
        var values: [(key: String, value: String)] = [], problems: [Problem] = []
        for (number, line) in try lines().enumerated() {
            switch Self.parse(line) {
            case .blank: break
            case .setting(let key, let value): values.append((key, value))
            case .malformed: problems.append(Problem(line: number + 1, text: DisplayText.clean(String(line.prefix(80)))))
            }
        }
        return (values, problems)
    }

    /// Saves `value` for `key` (nil removes it): the key's line is replaced where it is, or added at the end.
    /// Another process saving at the same time waits for this one (a lock file beside it), so neither change is lost.
    public func set(_ key: String, _ value: String?) throws {
        let wanted = Setting.canonicalKey(key)
        if let value, value.contains(where: { $0.isNewline }) {
            throw StoreError(code: -1, message: "a setting's value is one line; \(wanted)'s holds a line break")
        }
        try lock.withLock { try withFileLock {
            var kept: [String] = []
            var placed = false
            for line in try lines() {
                if case .setting(let found, _) = Self.parse(line), found == wanted {
                    if !placed, let value { kept.append("\(wanted) = \(value)") }
                    placed = true
                    continue
                }
                kept.append(line)
            }
            if !placed, let value {
                if kept.isEmpty { kept = Self.header }
                kept.append("\(wanted) = \(value)")
            }
            try write(kept)
        } }
    }

    /// The file itself, symlinks followed (a settings file kept elsewhere and linked stays where it is).
    private var target: String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

    /// Runs `body` holding an exclusive lock on `config.lock` beside the file, across processes.
    private func withFileLock<T>(_ body: () throws -> T) throws -> T {
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.appendingPathComponent("config.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError(code: -1, message: "cannot save the settings file \(path): cannot make its lock file in \(folder.path) (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { break }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private enum Line { case blank, setting(String, String), malformed }

    private static func parse(_ line: String) -> Line {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { return .blank }
        guard let equals = trimmed.firstIndex(of: "=") else { return .malformed }
        let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !key.contains(" ") else { return .malformed }
        return .setting(Setting.canonicalKey(key), trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces))
    }

    static let header = ["# artmap settings: one 'key = value' a line (artmap config list shows every key and its meaning).",
                         "# Edit by hand or with 'artmap config set KEY VALUE'; lines starting with # are kept as they are.", ""]

    private func lines() throws -> [String] {
        let path = target
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > Self.sizeLimit {
            throw StoreError(code: -1, message: "the settings file \(path) is \(size / 1024) KB, over the \(Self.sizeLimit / 1024) KB a settings file may be; shorten it")
        }
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw StoreError(code: -1, message: "the settings file \(path) is not a regular file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StoreError(code: -1, message: "cannot read the settings file \(path): \(SystemReason.of(error))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw StoreError(code: -1, message: "the settings file \(path) is not UTF-8 text")
        }
        var lines = text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Replaces the file (the link's target) whole: a temporary file beside it, given the old file's mode, owner and
    /// group before anything is written into it, flushed, then renamed over it (issue 43: a 0600 file became 0644, and a
    /// linked target took the saver's group). A new file gets the umask's mode, as any file the user makes.
    private func write(_ lines: [String]) throws {
        let path = target
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func failure(_ reason: String) -> StoreError { StoreError(code: -1, message: "cannot save the settings file \(path): \(reason)") }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw failure(SystemReason.of(error))
        }
        var old = stat()
        let exists = stat(path, &old) == 0
        let temporary = folder.appendingPathComponent(".config-\(UUID().uuidString).tmp").path
        // Only the owner can read the temporary file until it has the old file's mode.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? 0o600 : 0o666)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        func abandon(_ reason: String) -> StoreError {
            _ = unlink(temporary)
            return failure(reason)
        }
        if exists {
            if (old.st_uid != geteuid() || old.st_gid != getegid()) && fchown(descriptor, old.st_uid, old.st_gid) != 0 {
                throw abandon("artmap cannot give the new file the owner and group of the old one (user \(old.st_uid), group \(old.st_gid)): "
                    + "\(String(cString: strerror(errno))); the file is unchanged")
            }
            if fchmod(descriptor, old.st_mode & 0o7777) != 0 { throw abandon(String(cString: strerror(errno))) }
        }
        // A file holding a secret (osm.token) is read by its owner only, whatever mode it had (issue 47).
        let holdsSecret = lines.contains { line in
            if case .setting(let key, let value) = Self.parse(line) { return Setting.secretKeys.contains(key) && !value.isEmpty }
            return false
        }
        if holdsSecret {
            var mode = stat()
            let current = fstat(descriptor, &mode) == 0 ? mode.st_mode & 0o7777 : 0o600
            if fchmod(descriptor, current & 0o700 | 0o600) != 0 { throw abandon(String(cString: strerror(errno))) }
        }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw abandon(String(cString: strerror(errno))) }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw abandon(String(cString: strerror(errno))) }
        closed = true
        guard close(descriptor) == 0 else { throw abandon(String(cString: strerror(errno))) }
        guard rename(temporary, path) == 0 else { throw abandon(String(cString: strerror(errno))) }
    }
}
