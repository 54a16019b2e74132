import Foundation
import Geo

/// One user setting: its key in the store, what it means, its default, and how a typed-in value is
/// checked. The settings screen and `artmap config` are both generated from `Setting.all`.
public struct Setting: Sendable, Identifiable {
    public let key: String
    public let title: String
    public let help: String
    /// The value when none is saved ("" for none).
    public let defaultValue: String
    /// The values offered in turn on the settings screen, when the setting is a choice.
    public let choices: [String]
    /// What an empty value means, as the settings screen and `artmap config` say it: "(none)", or
    /// "(built-in)" where empty means artmap's own addresses, not that there are none.
    public let emptyText: String
    private let check: @Sendable (String) -> Result<String, CatalogError>

    public var id: String { key }

    /// Whether a running view uses a new value at once; the others are used from the next start.
    public var appliesAtOnce: Bool { Setting.appliedAtOnce.contains(key) }
    /// The settings a running view takes in when they are saved (the rest are read when it starts).
    static let appliedAtOnce: Set<String> = [slideshowInterval, nearest, units, imageRendering, rijksBase, walkSpeed, walkStay]

    init(key: String, title: String, help: String, defaultValue: String, choices: [String] = [], emptyText: String = "(none)",
         check: @escaping @Sendable (String) -> Result<String, CatalogError>) {
        self.key = key
        self.title = title
        self.help = help
        self.defaultValue = defaultValue
        self.choices = choices
        self.emptyText = emptyText
        self.check = check
    }

    /// A value as shown: itself, or `emptyText` when empty.
    public func displayed(_ value: String) -> String { value.isEmpty ? emptyText : isSecret ? Setting.masked(value) : value }

    /// The value as it will be saved (trimmed, normalised), or why it cannot be. Control characters (ESC,
    /// CR/LF, C0/C1, bidi overrides) and values over `FieldLimits.setting` characters are refused first,
    /// saying which character and where.
    public func validate(_ text: String) -> Result<String, CatalogError> {
        if case .failure(let error) = FieldLimits.checkTyped(text, limit: FieldLimits.setting, what: "the value") { return .failure(error) }
        return check(text.trimmingCharacters(in: .whitespaces))
    }

    /// A saved value made safe to print: as saved when it passes `validate`, else cleaned of control
    /// characters and cut, with why it is not used ("(not valid: …)").
    public func shown(_ saved: String) -> (text: String, problem: String?) {
        switch validate(saved) {
        case .success: return (saved, nil)
        case .failure(let error):
            let clean = DisplayText.clean(saved)
            return (FieldLimits.cut(clean, to: 80) ?? clean, error.message)
        }
    }

    /// The setting for a key, in either spelling, if there is one.
    public static func named(_ key: String) -> Setting? {
        let wanted = canonicalKey(key)
        return all.first { $0.key == wanted }
    }

    /// A key as artmap spells it now: kebab-case, lower case (`sync.max_age` was the old spelling of `sync.max-age`).
    public static func canonicalKey(_ key: String) -> String { key.replacingOccurrences(of: "_", with: "-").lowercased() }

    /// What the commands remember for the user beside the settings screen's keys: the sync's service, its
    /// image folder and the image cache's size.
    public static let remembered = [syncSource, syncImageBase, imageCacheLimit]
    /// The campus-shaped service `artmap sync --source` last synced from.
    public static let syncSource = "sync.source"
    /// Its image folder (`--image-base`).
    public static let syncImageBase = "sync.image-base"
    /// The image cache's size limit in MB (`--cache-limit`).
    public static let imageCacheLimit = "cache.image-limit-mb"

    /// Whether a key (in either spelling) is the user's, kept in the settings file rather than in a store.
    public static func isUserKey(_ key: String) -> Bool {
        let canonical = canonicalKey(key)
        return userKeys.contains(canonical)
    }

    private static let userKeys: Set<String> = Set(all.map(\.key) + remembered)

    public static let slideshowInterval = "slideshow.interval"
    /// The shortest slideshow interval above 0, in seconds.
    public static let slideshowFloor = 1.0
    public static let radius = "map.radius"
    public static let nearest = "map.nearest"
    public static let distanceFilter = "location.distance-filter"
    public static let units = "units"
    public static let theme = "theme"
    public static let imageRendering = "images.symbols"
    public static let imageProtocol = "images.protocol"
    public static let syncAtStart = "sync.at-start"
    public static let syncMaxAge = "sync.max-age"
    public static let rijksBase = "rijks.base"
    public static let newsURL = "news.url"
    public static let overpassURL = "osm.overpass-url"
    public static let nominatimURL = "osm.nominatim-url"
    public static let wikidataURL = "osm.wikidata-url"
    public static let commonsURL = "osm.commons-url"
    public static let autoFetch = "osm.auto-fetch"
    public static let maxAgeDays = "osm.max-age-days"
    public static let walkSpeed = "walk.speed"
    public static let walkStay = "walk.stay"
    public static let home = "location.home"
    public static let language = "language"
    public static let wikidataSPARQL = "wikidata.sparql-url"
    public static let wikidataFetch = "wikidata.fetch"
    public static let locationSource = "location.source"
    /// The values of `location.source`: fixed (no live source unless an option asks), auto, gpsd, geoclue.
    public static let locationSources = ["fixed", "auto", "gpsd", "geoclue"]
    public static let seenWithin = "seen.within"
    public static let osmAPIURL = "osm.api-url"
    public static let osmToken = "osm.token"
    public static let osmClientID = "osm.client-id"
    /// The settings whose values are never shown (the settings file holding one is made 0600).
    public static let secretKeys: Set<String> = [osmToken]

    /// Whether the value is a secret: shown masked, kept in a file only its owner reads.
    public var isSecret: Bool { Setting.secretKeys.contains(key) }

    /// A secret as shown: its last four characters after dots, so a person can tell two tokens apart.
    public static func masked(_ value: String) -> String {
        value.isEmpty ? "" : "••••••••" + (value.count > 12 ? String(value.suffix(4)) : "")
    }

    /// What artmap keeps for itself in the store's settings table: never the user's, never in the settings file,
    /// declared here so that no key is spelled anywhere else.
    public static let newsText = "news.last_text"
    public static let newsFetched = "news.last_fetched"
    public static let newsLooked = "news.last_looked"
    public static let newsRead = "news.read"
    /// Where the view last was (a start point when nothing else says where).
    public static let lastReference = "view.last-reference"
    /// The time of the last Nominatim request any artmap made through the store (`StoreRequestLimiter`).
    public static let nominatimLastRequest = "osm.nominatim-last-request"
    /// The keys above, artmap's own.
    public static let keptByArtmap = [newsText, newsFetched, newsLooked, newsRead, lastReference, nominatimLastRequest]

    /// Every setting, in the order the settings screen lists them.
    public static let all: [Setting] = [
        Setting(key: slideshowInterval, title: "Slideshow interval", help: "seconds between pictures, 1 to 60, or 0 for one fixed picture",
                defaultValue: "8", check: { text in
                    // Below a second the pictures would change faster than they are drawn (a redraw storm, issue 43).
                    if let value = DecimalText.double(text), value > 0, value < slideshowFloor {
                        return .failure(CatalogError("\(text) is below \(Int(slideshowFloor)) second: give 1 to 60, or 0 for one fixed picture"))
                    }
                    return number(in: 0...60, unit: "seconds")(text)
                }),
        Setting(key: radius, title: "Default radius", help: "show only what is within this many metres, or off",
                defaultValue: "off", check: { text in
                    if text.lowercased() == "off" || text.isEmpty { return .success("off") }
                    return number(in: 1...100_000, unit: "metres")(text)
                }),
        Setting(key: nearest, title: "Nearest K", help: "how many of the nearest buildings are highlighted, 1 to 100",
                defaultValue: "10", check: number(in: 1...100, unit: "buildings", integer: true)),
        Setting(key: distanceFilter, title: "Distance filter", help: "metres a live location must move before the view follows, 1 to 1000",
                defaultValue: "25", check: number(in: 1...1000, unit: "metres")),
        Setting(key: home, title: "Home", help: "where artmap starts when no option or live source says: LAT,LON, or a place name (artmap config set finds it once)",
                defaultValue: "", emptyText: "(none: the Ashton Building, Liverpool)", check: { text in
                    if text.isEmpty { return .success("") }
                    guard let home = Home(setting: text) else {
                        return .failure(CatalogError("'\(text)' is not LAT,LON (for example 60.17,24.94) followed by an optional name; 'artmap config set location.home PLACE' finds a place by name"))
                    }
                    return .success(home.setting)
                }),
        Setting(key: walkSpeed, title: "Walking speed", help: "km/h for an art walk's times and what fits in M minutes, 1 to 10",
                defaultValue: "4.5", check: number(in: 1...10, unit: "km/h")),
        Setting(key: walkStay, title: "Stay at each stop", help: "minutes spent at each artwork of an art walk, 0 to 600",
                defaultValue: "3", check: number(in: 0...600, unit: "minutes")),
        Setting(key: units, title: "Units", help: "metric or imperial distances", defaultValue: "metric",
                choices: ["metric", "imperial"], check: choice(["metric", "imperial"])),
        Setting(key: theme, title: "Colour theme", help: "auto (ask the terminal's background), dark, light, or mono (no colour, as NO_COLOR)",
                defaultValue: "auto", choices: themes, check: { text in
                    // "colour" was the dark palette's name before there was a light one.
                    text.lowercased() == "colour" ? .success("dark") : choice(themes)(text)
                }),
        Setting(key: imageRendering, title: "Image rendering", help: "symbols (finest), blocks, or ascii", defaultValue: "blocks",
                choices: ["symbols", "blocks", "ascii"], check: choice(["symbols", "blocks", "ascii"])),
        Setting(key: imageProtocol, title: "Picture protocol", help: "auto (ask the terminal), kitty, sixel, iterm, or cells",
                defaultValue: "auto", choices: ["auto", "kitty", "sixel", "iterm", "cells"],
                check: choice(["auto", "kitty", "sixel", "iterm", "cells"])),
        Setting(key: syncAtStart, title: "Sync at start-up", help: "yes or no", defaultValue: "yes",
                choices: ["yes", "no"], check: choice(["yes", "no"])),
        Setting(key: syncMaxAge, title: "Sync when older than", help: "seconds since the last sync before the start-up sync runs",
                defaultValue: "3600", check: number(in: 0...31_536_000, unit: "seconds", integer: true)),
        Setting(key: rijksBase, title: "Rijksmuseum base", help: "replaces the museum's search, id and IIIF bases (https://, or http:// on this machine); empty: the museum's own",
                defaultValue: "", emptyText: "(built-in: the museum's own addresses)", check: url(allowEmpty: true)),
        Setting(key: newsURL, title: "News URL", help: "a plain-text message fetched at start-up (empty: none)",
                defaultValue: "", check: url(allowEmpty: true)),
        Setting(key: overpassURL, title: "Overpass API", help: "where streets and artworks are fetched (https://; several, separated by spaces, are tried in turn)",
                defaultValue: "https://overpass-api.de/api/interpreter", check: urls),
        Setting(key: nominatimURL, title: "Nominatim", help: "place search; artmap appends /search (https://, or http:// on this machine)",
                defaultValue: "https://nominatim.openstreetmap.org", check: url(allowEmpty: false)),
        Setting(key: wikidataURL, title: "Wikidata", help: "artworks' pictures by item; artmap appends /w/api.php",
                defaultValue: "https://www.wikidata.org", check: url(allowEmpty: false)),
        Setting(key: commonsURL, title: "Wikimedia Commons", help: "the pictures' files and credits; artmap appends /w/api.php",
                defaultValue: "https://commons.wikimedia.org", check: url(allowEmpty: false)),
        Setting(key: language, title: "Language", help: "names in this language first (sv, en, fi …; several: sv:en); empty: LANGUAGE, then LC_ALL, LC_MESSAGES, LANG",
                defaultValue: "", emptyText: "(from the environment)", check: { text in
                    let trimmed = text.trimmingCharacters(in: .whitespaces)
                    if trimmed.isEmpty { return .success("") }
                    let parts = trimmed.split(whereSeparator: { ":, ".contains($0) })
                    guard parts.allSatisfy({ ReaderLanguages.languagePart(String($0)) != nil }) else {
                        return .failure(CatalogError("'\(text)' is not a language code such as sv, en or pt_BR (several separated by ':')"))
                    }
                    return .success(trimmed)
                }),
        Setting(key: wikidataSPARQL, title: "Wikidata Query Service", help: "where public art is asked of Wikidata (SPARQL; https://, or http:// on this machine)",
                defaultValue: "https://query.wikidata.org/sparql", check: url(allowEmpty: false)),
        Setting(key: wikidataFetch, title: "Art from Wikidata", help: "on: a fetch also asks Wikidata for the public art around you (off: OpenStreetMap only)",
                defaultValue: "on", choices: ["on", "off"], check: choice(["on", "off"])),
        Setting(key: autoFetch, title: "Fetch the map around you", help: "on: the view fetches streets and artworks it lacks (never with --offline)",
                defaultValue: "on", choices: ["on", "off"], check: choice(["on", "off"])),
        Setting(key: maxAgeDays, title: "Fetch again after", help: "days before a fetched tile is asked for again, 0 to 3650",
                defaultValue: "30", check: number(in: 0...3650, unit: "days", integer: true)),
        Setting(key: locationSource, title: "Location source",
                help: "where a live position comes from when no option says: fixed (none), auto (gpsd when it answers, else GeoClue when on the system bus, else home), gpsd, geoclue",
                defaultValue: "fixed", choices: locationSources, check: choice(locationSources)),
        Setting(key: osmAPIURL, title: "OpenStreetMap API", help: "where notes are sent and open notes read (https://, or http:// on this machine)",
                defaultValue: "https://api.openstreetmap.org", check: url(allowEmpty: false)),
        Setting(key: osmToken, title: "OpenStreetMap token", help: "OAuth 2.0 token for notes (scope write_notes), saved by artmap notes login; never shown",
                defaultValue: "", emptyText: "(none: notes are anonymous, asked first)", check: { text in
                    let trimmed = text.trimmingCharacters(in: .whitespaces)
                    guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                        return .failure(CatalogError("a token is printable ASCII without spaces"))
                    }
                    return .success(trimmed)
                }),
        Setting(key: osmClientID, title: "OpenStreetMap client id", help: "the OAuth 2.0 application artmap notes login asks for (register one at openstreetmap.org/oauth2/applications)",
                defaultValue: "", emptyText: "(none: notes login says how to get one)", check: { text in
                    let trimmed = text.trimmingCharacters(in: .whitespaces)
                    guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                        return .failure(CatalogError("a client id is printable ASCII without spaces"))
                    }
                    return .success(trimmed)
                }),
        Setting(key: seenWithin, title: "Seen within", help: "metres from a live position within which an artwork is marked seen, 1 to 500",
                defaultValue: "20", check: number(in: 1...500, unit: "metres")),
    ]

    /// The `theme` setting's values.
    public static let themes = ["auto", "dark", "light", "mono"]

    /// One URL or several separated by spaces (fallback endpoints), each checked by the URL rule.
    static let urls: @Sendable (String) -> Result<String, CatalogError> = { text in
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard !parts.isEmpty else { return .failure(CatalogError("give a URL (https://…)")) }
        guard parts.count <= 5 else { return .failure(CatalogError("at most 5 URLs, got \(parts.count)")) }
        for part in parts {
            if case .failure(let error) = url(allowEmpty: false)(part) { return .failure(error) }
        }
        return .success(parts.joined(separator: " "))
    }

    static func number(in range: ClosedRange<Double>, unit: String, integer: Bool = false) -> @Sendable (String) -> Result<String, CatalogError> {
        { text in
            guard let value = DecimalText.double(text) else {
                return .failure(CatalogError("'\(text)' is not a decimal number (digits, one '.', an optional '-'; no 0x, +, e or nan)"))
            }
            guard range.contains(value) else {
                return .failure(CatalogError("\(text) is outside \(Int(range.lowerBound))…\(Int(range.upperBound)) \(unit)"))
            }
            if integer, value != value.rounded() { return .failure(CatalogError("\(text) is not a whole number")) }
            return .success(value == value.rounded() ? String(Int(value)) : String(value))
        }
    }

    static func choice(_ options: [String]) -> @Sendable (String) -> Result<String, CatalogError> {
        { text in
            let lower = text.lowercased()
            guard options.contains(lower) else { return .failure(CatalogError("'\(text)' is not one of \(options.joined(separator: ", "))")) }
            return .success(lower)
        }
    }

    static func url(allowEmpty: Bool) -> @Sendable (String) -> Result<String, CatalogError> {
        { text in
            if text.isEmpty && allowEmpty { return .success("") }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
                return .failure(CatalogError("'\(text)' is not a URL (https://…)"))
            }
            let loopback = ["127.0.0.1", "::1", "localhost", "[::1]"].contains(host.lowercased())
            guard scheme == "https" || (scheme == "http" && loopback) else {
                return .failure(CatalogError("\(text): only https://, or http:// on this machine (127.0.0.1, ::1, localhost)"))
            }
            return .success(text)
        }
    }
}
