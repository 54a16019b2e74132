import Catalog
import Foundation
import Geo
import Store

/// The one "here" of the view and every command (issue 44), read from the store: the option given, a live source,
/// the user's home (`location.home`), the place the view last showed, and only then the built-in campus.
enum StartResolving {
    /// Where the view's reference was when it last quit (kept in the store, beside its catalogue, not in the user's file).
    static let lastShownSetting = Setting.lastReference

    /// The start: the first of `option` and `live` that is given, else home, else the view's last place, else the campus.
    /// With a console, a saved home that is not valid is said on standard error (and not used).
    static func start(option: (Coordinate, String)? = nil, live: (Coordinate, String)? = nil, store: CatalogStore,
                      console: Console? = nil) -> StartPoint {
        StartPoint.resolve(option: option, live: live, home: home(store, console: option == nil && live == nil ? console : nil),
                           lastShown: lastShown(store))
    }

    /// The start of a command that takes a live source (`list`, `walk`, `route`, `fetch`): the option; else the live
    /// source asked for by an option or by `location.source` (a GPX walk's first point, gpsd's or GeoClue's first
    /// fix); else home and the rest. A live source that gives no fix (GeoClue absent or without an agent, gpsd
    /// silent) is said on standard error with the start used instead: "… — using home (Helsinki, 60.17000,24.94000)".
    static func start(option: (Coordinate, String)?, location: LocationOptions, store: CatalogStore, console: Console,
                      command: String) async throws -> StartPoint {
        var location = location
        if let option {
            if location.isLive {
                throw CLIError.usage("use one of \(option.1.hasPrefix("--near") ? "--near" : option.1), --gpx, --gpsd and --geoclue", command: command)
            }
            return start(option: option, store: store, console: console)
        }
        if let first = location.firstPoint { return start(live: (first, location.sourceLabel), store: store, console: console) }
        location.follow(setting: (try? store.setting(Setting.locationSource)) ?? nil)
        switch await location.firstLiveFix() {
        case .success(let fix)?:
            return start(live: (fix, location.sourceLabel), store: store, console: console)
        case .failure(let why)?:
            let fallback = start(store: store, console: console)
            console.error("artmap: \(why.message) — using \(fallback.usedInstead)")
            return fallback
        case nil:
            return start(store: store, console: console)
        }
    }

    /// The `location.home` setting, when it is set and valid.
    static func home(_ store: CatalogStore, console: Console? = nil) -> Home? {
        guard let text = (try? store.setting(Setting.home)) ?? nil, let setting = Setting.named(Setting.home) else { return nil }
        let (value, problem) = setting.usable(text)
        if let problem { console?.error("artmap: setting \(problem) (artmap config set location.home PLACE to change it)") }
        return Home(setting: value)
    }

    /// Where the view last was, when it remembered one.
    static func lastShown(_ store: CatalogStore) -> Coordinate? {
        guard let text = (try? store.setting(lastShownSetting)) ?? nil else { return nil }
        return try? Coordinate.parse(text)
    }

    /// The point typed as an option, with how messages name it ("--from", "--near Helsinki").
    static func given(_ point: Coordinate?, option: String, near: Coordinate?, nearText: String?) -> (Coordinate, String)? {
        if let near { return (near, "--near \(DisplayText.clean(nearText ?? ""))") }
        return point.map { ($0, option) }
    }
}
