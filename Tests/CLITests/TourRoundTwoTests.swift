import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Issue 36, item 2: bare `artmap map` lists, as its usage (`artmap map [list]`) says.
@Test func bareMapListsTheBaseLayers() async throws {
    let home = try temporaryDirectory("tour2-map")
    let bare = await runArtmap(["map"], home: home)
    #expect(bare.status == 0, "\(bare.err)")
    #expect(bare.out == (await runArtmap(["map", "list"], home: home)).out)
    #expect(await runArtmap(["map", "list", "extra"], home: home).status == 2, "list still takes no SOURCE")
}

/// Issue 36, item 9: a mistyped option value is the same error whether the view starts or its list is printed
/// instead (output piped): `--pixels sixels` exited 0 when piped.
@Test func aMistypedPixelsIsRefusedWhenPipedToo() async throws {
    let result = await runArtmap(["--pixels", "sixels"], home: try temporaryDirectory("tour2-pixels"))
    #expect(result.status == 2, "\(result.out)\(result.err)")
    #expect(result.err.contains("option --pixels must be auto, kitty, sixel, iterm or cells, got 'sixels'"))
    #expect(result.out.isEmpty)
}

/// Issue 36, item 10: a place from the map is printed at the precision the map holds (1e-7°), not through the
/// R-tree's 32-bit floats ("lat":43.7311954498291).
@Test func aPlaceFromTheMapHasNoFloatNoise() async throws {
    let home = try temporaryDirectory("tour2-place")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    #expect(await runArtmap(["import", extract], home: home).status == 0)
    let result = await runArtmap(["place", "Aleksanterinkatu", "--json", "--offline"], home: home)
    #expect(result.status == 0, "\(result.err)")
    let places = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    let street = try #require(places.first { ($0["name"] as? String) == "Aleksanterinkatu" }, "\(result.out)")
    for key in ["lat", "lon"] {
        let text = try #require(result.out.range(of: "\"\(key)\":[0-9.]+", options: .regularExpression).map { String(result.out[$0]) })
        let decimals = text.split(separator: ".").last?.count ?? 0
        #expect(decimals <= 7, "\(text)")
    }
    #expect(abs((street["lat"] as? Double ?? 0) - 60.169) < 0.01)
}

/// Issue 36, item 3: messages are artmap's own sentences with the system's reason after them, never Foundation's
/// "The operation could not be completed. …".
@Test func systemReasonsAreSaidInArtmapsWords() async throws {
    let home = try temporaryDirectory("tour2-words")
    let script = home.appendingPathComponent("install.sh")
    try "#!/bin/sh\necho hello\n".write(to: script, atomically: true, encoding: .utf8)
    let imported = await runArtmap(["import", script.path], home: home)
    #expect(imported.status == 1, "\(imported.err)")
    #expect(imported.err.contains("not a readable property list (the data is not in the format expected)"), "\(imported.err)")
    // A service in a file whose images are not there: the reason is the system's, named.
    let seed = repositoryRoot.appendingPathComponent("Resources/seed/campus-artworks.json")
    let synced = await runArtmap(["sync", "--source", seed.absoluteString, "--image-base", home.appendingPathComponent("none/").absoluteString], home: home)
    #expect(synced.status == 0, "\(synced.err)")
    #expect(synced.out.contains("0 images cached, 31 failed"), "\(synced.out)")
    #expect(synced.err.contains("cannot read the file: no such file or directory (ENOENT)"), "\(synced.err)")
    for text in [imported.err, synced.out, synced.err] {
        #expect(!text.contains("The operation could not be completed"), "\(text)")
    }
}
