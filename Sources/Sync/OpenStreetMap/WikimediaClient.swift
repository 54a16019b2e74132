import Catalog
import Foundation
import Store

/// Finds the pictures of OpenStreetMap artworks: a `wikidata:Q…` reference through the item's image
/// property (P18) on Wikidata, a `File:…` through Commons' imageinfo (a 1200-pixel thumbnail, never the
/// original, with the credit and licence from its extmetadata), an https URL as it is. Ids and titles go
/// up to 50 a request, one request at a time.
public struct WikimediaClient: Sendable {
    /// Wikidata's base (artmap appends /w/api.php).
    public let wikidata: URL
    /// Commons' base (artmap appends /w/api.php).
    public let commons: URL
    private let http: HTTPClient
    /// Ids or titles per request (the APIs' own limit for ordinary clients).
    public static let batchSize = 50
    /// The thumbnail width asked for.
    public static let thumbWidth = 1200
    static let maxAnswerBytes = 8 * 1_048_576
    static let timeout: TimeInterval = 30

    public init(wikidata: URL, commons: URL, http: HTTPClient) {
        self.wikidata = wikidata
        self.commons = commons
        self.http = http
    }

    /// What was found for each reference (a picture, or why there is none). Throws `SyncError` naming the
    /// service when one answers with an error or something that is not its JSON.
    public func resolve(_ references: [String]) async throws -> [ResolvedPicture] {
        var found: [ResolvedPicture] = []
        var titles: [String: [String]] = [:]   // "File:X.jpg" -> the references that lead to it
        var items: [String] = []
        for reference in Set(references).sorted() {
            if reference.hasPrefix("wikidata:") {
                items.append(String(reference.dropFirst("wikidata:".count)))
            } else if reference.hasPrefix("File:") {
                titles[reference, default: []].append(reference)
            } else if (try? SyncSource.checkedURL(reference, allowFile: false)) != nil {
                found.append(ResolvedPicture(reference: reference, thumbURL: reference, page: reference))
            } else {
                found.append(ResolvedPicture(reference: reference, thumbURL: "", problem: "not a Commons file, Wikidata item or https URL"))
            }
        }
        for batch in stride(from: 0, to: items.count, by: Self.batchSize).map({ Array(items[$0..<min($0 + Self.batchSize, items.count)]) }) {
            let images = try await itemImages(batch)
            for item in batch {
                let reference = "wikidata:" + item
                switch images[item] {
                case .some(.some(let file)): titles["File:" + file, default: []].append(reference)
                case .some(.none): found.append(ResolvedPicture(reference: reference, thumbURL: "", problem: "the Wikidata item \(item) has no image (P18)"))
                case .none: found.append(ResolvedPicture(reference: reference, thumbURL: "", problem: "Wikidata has no item \(item)"))
                }
            }
        }
        let allTitles = titles.keys.sorted()
        for batch in stride(from: 0, to: allTitles.count, by: Self.batchSize).map({ Array(allTitles[$0..<min($0 + Self.batchSize, allTitles.count)]) }) {
            let infos = try await fileInfo(batch)
            for title in batch {
                let info = infos[title] ?? ResolvedPicture(reference: title, thumbURL: "", problem: "Commons did not answer for \(title)")
                for reference in titles[title] ?? [] {
                    var picture = info
                    picture.reference = reference
                    found.append(picture)
                }
            }
        }
        return found
    }

    /// For each item: its P18 file name, nil inside when it has none; absent when the item is missing.
    func itemImages(_ ids: [String]) async throws -> [String: String?] {
        let url = try apiURL(wikidata, [("action", "wbgetentities"), ("ids", ids.joined(separator: "|")), ("props", "claims"), ("format", "json")])
        let root = try await json(url, service: "Wikidata")
        guard let entities = root["entities"] as? [String: Any] else {
            throw SyncError(url: nil, "Wikidata (\(wikidata.absoluteString)): \(Self.apiError(root) ?? "the answer has no entities")")
        }
        var images: [String: String?] = [:]
        for id in ids {
            guard let entity = entities[id] as? [String: Any], entity["missing"] == nil else { continue }
            let claims = entity["claims"] as? [String: Any]
            let statements = (claims?["P18"] as? [[String: Any]]) ?? []
            // The preferred statement first, then normal ones; deprecated ones never.
            let ranked = statements.filter { ($0["rank"] as? String) != "deprecated" }
                .sorted { (($0["rank"] as? String) == "preferred" ? 0 : 1) < (($1["rank"] as? String) == "preferred" ? 0 : 1) }
            let file = ranked.lazy.compactMap { statement -> String? in
                let snak = statement["mainsnak"] as? [String: Any]
                let value = (snak?["datavalue"] as? [String: Any])?["value"] as? String
                return value.map { $0.replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }.first
            images[id] = .some(file)
        }
        return images
    }

    /// For each title asked: the thumbnail, page and credit, or why there is none.
    func fileInfo(_ titles: [String]) async throws -> [String: ResolvedPicture] {
        let url = try apiURL(commons, [("action", "query"), ("prop", "imageinfo"), ("iiprop", "url|size|mime|extmetadata"),
                                       ("iiurlwidth", String(Self.thumbWidth)), ("titles", titles.joined(separator: "|")), ("format", "json")])
        let root = try await json(url, service: "Commons")
        guard let query = root["query"] as? [String: Any], let pages = query["pages"] as? [String: Any] else {
            throw SyncError(url: nil, "Commons (\(commons.absoluteString)): \(Self.apiError(root) ?? "the answer has no pages")")
        }
        var asked: [String: String] = [:]   // the title as the answer names it -> as asked
        for title in titles { asked[title] = title }
        for entry in (query["normalized"] as? [[String: Any]]) ?? [] {
            if let from = entry["from"] as? String, let to = entry["to"] as? String, let original = asked[from] { asked[to] = original }
        }
        var result: [String: ResolvedPicture] = [:]
        for case let page as [String: Any] in pages.values {
            guard let title = page["title"] as? String, let original = asked[title] else { continue }
            if page["missing"] != nil {
                result[original] = ResolvedPicture(reference: original, thumbURL: "", problem: "Commons has no file \(title)")
                continue
            }
            guard let info = (page["imageinfo"] as? [[String: Any]])?.first else {
                result[original] = ResolvedPicture(reference: original, thumbURL: "", problem: "Commons gave no image information for \(title)")
                continue
            }
            let mime = (info["mime"] as? String ?? "").lowercased()
            guard ["image/jpeg", "image/png", "image/gif"].contains(mime) || (mime.hasPrefix("image/") && info["thumburl"] != nil && mime != "image/svg+xml") else {
                result[original] = ResolvedPicture(reference: original, thumbURL: "", problem: "\(title) is not a picture artmap can show (\(mime.isEmpty ? "no type" : mime))")
                continue
            }
            guard let thumb = info["thumburl"] as? String, (try? SyncSource.checkedURL(thumb, allowFile: false)) != nil else {
                result[original] = ResolvedPicture(reference: original, thumbURL: "", problem: "Commons gave no usable thumbnail for \(title)")
                continue
            }
            let metadata = info["extmetadata"] as? [String: Any]
            func field(_ name: String) -> String {
                let value = (metadata?[name] as? [String: Any])?["value"]
                return Self.plainText((value as? String) ?? "")
            }
            var page = info["descriptionurl"] as? String ?? ""
            if (try? SyncSource.checkedURL(page, allowFile: false)) == nil { page = "" }
            result[original] = ResolvedPicture(reference: original, thumbURL: thumb, page: page,
                                               artist: String(field("Artist").prefix(200)), licence: String(field("LicenseShortName").prefix(80)))
        }
        return result
    }

    private func apiURL(_ base: URL, _ items: [(String, String)]) throws -> URL {
        let text = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        guard var components = URLComponents(string: text + "/w/api.php") else { throw SyncError(url: base.absoluteString, "not a URL") }
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw SyncError(url: base.absoluteString, "cannot make the request URL") }
        return url
    }

    private func json(_ url: URL, service: String) async throws -> [String: Any] {
        let response = try await http.get(url, maxBytes: Self.maxAnswerBytes, timeout: Self.timeout, accept: "application/json")
        let base = service == "Wikidata" ? wikidata : commons
        guard response.status == 200 else {
            throw SyncError(url: nil, "\(service) (\(base.absoluteString)): HTTP \(response.status)\(response.status == 429 ? ", too many requests; try again later" : "")")
        }
        guard let root = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            let head = String(decoding: response.body.prefix(64), as: UTF8.self).lowercased()
            throw SyncError(url: nil, "\(service) (\(base.absoluteString)): \(head.contains("<html") || head.contains("<!doctype") ? "answered an HTML page instead of JSON" : "the answer is not valid JSON (cut short?)")")
        }
        return root
    }

    static func apiError(_ root: [String: Any]) -> String? {
        guard let error = root["error"] as? [String: Any] else { return nil }
        return plainText([error["code"] as? String, error["info"] as? String].compactMap { $0 }.joined(separator: ": "))
    }

    /// HTML as one line of plain text: tags removed, entities decoded, whitespace collapsed, control characters gone.
    public static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; continue }
            if character == ">" && inTag { inTag = false; text.append(" "); continue }
            if !inTag { text.append(character) }
        }
        let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": " "]
        var decoded = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            decoded += rest[..<amp]
            let tail = rest[amp...]
            if let semi = tail.prefix(10).firstIndex(of: ";") {
                let entity = String(tail[...semi])
                if let plain = entities[entity] {
                    decoded += plain
                    rest = tail[tail.index(after: semi)...]
                    continue
                }
                if entity.hasPrefix("&#"), let scalar = (entity.hasPrefix("&#x") || entity.hasPrefix("&#X")
                        ? UInt32(entity.dropFirst(3).dropLast(), radix: 16) : UInt32(entity.dropFirst(2).dropLast())).flatMap(Unicode.Scalar.init) {
                    decoded.unicodeScalars.append(scalar)
                    rest = tail[tail.index(after: semi)...]
                    continue
                }
            }
            decoded += "&"
            rest = tail.dropFirst()
        }
        decoded += rest
        return DisplayText.clean(decoded).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            .replacingOccurrences(of: " ,", with: ",")
    }
}
