import Foundation
import Catalog
import Geo

/// How OpenStreetMap tags (and GeoJSON properties, which carry the same keys) become base-layer kinds,
/// walkable ways and artworks.
public enum MapTags {
    /// The kind a way or area with these tags is drawn as, or nil when the base layer does not show it.
    /// `closed` says whether the way's first and last nodes are the same.
    public static func kind(_ tags: [String: String], closed: Bool) -> FeatureKind? {
        if let highway = tags["highway"] {
            switch highway {
            case "motorway", "motorway_link": return .motorway
            case "trunk", "trunk_link", "primary", "primary_link": return .majorRoad
            case "secondary", "secondary_link", "tertiary", "tertiary_link": return .secondaryRoad
            case "residential", "unclassified", "living_street", "road": return .street
            case "service", "track": return .serviceRoad
            case "pedestrian":
                // A closed pedestrian way is a square in practice (area=yes or not): drawn and grouping as one.
                return closed && tags["area"] != "no" ? .plaza : .pedestrian
            case "footway": return closed && tags["area"] == "yes" ? .plaza : .footway
            case "path", "cycleway", "bridleway", "corridor": return .footway
            case "steps": return .steps
            default: break
            }
        }
        if let building = tags["building"], building != "no" { return closed ? .building : nil }
        if tags["building:part"] != nil, closed { return .building }
        if tags["natural"] == "water" || tags["waterway"] == "riverbank" || tags["landuse"] == "reservoir" || tags["landuse"] == "basin" {
            return closed ? .water : .waterway
        }
        if let waterway = tags["waterway"], ["river", "stream", "canal", "drain", "ditch"].contains(waterway) { return .waterway }
        if let railway = tags["railway"] {
            switch railway {
            case "tram": return .tram
            case "rail", "light_rail", "subway", "narrow_gauge", "monorail": return .railway
            default: break
            }
        }
        if closed {
            if let leisure = tags["leisure"], ["park", "garden", "playground", "pitch", "common", "nature_reserve"].contains(leisure) { return .green }
            if let landuse = tags["landuse"], ["grass", "forest", "meadow", "village_green", "recreation_ground", "cemetery", "allotments"].contains(landuse) { return .green }
            if let natural = tags["natural"], ["wood", "scrub", "grassland", "heath"].contains(natural) { return .green }
            if tags["place"] == "square" { return .plaza }
        }
        return nil
    }

    /// Museums and galleries, shown as labelled landmarks.
    public static func isLandmark(_ tags: [String: String]) -> Bool {
        tags["tourism"] == "museum" || tags["tourism"] == "gallery"
    }

    /// Whether a person may walk along a way with these tags: the usual walking classes, any class with
    /// `foot=yes|designated|permissive`, a trunk or primary road with a sidewalk, a square's outline; never
    /// with `foot=no`, nor `access=no|private` without a foot exception. One-way tags never apply on foot.
    public static func isWalkable(_ tags: [String: String]) -> Bool {
        let foot = tags["foot"]
        if let foot, ["no", "use_sidepath", "private"].contains(foot) { return false }
        let footAllowed = foot.map { ["yes", "designated", "permissive"].contains($0) } ?? false
        if let access = tags["access"], ["no", "private"].contains(access), !footAllowed { return false }
        guard let highway = tags["highway"] else { return tags["place"] == "square" }
        if footAllowed { return true }
        if ["trunk", "trunk_link", "primary", "primary_link"].contains(highway), hasSidewalk(tags) { return true }
        let walkable: Set<String> = ["footway", "path", "pedestrian", "steps", "living_street", "residential", "service",
                                     "unclassified", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary",
                                     "primary_link", "track", "cycleway", "road", "bridleway", "corridor"]
        return walkable.contains(highway)
    }

    /// Whether a road carries a sidewalk on at least one side (`sidewalk=both|left|right|yes`, or the
    /// per-side keys); `separate` (drawn as a way of its own) and `no` do not count.
    static func hasSidewalk(_ tags: [String: String]) -> Bool {
        let sides: Set<String> = ["both", "left", "right", "yes"]
        if let value = tags["sidewalk"] ?? tags["sidewalk:both"], sides.contains(value) { return true }
        return tags["sidewalk:left"] == "yes" || tags["sidewalk:right"] == "yes"
    }

    /// Whether a closed way with these tags is an open space walked across, not only along: a pedestrian
    /// area (`highway=pedestrian|footway` with `area=yes`) or a `place=square`.
    public static func isWalkableArea(_ tags: [String: String]) -> Bool {
        if tags["place"] == "square" { return true }
        guard let highway = tags["highway"], ["pedestrian", "footway"].contains(highway) else { return false }
        return tags["area"] == "yes"
    }

    /// What an edge of a way with these tags is, for the instructions.
    public static func walkKind(_ tags: [String: String]) -> WalkKind {
        tags["highway"] == "steps" ? .steps : .way
    }

    /// Whether these tags describe an artwork.
    public static func isArtwork(_ tags: [String: String]) -> Bool { tags["tourism"] == "artwork" }

    /// The artwork an OpenStreetMap element stands for: title from `name` (or "(untitled)" and its type),
    /// artist from `artist_name` (or `artist:wikidata`), year from `start_date`, notes from the rest; every
    /// field held to `FieldLimits`.
    public static func artwork(id: String, tags: [String: String], at coordinate: Coordinate, collection: String) -> Artwork {
        let type = tags["artwork_type"] ?? ""
        let name = (tags["name"] ?? tags["title"] ?? "").trimmed
        let title = name.isEmpty ? (type.isEmpty ? "(untitled)" : "(untitled) \(type)") : name
        var notes: [String] = []
        if let description = tags["description"], !description.trimmed.isEmpty { notes.append(description.trimmed) }
        if let material = tags["material"], !material.trimmed.isEmpty { notes.append("Material: \(material.trimmed)") }
        // The type is the artwork's own field (the detail shows it once); not repeated in the notes.
        if let inscription = tags["inscription"], !inscription.trimmed.isEmpty { notes.append("Inscription: \(inscription.trimmed)") }
        let image = tags["image"] ?? tags["wikimedia_commons"] ?? ""
        if !image.isEmpty { notes.append("Image: \(image)") }
        notes.append("Source: \(id), © OpenStreetMap contributors (ODbL)")
        var artwork = FieldLimits.bounded(Artwork(id: id, title: title, artist: (tags["artist_name"] ?? tags["artist"] ?? tags["artist:wikidata"] ?? "").trimmed,
                       year: (tags["start_date"] ?? "").trimmed, type: type, information: notes.joined(separator: "\n"),
                       coordinate: coordinate, building: nil, locationNotes: "", imageFileName: collection == CollectionID.osm.name ? pictureReference(tags) : "", collection: collection)).artwork
        // The names in other languages (issue 46: most artworks carry several), read in the reader's language later.
        let names = NameVariants.osm(tags)
        if !names.isEmpty { artwork.names = names.encoded }
        if let item = wikidataItem(tags["wikidata"] ?? "") { artwork.wikidata = item }
        return artwork
    }

    /// "Q123" when `text` is one Wikidata item id (as a `wikidata=` tag holds it), else nil.
    public static func wikidataItem(_ text: String) -> String? {
        let item = text.trimmed
        guard item.count >= 2, item.count <= 12, item.first == "Q", item.dropFirst().allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        return item
    }

    /// Where an artwork's picture can be found, as its image name: "File:Name.jpg" (a Wikimedia Commons file,
    /// from `wikimedia_commons`, or from an `image` that is a Commons page or upload URL — never the original),
    /// an https URL (another `image`), or "wikidata:Q…" (the item's image, P18); "" when there is none.

    public static func pictureReference(_ tags: [String: String]) -> String {
        if let file = commonsFile(tags["wikimedia_commons"] ?? "") { return file }
        let image = (tags["image"] ?? "").trimmed
        if let file = commonsFile(image) { return file }
        if image.lowercased().hasPrefix("https://"), !image.contains(";"), image.count <= 2_000 { return image }
        let item = (tags["wikidata"] ?? "").trimmed
        if item.count >= 2, item.count <= 12, item.first == "Q", item.dropFirst().allSatisfy(\.isASCIIDigitCharacter) {
            return "wikidata:" + item
        }
        return ""
    }

    /// "File:Name.jpg" for a Commons file named as a title ("File:…", "Image:…") or by a commons.wikimedia.org page
    /// or upload.wikimedia.org URL; nil otherwise. Underscores become spaces, as Commons names its titles.
    static func commonsFile(_ raw: String) -> String? {
        var text = raw.trimmed
        guard !text.isEmpty, text.count <= 1_000, !text.contains(";") else { return nil }
        let lower = text.lowercased()
        for prefix in ["https://commons.wikimedia.org/wiki/", "http://commons.wikimedia.org/wiki/", "https://commons.m.wikimedia.org/wiki/"]
        where lower.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count)).removingPercentEncoding ?? ""
        }
        if lower.hasPrefix("https://upload.wikimedia.org/wikipedia/commons/") {
            // .../commons/8/84/Name.jpg, or a thumb: .../commons/thumb/8/84/Name.jpg/640px-Name.jpg
            let parts = text.split(separator: "/").map(String.init)
            guard let index = parts.firstIndex(of: "commons") else { return nil }
            let rest = Array(parts[(index + 1)...])
            let name = rest.first == "thumb" ? (rest.count >= 4 ? rest[3] : "") : (rest.count >= 3 ? rest[2] : "")
            guard !name.isEmpty, let decoded = name.removingPercentEncoding else { return nil }
            text = "File:" + decoded
        }
        if text.lowercased().hasPrefix("image:") { text = "File:" + text.dropFirst(6) }
        guard text.hasPrefix("File:") || text.lowercased().hasPrefix("file:") else { return nil }
        let name = String(text.dropFirst(5)).replacingOccurrences(of: "_", with: " ").trimmed
        guard !name.isEmpty, !name.contains("|"), !name.contains("#"), name.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value != 127 }) else { return nil }
        return "File:" + name
    }

    /// A named feature's names in other languages (`name:xx`, at most 64), kept as its properties so that the map
    /// labels it in the reader's language (issue 46); empty for a feature without a name.
    public static func nameProperties(_ tags: [String: String]) -> [String: String] {
        guard tags["name"] != nil else { return [:] }
        var result: [String: String] = [:]
        for pair in NameVariants.osm(tags).pairs { result["name:" + pair.language] = pair.name }
        return result
    }

    /// The label of a feature read back: its `name:xx` property in the first of `languages` that has one, else `name`.
    public static func label(_ name: String, properties: [String: String], languages: [String]) -> String {
        guard !properties.isEmpty, !languages.isEmpty else { return name }
        for language in ReaderLanguages.fallbacks(languages) {
            if let local = properties["name:" + language], !local.isEmpty { return local }
        }
        return name
    }

    /// The name a feature is labelled with.
    public static func name(_ tags: [String: String]) -> String {
        let name = (tags["name"] ?? "").trimmed
        return FieldLimits.cut(name, to: FieldLimits.title) ?? name
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

extension String {
    /// Without surrounding whitespace; a name that has none (nearly all) is returned without Foundation's
    /// trimming, which cost an import 7% of its time.
    var trimmed: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        let space = CharacterSet.whitespacesAndNewlines
        if !space.contains(first) && !space.contains(last) { return self }
        return trimmingCharacters(in: space)
    }
}
