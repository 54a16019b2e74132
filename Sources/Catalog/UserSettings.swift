import Foundation
import Geo

/// The user's settings as one value: the saved text of each declared `Setting` (a key `Setting.all` does not
/// declare is not kept) and typed fields read through the declarations, each checked against its range and given
/// its default when the saved text is not usable. The view's state holds this, never a dictionary of keys.
public struct UserSettings: Sendable, Equatable {
    /// Saved text by declared key (canonical spelling).
    private var saved: [String: String] = [:]
    /// Values an option gave for this run only (`--overpass-url`), by declared key: what is used, though not saved.
    public private(set) var givenForThisRun: [String: GivenValue] = [:]

    /// A value an option gave for this run, and the option that gave it.
    public struct GivenValue: Sendable, Equatable {
        public let value: String
        public let option: String
    }

    /// The settings as saved: keys in either spelling; undeclared keys are dropped.
    public init(saved: [String: String] = [:]) {
        for (key, value) in saved {
            if let setting = Setting.named(key) { self.saved[setting.key] = value }
        }
    }

    /// Saves the value of the setting declared under `key` (nil: its default); a key no setting declares is ignored.
    public mutating func set(key: String, _ value: String?) {
        if let setting = Setting.named(key) { set(setting, value) }
    }

    /// The text saved for `setting`, nil when its default applies.
    public func saved(_ setting: Setting) -> String? { saved[setting.key] }

    /// The text saved for `setting`, else its default.
    public func value(_ setting: Setting) -> String { saved[setting.key] ?? setting.defaultValue }

    /// Notes that `option` gives `setting` this value for this run (the saved value stays as it is).
    public mutating func give(_ setting: Setting, _ value: String, byOption option: String) {
        givenForThisRun[setting.key] = GivenValue(value: value, option: option)
    }

    /// What this run uses for `setting`: an option's value, else the saved text, else the default.
    public func inUse(_ setting: Setting) -> String { givenForThisRun[setting.key]?.value ?? value(setting) }

    /// The value to use: the saved text when it passes the setting's check (normalised), else the default.
    public func usable(_ setting: Setting) -> String { setting.usable(saved[setting.key]).value }

    /// Saves `value` for `setting` (nil: back to its default).
    public mutating func set(_ setting: Setting, _ value: String?) { saved[setting.key] = value }

    /// Every saved value, in the order `Setting.all` declares them.
    public var savedValues: [(setting: Setting, value: String)] {
        Setting.all.compactMap { setting in saved[setting.key].map { (setting, $0) } }
    }

    /// The numbers, checked and typed (`CheckedSettings`).
    public var checked: CheckedSettings { CheckedSettings(saved) }

    /// Seconds between slideshow pictures (0: one fixed picture).
    public var slideshowInterval: Double { checked.slideshowInterval }
    /// How many of the nearest buildings are highlighted.
    public var nearest: Int { checked.nearest }
    /// Walking speed in km/h.
    public var walkSpeed: Double { checked.walkSpeed }
    /// Minutes spent at each stop of a walk.
    public var walkStay: Double { checked.walkStay }
    /// Metres from a live fix within which an artwork is marked seen.
    public var seenWithin: Double { checked.seenWithin }
    /// Whether distances are shown in feet and miles.
    public var imperial: Bool { text(Setting.units) == "imperial" }
    /// How pictures are drawn in cells: symbols, blocks or ascii.
    public var imageRendering: String { text(Setting.imageRendering) }
    /// The news message's address, nil when none is set.
    public var newsURL: String? { saved[Setting.newsURL].flatMap { $0.isEmpty ? nil : $0 } }

    /// OpenStreetMap's API for notes (osm.api-url).
    public var osmAPIURL: String { text(Setting.osmAPIURL) }
    /// The OAuth 2.0 token notes are sent with, nil when none is saved (osm.token).
    public var osmToken: String? { Setting.named(Setting.osmToken).map(usable).flatMap { $0.isEmpty ? nil : $0 } }

    /// The usable text of the setting declared under `key` ("" when none is: every key read here is declared).
    private func text(_ key: String) -> String { Setting.named(key).map(usable) ?? "" }
}

extension UserSettings: ExpressibleByDictionaryLiteral {
    /// Settings as saved, written out (`[Setting.nearest: "4"]`): keys are the declarations' own.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(saved: Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
