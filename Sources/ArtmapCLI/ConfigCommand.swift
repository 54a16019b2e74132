import Catalog
import Foundation
import Geo
import Store
import Sync

/// `artmap config`: list, read and change the settings the settings screen (`,`) shows, with the same checks.
enum ConfigCommand: Command {
    static let name = "config"
    static let subcommands: [Subcommand<Options>] = [
        Subcommand(word: "list", options: ["--json"], isDefault: true, run: list),
        Subcommand(word: "get", arguments: ["KEY"], run: get),
        Subcommand(word: "set", arguments: ["KEY", "VALUE"], run: set),
    ]
    static let parser = OptionParser(command: name, options: Options.self, maxPositionals: subcommands.maxPositionals(), forms: subcommands.forms())

    /// `config`'s options.
    struct Options: CommandOptions {
        var json = false
        var store = StoreOption()
        var positionals: [String] = []

        static let declarations: [OptionDeclaration<Options>] = [
            .flag("--json", \.json, help: "list as a JSON object of key: value"),
        ] + StoreOption.declarations.lifted(\.store) + [.help]
    }

    static let intro = [
        "Settings are saved at once in $XDG_CONFIG_HOME/artmap/config (default ~/.config/artmap/config), a plain",
        "'key = value' file you may edit (comments and order are kept), read by every command whichever store",
        "it opens; they are used from the next start. Older names (sync.max_age) still work. The VALUE 'default' goes back",
        "to the default. An unknown key or a value that does not fit (a slideshow interval of 90, a URL that",
        "is not https://) is refused with the reason and exit status 2; nothing is saved.",
    ]

    static func run(_ arguments: [String], environment: [String: String], console: Console) async throws -> Int32 {
        guard let options = try parser.parseOrShowHelp(arguments, as: Options.self, intro: intro, console: console) else { return 0 }
        return try await subcommands.run(options, command: name, environment: environment, console: console)
    }

    /// `config [list]`: every setting, its value (or default) and help; a saved value that is not valid says so.
    static func list(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let console = call.console
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: console)
        let values = try Setting.all.map { ($0, try store.setting($0.key)) }
        if let file = store.userSettings {
            for problem in try file.entries().problems {
                console.error("note: \(file.path) line \(problem.line): not 'key = value', not used: \(problem.text)")
            }
        }
        if call.options.json {
            console.line(JSONWriter.render(.object(values.map { setting, saved in (setting.key, .string(saved.map { setting.isSecret ? Setting.masked(setting.shown($0).text) : setting.shown($0).text } ?? setting.defaultValue)) })))
        } else {
            let width = Setting.all.map(\.key.count).max() ?? 0
            for (setting, saved) in values {
                let value: (text: String, problem: String?) = saved.map { setting.shown($0) } ?? (setting.defaultValue, nil)
                let shown = setting.displayed(DisplayText.clean(value.text))
                let problem = value.problem.map { " (not valid: \($0); artmap config set \(setting.key) default)" } ?? ""
                console.line("\(setting.key.padding(toLength: width, withPad: " ", startingAt: 0))  \(shown)\(saved == nil ? " (default)" : "")\(problem)  — \(setting.help)")
            }
        }
        return 0
    }

    /// `config get KEY`: the value saved, else the default.
    static func get(_ call: Subcommand<Options>.Invocation) throws -> Int32 {
        let setting = try known(call.arguments[0])
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console)
        guard let saved = try store.setting(setting.key) else {
            call.console.line(setting.defaultValue)
            return 0
        }
        // A value saved before values were checked is printed cleaned, never raw, and said to be unused.
        let shown = setting.shown(saved)
        // A secret is never printed: it is in the settings file, readable by its owner only.
        call.console.line(setting.isSecret ? Setting.masked(shown.text) : DisplayText.clean(shown.text))
        if let problem = shown.problem {
            call.console.error("note: \(setting.key)'s saved value is not valid (\(problem)); set it again or 'artmap config set \(setting.key) default'")
        }
        return 0
    }

    /// `config set KEY VALUE`: checked as the settings screen checks it, saved in the user's settings file.
    static func set(_ call: Subcommand<Options>.Invocation) async throws -> Int32 {
        let setting = try known(call.arguments[0])
        let store = try StoreOpening.open(call.options.store, environment: call.environment, console: call.console)
        var value = call.arguments[1]
        if setting.key == Setting.home, value.lowercased() != "default", !value.isEmpty, Home(setting: value) == nil {
            // "91,0" is a point out of range, not a place to look up.
            let point = value.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
            if point.contains(","), point.allSatisfy({ "0123456789.,-".contains($0) }) {
                do { _ = try Coordinate.parse(String(point)) } catch {
                    throw CLIError.usage("location.home: \(DisplayText.clean("\(error)")); nothing was saved", command: name)
                }
            }
            value = try await homeFound(value, store: store, environment: call.environment).setting
        }
        // Settings are saved in the user's file, even beside a store that cannot be written.
        guard store.userSettings != nil || !store.isReadOnly else { throw CLIError("config cannot save: the store is read-only") }
        if value.lowercased() == "default" {
            try store.setSetting(setting.key, nil)
            call.console.line("\(setting.key) = \(setting.displayed(setting.defaultValue)) (default)")
            return 0
        }
        switch setting.validate(value) {
        case .success(let checked):
            try store.setSetting(setting.key, checked)
            call.console.line("\(setting.key) = \(setting.displayed(DisplayText.clean(checked)))")
            return 0
        case .failure(let error):
            throw CLIError.usage("\(setting.key): \(error.message); nothing was saved", command: name)
        }
    }

    /// `location.home` given as a place name: found once (the store's places, then Nominatim) and kept as its point and name.
    static func homeFound(_ query: String, store: CatalogStore, environment: [String: String]) async throws -> Home {
        let services = try OSMServiceOptions.services(OSMServiceInput(), store: store, command: name)
        let places: [PlaceMatch]
        do {
            places = try await OSMServiceOptions.findPlaces(query, limit: 1, online: true, services: services, store: store, environment: environment)
        } catch {
            throw CLIError("location.home: '\(DisplayText.clean(query))' is in no place the store holds, and OpenStreetMap could not be asked (\(DisplayText.clean("\(error)"))); give LAT,LON instead; nothing was saved")
        }
        guard let place = places.first, let point = try? Coordinate(latitude: place.latitude, longitude: place.longitude) else {
            throw CLIError.usage("location.home: no place named '\(DisplayText.clean(query))' in the store or on OpenStreetMap; give LAT,LON instead; nothing was saved", command: name)
        }
        return Home(coordinate: point, name: DisplayText.clean(place.name))
    }

    static func known(_ key: String) throws -> Setting {
        guard let setting = Setting.named(key) else {
            let hint = Suggestion.nearest(to: Setting.canonicalKey(key), among: Setting.all.map(\.key)).map { "did you mean '\($0)'? " } ?? ""
            throw CLIError.usage("no setting named '\(DisplayText.clean(key))' (\(hint)see 'artmap config list')", command: name)
        }
        return setting
    }
}
