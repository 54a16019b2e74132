import Catalog
import Foundation
import Geo
import Store
import Testing
import TestSupport
@testable import ArtmapCLI

/// One line of `notes list --json`.
private struct NoteJSON: Decodable {
    let element, text, state: String
    let latitude, longitude: Double
    let note_id: Int?
    let note_url, last_error: String?
}

/// Two OpenStreetMap artworks in a collection `art` (one without an artist), in a home of their own.
private func notesHome(_ label: String) async throws -> URL {
    let home = try temporaryDirectory(label)
    let first = await runArtmap(["list"], home: home)
    #expect(first.status == 0, "\(first.err)")
    let store = try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
    _ = try store.merge([
        Artwork(id: "node/4417000001", title: "Havis Amanda", artist: "Ville Vallgren", type: "statue",
                coordinate: Coordinate(clampingLatitude: 60.1677226, longitude: 24.9522858), collection: "art"),
        Artwork(id: "node/4417000002", title: "Kolme seppää", coordinate: Coordinate(clampingLatitude: 60.1688, longitude: 24.9404),
                collection: "art"),
    ], into: "art", full: false)
    return home
}

private let token = "T0KEN-abcdefghijklmnop"

private func notes(_ home: URL) async throws -> [NoteJSON] {
    let listed = await runArtmap(["notes", "list", "--json"], home: home)
    #expect(listed.status == 0, "\(listed.err)")
    return try JSONDecoder().decode([NoteJSON].self, from: Data(listed.out.utf8))
}

private func posts(_ server: TestServer) throws -> [[String: Any]] {
    try server.notesLog().filter { $0["method"] as? String == "POST" && ($0["path"] as? String ?? "").hasPrefix("/api/") }
}

@Test func aNoteWrittenOfflineIsQueuedThenSentOnceAtTheArtworkWithTheWordsTheElementAndTheToken() async throws {
    let home = try await notesHome("notes-offline")
    let server = try TestServer(notesAPI: ())
    #expect(await runArtmap(["config", "set", "osm.token", token], home: home).status == 0)
    // Offline: nothing answers on port 9.
    let written = await runArtmap(["note", "node/4417000002", "The artist is Eila Hiltunen\u{1B}[2J", "--api-url", "http://127.0.0.1:9"], home: home)
    #expect(written.status == 0, "\(written.err)")
    #expect(written.out.contains("queued — sent by `artmap notes send` or when the view is next online"), "\(written.out)")
    #expect(try await notes(home).map(\.state) == ["queued"])
    #expect(try server.notesLog().isEmpty)
    let sent = await runArtmap(["notes", "send", "--api-url", server.base], home: home)
    #expect(sent.status == 0, "\(sent.err)")
    #expect(sent.out.contains("sent: note 1000, \(server.base)/note/1000 (node/4417000002)"), "\(sent.out)")
    let log = try server.notesLog()
    // The open notes around it were read first, within ~100 m.
    let look = try #require(log.first)
    #expect(look["method"] as? String == "GET" && look["path"] as? String == "/api/0.6/notes.json")
    let bbox = try #require((look["form"] as? [String: String])?["bbox"]).split(separator: ",").compactMap { Double($0) }
    try #require(bbox.count == 4)
    #expect(Geodesic.distance(from: Coordinate(clampingLatitude: bbox[1], longitude: 24.9404), to: Coordinate(clampingLatitude: 60.1688, longitude: 24.9404)) < 110)
    #expect((look["form"] as? [String: String])?["closed"] == "0")
    let posted = try posts(server)
    try #require(posted.count == 1)
    let form = try #require(posted[0]["form"] as? [String: String])
    #expect(form["lat"] == "60.1688000" && form["lon"] == "24.9404000")
    #expect(form["text"] == "The artist is Eila Hiltunen [2J\n\nnode/4417000002 https://www.openstreetmap.org/node/4417000002\n#artmap")
    #expect(posted[0]["authorization"] as? String == "Bearer \(token)")
    #expect((posted[0]["ua"] as? String ?? "").hasPrefix("artmap/"))
    // Sent once: a second send posts nothing.
    let again = await runArtmap(["notes", "send", "--api-url", server.base], home: home)
    #expect(again.status == 0 && again.out.contains("no notes waiting"), "\(again.out)")
    #expect(try posts(server).count == 1)
    let listed = try await notes(home)
    #expect(listed.count == 1 && listed[0].state == "sent" && listed[0].note_id == 1000 && listed[0].note_url == "\(server.base)/note/1000")
    // One note an element a day.
    let twice = await runArtmap(["note", "node/4417000002", "again", "--api-url", server.base], home: home)
    #expect(twice.status != 0 && twice.err.contains("already has a note from today"), "\(twice.err)")
}

@Test func aNoteForAnElementWithAnOpenNoteNamingItIsHeldWithThatNotesNumber() async throws {
    let home = try await notesHome("notes-held")
    let server = try TestServer(notesAPI: ())
    try server.addOpenNotes([["id": 77, "lat": 60.16775, "lon": 24.95231, "text": "Statue moved? https://www.openstreetmap.org/node/4417000001"],
                             ["id": 78, "lat": 60.16775, "lon": 24.95231, "text": "about node/44170000019, another"]])
    #expect(await runArtmap(["config", "set", "osm.token", token], home: home).status == 0)
    let written = await runArtmap(["note", "node/4417000001", "It was moved to the harbour", "--api-url", server.base], home: home)
    #expect(written.status == 0, "\(written.err)")
    #expect(written.out.contains("already reported: note 77, \(server.base)/note/77"), "\(written.out)")
    #expect(try posts(server).isEmpty)
    let listed = try await notes(home)
    #expect(listed.map(\.state) == ["held"] && listed[0].note_id == 77)
    #expect(listed[0].last_error == "already reported: note 77, \(server.base)/note/77")
}

@Test func badAnswersKeepTheNoteQueuedWithAClearMessageAndNothingSentTwice() async throws {
    let home = try await notesHome("notes-bad")
    let server = try TestServer(notesAPI: ())
    #expect(await runArtmap(["config", "set", "osm.token", token], home: home).status == 0)
    #expect(await runArtmap(["note", "node/4417000001", "No year", "--offline"], home: home).status == 0)
    let cases: [([String], String)] = [
        (["400"], "HTTP 400: No text was given"), (["ok", "403"], "the token (osm.token) was refused"),
        (["ok", "429:30"], "HTTP 429, try again after 30 s"), (["500"], "HTTP 500"), (["ok", "html"], "answered an HTML page"),
    ]
    for (script, message) in cases {
        try server.scriptNotes(script)
        let sent = await runArtmap(["notes", "send", "--api-url", server.base], home: home)
        #expect(sent.status == 1, "\(script): \(sent.out)")
        #expect(sent.err.contains(message) && sent.err.contains("queued — sent by"), "\(script): \(sent.err)")
        let listed = try await notes(home)
        #expect(listed.map(\.state) == ["queued"], "\(script)")
        #expect(listed.first?.last_error?.contains(message) == true, "\(script): \(listed.first?.last_error ?? "")")
    }
    // The html answer came to a POST: the stand-in made no note for any of them, and the next send makes one.
    let sent = await runArtmap(["notes", "send", "--api-url", server.base], home: home)
    #expect(sent.status == 0, "\(sent.err)")
    #expect(try await notes(home).map(\.state) == ["sent"])
}

@Test func withoutATokenANoteIsQueuedAndSentOnlyWhenAskedAnonymously() async throws {
    let home = try await notesHome("notes-anonymous")
    let server = try TestServer(notesAPI: ())
    let written = await runArtmap(["note", "node/4417000001", String(repeating: "long ", count: 500), "--api-url", server.base], home: home)
    #expect(written.status == 0, "\(written.err)")
    #expect(written.err.contains("cut to fit") && written.err.contains("artmap notes login"), "\(written.err)")
    #expect(try server.notesLog().isEmpty)
    let refused = await runArtmap(["notes", "send", "--api-url", server.base], home: home)
    #expect(refused.status != 0 && refused.err.contains("--anonymous"), "\(refused.err)")
    let sent = await runArtmap(["notes", "send", "--anonymous", "--api-url", server.base], home: home)
    #expect(sent.status == 0, "\(sent.err)")
    let posted = try posts(server)
    try #require(posted.count == 1)
    #expect(posted[0]["authorization"] is NSNull || posted[0]["authorization"] == nil)
    #expect(((posted[0]["form"] as? [String: String])?["text"] ?? "").count == 2000)
    // No words, no note; a campus artwork is not an OpenStreetMap element.
    let empty = await runArtmap(["note", "node/4417000002", " \u{7} "], home: home)
    #expect(empty.status == 2 && empty.err.contains("never sent without them"), "\(empty.err)")
    let campus = await runArtmap(["note", "40", "wrong title", "--collection", "campus"], home: home)
    #expect(campus.status != 0 && campus.err.contains("not an OpenStreetMap element"), "\(campus.err)")
}

@Test func twoSendsAtOnceSendEachNoteOnce() async throws {
    let home = try await notesHome("notes-race")
    let server = try TestServer(notesAPI: ())
    #expect(await runArtmap(["config", "set", "osm.token", token], home: home).status == 0)
    #expect(await runArtmap(["note", "node/4417000001", "No year", "--offline"], home: home).status == 0)
    #expect(await runArtmap(["note", "node/4417000002", "No artist", "--offline"], home: home).status == 0)
    var environment = binaryEnvironment(home: home)
    environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
    environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
    let runs = try (0..<2).map { i in try startBinary(["notes", "send", "--api-url", server.base], environment: environment, label: "send\(i)") }
    for (process, _, _) in runs { process.waitUntilExit() }
    for (process, _, errURL) in runs {
        #expect(process.terminationStatus == 0, "\((try? String(contentsOf: errURL, encoding: .utf8)) ?? "")")
    }
    let texts = try posts(server).compactMap { ($0["form"] as? [String: String])?["text"] }
    #expect(texts.count == 2, "\(texts)")
    #expect(Set(texts.map { $0.contains("node/4417000001") }) == [true, false])
    #expect(try await notes(home).map(\.state) == ["sent", "sent"])
}

@Test func loginPrintsAnAuthorizeURLWithPKCEAndSavesTheTokenInAFileOnlyItsOwnerReads() async throws {
    let home = try await notesHome("notes-login")
    let server = try TestServer(notesAPI: ())
    try server.setOAuth(code: "pasted-code-1", token: "the-new-token-0123456789")
    let refused = await runArtmap(["notes", "login", "--api-url", server.base], home: home)
    #expect(refused.status != 0 && refused.err.contains("osm.client-id"), "\(refused.err)")
    #expect(await runArtmap(["config", "set", "osm.client-id", "artmap-test"], home: home).status == 0)
    let process = Process()
    process.executableURL = builtArtmap()
    process.arguments = ["notes", "login", "--api-url", server.base]
    var environment = binaryEnvironment(home: home)
    environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
    process.environment = environment
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data("pasted-code-1\n".utf8))
    try input.fileHandleForWriting.close()
    let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(err)")
    let link = try #require(out.split(separator: "\n").first { $0.hasPrefix("\(server.base)/oauth2/authorize?") })
    let items = URLComponents(string: String(link))?.queryItems ?? []
    func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
    #expect(item("response_type") == "code" && item("client_id") == "artmap-test" && item("scope") == "write_notes")
    #expect(item("redirect_uri") == "urn:ietf:wg:oauth:2.0:oob" && item("code_challenge_method") == "S256")
    let exchange = try #require(try server.notesLog().first { $0["path"] as? String == "/oauth2/token" })
    // The challenge in the link is SHA-256 of the verifier posted, as the stand-in computes it with hashlib.
    #expect(exchange["verifier_challenge"] as? String == item("code_challenge"))
    #expect((exchange["form"] as? [String: String])?["redirect_uri"] == "urn:ietf:wg:oauth:2.0:oob")
    let config = home.appendingPathComponent(".config/artmap/config")
    let attributes = try FileManager.default.attributesOfItem(atPath: config.path)
    #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o777 == 0o600)
    #expect(try String(contentsOf: config, encoding: .utf8).contains("osm.token = the-new-token-0123456789"))
    let listed = await runArtmap(["config", "list"], home: home)
    #expect(!listed.out.contains("the-new-token") && listed.out.contains("osm.token") && listed.out.contains("••••••••6789"), "\(listed.out)")
    let json = await runArtmap(["config", "list", "--json"], home: home)
    #expect(!json.out.contains("the-new-token"))
    #expect(!(await runArtmap(["config", "get", "osm.token"], home: home)).out.contains("the-new-token"))
}

/// The attack on issue 47: `--anonymous` sends no token even when one is saved; a 429 (or any refusal of every note
/// for now) leaves the rest of the queue unasked; the open notes read without a token never blame the token.
@Test func anonymousMeansNoTokenAndASlowDownStopsTheRestOfTheQueue() async throws {
    let home = try await notesHome("notes-anonymous-token")
    let server = try TestServer(notesAPI: ())
    #expect(await runArtmap(["config", "set", "osm.token", token], home: home).status == 0)
    let anonymous = await runArtmap(["note", "node/4417000001", "Sent without my account", "--anonymous", "--api-url", server.base], home: home)
    #expect(anonymous.status == 0 && anonymous.out.contains("sent: note"), "\(anonymous.out) \(anonymous.err)")
    let posted = try posts(server)
    try #require(posted.count == 1)
    #expect(posted[0]["authorization"] is NSNull || posted[0]["authorization"] == nil, "\(posted[0])")
    // Two notes queued; OpenStreetMap says slow down to the first: the second is not asked.
    #expect(await runArtmap(["note", "node/4417000002", "No artist", "--offline"], home: home).status == 0)
    let store = try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
    _ = try store.merge([Artwork(id: "node/4417000003", title: "Third", coordinate: Coordinate(clampingLatitude: 60.17, longitude: 24.94),
                                 collection: "art")], into: "art", full: false)
    #expect(await runArtmap(["note", "node/4417000003", "No year", "--offline"], home: home).status == 0)
    let before = try server.notesLog().count
    try server.scriptNotes(["429:60"])
    let slowed = await runArtmap(["notes", "send", "--api-url", server.base], home: home)
    #expect(slowed.status == 1 && slowed.err.contains("HTTP 429, try again after 60 s"), "\(slowed.err)")
    #expect(try server.notesLog().count - before == 1, "one request, then the queue waits")
    #expect(try await notes(home).filter { $0.state == "queued" }.count == 2)
    // Reading the open notes carries no token: a 403 there is not the token's fault.
    try server.scriptNotes(["403"])
    let refused = await runArtmap(["notes", "send", "--api-url", server.base], home: home)
    #expect(refused.err.contains("HTTP 403") && !refused.err.contains("token (osm.token) was refused"), "\(refused.err)")
}
