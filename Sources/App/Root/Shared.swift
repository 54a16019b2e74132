import Catalog
import Geo

/// What every screen shares and the root keeps: hearts, settings, the news badge. Screens read them through
/// `FeatureContext`; only the root changes them, from what the run loop reports.
extension AppState {
    /// Whether an artwork carries a heart.
    public func isFavourite(_ artwork: Artwork) -> Bool {
        favouriteKeys.contains(artwork.key)
    }

    /// Replaces the favourites (start-up, and after each change is saved); `saying` one heart given or taken, the status
    /// line says which and where the hearts are listed (issue 50: `f` gave little feedback).
    mutating func setFavourites(_ artworks: [Artwork], saying: Bool = false) {
        let before = favourites
        favourites = artworks
        favouriteKeys = Set(artworks.map(\.key))
        routeMain(.sharedChanged)
        guard saying else { return }
        let added = artworks.filter { !before.map(\.key).contains($0.key) }
        let removed = before.filter { !favouriteKeys.contains($0.key) }
        let hearts = "\(artworks.count) heart\(artworks.count == 1 ? "" : "s")"
        if added.count == 1, removed.isEmpty, let one = added.first {
            lastMessage = "♥ '\(DisplayText.clean(one.title))' hearted · F lists your \(hearts) · f again un-hearts"
        } else if removed.count == 1, added.isEmpty, let one = removed.first {
            lastMessage = "'\(DisplayText.clean(one.title))' un-hearted · \(hearts) left" + (artworks.isEmpty ? "" : " (F)")
        }
    }
}

extension AppState {
    /// Whether distances are shown in feet and miles (the `units` setting).
    public var imperial: Bool { settings.imperial }

    /// A distance in the units the user chose.
    public func distanceText(_ metres: Double) -> String { DistanceText.format(metres, imperial: imperial) }

    /// Takes in a saved setting (one `Setting.all` declares; another key is no setting of the view's); the ones the
    /// running view uses apply at once.
    mutating func applySetting(key: String, value: String?) {
        guard let setting = Setting.named(key) else { return }
        settings.set(setting, value)
        routeMain(.sharedChanged)
        // Checked where it is read: a hand-edited `slideshow.interval = nan` or `map.nearest = -3` is its default here
        // (the command that started the view names it on the status line).
        let current = setting.usable(value).value
        switch setting.key {
        case Setting.slideshowInterval: slideshowInterval = DecimalText.double(current) ?? slideshowInterval
        case Setting.nearest: if let k = DecimalText.integer(current) { routeMain(.nearestCount(k)) }
        default: break
        }
    }
}

extension AppState {
    /// Where the time the user last opened the news is kept.
    public static let newsLookedSetting = Setting.newsLooked
    /// Where the fingerprint of the news message last read is kept, so the badge stays cleared across starts.
    public static let newsReadSetting = Setting.newsRead

    /// A short fingerprint of a news message (FNV-1a, hexadecimal): stored instead of the text, which may hold
    /// characters a setting refuses.
    public static func newsFingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

extension AppState {
    /// The rule for messages: the reason, then what to do, then the subject (the status line cuts the
    /// subject first, in its middle).
    static func syncFailureText(reason: String, subject: String?, what: String = "sync") -> String {
        "\(what) failed: \(reason) · s tries again" + (subject.map { " · " + $0 } ?? "")
    }
}
