import Cartography
import Catalog
import Foundation

/// Asks the Wikidata Query Service for the public art of a box, as WDQS asks clients to (issue 46): one query per
/// fetched area, one at a time in this process, a 60 s deadline, a User-Agent naming artmap, its version and a
/// contact; a 429's `Retry-After` waited out in full and never asked sooner (a wait longer than `maxRetryAfter`
/// is not waited: the fetch goes on without Wikidata and says when to ask again); a 5xx backed off. The answer is
/// read strictly (`SPARQLResults`, `WikidataItem.items`): anything not the format is a `SyncError` and nothing is kept.
public struct WikidataQueryClient: Sendable {
    public let endpoint: URL
    private let http: HTTPClient
    private let backoff: ServiceBackoff
    /// WDQS stops a query after 60 s; the request waits a little longer for the answer.
    public static let timeout: TimeInterval = 65
    /// The longest `Retry-After` waited out; a longer one ends the question (said, never asked sooner).
    public static let maxRetryAfter: TimeInterval = 300

    public init(endpoint: URL, http: HTTPClient, backoff: ServiceBackoff = ServiceBackoff()) {
        self.endpoint = endpoint
        self.http = http
        self.backoff = backoff
    }

    /// Kinds of item asked for (P31, with their subclasses), and the word the table shows for each.
    public static let kinds: [(item: String, word: String)] = [
        ("Q860861", "sculpture"), ("Q219423", "mural"), ("Q4989906", "monument"), ("Q5003624", "memorial"),
    ]

    /// The SPARQL for the public art in `box`: genre public art (P136 Q557141) or an instance of a sculpture, mural,
    /// monument or memorial (or a subclass); removed works (P576) left out; the optional fields the detail shows; every
    /// label in `languages` and English (for matching names across languages), and the label service's choice.
    public static func query(for box: FeatureBounds, languages: [String]) -> String {
        let point = { (lon: Double, lat: Double) in String(format: "\"Point(%.7f %.7f)\"^^geo:wktLiteral", lon, lat) }
        let wanted = ReaderLanguages.fallbacks(languages) + ["en"]
        var unique: [String] = []
        for language in wanted where !unique.contains(language) && language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) {
            unique.append(language)
        }
        let quoted = unique.map { "\"\($0)\"" }.joined(separator: ", ")
        let classes = (["{ ?item wdt:P136 wd:Q557141 . }"] + kinds.map { "{ ?item wdt:P31/wdt:P279* wd:\($0.item) . }" })
            .joined(separator: " UNION\n  ")
        return """
            SELECT ?item ?itemLabel ?label ?coord ?creator ?creatorLabel ?inception ?materialLabel ?depictsLabel ?kind ?kindLabel \
            ?image ?commonsCategory ?osmNode ?osmWay ?osmRelation WHERE {
              SERVICE wikibase:box {
                ?item wdt:P625 ?coord .
                bd:serviceParam wikibase:cornerSouthWest \(point(box.west, box.south)) .
                bd:serviceParam wikibase:cornerNorthEast \(point(box.east, box.north)) .
              }
              \(classes)
              MINUS { ?item wdt:P576 [] . }
              OPTIONAL { ?item rdfs:label ?label . FILTER(LANG(?label) IN (\(quoted))) }
              OPTIONAL { ?item wdt:P31 ?kind . }
              OPTIONAL { ?item wdt:P170 ?creator . }
              OPTIONAL { ?item wdt:P571 ?inception . }
              OPTIONAL { ?item wdt:P186 ?material . }
              OPTIONAL { ?item wdt:P180 ?depicts . }
              OPTIONAL { ?item wdt:P18 ?image . }
              OPTIONAL { ?item wdt:P373 ?commonsCategory . }
              OPTIONAL { ?item wdt:P11693 ?osmNode . }
              OPTIONAL { ?item wdt:P10689 ?osmWay . }
              OPTIONAL { ?item wdt:P402 ?osmRelation . }
              SERVICE wikibase:label { bd:serviceParam wikibase:language "\(unique.joined(separator: ",")),mul". }
            }
            LIMIT \(SPARQLResults.maxBindings)
            """
    }

    /// The items of `box`. `waiting` hears each wait ("Wikidata Query Service is busy (HTTP 429); asking again in 30 s").
    public func items(in box: FeatureBounds, languages: [String], waiting: @Sendable (String) -> Void = { _ in }) async throws -> [WikidataItem] {
        let body = try await ask(Self.query(for: box, languages: languages), waiting: waiting)
        do {
            return try WikidataItem.items(from: try SPARQLResults.read(body))
        } catch let error as CatalogError {
            throw SyncError(url: nil, "Wikidata Query Service (\(endpoint.absoluteString)): \(error.message); nothing from Wikidata was stored")
        }
    }

    /// The answer's body, asked once at a time in this process (`QueryTurn`), waited out and backed off as WDQS asks.
    func ask(_ query: String, waiting: @Sendable (String) -> Void) async throws -> Data {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw SyncError(url: endpoint.absoluteString, "Wikidata Query Service: not a URL")
        }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "query", value: query)]
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: ";", with: "%3B")
        guard let url = components.url else { throw SyncError(url: endpoint.absoluteString, "Wikidata Query Service: cannot make the query URL") }
        let name = "Wikidata Query Service (\(endpoint.absoluteString))"
        await QueryTurn.shared.take()
        defer { Task { await QueryTurn.shared.give() } }
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let response: HTTPResponse
            do {
                response = try await http.get(url, maxBytes: SPARQLResults.maxBytes, timeout: Self.timeout,
                                              accept: "application/sparql-results+json")
            } catch let error as SyncError {
                throw SyncError(url: nil, "\(name): \(error.message); nothing from Wikidata was stored")
            }
            if response.status == 200 { return response.body }
            let busy = response.status == 429 || (500...599).contains(response.status)
            guard busy, attempt < backoff.attempts else {
                throw SyncError(url: nil, "\(name): HTTP \(response.status)\(busy ? " after \(attempt) tries" : "")"
                    + (response.status == 400 ? " (the query was refused)" : "") + "; nothing from Wikidata was stored")
            }
            let seconds: TimeInterval
            if response.status == 429, let asked = Self.retryAfter(response.retryAfter) {
                // Never sooner than asked (clients that ignore it are banned for a day); too long a wait is not waited.
                guard asked <= Self.maxRetryAfter else {
                    throw SyncError(url: nil, "\(name): too many requests (HTTP 429); it asks to wait \(Int(asked.rounded(.up))) s, "
                        + "so Wikidata is left out of this fetch; fetch again after that")
                }
                seconds = asked
            } else {
                seconds = backoff.delay(afterAttempt: attempt, retryAfter: nil)
            }
            waiting("Wikidata Query Service is busy (HTTP \(response.status)); asking again in \(Int(seconds.rounded(.up))) s")
            try await backoff.wait(seconds)
            attempt += 1
        }
    }

    /// Seconds from a `Retry-After` (seconds or an HTTP date), nil when there is none or it cannot be read.
    static func retryAfter(_ text: String?) -> TimeInterval? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSinceNow.rounded(.up)) }
    }
}

/// One WDQS query at a time in this process (WDQS's rule): a question waits for the one before it to finish.
actor QueryTurn {
    static let shared = QueryTurn()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
