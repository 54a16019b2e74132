import Foundation
import Testing
import TestSupport

/// Issue 45 item 5: config, favourites, painters and map declare their subcommands; the words typed are checked
/// against that list, with one wording, before anything is opened.
@Test func subcommandsAreCheckedAgainstTheirDeclarations() async throws {
    let home = try temporaryDirectory("subcommands")
    let unknown = await runArtmap(["config", "lst"], home: home)
    #expect(unknown.status == 2 && unknown.err.contains("config knows list, get and set, not 'lst'") && unknown.err.contains("list"), "\(unknown.err)")
    let missing = await runArtmap(["config", "set", "units"], home: home)
    #expect(missing.status == 2 && missing.err.contains("config set needs KEY VALUE"), "\(missing.err)")
    let extra = await runArtmap(["favourites", "list", "x"], home: home)
    #expect(extra.status == 2 && extra.err.contains("favourites list takes nothing after 'list'"), "\(extra.err)")
    let blank = await runArtmap(["painters", "add", "  "], home: home)
    #expect(blank.status == 2 && blank.err.contains("painters add needs NAME"), "\(blank.err)")
    let evict = await runArtmap(["map", "evict", "osm"], home: home)
    #expect(evict.status == 2 && evict.err.contains("map evict takes nothing after 'evict'"), "\(evict.err)")
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("data/artmap/artmap.sqlite").path),
            "a mistyped subcommand opens no store")
    let listed = await runArtmap(["config"], home: home)
    #expect(listed.status == 0 && listed.out.contains("walk.speed"), "no word is the default, list")
    let help = await runArtmap(["favourites", "--help"], home: home)
    #expect(help.out.contains("artmap favourites add ID") && help.out.contains("artmap favourites [list]"), "\(help.out)")
}
