import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Writes a response body to a file and returns its file:// URL, for syncing from it.
func responseFile(_ home: URL, _ body: Any, name: String = "response.json") throws -> String {
    let file = home.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: body).write(to: file)
    return file.absoluteString
}

/// The ids `list --json` shows for a collection.
func listedIDs(_ home: URL, collection: String = "campus") async throws -> Set<String> {
    let out = await runArtmap(["list", "--json", "--collection", collection], home: home).out
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(out.utf8))
    return Set(list.buildings.flatMap { $0.artworks.map(\.id) })
}

@Test func aFullSyncOfAnErrorObjectOrOnlyInvalidRecordsRemovesNothingAndFails() async throws {
    let home = try temporaryDirectory()
    let before = try await listedIDs(home)
    #expect(before.count == 31)
    var invalid = try seedRecords()
    for i in invalid.indices { invalid[i]["lat"] = "north-ish" }
    for (body, words) in [(["errors": [], "message": "rate limited"] as [String: Any], "no records under 'artworks'"),
                          (["artworks": invalid], "no valid records (31 skipped")] {
        let result = await runArtmap(["sync", "--full", "--no-images", "--source", try responseFile(home, body)], home: home)
        #expect(result.status == 1, "\(result.out)")
        #expect(result.err.contains(words), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(try await listedIDs(home) == before)
    }
}

@Test func onlyTheKnownClassKeyIsReadNotTheFirstArrayFound() async throws {
    let home = try temporaryDirectory()
    let body: [String: Any] = ["artworks": try seedRecords(), "aaa": []]
    let result = await runArtmap(["sync", "--full", "--no-images", "--source", try responseFile(home, body)], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "synced 31 artworks: 0 new, 0 changed, 0 removed, 0 skipped\n")
    #expect(try await listedIDs(home).count == 31)
}

@Test func aRecordPresentButInvalidIsNotRemovedByAFullSync() async throws {
    let home = try temporaryDirectory()
    var records = try seedRecords()
    let index = try #require(records.firstIndex { $0["id"] == "40" })
    records[index]["lat"] = ""
    let result = await runArtmap(["sync", "--full", "--no-images", "--source", try responseFile(home, ["artworks": records])], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("0 removed, 1 skipped"), "\(result.out)")
    #expect(try await listedIDs(home).contains("40"))
}

@Test func importingAFileWithNoValidRecordsImportsNothing() async throws {
    let home = try temporaryDirectory()
    var invalid = try seedRecords()
    for i in invalid.indices { invalid[i]["long"] = "far" }
    let file = home.appendingPathComponent("bad.json")
    try JSONSerialization.data(withJSONObject: ["artworks": invalid]).write(to: file)
    let result = await runArtmap(["import", file.path, "--collection", "campus"], home: home)
    #expect(result.status == 1)
    #expect(result.err.contains("bad.json: no valid records (31 skipped); nothing was imported"), "\(result.err)")
    #expect(try await listedIDs(home).count == 31)
}

@Test func aRecordDatedInTheFutureNeverPushesTheNextRequestPastToday() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    var records = try seedRecords()
    records[0]["lastModified"] = "2999-12-31 23:59:59"
    try server.setRecords(records)
    let first = await runArtmap(["sync", "--no-images", "--source", server.serviceURL("ignore")], home: home)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.err.contains("warning: 1 record is dated in the future (id \(records[0]["id"] ?? ""): 2999-12-31 23:59:59)"), "\(first.err)")
    _ = await runArtmap(["sync", "--no-images"], home: home)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    let last = try #require(try server.requestLog().last)
    #expect(!last.contains("2999"), "\(last)")
    // Today, or tomorrow if the clock turned midnight between the sync and this line.
    let today = formatter.string(from: Date()), yesterday = formatter.string(from: Date().addingTimeInterval(-86_400))
    #expect(last.hasSuffix("lastUpdate=\(today)") || last.hasSuffix("lastUpdate=\(yesterday)"), "\(last)")
}

@Test func escapeSequencesFromDataNeverReachStderrAndJSONEscapesBidiAndC1() async throws {
    let home = try temporaryDirectory()
    var records = try seedRecords()
    let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J"
    records[0]["id"] = hostile
    records[0]["lat"] = "not a number"
    records[1]["title"] = "a\u{85}b\u{202E}c\u{2067}d\u{9B}e"
    let result = await runArtmap(["sync", "--no-images", "--source", try responseFile(home, ["artworks": records])], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.contains("skipped record 1"), "\(result.err)")
    #expect(!result.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) })
    let json = await runArtmap(["list", "--json"], home: home).out
    #expect(json.contains(#"a\u0085b\u202ec\u2067d\u009be"#), "\(json.prefix(300))")
    #expect(!json.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
    let title = try JSONDecoder().decode(ListJSON.self, from: Data(json.utf8)).buildings.flatMap(\.artworks).first { $0.id == records[1]["id"] }?.title
    #expect(title == "a\u{85}b\u{202E}c\u{2067}d\u{9B}e", "escaped, not lost")
}
