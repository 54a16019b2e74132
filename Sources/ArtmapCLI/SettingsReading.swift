import Catalog
import Store

/// The user's settings as every command reads them: from the store (which reads the settings file), checked once
/// by `CheckedSettings`, each invalid value named on standard error and its default used (issue 43).
enum SettingsReading {
    /// The saved values of every setting, by key (defaults are not in here).
    static func saved(_ store: CatalogStore) throws -> [String: String] {
        var saved: [String: String] = [:]
        for setting in Setting.all { if let value = try store.setting(setting.key) { saved[setting.key] = value } }
        return saved
    }

    /// The checked settings; with a console, each value not used is said on standard error ("artmap: setting …").
    static func checked(_ store: CatalogStore, console: Console?) throws -> CheckedSettings {
        let settings = CheckedSettings(try saved(store))
        if let console {
            for problem in settings.problems { console.error("artmap: setting \(problem) (artmap config set to change it)") }
        }
        return settings
    }
}
