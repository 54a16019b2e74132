import Foundation
import Geo

/// OpenStreetMap's artworks and Wikidata's items made one list, deterministically and with reasons (issue 46).
/// (a) Exact ids first, whatever the distance: an element's `wikidata=` tag naming the item, or the item naming the
/// element (P11693 node, P10689 way, P402 relation). (b) Otherwise candidates within `radius` found through a
/// `SpatialIndex`, scored on the name (normalised, across every label language), the artist, the kind and the
/// distance, merged only above a threshold and one to one (best pairs first). A merged artwork is the OSM artwork
/// with the item's id; OSM's values win and the item fills what OSM lacks; the rest of the items are artworks of their
/// own in collection `wikidata`.
public enum Conflation {
    /// How far apart two records may be and still be one artwork, unless their ids say so.
    public static let radius = 150.0
    /// The collection of items no OSM artwork matched.
    public static let collection = CollectionID.wikidata.name

    /// The outcome.
    public struct Result: Sendable {
        /// Every OSM artwork given, merged ones filled (and carrying `wikidata` and `merged`), the rest unchanged.
        public var osm: [Artwork] = []
        /// The items matched by no OSM artwork, as artworks of collection `wikidata`.
        public var alone: [Artwork] = []
        /// How many were merged by id, and by name and place.
        public var byID = 0, byName = 0
    }

    /// What a merge recorded on the OSM artwork: the item, why, and which fields it filled (so that a later
    /// conflation can take them back out before it decides again).
    public struct Merge: Sendable, Equatable {
        public var item: String
        public var reason: String
        public var filled: [String]

        public init(item: String, reason: String, filled: [String]) {
            self.item = item
            self.reason = reason
            self.filled = filled
        }

        public init?(encoded text: String) {
            let parts = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, !parts[0].isEmpty else { return nil }
            self.init(item: parts[0], reason: parts[1], filled: parts[2].split(separator: ",").map(String.init))
        }

        public var encoded: String { "\(item)\t\(reason)\t\(filled.joined(separator: ","))" }
    }

    /// The lines of the description a merge adds begin with these (taken out again before a new conflation).
    static let linePrefixes = ["Merged with Wikidata ", "From Wikidata: ", "Wikidata: "]

    /// Conflates `osm` (one source's artworks, as stored) with `items`; titles of Wikidata-only artworks are their
    /// English (or label service's) labels, every label kept as a name for the reader's language.
    public static func conflate(osm given: [Artwork], items: [WikidataItem], radius: Double = Conflation.radius) -> Result {
        let osm = given.map(unmerged)
        var pairs: [(osm: Int, item: Int, reason: String, exact: Bool)] = []
        var osmTaken = Set<Int>(), itemTaken = Set<Int>()
        // (a) Exact ids: the element's tag, then the item's claim.
        var byTag: [String: [Int]] = [:], byElement: [String: Int] = [:]
        for (index, artwork) in osm.enumerated() {
            if !artwork.wikidata.isEmpty { byTag[artwork.wikidata, default: []].append(index) }
            byElement[artwork.id] = index
        }
        for (index, item) in items.enumerated() {
            let tagged = (byTag[item.id] ?? []).first { !osmTaken.contains($0) }
            let claimed = item.osmElements.lazy.compactMap { byElement[$0] }.first { !osmTaken.contains($0) }
            guard let match = tagged ?? claimed else { continue }
            let reason = tagged != nil ? "same Wikidata id" : "Wikidata names this OpenStreetMap element"
            pairs.append((match, index, reason, true))
            osmTaken.insert(match)
            itemTaken.insert(index)
        }
        // (b) Near pairs, scored; the best first, each record once.
        let free = osm.indices.filter { !osmTaken.contains($0) }
        let index = SpatialIndex(points: free.map { osm[$0].coordinate })
        let keys = free.map { MatchKey(osm[$0]) }
        var scored: [(score: Double, distance: Double, osm: Int, item: Int, reason: String)] = []
        for (itemIndex, item) in items.enumerated() where !itemTaken.contains(itemIndex) {
            let itemKey = MatchKey(item)
            for neighbour in index.within(radius: radius, of: item.coordinate) {
                let osmIndex = free[neighbour.index]
                if let (score, reason) = score(keys[neighbour.index], itemKey, distance: neighbour.distance) {
                    scored.append((score, neighbour.distance, osmIndex, itemIndex, reason))
                }
            }
        }
        scored.sort { ($0.score, -$0.distance, -$0.osm, -$0.item) > ($1.score, -$1.distance, -$1.osm, -$1.item) }
        for pair in scored where !osmTaken.contains(pair.osm) && !itemTaken.contains(pair.item) {
            pairs.append((pair.osm, pair.item, pair.reason, false))
            osmTaken.insert(pair.osm)
            itemTaken.insert(pair.item)
        }
        var result = Result()
        result.osm = osm
        for pair in pairs {
            result.osm[pair.osm] = merged(osm[pair.osm], with: items[pair.item], reason: pair.reason)
            if pair.exact { result.byID += 1 } else { result.byName += 1 }
        }
        result.alone = items.indices.filter { !itemTaken.contains($0) }.map { artwork(items[$0]) }
        return result
    }

    /// The artwork as its source gave it: the fields a merge filled emptied again, its lines taken out.
    public static func unmerged(_ artwork: Artwork) -> Artwork {
        guard !artwork.merged.isEmpty else { return artwork }
        var plain = artwork
        if let merge = Merge(encoded: artwork.merged) {
            for field in merge.filled {
                switch field {
                case "artist": plain.artist = ""
                case "year": plain.year = ""
                case "type": plain.type = ""
                case "picture": plain.imageFileName = ""
                default:
                    guard field.hasPrefix("name:") else { break }
                    var names = NameVariants(encoded: plain.names)
                    names.remove(String(field.dropFirst(5)))
                    plain.names = names.encoded
                }
            }
            // The item's id came with the merge unless the element's own tag named it.
            if merge.reason != "same Wikidata id" { plain.wikidata = "" }
        }
        plain.information = artwork.information.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !linePrefixes.contains { line.hasPrefix($0) } }.joined(separator: "\n")
        plain.merged = ""
        return plain
    }

    /// The OSM artwork with what the item adds: OSM's values win; the item fills the artist, year, type, picture and
    /// names OSM lacks, and the description says where they came from and why the two are one.
    static func merged(_ artwork: Artwork, with item: WikidataItem, reason: String) -> Artwork {
        var result = artwork
        var filled: [String] = []
        if result.artist.isEmpty, !item.creatorLabels.isEmpty {
            result.artist = held(item.creatorLabels.joined(separator: ", "), FieldLimits.artist)
            filled.append("artist")
        }
        if result.year.isEmpty, !item.inception.isEmpty {
            result.year = held(item.inception, FieldLimits.year)
            filled.append("year")
        }
        if result.type.isEmpty, let kind = item.kinds.first {
            result.type = held(kind, FieldLimits.type)
            filled.append("type")
        }
        if result.imageFileName.isEmpty || result.imageFileName.hasPrefix("wikidata:") {
            if !item.image.isEmpty {
                if result.imageFileName.isEmpty { filled.append("picture") }
                result.imageFileName = result.imageFileName.isEmpty ? item.image : result.imageFileName
            } else if result.imageFileName.isEmpty, artwork.collection == CollectionID.osm.name {
                result.imageFileName = "wikidata:" + item.id
                filled.append("picture")
            }
        }
        var names = NameVariants(encoded: result.names)
        var added: [String] = []
        for (language, label) in item.labels.sorted(by: { $0.key < $1.key }) where !language.isEmpty && label != item.id && names[language] == nil {
            names.set(language, label)
            added.append(language)
        }
        if !added.isEmpty {
            // Each language added is recorded, so that undoing the merge takes out only Wikidata's names.
            filled += added.map { "name:" + $0 }
            result.names = names.encoded
        }
        var lines = [result.information].filter { !$0.isEmpty }
        lines.append("Merged with Wikidata \(item.id): \(reason)")
        let labels = ["artist": "artist", "year": "year", "type": "kind", "picture": "picture"]
        var said = filled.compactMap { labels[$0] }
        if !added.isEmpty { said.append("names (\(added.joined(separator: ", ")))") }
        if !said.isEmpty { lines.append("From Wikidata: " + said.joined(separator: ", ")) }
        lines += extraLines(item)
        result.information = held(lines.joined(separator: "\n"), FieldLimits.information)
        result.wikidata = item.id
        result.merged = Merge(item: item.id, reason: reason, filled: filled).encoded
        return result
    }

    /// A Wikidata-only artwork: collection `wikidata`, id the item's, its labels as names.
    public static func artwork(_ item: WikidataItem) -> Artwork {
        var names = NameVariants()
        for (language, label) in item.labels.sorted(by: { $0.key < $1.key }) where !language.isEmpty && label != item.id { names.set(language, label) }
        let title = item.label(in: [])
        var lines = extraLines(item)
        lines.append("Source: Wikidata \(item.id) (CC0)")
        var artwork = Artwork(id: item.id, title: title == item.id ? "(untitled)" : held(title, FieldLimits.title),
                              artist: held(item.creatorLabels.joined(separator: ", "), FieldLimits.artist),
                              year: held(item.inception, FieldLimits.year), type: held(item.kinds.first ?? "", FieldLimits.type),
                              information: held(lines.joined(separator: "\n"), FieldLimits.information), coordinate: item.coordinate,
                              imageFileName: item.image.isEmpty ? "" : item.image, collection: collection,
                              webPage: "https://www.wikidata.org/wiki/\(item.id)")
        artwork.names = names.encoded
        artwork.wikidata = item.id
        return artwork
    }

    private static func extraLines(_ item: WikidataItem) -> [String] {
        var lines: [String] = []
        if !item.materials.isEmpty { lines.append("Wikidata: material: " + item.materials.joined(separator: ", ")) }
        if !item.depicts.isEmpty { lines.append("Wikidata: depicts: " + item.depicts.joined(separator: ", ")) }
        if !item.commonsCategory.isEmpty { lines.append("Wikidata: Commons category: " + item.commonsCategory) }
        return lines
    }

    private static func held(_ text: String, _ limit: Int) -> String { FieldLimits.cut(text, to: limit) ?? text }
}
