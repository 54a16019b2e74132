import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

private func writeCSV(_ home: URL, _ name: String) throws -> URL {
    let file = home.appendingPathComponent(name)
    try "id,title,latitude,longitude\na1,Bronze Hare,53.4066,-2.9665\n".write(to: file, atomically: true, encoding: .utf8)
    return file
}

/// Issue 43, item 10: importing into the campus needs --replace; without it the campus and its favourites stay.
@Test(arguments: ["campus", "CAMPUS", "osm", "rijksmuseum"])
func importIntoAReservedCollectionNeedsReplace(_ name: String) async throws {
    let home = try temporaryDirectory("reserved-collection")
    let file = try writeCSV(home, "art.csv")
    #expect(await runArtmap(["favourites", "add", "40"], home: home).status == 0)
    let refused = await runArtmap(["import", file.path, "--collection", name], home: home)
    #expect(refused.status == 2)
    #expect(refused.err.contains("'\(name.lowercased() == "campus" ? "campus" : name)' is artmap's own collection ("), "\(refused.err)")
    #expect(refused.err.contains("importing into it would replace them and drop their favourites; give --replace to do that, or another --collection name"), "\(refused.err)")
    let favourites = await runArtmap(["favourites", "list"], home: home)
    #expect(favourites.out.contains("40"), "the favourite stays: \(favourites.out)")
    let list = await runArtmap(["list", "--collection", "campus", "--json"], home: home)
    #expect(!list.out.contains("Bronze Hare") && list.out.contains("\"id\":\"40\""))
}

/// With --replace, the import does what it says.
@Test func replaceImportsIntoTheCampus() async throws {
    let home = try temporaryDirectory("reserved-replace")
    let file = try writeCSV(home, "art.csv")
    let replaced = await runArtmap(["import", file.path, "--collection", "campus", "--replace"], home: home)
    #expect(replaced.status == 0 && replaced.out.contains("into 'campus'"), "\(replaced.out)\(replaced.err)")
    let list = await runArtmap(["list", "--collection", "campus", "--json"], home: home)
    #expect(list.out.contains("Bronze Hare") && !list.out.contains("\"id\":\"40\""), "\(list.out)")
}

/// A name that is not a plain word is refused, saying what a name may hold; a file's name is made one.
@Test func collectionNamesArePlainWords() async throws {
    let home = try temporaryDirectory("plain-names")
    let file = try writeCSV(home, "art.csv")
    for bad in ["two words", "../up", "a/b", "bell\u{7}", "\u{202E}evil"] {
        let refused = await runArtmap(["import", file.path, "--collection", bad], home: home)
        #expect(refused.status == 2, "\(bad): \(refused.out)")
        #expect(refused.err.contains("is not a plain word: use letters, digits, - and _"), "\(refused.err)")
        #expect(!refused.err.unicodeScalars.contains { $0.value == 7 || $0.value == 0x202E })
    }
    let hinted = await runArtmap(["import", file.path, "--collection", "two words"], home: home)
    #expect(hinted.err.contains("the collection name 'two words' is not a plain word: use letters, digits, - and _ (for example 'two-words')"), "\(hinted.err)")
    for good in ["harbour_2", "Zürich-art"] {
        let imported = await runArtmap(["import", file.path, "--collection", good], home: home)
        #expect(imported.status == 0, "\(good): \(imported.err)")
    }
    let spaced = try writeCSV(home, "Saved Places (2).csv")
    let derived = await runArtmap(["import", spaced.path], home: home)
    #expect(derived.status == 0 && derived.out.contains("into 'saved-places-2'"), "\(derived.out)\(derived.err)")
}
