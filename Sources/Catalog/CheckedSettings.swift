import Foundation
import Geo

/// The user's settings as the app uses them: read once, each number checked by its `Setting` and typed, an
/// invalid saved value (hand-edited into the settings file: `map.nearest = -3`, `walk.speed = 0`) replaced by
/// its default and named in `problems`, so no out-of-range number ever reaches a reader (issue 43).
public struct CheckedSettings: Sendable, Equatable {
    /// Seconds between slideshow pictures; 0 shows one fixed picture, else at least `Setting.slideshowFloor`.
    public var slideshowInterval: Double
    /// Metres around the reference point shown, or nil for no limit ("off").
    public var radius: Double?
    /// How many of the nearest buildings are highlighted.
    public var nearest: Int
    /// Metres a live location must move before the view follows.
    public var distanceFilter: Double
    /// Walking speed in km/h.
    public var walkSpeed: Double
    /// Metres from a live position within which an artwork is marked seen (issue 47).
    public var seenWithin: Double
    /// Minutes spent at each stop of a walk.
    public var walkStay: Double
    /// Seconds since the last sync before the start-up sync runs.
    public var syncMaxAge: Double
    /// Days before a fetched tile is asked for again.
    public var maxAgeDays: Double
    /// One line per saved value that was not used: "walk.speed = 0 is not valid (0 is outside 1…10 km/h): 4.5 is used".
    public var problems: [String] = []
    /// The keys whose saved values were not used, in the order checked.
    public var invalidKeys: [String] = []

    /// Checks the saved values (by key, as saved); a key not saved takes its default without a problem.
    public init(_ saved: [String: String]) {
        var problems: [String] = [], invalidKeys: [String] = []
        func number(_ key: String) -> Double {
            // Every key read here is in `Setting.all`, whose defaults pass their own check.
            guard let setting = Setting.named(key) else { return 0 }
            let (value, problem) = setting.usable(saved[key])
            if let problem { problems.append(problem); invalidKeys.append(key) }
            return DecimalText.double(value) ?? DecimalText.double(setting.defaultValue) ?? 0
        }
        slideshowInterval = number(Setting.slideshowInterval)
        let radiusSetting = Setting.named(Setting.radius)
        let (radiusText, radiusProblem) = radiusSetting?.usable(saved[Setting.radius]) ?? ("off", nil)
        if let radiusProblem { problems.append(radiusProblem); invalidKeys.append(Setting.radius) }
        radius = DecimalText.double(radiusText)
        nearest = Int(number(Setting.nearest))
        distanceFilter = number(Setting.distanceFilter)
        walkSpeed = number(Setting.walkSpeed)
        seenWithin = number(Setting.seenWithin)
        walkStay = number(Setting.walkStay)
        syncMaxAge = number(Setting.syncMaxAge)
        maxAgeDays = number(Setting.maxAgeDays)
        self.problems = problems
        self.invalidKeys = invalidKeys
    }

    /// Every setting at its default.
    public static let defaults = CheckedSettings([:])

    /// The problems as one short status line, or nil when every saved value is good: the keys, and where to read why.
    public var notice: String? {
        guard !invalidKeys.isEmpty else { return nil }
        if problems.count == 1, let only = problems.first { return "setting not used: " + only }
        return "settings not valid, their defaults used: \(invalidKeys.joined(separator: ", ")) (artmap config list says why)"
    }
}

extension Setting {
    /// The value to use for a saved one: the saved value when it passes `validate` (normalised), else the default,
    /// with a line saying which value was not used and why. Nothing saved: the default, no problem.
    public func usable(_ saved: String?) -> (value: String, problem: String?) {
        guard let saved else { return (defaultValue, nil) }
        switch validate(saved) {
        case .success(let value): return (value, nil)
        case .failure(let error):
            let shown = shown(saved).text
            return (defaultValue, "\(key) = \(shown) is not valid (\(error.message)): \(displayed(defaultValue)) is used")
        }
    }
}
