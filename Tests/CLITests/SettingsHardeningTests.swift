import Foundation
import Testing
import TestSupport

/// Issue 43 items 2, 4 and 14: settings hand-edited out of range, options at their extremes, and walks too long to
/// order are answered with a message, never a signal. The real binary runs them, so a trap fails only its test.
private func writeSettings(_ lines: [String], home: URL) throws {
    let folder = home.appendingPathComponent(".config/artmap")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
}

private func helsinki(_ label: String) throws -> URL {
    let home = try temporaryDirectory(label)
    let imported = try runArtmapBinary(["import", repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path], home: home)
    #expect(imported.status == 0, "\(imported.output)")
    return home
}

@Test func aZeroWalkSpeedInTheSettingsFileIsNamedAndTheDefaultWalked() throws {
    let home = try helsinki("walk-speed-zero")
    try writeSettings(["walk.speed = 0", "walk.stay = 99999999999999999999"], home: home)
    let run = try runArtmapBinary(["walk", "--from", "60.1699,24.9449", "--stops", "3", "--json"], home: home)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("artmap: setting walk.speed = 0 is not valid (0 is outside 1…10 km/h): 4.5 is used"), "\(run.output)")
    #expect(run.output.contains("setting walk.stay = 99999999999999999999 is not valid"), "\(run.output)")
    #expect(run.output.contains("\"stay_s\":540"), "3 stops of the default 3 minutes: \(run.output)")
}

@Test func walkOptionsAtTheirExtremesAreRefusedWithTheirRange() async throws {
    let home = try temporaryDirectory("walk-extremes")
    let tiny = await runArtmap(["walk", "--speed", "0.0000000000001"], home: home)
    #expect(tiny.status == 2 && tiny.err.contains("option --speed needs km/h from 1 to 10"), "\(tiny.err)")
    let stops = await runArtmap(["walk", "--stops", "51"], home: home)
    #expect(stops.status == 2 && stops.err.contains("option --stops needs a whole number from 1 to 50"), "\(stops.err)")
    let minutes = await runArtmap(["walk", "--minutes", "100000000000000000000"], home: home)
    #expect(minutes.status == 2 && minutes.err.contains("option --minutes needs minutes from 1 to 1440"), "\(minutes.err)")
    let replay = await runArtmap(["watch", "--gpx", "x.gpx", "--speed", "0.001"], home: home)
    #expect(replay.status == 2 && replay.err.contains("option --speed needs a factor from 0.01 to 1000"), "\(replay.err)")
}

@Test func repeatedWalkIdsAreOneStopAndMoreThanFiftyAreRefused() async throws {
    let home = try helsinki("walk-ids")
    let listed = try runArtmapBinary(["list", "--at", "60.1699,24.9449", "--json"], home: home)
    struct Listing: Decodable { struct Building: Decodable { let artworks: [Art] }; struct Art: Decodable { let id: String }; let buildings: [Building] }
    let ids = try JSONDecoder().decode(Listing.self, from: Data(listed.output.utf8)).buildings.flatMap(\.artworks).map(\.id)
    try #require(ids.count > 51, "the Helsinki extract has more artworks than a walk takes")
    let repeated = try runArtmapBinary(["walk", "--from", "60.1699,24.9449", "--ids", Array(repeating: ids[0], count: 1300).joined(separator: ","), "--json"], home: home)
    #expect(repeated.status == 0, "\(repeated.output)")
    #expect(repeated.output.components(separatedBy: "\"id\":\"\(ids[0])\"").count - 1 == 1, "1,300 copies of one id are one stop: \(repeated.output)")
    let tooMany = try runArtmapBinary(["walk", "--from", "60.1699,24.9449", "--ids", ids.prefix(51).joined(separator: ",")], home: home)
    #expect(tooMany.status == 2 && tooMany.output.contains("a walk takes at most 50 stops; --ids names 51 artworks"), "\(tooMany.output)")
}

@Test func aHugeMaxAgeDaysIsNamedAndMapEvictRuns() throws {
    let home = try temporaryDirectory("max-age-days")
    try writeSettings(["osm.max-age-days = 99999999999999999999999999"], home: home)
    let run = try runArtmapBinary(["map", "evict"], home: home)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("osm.max-age-days = 99999999999999999999999999 is not valid"), "\(run.output)")
}
