import Foundation

/// Where artmap keeps its files, following the XDG base directory rules.
public enum StoreLocation {
    /// `$XDG_DATA_HOME/artmap` (default `~/.local/share/artmap`).
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base(environment["XDG_DATA_HOME"], fallback: ".local/share", environment: environment)
            .appendingPathComponent("artmap", isDirectory: true)
    }

    /// `$XDG_CACHE_HOME/artmap` (default `~/.cache/artmap`).
    public static func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base(environment["XDG_CACHE_HOME"], fallback: ".cache", environment: environment)
            .appendingPathComponent("artmap", isDirectory: true)
    }

    /// The default database file.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        dataDirectory(environment: environment).appendingPathComponent("artmap.sqlite").path
    }

    private static func base(_ value: String?, fallback: String, environment: [String: String]) -> URL {
        if let value, value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
    }
}
