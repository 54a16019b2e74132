import Catalog
import Foundation
import Runtime
import Sources
import Geo
import Store
import Sync

/// The service URLs given as options (each falls back to its setting): a group nested in the options of
/// `fetch`, `place`, the view, and (Nominatim's alone) of the commands that take `--near`.
struct OSMServiceInput {
    var overpass: String?
    var wikidata: String?
    var commons: String?
    var nominatim: String?
    /// `--no-wikidata`: Wikidata's public art left out of this fetch (issue 46).
    var noWikidata = false

    /// `--nominatim-url`, for the commands that only look places up.
    static let nominatimDeclaration: OptionDeclaration<OSMServiceInput> =
        .option("--nominatim-url", \.nominatim, .text("URL"), help: "Nominatim's base; /search is appended (default osm.nominatim-url)")

    static let declarations: [OptionDeclaration<OSMServiceInput>] = [
        .option("--overpass-url", \.overpass, .text("URL"), help: "the Overpass API (default the osm.overpass-url setting)"),
        .option("--wikidata-url", \.wikidata, .text("URL"), help: "Wikidata's base; /w/api.php is appended (default osm.wikidata-url)"),
        .option("--commons-url", \.commons, .text("URL"), help: "Wikimedia Commons' base; /w/api.php is appended (default osm.commons-url)"),
        nominatimDeclaration,
        .flag("--no-wikidata", \.noWikidata, help: "leave Wikidata's public art out (default: asked unless wikidata.fetch is off)"),
    ]
}

/// `--near PLACE`, declared once for every command that measures from a place found by name.
enum NearOption {
    static func declaration<Options>(_ field: WritableKeyPath<Options, String?> & Sendable) -> OptionDeclaration<Options> {
        .option("--near", field, .text("PLACE"), help: "measure from the first place of that name (the store's, then Nominatim's)")
    }
}

/// The options and settings naming OpenStreetMap's online services, shared by `fetch`, `place`, `--near`
/// and the view; and finding a place by name (the store first, offline; then Nominatim).
enum OSMServiceOptions {

    /// The HTTP client every OpenStreetMap request goes through (User-Agent artmap/VERSION).
    static func httpClient() -> HTTPClient { OSMLookup.httpClient() }

    /// The services: each option, else its setting, else the default; every URL checked by the source rule
    /// (https anywhere, http only on this machine). A bad one is a usage error naming the option or setting.
    static func services(_ options: OSMServiceInput, store: CatalogStore?, command: String?) throws -> OSMServices {
        let given = ["--overpass-url": options.overpass, "--wikidata-url": options.wikidata, "--commons-url": options.commons,
                     "--nominatim-url": options.nominatim].compactMapValues { $0 }
        do {
            return try SourceSettings.openStreetMap(given: given, leaveOutWikidata: options.noWikidata, store: store)
        } catch let error as SourceError {
            throw CLIError.usage(error.message, command: command)
        }
    }

    /// `osm.max-age-days` (30 unless set), checked as every setting is: out of 0…3650 it is 30, and with a console
    /// that is said on standard error.
    static func maxAgeDays(_ store: CatalogStore, console: Console? = nil) throws -> Double {
        let checked = try SourceSettings.maxAgeDays(store)
        for problem in checked.problems { console?.error("artmap: setting \(problem) (artmap config set to change it)") }
        return checked.days
    }

    /// Whether the view may fetch by itself (`osm.auto-fetch`, on unless set to off).
    static func autoFetch(_ store: CatalogStore) -> Bool {
        ((try? store.setting(Setting.autoFetch)) ?? nil) != "off"
    }

    /// Places named `query`: the store's first (offline); when it has none and `online`, Nominatim's.
    static func findPlaces(_ query: String, limit: Int, online: Bool, services: OSMServices?, store: CatalogStore,
                           environment: [String: String]) async throws -> [PlaceMatch] {
        try await OSMLookup.findPlaces(query, limit: limit, online: online, services: services, store: store,
                                       limiter: OSMLookup.nominatimLimiter(store))
    }

    /// The first place named by `--near`, as a reference point; nil without the option. No match is a
    /// failure (exit 1) saying so.
    static func nearPoint(_ near: String?, services options: OSMServiceInput, store: CatalogStore, offline: Bool,
                          environment: [String: String], command: String?) async throws -> Coordinate? {
        guard let query = near else { return nil }
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CLIError.usage("option --near needs a place name", command: command) }
        let services = offline ? nil : try Self.services(options, store: store, command: command)
        let found: [PlaceMatch]
        do {
            found = try await findPlaces(trimmed, limit: 1, online: !offline, services: services, store: store, environment: environment)
        } catch let error as SyncError {
            throw CLIError("cannot look up '\(DisplayText.clean(trimmed))': \(error)")
        }
        guard let first = found.first, let point = try? Coordinate(latitude: first.latitude, longitude: first.longitude) else {
            throw CLIError("no place named '\(DisplayText.clean(trimmed))'\(offline ? " in the store (offline)" : " in the store or on Nominatim")")
        }
        return point
    }
}
