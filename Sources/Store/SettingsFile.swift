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

    private func write(_ lines: [String]) throws {
        let path = target
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(".config-\(UUID().uuidString).tmp")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: temporary)
            if rename(temporary.path, path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw StoreError(code: -1, message: "cannot save the settings file \(path): \(reason)")
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(code: -1, message: "cannot save the settings file \(path): \(SystemReason.of(error))")
        }
    }
}
