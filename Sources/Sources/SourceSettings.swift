import Catalog
import Foundation
import Geo
import Store
import Sync

/// The settings a source reads, each an option's value when one is given, else the saved setting, else the
/// default, checked: what `artmap sync`, `fetch`, `painters` and every provider read alike. A value that cannot be
/// used is a `SourceError` naming the option or the setting.
public enum SourceSettings {
    /// The campus-shaped service to sync from: the one given, else the remembered one, else the campus's own; its
    /// image folder the one given, else (for the remembered service only) the remembered folder.
    public static func campusService(_ given: String?, imageBase givenBase: String?, store: CatalogStore) throws -> (service: String, imageBase: String?) {
        let service = try given ?? store.setting(Setting.syncSource) ?? SyncSource.defaultServiceURL
        let remembered = given == nil ? try store.setting(Setting.syncImageBase) : nil
        return (service, givenBase ?? remembered)
    }

    /// An image cache size in MB: above 0 and below ten million.
    public static func megabytes(_ text: String) -> Double? {
        guard let megabytes = DecimalText.double(text), megabytes > 0, megabytes < 10_000_000 else { return nil }
        return megabytes
    }

    /// `limits` with the image cache's size from `given` (`--cache-limit`) or the setting.
    public static func limits(_ limits: SyncLimits, cacheLimit given: String?, store: CatalogStore) throws -> SyncLimits {
        var limits = limits
        if let text = try given ?? store.setting(Setting.imageCacheLimit) {
            guard let megabytes = megabytes(text) else {
                throw SourceError("option --cache-limit needs a size in MB above 0, got '\(text)'")
            }
            limits.imageCacheBytes = Int(megabytes * 1_048_576)
        }
        return limits
    }

    /// OpenStreetMap's services: each URL given (by option name), else its setting, else the default; every URL
    /// checked by the source rule (https anywhere, http only on this machine).
    public static func openStreetMap(given: [String: String] = [:], leaveOutWikidata: Bool = false, store: CatalogStore?) throws -> OSMServices {
        func urls(_ option: String, _ key: String) throws -> [URL] {
            let value = given[option]
            let text = try value ?? store?.setting(key) ?? Setting.named(key)?.defaultValue ?? ""
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            let named = value != nil ? "option \(option)" : "setting \(key)"
            guard !parts.isEmpty else { throw SourceError("\(named) needs a URL") }
            return try parts.map { part in
                do {
                    return try SyncSource.checkedURL(part, allowFile: false)
                } catch let error as SyncError {
                    throw SourceError("\(named): \(error)")
                }
            }
        }
        return OSMServices(overpass: try urls("--overpass-url", Setting.overpassURL),
                           wikidata: try urls("--wikidata-url", Setting.wikidataURL)[0],
                           commons: try urls("--commons-url", Setting.commonsURL)[0],
                           nominatim: try urls("--nominatim-url", Setting.nominatimURL)[0],
                           sparql: try wikidataQueryService(leaveOut: leaveOutWikidata, store: store, urls: urls))
    }

    /// The Wikidata Query Service (`wikidata.sparql-url`), or nil when `--no-wikidata` or `wikidata.fetch = off`
    /// leaves Wikidata's art out (issue 46).
    private static func wikidataQueryService(leaveOut: Bool, store: CatalogStore?, urls: (String, String) throws -> [URL]) throws -> URL? {
        if leaveOut || ((try? store?.setting(Setting.wikidataFetch)) ?? nil) == "off" { return nil }
        return try urls("wikidata.sparql-url", Setting.wikidataSPARQL).first
    }

    /// `osm.max-age-days` (30 unless set), checked as every setting is: out of 0…3650 it is 30, with the lines
    /// saying why.
    public static func maxAgeDays(_ store: CatalogStore) throws -> (days: Double, problems: [String]) {
        let checked = CheckedSettings(try store.setting(Setting.maxAgeDays).map { [Setting.maxAgeDays: $0] } ?? [:])
        return (checked.maxAgeDays, checked.problems)
    }

    /// The museum's addresses: `given` (`--rijks-base`), else the setting, else the museum's own.
    public static func museum(_ given: String?, store: CatalogStore) throws -> RijksmuseumBases {
        guard let base = try given ?? store.setting(Setting.rijksBase).flatMap({ $0.isEmpty ? nil : $0 }) else { return .museum }
        do {
            return try RijksmuseumBases(base: base)
        } catch let error as SyncError {
            throw SourceError("--rijks-base: \(error.message)")
        }
    }
}
