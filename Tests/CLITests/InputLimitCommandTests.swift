import Foundation
import Store
import Testing
import TestSupport
@testable import ArtmapCLI

private func storePath(_ home: URL) -> String { home.appendingPathComponent("data/artmap/artmap.sqlite").path }

@Test func configSetRefusesControlCharactersAndLongValuesSayingWhere() async throws {
    let home = try temporaryDirectory()
    let cases: [(String, String)] = [
        ("https://example.org/\u{1B}[31mnews", "control character (U+001B, ESC) at character 21"),
        ("https://example.org/a\r\nb", "control character (U+000D, carriage return) at character 22"),
        ("https://example.org/\u{202E}txt.exe", "control character (U+202E, a bidi control) at character 21"),
        ("https://example.org/" + String(repeating: "n", count: 130_000), "130020 characters long, more than the 2000 allowed"),
    ]
    for (value, reason) in cases {
        let result = await runArtmap(["config", "set", "news.url", value], home: home)
        #expect(result.status == 2)
        #expect(result.err.contains("news.url: the value has a \(reason)") || result.err.contains("news.url: the value is \(reason)"), "\(result.err)")
        #expect(result.err.contains("nothing was saved"))
        #expect(!result.err.contains("\u{1B}") && !result.err.contains("\u{202E}"))
    }
    #expect(await runArtmap(["config", "get", "news.url"], home: home).out == "\n")
}

@Test func configGetAndListNeverPrintAStoredControlCharacter() async throws {
    let home = try temporaryDirectory()
    #expect(await runArtmap(["config", "set", "units", "metric"], home: home).status == 0)
    // A value saved before values were checked, straight into the store.
    try CatalogStore(path: storePath(home)).setSetting("news.url", "https://x.org/\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}n")
    let get = await runArtmap(["config", "get", "news.url"], home: home)
    #expect(get.status == 0)
    #expect(get.out == "https://x.org/n\n")
    #expect(get.err.contains("news.url's saved value is not valid"))
    let list = await runArtmap(["config", "list"], home: home)
    let line = try #require(list.out.split(separator: "\n").first { $0.hasPrefix("news.url") })
    #expect(line.contains("https://x.org/n (not valid: the value has a control character (U+001B, ESC) at character 15"))
    let json = await runArtmap(["config", "list", "--json"], home: home)
    #expect(json.out.contains(#""news.url":"https://x.org/n""#), "\(json.out)")
    for output in [get.out, list.out, json.out] {
        #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }
}

@Test func hexadecimalAndOtherNonDecimalNumbersAreRefused() async throws {
    let home = try temporaryDirectory()
    for value in ["0x10", "+5", "1e1", "nan", "inf"] {
        let set = await runArtmap(["config", "set", "slideshow.interval", value], home: home)
        #expect(set.status == 2, "\(value) was accepted: \(set.out)")
        #expect(set.err.contains("is not a decimal number"))
    }
    #expect(await runArtmap(["config", "get", "slideshow.interval"], home: home).out == "8\n")
    let route = await runArtmap(["route", "--from", "0x10,5", "--to", "1"], home: home)
    #expect(route.status == 2)
    #expect(route.err.contains("option --from: latitude \"0x10\" is not a decimal number"), "\(route.err)")
    let at = await runArtmap(["list", "--at", "53.4,+2.9"], home: home)
    #expect(at.status == 2)
    #expect(at.err.contains("option --at: longitude \"+2.9\" is not a decimal number"), "\(at.err)")
    let radius = await runArtmap(["list", "--radius", "1e3"], home: home)
    #expect(radius.status == 2)
    let nearest = await runArtmap(["list", "--nearest", "0x10"], home: home)
    #expect(nearest.status == 2)
    #expect(nearest.err.contains("needs a whole number ≥ 1 in decimal digits, got '0x10'"))
}

/// A file of `size` bytes that takes no disk: a hole made with truncate.
private func sparseFile(_ url: URL, size: UInt64, head: String = "") throws {
    FileManager.default.createFile(atPath: url.path, contents: Data(head.utf8))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: size)
    try handle.close()
}

@Test func aLargeGeoJSONFileIsRefusedThroughASymlinkBeforeItIsRead() async throws {
    let home = try temporaryDirectory()
    let big = home.appendingPathComponent("big.data")
    try sparseFile(big, size: 300 * 1_048_576, head: #"{"type":"FeatureCollection","features":["#)
    let link = home.appendingPathComponent("city.geojson")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: big)
    let result = await runArtmap(["import", link.path], home: home)
    #expect(result.status == 1)
    #expect(result.err.contains("city.geojson: the file has 300 MB, more than artmap reads from such a file (256 MB); use an .osm.pbf extract; nothing was imported"), "\(result.err)")
    #expect(try CatalogStore(path: storePath(home)).collectionNames().contains("city") == false)
}

@Test func largeServiceJSONAndPlistFilesAreRefusedBeforeTheyAreRead() async throws {
    let home = try temporaryDirectory()
    let json = home.appendingPathComponent("records.json")
    try sparseFile(json, size: 1_200 * 1_048_576, head: #"{"artworks":["#)
    let result = await runArtmap(["import", json.path], home: home)
    #expect(result.status == 1)
    #expect(result.err.contains("records.json: the file has 1.2 GB, more than artmap reads from such a file (64 MB); split it into smaller files; nothing was imported"), "\(result.err)")
    let plist = home.appendingPathComponent("places.plist")
    try sparseFile(plist, size: 20 * 1_048_576, head: "<?xml version=\"1.0\"?><plist><array>")
    let linked = home.appendingPathComponent("linked.plist")
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: plist)
    for path in [plist.path, linked.path] {
        let places = await runArtmap(["import", path], home: home)
        #expect(places.status == 1)
        #expect(places.err.contains("the file has 20 MB, more than artmap reads from such a file (16 MB)"), "\(places.err)")
    }
}

@Test func aMillionCharacterTitleImportedFromGeoJSONIsStoredCutAndListsAtOnce() async throws {
    let home = try temporaryDirectory()
    let title = String(repeating: "Liver Bird ", count: 91_000)
    let file = home.appendingPathComponent("birds.geojson")
    let feature = #"{"type":"Feature","properties":{"tourism":"artwork","name":"\#(title)"},"geometry":{"type":"Point","coordinates":[-2.9667,53.4063]}}"#
    try Data(#"{"type":"FeatureCollection","features":[\#(feature)]}"#.utf8).write(to: file)
    let imported = await runArtmap(["import", file.path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    let stored = try CatalogStore(path: storePath(home)).artworks(collection: "birds")
    let artwork = try #require(stored.first)
    #expect(artwork.title.count == 300)
    #expect(artwork.title.last == "…")
    let list = await runArtmap(["list", "--collection", "birds", "--at", "53.4063,-2.9667"], home: home)
    #expect(list.status == 0)
    #expect(list.out.contains("Liver Bird Liver Bird"))
    #expect(list.out.utf8.count < 2_000)
}
