import Catalog
import Foundation

/// One OpenStreetMap note as the API's GeoJSON gives it: its number, where it is, whether it is open, and the
/// text of each comment (the first is the one that opened it).
public struct OSMNote: Sendable, Equatable {
    public let id: Int64
    /// The API's own address for it (`…/api/0.6/notes/123`).
    public let apiURL: String
    public let status: String
    public let latitude: Double
    public let longitude: Double
    public let comments: [String]

    public init(id: Int64, apiURL: String, status: String, latitude: Double, longitude: Double, comments: [String]) {
        self.id = id
        self.apiURL = apiURL
        self.status = status
        self.latitude = latitude
        self.longitude = longitude
        self.comments = comments
    }
}

/// OpenStreetMap's notes API (issue 47): the open notes around a point (`GET /api/0.6/notes.json?bbox=…&closed=0`),
/// a new note (`POST /api/0.6/notes.json`, form lat, lon, text, with `Authorization: Bearer` when a token is set),
/// and OAuth 2.0's token exchange for `artmap notes login`. The GeoJSON answers are read with the project's strict
/// `JSONValue` (docs/DECISIONS.md: why JSON, not the XML). Every failure is a `SyncError` a person can act on; none
/// is retried here: the note stays queued and the next send tries again.
public struct OSMNotesClient: Sendable {
    /// The API's base, `https://api.openstreetmap.org` (setting osm.api-url).
    public let base: URL
    /// The OAuth 2.0 bearer token (setting osm.token), nil for an anonymous note.
    public let token: String?
    private let http: HTTPClient
    /// The largest answer read: a list of 100 notes with their comments is well under it.
    public static let maxBytes = 4 * 1_048_576
    /// OAuth 2.0's out-of-band redirect: the authorize page shows the code for the person to paste.
    public static let outOfBandRedirect = "urn:ietf:wg:oauth:2.0:oob"
    /// The scope a note needs.
    public static let scope = "write_notes"

    public init(base: URL, http: HTTPClient, token: String?) {
        self.base = base
        self.http = http
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
    }

    private var root: String { base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString }
    private var shown: String { "OpenStreetMap (\(root))" }

    /// Where a person reads a note: osm.org's page for the main API, else the API's host's `/note/N`.
    public func pageURL(_ id: Int64) -> String { "\(webRoot)/note/\(id)" }

    /// The site beside the API: www.openstreetmap.org for api.openstreetmap.org (its OAuth pages and note pages are
    /// there), else the API's own base (a test's stand-in, a development server).
    public var webRoot: String {
        base.host?.lowercased() == "api.openstreetmap.org" ? "https://www.openstreetmap.org" : root
    }

    /// The open notes within `metres` of a point (a box around it), as the API lists them (at most 100).
    public func openNotes(latitude: Double, longitude: Double, metres: Double = 100) async throws -> [OSMNote] {
        let dLat = metres / 111_320
        let dLon = metres / (111_320 * max(0.01, cos(latitude * .pi / 180)))
        let box = [longitude - dLon, latitude - dLat, longitude + dLon, latitude + dLat].map { String(format: "%.6f", $0) }
        guard let url = URL(string: "\(root)/api/0.6/notes.json?bbox=\(box.joined(separator: ","))&closed=0") else {
            throw SyncError(url: root, "\(shown): cannot make the notes URL")
        }
        let response = try await http.get(url, maxBytes: Self.maxBytes, timeout: 30, accept: "application/json")
        try check(response, doing: "reading the open notes", carriedToken: false)
        let value = try json(response.body)
        guard case .array(let features)? = value["features"] else {
            throw SyncError(url: nil, "\(shown): the open notes are not a GeoJSON FeatureCollection")
        }
        return features.compactMap(Self.note)
    }

    /// Posts a new note; the note OpenStreetMap made.
    public func create(latitude: Double, longitude: Double, text: String) async throws -> OSMNote {
        guard let url = URL(string: "\(root)/api/0.6/notes.json") else { throw SyncError(url: root, "\(shown): cannot make the notes URL") }
        let form = [("lat", String(format: "%.7f", latitude)), ("lon", String(format: "%.7f", longitude)), ("text", text)]
        let headers = token.map { ["Authorization: Bearer \($0)"] } ?? []
        let response = try await http.post(url, form: form, headers: headers, maxBytes: Self.maxBytes, timeout: 30, accept: "application/json")
        try check(response, doing: "posting the note", carriedToken: token != nil)
        guard let note = Self.note(try json(response.body)) else {
            throw SyncError(url: nil, "\(shown): the answer to the note is not a note (no id); it may or may not have been made — see \(webRoot)")
        }
        return note
    }

    /// The page where a person lets artmap post notes: OAuth 2.0 with PKCE (S256) and the out-of-band redirect.
    public func authorizeURL(clientID: String, pkce: PKCE) -> String {
        let query = CurlHTTPClient.formEncoded([("response_type", "code"), ("client_id", clientID), ("redirect_uri", Self.outOfBandRedirect),
                                                ("scope", Self.scope), ("code_challenge", pkce.challenge), ("code_challenge_method", "S256")])
        return "\(webRoot)/oauth2/authorize?\(query)"
    }

    /// The code the person pasted, exchanged for a token (`POST /oauth2/token`).
    public func exchange(code: String, clientID: String, pkce: PKCE) async throws -> String {
        guard let url = URL(string: "\(webRoot)/oauth2/token") else { throw SyncError(url: webRoot, "cannot make the token URL") }
        let form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.outOfBandRedirect),
                    ("client_id", clientID), ("code_verifier", pkce.verifier)]
        let response = try await http.post(url, form: form, headers: [], maxBytes: 65_536, timeout: 30, accept: "application/json")
        let value = try? JSONValue.parse(response.body)
        guard response.status == 200 else {
            var reason = "HTTP \(response.status)"
            if case .string(let error)? = value?["error"] { reason += ", \(DisplayText.clean(error))" }
            if case .string(let text)? = value?["error_description"] { reason += ": \(DisplayText.clean(String(text.prefix(200))))" }
            throw SyncError(url: nil, "\(webRoot) refused the code (\(reason)); run artmap notes login again and paste the new code")
        }
        guard case .string(let token)? = value?["access_token"], !token.isEmpty,
              token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw SyncError(url: nil, "\(webRoot) answered the code without a usable access_token")
        }
        return token
    }

    /// Throws the reason a person can act on for an answer that is not a note or list of notes (the status kept in
    /// the error: a 400 refuses this note, anything else every note for now). What becomes of the note is the
    /// outbox's to say.
    private func check(_ response: HTTPResponse, doing what: String, carriedToken: Bool) throws {
        let head = String(decoding: response.body.prefix(300), as: UTF8.self)
        let text = DisplayText.clean(head.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
        // An HTML page (a login page, a proxy's): said so by its type, or starting with a tag where JSON starts with {.
        let html = response.contentType.lowercased().contains("html") || head.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<")
        let message: String
        switch response.status {
        case 200:
            if html { throw SyncError(url: nil, "\(shown) answered an HTML page while \(what), not the API (a login page or a proxy?)") }
            return
        case 400:
            message = "\(shown) refused \(what) (HTTP 400\(text.isEmpty || html ? "" : ": \(text)"))"
        case 401, 403:
            // Only a request that carried the token can have had it refused.
            let why = !carriedToken ? (token == nil ? "anonymous notes are refused; run artmap notes login" : "the API refuses this for now")
                : "the token (osm.token) was refused; run artmap notes login for a new one"
            message = "\(shown) refused \(what) (HTTP \(response.status)): \(why)"
        case 429:
            let after = response.retryAfter.map { ", try again after \($0) s" } ?? ""
            message = "\(shown) asks artmap to slow down (HTTP 429\(after))"
        default:
            message = "\(shown) failed while \(what) (HTTP \(response.status)\(html ? ", an HTML page" : ""))"
        }
        var error = SyncError(url: nil, message)
        error.httpStatus = response.status
        throw error
    }

    private func json(_ body: Data) throws -> JSONValue {
        do {
            return try JSONValue.parse(body)
        } catch {
            throw SyncError(url: nil, "\(shown): the answer is not valid JSON")
        }
    }

    /// A GeoJSON Feature of a note, nil when it lacks an id or a point.
    static func note(_ feature: JSONValue) -> OSMNote? {
        guard let properties = feature["properties"], case .number(let number)? = properties["id"], number >= 1, number < 9e15, number == number.rounded() else { return nil }
        var latitude = Double.nan, longitude = Double.nan
        if case .array(let point)? = feature["geometry"]?["coordinates"], point.count == 2,
           case .number(let lon) = point[0], case .number(let lat) = point[1] {
            latitude = lat
            longitude = lon
        }
        var comments: [String] = []
        if case .array(let list)? = properties["comments"] {
            for comment in list {
                if case .string(let text)? = comment["text"] { comments.append(text) }
            }
        }
        var url = "", status = ""
        if case .string(let value)? = properties["url"] { url = value }
        if case .string(let value)? = properties["status"] { status = value }
        return OSMNote(id: Int64(number), apiURL: url, status: status, latitude: latitude, longitude: longitude, comments: comments)
    }
}

fileprivate extension JSONValue {
    /// An object's member, nil for anything else.
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}
