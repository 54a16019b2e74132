import Catalog
import Geo

/// What every screen shares and the root keeps: hearts, settings, the news badge. Screens read them through
/// `FeatureContext`; only the root changes them, from what the run loop reports.
extension AppState {
    /// The key a favourite is known by across collections.
    static func favouriteKey(collection: String, id: String) -> String { collection + "\u{1F}" + id }

    /// Whether an artwork carries a heart.
    public func isFavourite(_ artwork: Artwork) -> Bool {
        favouriteKeys.contains(AppState.favouriteKey(collection: artwork.collection, id: artwork.id))
    }

    /// Replaces the favourites (start-up, and after each change is saved).
    mutating func setFavourites(_ artworks: [Artwork]) {
        favourites = artworks
        favouriteKeys = Set(artworks.map { AppState.favouriteKey(collection: $0.collection, id: $0.id) })
        main.rowsChanged()
    }
}

extension AppState {
    /// Whether distances are shown in feet and miles (the `units` setting).
    public var imperial: Bool { settings[Setting.units] == "imperial" }

    /// A distance in the units the user chose.
    public func distanceText(_ metres: Double) -> String { DistanceText.format(metres, imperial: imperial) }

    /// A setting's value as saved, else its default.
    public func settingValue(_ setting: Setting) -> String { settings[setting.key] ?? setting.defaultValue }

    /// Takes in a saved setting; the ones the running view uses apply at once.
    mutating func applySetting(key: String, value: String?) {
        settings[key] = value
        main.rowsChanged()
        guard let setting = Setting.named(key) else { return }
        let current = value ?? setting.defaultValue
        switch key {
        case Setting.slideshowInterval: slideshowInterval = Double(current) ?? slideshowInterval
        case Setting.nearest: if let k = Int(current) { main.nearestCount = k }
        default: break
        }
    }
}

extension AppState {
    /// Where the time the user last opened the news is kept.
    public static let newsLookedSetting = "news.last_looked"
}
