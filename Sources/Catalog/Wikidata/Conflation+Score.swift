import Foundation

extension Conflation {
    /// What a record is matched on, normalised once: its names (every language), artist and kind.
    struct MatchKey {
        var names: Set<String>
        var artists: Set<String>
        var artistItems: Set<String>
        var kinds: Set<String>
        var untitled: Bool

        init(_ artwork: Artwork) {
            var all = [artwork.name, artwork.title]
            all += NameVariants(encoded: artwork.names).pairs.map(\.name)
            untitled = artwork.title.hasPrefix("(untitled)") && NameVariants(encoded: artwork.names).isEmpty
            names = untitled ? [] : Set(all.map(Conflation.normalisedName).filter { !$0.isEmpty })
            let artist = artwork.artist
            artistItems = MapItem.isItem(artist) ? [artist] : []
            artists = MapItem.isItem(artist) ? [] : Set(artist.split(separator: ";").map { Conflation.normalisedName(String($0)) }.filter { !$0.isEmpty })
            kinds = Set([artwork.type.lowercased()].filter { !$0.isEmpty })
        }

        init(_ item: WikidataItem) {
            names = Set(item.allLabels.map(Conflation.normalisedName).filter { !$0.isEmpty })
            untitled = names.isEmpty
            artists = Set(item.creatorLabels.map(Conflation.normalisedName).filter { !$0.isEmpty })
            artistItems = Set(item.creators)
            kinds = Set(item.kinds.map { $0.lowercased() })
        }
    }

    /// Item ids as OSM's `artist:wikidata` holds them.
    enum MapItem {
        static func isItem(_ text: String) -> Bool {
            text.count >= 2 && text.count <= 12 && text.first == "Q" && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// The score of an OSM record and an item `distance` metres apart, and the reason said when they merge; nil
    /// when they are not one artwork. The name decides: the same name (after normalising) or one containing the
    /// other; an untitled OSM artwork only with the same artist and within 30 m. Artist, kind and nearness add.
    static func score(_ osm: MatchKey, _ item: MatchKey, distance: Double) -> (Double, String)? {
        let name = nameSimilarity(osm.names, item.names)
        let sameArtist = !osm.artistItems.isDisjoint(with: item.artistItems) || artistsMatch(osm.artists, item.artists)
        let sameKind = !osm.kinds.isDisjoint(with: item.kinds)
        let metres = "\(Int(distance.rounded())) m apart"
        var parts: [String] = []
        var score: Double
        if name >= 1 {
            parts.append("same name")
            score = 0.6
        } else if name >= 0.8 {
            parts.append("similar name")
            score = 0.45
        } else if osm.untitled, sameArtist, distance <= 30 {
            parts.append("untitled")
            score = 0.35
        } else {
            return nil
        }
        parts.append(metres)
        if sameArtist {
            parts.append("same artist")
            score += 0.2
        }
        if sameKind {
            parts.append("same kind")
            score += 0.1
        }
        score += 0.1 * max(0, 1 - distance / radius)
        guard score >= threshold else { return nil }
        return (score, parts.joined(separator: ", "))
    }

    /// The least score that merges: a similar name alone, 120 m apart, does not reach it.
    static let threshold = 0.47

    /// 1 for a shared name, 0.8 for one containing another (at least 5 letters), else 0.
    static func nameSimilarity(_ a: Set<String>, _ b: Set<String>) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        if !a.isDisjoint(with: b) { return 1 }
        for x in a {
            for y in b where min(x.count, y.count) >= 5 && (x.contains(y) || y.contains(x)) { return 0.8 }
        }
        return 0
    }

    static func artistsMatch(_ a: Set<String>, _ b: Set<String>) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        if !a.isDisjoint(with: b) { return true }
        // "Ville Vallgren" and "Vallgren": the family name alone.
        for x in a {
            for y in b {
                let xs = x.split(separator: " "), ys = y.split(separator: " ")
                if let lx = xs.last, let ly = ys.last, lx == ly, lx.count >= 4 { return true }
            }
        }
        return false
    }

    /// Words that say what kind of monument a name is, not which: "Statue of X" and "X" are one name.
    static let namePrefixes = ["statue of ", "monument to ", "monument of ", "memorial to ", "bust of ", "sculpture of ",
                               "the ", "patsas ", "muistomerkki ", "staty över ", "monumento a ", "denkmal für ", "statue de ",
                               "monument à ", "standbeeld van ", "памятник "]
    static let nameSuffixes = [" statue", " monument", " memorial", " patsas", " muistomerkki", " staty", " bust", " sculpture",
                               " -patsas", " -muistomerkki", "patsas", "muistomerkki", "statyn", "denkmal", "monumentet"]

    /// A name lower-cased, without accents or punctuation, spaces collapsed, kind words at either end taken off.
    public static func normalisedName(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .lowercased()
        var cleaned = ""
        var space = false
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                cleaned.unicodeScalars.append(scalar)
                space = false
            } else if !space, !cleaned.isEmpty {
                cleaned.append(" ")
                space = true
            }
        }
        var name = cleaned.trimmingCharacters(in: .whitespaces)
        for prefix in namePrefixes where name.hasPrefix(prefix) && name.count > prefix.count + 2 {
            name = String(name.dropFirst(prefix.count))
        }
        for suffix in nameSuffixes where name.hasSuffix(suffix) && name.count > suffix.count + 2 {
            name = String(name.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
        }
        return name
    }
}
