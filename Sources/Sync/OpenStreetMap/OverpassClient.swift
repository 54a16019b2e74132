import Cartography
import Catalog
import Foundation

/// Asks the Overpass API for everything the base layer draws and every artwork and museum in one tile, as
/// OSM XML. One question at a time; a busy answer (HTTP 429, 502, 503, 504, or a `remark` saying the query
/// timed out or ran out of memory) is waited out with back-off, honouring `Retry-After`, then reported. Each
/// endpoint in `endpoints` is tried in turn.
public struct OverpassClient: Sendable {
    public let endpoints: [URL]
    private let http: HTTPClient
    private let backoff: ServiceBackoff
    /// Seconds the server may spend on one query (`[timeout:…]`); the request waits a little longer.
    public static let queryTimeout = 60
    /// The most bytes one tile's answer may hold (also `[maxsize:…]`, the server's memory for it, is set from it).
    public static let maxAnswerBytes = 32 * 1_048_576

    public init(endpoints: [URL], http: HTTPClient, backoff: ServiceBackoff = ServiceBackoff()) {
        self.endpoints = endpoints
        self.http = http
        self.backoff = backoff
    }

    /// The Overpass QL for one tile: its box as the global bounding box, the kinds the base layer draws,
    /// artworks and museums, then every node of those ways and relations ((._;>;);), sorted nodes first.
    public static func query(for tile: MapTile) -> String { query(for: tile.bounds) }

    /// The artworks of a box alone, small and quick (issue 30: the table fills from it before any street is asked):
    /// `tourism=artwork` nodes, ways and relations as JSON, ways and relations with their `center` and no nodes.
    public static func artworkQuery(for box: FeatureBounds) -> String {
        let text = String(format: "%.7f,%.7f,%.7f,%.7f", box.south, box.west, box.north, box.east)
        return """
            [out:json][timeout:\(queryTimeout)][bbox:\(text)];
            nwr[tourism=artwork];
            out center;
            """
    }

    /// The artworks of several boxes in one question (the two sides of the antimeridian): one box as above.
    public static func artworkQuery(for boxes: [FeatureBounds]) -> String {
        if boxes.count == 1, let box = boxes.first { return artworkQuery(for: box) }
        let parts = boxes.map { box in
            String(format: "  nwr[tourism=artwork](%.7f,%.7f,%.7f,%.7f);", box.south, box.west, box.north, box.east)
        }
        return "[out:json][timeout:\(queryTimeout)];\n(\n" + parts.joined(separator: "\n") + "\n);\nout center;"
    }

    /// The Overpass QL of the base layer for a box of tiles (one question for several tiles, split on arrival).
    public static func query(for bounds: FeatureBounds) -> String {
        let box = String(format: "%.7f,%.7f,%.7f,%.7f", bounds.south, bounds.west, bounds.north, bounds.east)
        return """
            [out:xml][timeout:\(queryTimeout)][maxsize:\(maxAnswerBytes * 4)][bbox:\(box)];
            (
              way[highway];
              way[building];
              way["building:part"];
              relation[building][type=multipolygon];
              way[natural~"^(water|wood|scrub|grassland|heath)$"];
              relation[natural=water][type=multipolygon];
              way[waterway];
              way[landuse~"^(reservoir|basin|grass|forest|meadow|village_green|recreation_ground|cemetery|allotments)$"];
              relation[landuse][type=multipolygon];
              way[leisure~"^(park|garden|playground|pitch|common|nature_reserve)$"];
              relation[leisure][type=multipolygon];
              way[railway~"^(rail|tram|light_rail|subway|narrow_gauge|monorail)$"];
              way[place=square];
              nwr[tourism~"^(artwork|museum|gallery)$"];
            );
            (._;>;);
            out body;
            """
    }

    /// The tile's OSM XML. `waiting` hears each back-off ("Overpass API is busy (HTTP 429); asking again in 2 s").
    /// Throws `SyncError` naming the service and the reason.
    public func fetch(_ tile: MapTile, waiting: @Sendable (String) -> Void = { _ in }) async throws -> Data {
        try await fetch(query: Self.query(for: tile), waiting: waiting)
    }

    /// The answer to `query` (OSM XML, or JSON when the query asks `[out:json]`), each endpoint tried in turn.
    /// `asking` hears each time the query itself is sent (after the status page said go), so that another query can
    /// be sent after it.
    public func fetch(query: String, waiting: @Sendable (String) -> Void = { _ in },
                      asking: @Sendable () -> Void = {}) async throws -> Data {
        var lastError: SyncError?
        for endpoint in endpoints {
            do {
                return try await fetch(query, from: endpoint, waiting: waiting, asking: asking)
            } catch let error as SyncError {
                lastError = error
            }
        }
        throw lastError ?? SyncError(url: nil, "Overpass API: no endpoint is set (osm.overpass-url)")
    }

    /// The endpoint's `/api/status` page, beside `…/api/interpreter`.
    static func statusURL(_ endpoint: URL) -> URL? {
        guard endpoint.lastPathComponent == "interpreter" else { return nil }
        return endpoint.deletingLastPathComponent().appendingPathComponent("status")
    }

    /// What a status page says: a slot free now, a wait in seconds until the next frees, or nothing readable.
    static func slotWait(_ text: String) -> TimeInterval? {
        if let range = text.range(of: " slots available now") ?? text.range(of: " slot available now") {
            let number = text[..<range.lowerBound].split(whereSeparator: { !$0.isNumber }).last.flatMap { Int($0) } ?? 0
            if number > 0 { return 0 }
        }
        // "Slot available after: 2024-…Z, in 12 seconds." — the first line's wait is the soonest.
        if let range = text.range(of: ", in "), let end = text.range(of: " second", range: range.upperBound..<text.endIndex),
           let seconds = Double(text[range.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 {
            return seconds
        }
        return nil
    }

    /// Waits for a free slot when the endpoint offers `/api/status` (an address has two on the main instance), so a
    /// busy instance is waited out rather than answered with 429s. Without a readable status page it goes at once.
    private func waitForSlot(_ endpoint: URL, waiting: @Sendable (String) -> Void) async throws {
        guard let url = Self.statusURL(endpoint) else { return }
        for attempt in 1...backoff.attempts {
            guard let response = try? await http.get(url, maxBytes: 16_384, timeout: 15, accept: "text/plain, */*;q=0.1"),
                  response.status == 200, let wait = Self.slotWait(String(decoding: response.body, as: UTF8.self)) else { return }
            guard wait > 0, attempt < backoff.attempts else { return }
            let seconds = min(wait + 0.5, backoff.maxDelay)
            waiting("Overpass API has no free slot; asking in \(Self.seconds(seconds))")
            try await backoff.wait(seconds)
        }
    }

    private func fetch(_ query: String, from endpoint: URL, waiting: @Sendable (String) -> Void,
                       asking: @Sendable () -> Void) async throws -> Data {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw SyncError(url: endpoint.absoluteString, "Overpass API: not a URL")
        }
        let json = query.hasPrefix("[out:json]")
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "data", value: query)]
        // '+' would be read as a space, ';' and '&' as separators by some servers: encode them.
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: ";", with: "%3B")
        guard let url = components.url else { throw SyncError(url: endpoint.absoluteString, "Overpass API: cannot make the query URL") }
        let shown = "Overpass API (\(endpoint.absoluteString))"
        var attempt = 0
        while true {
            attempt += 1
            try await waitForSlot(endpoint, waiting: waiting)
            asking()
            let response = try await http.get(url, maxBytes: Self.maxAnswerBytes, timeout: TimeInterval(Self.queryTimeout + 15),
                                              accept: json ? "application/json, */*;q=0.1" : "application/osm3s+xml, application/xml;q=0.9, */*;q=0.1")
            let busy: String
            switch Self.judge(response, json: json) {
            case .data(let body):
                return body
            case .busy(let reason):
                busy = reason
            case .failed(let reason):
                throw SyncError(url: nil, "\(shown): \(reason)")
            }
            guard attempt < backoff.attempts else {
                throw SyncError(url: nil, "\(shown): \(busy), still after \(attempt) tries; try again later or set another server with --overpass-url")
            }
            let seconds = backoff.delay(afterAttempt: attempt, retryAfter: response.retryAfter)
            waiting("Overpass API is busy (\(busy)); asking again in \(Self.seconds(seconds)) (try \(attempt + 1) of \(backoff.attempts))")
            try await backoff.wait(seconds)
        }
    }

    enum Judgement: Equatable {
        case data(Data)
        case busy(String)
        case failed(String)
    }

    /// What an answer means: map data, a busy server worth asking again, or a failure to report.
    static func judge(_ response: HTTPResponse, json: Bool = false) -> Judgement {
        let body = response.body
        switch response.status {
        case 200: break
        case 429: return .busy("HTTP 429, too many requests")
        case 502, 503, 504: return .busy("HTTP \(response.status)\(response.status == 504 ? ", gateway timeout" : "")")
        case 400:
            return .failed("the query was refused (HTTP 400)\(overpassError(body).map { ": \($0)" } ?? "")")
        default:
            return .failed("HTTP \(response.status)\(overpassError(body).map { ": \($0)" } ?? "")")
        }
        let head = String(decoding: body.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.contains("<html") {
            return .failed("answered an HTML page instead of map data\(overpassError(body).map { " (\($0))" } ?? "")")
        }
        if let remark = remark(body) {
            let lower = remark.lowercased()
            if lower.contains("timed out") || lower.contains("out of memory") || lower.contains("too busy") {
                return .busy("\(remark)")
            }
            if lower.contains("error") { return .failed(remark) }
        }
        // An OSM XML document where JSON was asked (a proxy or mirror answering its own way) is judged as XML below;
        // the reader takes an empty one as nothing there.
        if json, !(head.hasPrefix("<?xml") || head.hasPrefix("<osm")) {
            guard head.hasPrefix("{") else {
                return .failed("the answer is not Overpass JSON (starts with '\(DisplayText.clean(String(head.prefix(40))))')")
            }
            let tail = String(decoding: body.suffix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard tail.hasSuffix("}") else { return .failed("the answer ends before its last '}' (cut short)") }
            return .data(body)
        }
        guard head.hasPrefix("<?xml") || head.hasPrefix("<osm") else {
            // The server's bytes, quoted: cleaned as any text from outside (the fuzzer found controls passed through).
            return .failed("the answer is not OSM XML (starts with '\(DisplayText.clean(String(head.prefix(40))))')")
        }
        let tail = String(decoding: body.suffix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard tail.hasSuffix("</osm>") else { return .failed("the answer ends before </osm> (cut short)") }
        return .data(body)
    }

    /// The text of an Overpass `<remark>` (XML) or `"remark"` (JSON), if any.
    static func remark(_ body: Data) -> String? {
        let text = String(decoding: body.suffix(4096), as: UTF8.self)
        if let start = text.range(of: "<remark>"), let end = text.range(of: "</remark>", range: start.upperBound..<text.endIndex) {
            return clean(String(text[start.upperBound..<end.lowerBound]))
        }
        if let key = text.range(of: "\"remark\"") {
            let rest = text[key.upperBound...].drop { $0 == " " || $0 == ":" }
            guard rest.first == "\"" else { return nil }
            // The string literal up to its closing quote (one not escaped), decoded as JSON.
            var escaped = false
            for index in rest.indices.dropFirst() {
                let character = rest[index]
                if escaped { escaped = false; continue }
                if character == "\\" { escaped = true; continue }
                guard character == "\"" else { continue }
                let literal = String(rest[rest.startIndex...index])
                let decoded = (try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)) as? String
                return clean(decoded ?? literal)
            }
        }
        return nil
    }

    /// The reason in an Overpass HTML error page: `<strong …>Error</strong>: line 1: parse error: …`.
    static func overpassError(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(16_384), as: UTF8.self)
        guard let marker = text.range(of: "Error</strong>:") else { return nil }
        let rest = text[marker.upperBound...]
        let end = rest.range(of: "</p>")?.lowerBound ?? rest.endIndex
        let reason = clean(String(rest[..<end]))
        return reason.isEmpty ? nil : reason
    }

    static func clean(_ text: String) -> String {
        let plain = WikimediaClient.plainText(text)
        return String(plain.prefix(300))
    }

    static func seconds(_ value: TimeInterval) -> String {
        value >= 1 || value == 0 ? "\(Int(value.rounded())) s" : String(format: "%.1f s", value)
    }
}
