import Foundation

/// Chooses each field's column as a person reading the file would: a full-name column over first and last name
/// parts, the title column with the most distinct and longest values, the column of years or dates, the column of
/// image URLs (by name or by value), the type under any of its usual names; and says why and what came second.
struct FieldSurvey {
    typealias Field = PublicArtFields.Field

    /// A column that may fill a field: its profile, its place in the field's name list (lower is better; names
    /// matched by a part of the name come after), and whether only its values recommended it.
    struct Candidate {
        let profile: ColumnProfile
        let rank: Int
        let byValue: Bool
    }

    let profiles: [ColumnProfile]
    /// Whether the survey saw any values (a choice from names alone ranks by name only).
    let hasValues: Bool

    init(profiles: [ColumnProfile]) {
        self.profiles = profiles
        hasValues = profiles.contains { $0.filled > 0 }
    }

    /// A column's name as the lists spell names: lower case, spaces and dashes as underscores.
    static func normal(_ name: String) -> String {
        let folded = name.lowercased().replacingOccurrences(of: "ø", with: "o").replacingOccurrences(of: "æ", with: "ae")
            .replacingOccurrences(of: "ß", with: "ss").folding(options: .diacriticInsensitive, locale: nil)
        return String(folded.map { " -().".contains($0) ? "_" : $0 })
    }

    /// Parts of names that make a column a candidate beyond the exact names, and parts that rule it out.
    static let patterns: [Field: (any: [String], none: [String])] = [
        .id: (["_id"], ["parent", "artist", "geo", "photo", "image", "location"]),
        .title: (["title", "titel", "titre", "titulo", "titolo"], ["sub", "credit"]),
        .artist: (["artist", "creator", "kunstenaar", "kunstler", "artiste", "taiteilija", "konstnar", "kunstner"],
                  ["first", "last", "bio", "_id", "nation", "country", "gender", "birth", "death", "web", "url",
                   "photo", "statement", "origin", "city", "count", "ethnic", "geboorte", "geboren", "overl"]),
        .year: (["year", "date", "jaar", "jahr", "annee", "vuosi"], fileDateWords + ["last", "load", "import", "record", "creat", "expir", "review"]),
        .description: (["descr", "omschrijving", "beschrijving", "beschreib", "kuvaus", "beskriv"], ["short", "kort", "type", "soort"]),
        .photo: (["photo", "image", "img", "picture", "thumb", "foto", "afbeelding"],
                 ["credit", "caption", "count", "date", "_by", "alt", "desc", "source", "rights", "maker", "fotograaf"]),
        .type: (["type", "categor", "discipline", "classification", "soort"], ["geometry", "sub", "shape"]),
        .address: (["address", "adres", "locatie", "lokatie"], ["email", "web", "ip_"]),
        .webPage: (["website", "web_page"], ["photo", "image", "categor"]),
    ]

    /// Parts of the names of columns that record when the file (not the work) was made or changed: never a year.
    static let fileDateWords = ["modif", "updat", "edit", "bijgewerkt", "bronbestand", "gewijzigd", "wijziging", "mutatie", "aktualis",
                                "geander", "export", "muokat", "paivit", "uppdater", "opdater", "mise_a_jour", "actualiz", "aggiorn", "dd_"]

    /// The names a shapefile cut to ten characters: a ten-character name is the start of a longer one in the lists.
    static func truncatedRank(_ name: String, in names: [String]) -> Int? {
        guard name.count == 10 else { return nil }
        return names.firstIndex { $0.count > 10 && $0.hasPrefix(name) }
    }

    /// The columns a field's names point at, best name first.
    func named(_ field: Field, excluding used: Set<String>) -> [Candidate] {
        let names = PublicArtFields.candidates[field] ?? []
        var found: [Candidate] = []
        for (order, profile) in profiles.enumerated() where !used.contains(profile.name) {
            let name = Self.normal(profile.name)
            if let rank = names.firstIndex(of: name) ?? Self.truncatedRank(name, in: names) {
                found.append(Candidate(profile: profile, rank: rank, byValue: false))
            } else if let pattern = Self.patterns[field], pattern.any.contains(where: name.contains), !pattern.none.contains(where: name.contains) {
                found.append(Candidate(profile: profile, rank: 100 + order, byValue: false))
            }
        }
        return found.sorted { $0.rank < $1.rank }
    }

    /// Whether a column records when the file was made or changed rather than the work: its name says so
    /// ("DD_BRONBESTAND", "bijgewerkt", "last_edited"), or it holds one date in every row.
    static func isFileDate(_ profile: ColumnProfile) -> Bool {
        let name = normal(profile.name)
        if fileDateWords.contains(where: name.contains) { return true }
        return profile.filled >= 3 && profile.distinct == 1 && profile.dates == profile.filled
    }

    /// The names a column holding the artist's name may have beside a title column.
    static let personNameColumns = ["name", "naam", "nom", "nombre", "nome", "nimi", "namn", "navn"]

    /// A `Name` column that holds people's names while another column is named as the title: the artist's, then.
    func nameColumnOfArtists() -> ColumnProfile? {
        guard hasValues, let name = profiles.first(where: { Self.personNameColumns.contains(Self.normal($0.name)) }),
              name.filled > 0, name.personLike * 3 >= name.filled * 2 else { return nil }
        let titles = (PublicArtFields.candidates[.title] ?? []).filter { !Self.personNameColumns.contains($0) }
        let hasTitle = profiles.contains { $0.name != name.name && $0.filled > 0 && titles.contains(Self.normal($0.name)) }
        return hasTitle ? name : nil
    }

    /// The whole choice, field by field; a column fills one field only (the id excepted).
    func choose() -> PublicArtFields {
        var fields = PublicArtFields()
        var used = Set<String>()
        let artistsByName = nameColumnOfArtists()
        if let artistsByName { used.insert(artistsByName.name) }
        for field in [Field.id, .photo, .title, .artist, .year, .type, .webPage, .address, .description, .material, .building] {
            var (choice, parts) = choice(for: field, excluding: field == .id ? [] : used)
            // A name column of people stands for the artist unless a filled artist column was found.
            if field == .artist, let artistsByName, choice.map({ column in !profiles.contains { $0.name == column.column && $0.filled > 0 } }) ?? true {
                choice = .init(column: artistsByName.name, reason: "a name column beside a title column, holding people's names: "
                    + "\(artistsByName.personLike) of \(artistsByName.filled) values", runnerUp: choice.map(\.column))
                parts = nil
            }
            fields.set(field, choice, parts: parts)
            if let choice, field != .id, choice.column != PublicArtFields.noColumn { used.insert(choice.column) }
            if let parts { used.formUnion([parts.first, parts.last]) }
        }
        return fields
    }

    private func choice(for field: Field, excluding used: Set<String>) -> (PublicArtFields.Choice?, (first: String, last: String)?) {
        var candidates = named(field, excluding: used)
        switch field {
        case .artist:
            return artist(candidates)
        case .photo:
            candidates += byValue(excluding: used.union(candidates.map(\.profile.name))) { $0.imageURLs * 2 > $0.filled }
        case .year:
            candidates += byValue(excluding: used.union(candidates.map(\.profile.name))) { $0.dates * 10 >= $0.filled * 9 }
            if hasValues { candidates = candidates.filter { $0.profile.yearLike > 0 || $0.profile.filled == 0 } }
            let fileDates = candidates.filter { Self.isFileDate($0.profile) }.map(\.profile.name)
            candidates = candidates.filter { !Self.isFileDate($0.profile) }
            if !fileDates.isEmpty {
                let left = "left out \(fileDates.joined(separator: ", ")): the file's date, not the work's"
                guard var chosen = pick(candidates, for: field) else {
                    return (.init(column: PublicArtFields.noColumn, reason: left, runnerUp: nil), nil)
                }
                chosen.reason += "; " + left
                return (chosen, nil)
            }
        case .webPage:
            candidates = candidates.filter { $0.profile.imageURLs * 2 <= $0.profile.filled || $0.profile.filled == 0 }
        default:
            break
        }
        return (pick(candidates, for: field), nil)
    }

    /// Columns not named for a field whose values recommend them for it.
    private func byValue(excluding names: Set<String>, _ test: (ColumnProfile) -> Bool) -> [Candidate] {
        profiles.enumerated().filter { !names.contains($0.element.name) && $0.element.filled > 0 && test($0.element) }
            .map { Candidate(profile: $0.element, rank: 200 + $0.offset, byValue: true) }
    }

    /// The best candidate and the runner-up, with the reason.
    private func pick(_ candidates: [Candidate], for field: Field) -> PublicArtFields.Choice? {
        let ordered = candidates.sorted { better($0, $1, for: field) }
        guard let first = ordered.first else { return nil }
        return .init(column: first.profile.name, reason: reason(first, for: field),
                     runnerUp: ordered.dropFirst().first.map { "\($0.profile.name): \(describe($0.profile, for: field))" })
    }

    /// Whether `a` fills `field` better than `b`.
    func better(_ a: Candidate, _ b: Candidate, for field: Field) -> Bool {
        let p = a.profile, q = b.profile
        guard hasValues else { return a.rank < b.rank }
        if (p.filled > 0) != (q.filled > 0) { return p.filled > 0 }
        switch field {
        case .title:
            // The most distinct values (beyond a tenth more), then the longest.
            let low = min(p.distinct, q.distinct), high = max(p.distinct, q.distinct)
            if Double(high) > Double(low) * 1.1 { return p.distinct > q.distinct }
            if abs(p.meanLength - q.meanLength) >= 1 { return p.meanLength > q.meanLength }
        case .year:
            if p.yearLike != q.yearLike { return p.yearLike > q.yearLike }
        case .photo, .webPage:
            if p.webURLs != q.webURLs { return p.webURLs > q.webURLs }
            if p.imageURLs != q.imageURLs { return p.imageURLs > q.imageURLs }
        default:
            break
        }
        return a.rank < b.rank
    }

    /// "a title column: 4 distinct values, 24 characters on average".
    private func reason(_ candidate: Candidate, for field: Field) -> String {
        let how = candidate.byValue ? "by its values" : candidate.rank < 100 ? "by name" : "its name holds '\(matchedPart(candidate.profile.name, field))'"
        guard hasValues else { return how }
        if field == .title { return "\(how); the most distinct, longest titles: \(describe(candidate.profile, for: field))" }
        return "\(how): \(describe(candidate.profile, for: field))"
    }

    private func matchedPart(_ name: String, _ field: Field) -> String {
        Self.patterns[field]?.any.first { Self.normal(name).contains($0) } ?? name
    }

    /// What a column holds, as it bears on `field`.
    func describe(_ p: ColumnProfile, for field: Field) -> String {
        guard hasValues else { return "by name" }
        switch field {
        case .title: return "\(p.distinct) distinct value\(p.distinct == 1 ? "" : "s"), \(Int(p.meanLength.rounded())) characters on average"
        case .year: return "\(p.yearLike) of \(p.filled) values hold a year" + (p.dates > 0 ? " (\(p.dates) whole date\(p.dates == 1 ? "" : "s"), kept in the notes)" : "")
        case .photo: return p.imageURLs > 0 ? "\(p.imageURLs) of \(p.filled) values are image URLs" : "\(p.webURLs) of \(p.filled) values are web addresses"
        default: return "\(p.filled) value\(p.filled == 1 ? "" : "s")"
        }
    }
}

extension FieldSurvey {
    static let firstNames = ["first_name", "firstname", "artist_first_name", "artist_firstname", "artistfirstname", "fname", "given_name"]
    static let lastNames = ["last_name", "lastname", "artist_last_name", "artist_lastname", "artistlastname", "lname", "surname", "family_name"]

    /// The first and last name columns, by their usual names or by holding "first"/"last" and "name".
    func nameParts() -> (first: ColumnProfile, last: ColumnProfile)? {
        func find(_ names: [String], _ word: String) -> ColumnProfile? {
            profiles.first { names.contains(Self.normal($0.name)) }
                ?? profiles.first { let n = Self.normal($0.name); return n.contains(word) && n.contains("name") }
        }
        guard let first = find(Self.firstNames, "first"), let last = find(Self.lastNames, "last") ?? find(Self.lastNames, "surname") else { return nil }
        return (first, last)
    }

    /// A full-name column over first and last name parts; the parts joined when that is all there is.
    func artist(_ full: [Candidate]) -> (PublicArtFields.Choice?, (first: String, last: String)?) {
        let parts = nameParts()
        let partsName = parts.map { "\($0.first.name) + \($0.last.name)" }
        let fullBest = full.sorted { better($0, $1, for: .artist) }.first
        if let best = fullBest, best.profile.filled > 0 || !hasValues || parts == nil {
            var reason = best.rank < 100 ? "by name" : "its name holds '\(matchedPart(best.profile.name, .artist))'"
            if hasValues { reason += ": \(describe(best.profile, for: .artist))" }
            if partsName != nil { reason += "; a full-name column goes before first and last name parts (used where it is empty)" }
            let second = partsName ?? full.dropFirst().first.map { "\($0.profile.name): \(describe($0.profile, for: .artist))" }
            return (.init(column: best.profile.name, reason: reason, runnerUp: second), parts.map { ($0.first.name, $0.last.name) })
        }
        guard let parts, let partsName else { return (nil, nil) }
        let reason = "first and last name columns joined" + (hasValues ? ": \(parts.first.filled) and \(parts.last.filled) values" : "")
            + (fullBest == nil ? ", no full-name column" : "")
        return (.init(column: partsName, reason: reason, runnerUp: fullBest.map { "\($0.profile.name): empty" }), (parts.first.name, parts.last.name))
    }
}
