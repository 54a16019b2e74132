import Foundation
import Testing
import TestSupport

/// Issue 32 item 4: the settings `walk.speed` and `walk.stay` are the defaults of `artmap walk` (and the view's).
@Test func walkSpeedAndStayAreSettings() async throws {
    let home = try temporaryDirectory("walk-settings")
    let imported = await runArtmap(["import", repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    struct Shape: Decodable { let total_m, walking_s, stay_s: Double; let stops: [Stop]; struct Stop: Decodable { let id: String } }
    func walk(_ extra: [String] = []) async throws -> Shape {
        let run = await runArtmap(["walk", "--from", "60.1699,24.9449", "--stops", "3", "--json"] + extra, home: home)
        #expect(run.status == 0, "\(run.err)")
        return try JSONDecoder().decode(Shape.self, from: Data(run.out.utf8))
    }
    let plain = try await walk()
    #expect(abs(plain.walking_s - plain.total_m / (4.5 / 3.6)) < 1 && plain.stay_s == 3 * 3 * 60)
    #expect(await runArtmap(["config", "set", "walk.speed", "3.6"], home: home).status == 0)
    #expect(await runArtmap(["config", "set", "walk.stay", "5"], home: home).status == 0)
    let set = try await walk()
    #expect(abs(set.walking_s - set.total_m) < 1 && set.stay_s == 3 * 5 * 60, "1 m/s and 5 min a stop")
    let given = try await walk(["--speed", "7.2", "--stay", "0"])
    #expect(abs(given.walking_s - given.total_m / 2) < 1 && given.stay_s == 0, "the options win over the settings")
    let refused = await runArtmap(["config", "set", "walk.speed", "40"], home: home)
    #expect(refused.status != 0 && refused.err.contains("outside 1…10 km/h"), "\(refused.err)")
}
