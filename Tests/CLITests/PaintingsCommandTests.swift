import Foundation
import Imaging
import Store
import Testing
import TestSupport

/// The museum stand-in, serving a real JPEG for every image.
private func museum(_ home: URL) throws -> TestServer {
    let image = home.appendingPathComponent("painting.jpg")
    try Data(try quadrantJPEG(width: 120, height: 90)).write(to: image)
    return try TestServer(rijksmuseumImage: image)
}

@Test func addingAPainterFillsTheCollectionPageByPageWithSizedImages() async throws {
    let home = try temporaryDirectory()
    let server = try museum(home)
    let result = await runArtmap(["painters", "add", "Rembrandt van Rijn", "--rijks-base", server.base], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("added Rembrandt van Rijn: 230 paintings (230 new, 0 changed), 0 skipped; 230 images cached"))
    let store = try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
    let paintings = try store.artworks(collection: "rijksmuseum")
    #expect(paintings.count == 230)
    let nightWatch = try #require(paintings.first { $0.id == "SK-C-5" })
    #expect(nightWatch.title == "The Night Watch")
    #expect(nightWatch.artist == "Rembrandt van Rijn")
    #expect(nightWatch.year == "1642")
    #expect(nightWatch.building == "Night Watch Gallery")
    #expect(nightWatch.information.contains("oil on canvas; height 379.5 cm × width 453.5 cm"))
    #expect(nightWatch.webPage == "https://www.rijksmuseum.nl/en/collection/SK-C-5")
    #expect(abs(nightWatch.coordinate.latitude - 52.36) < 1e-9)
    #expect(paintings.filter { $0.building == "Rijksmuseum" }.count == 229, "grouped by gallery when the object names one")
    let log = try server.requestLog()
    // Three search pages, the next links (the museum's host) rewritten onto the base; Linked Art asked for by name;
    // images at the size artmap shows, never max.
    #expect(log.filter { $0.hasPrefix("/search/collection") }.count == 3)
    #expect(log.contains { $0.hasPrefix("/search/collection") && $0.contains("pageToken=2") })
    #expect(log.filter { $0.hasPrefix("/id/") }.allSatisfy { $0.hasSuffix("application/ld+json") })
    #expect(log.filter { $0.hasPrefix("/iiif/") }.count == 230)
    #expect(log.filter { $0.hasPrefix("/iiif/") }.allSatisfy { $0.contains("/full/!1200,1200/0/default.jpg") })
    let list = await runArtmap(["painters", "list", "--json"], home: home)
    #expect(list.out == #"[{"name":"Rembrandt van Rijn","paintings":230,"stored":230}]"# + "\n")
}

@Test func dutchOnlyTitlesMissingImagesAndMalformedObjectsAreHandledOneByOne() async throws {
    let home = try temporaryDirectory()
    let server = try museum(home)
    let result = await runArtmap(["painters", "add", "Johannes Vermeer", "--rijks-base", server.base], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("3 paintings (3 new, 0 changed), 1 skipped; 2 images cached"))
    #expect(result.err.contains("/id/5004: not a JSON object (malformed Linked Art)"))
    let store = try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
    let paintings = Dictionary(uniqueKeysWithValues: try store.artworks(collection: "rijksmuseum").map { ($0.id, $0) })
    #expect(paintings["SK-A-2344"]?.title == "Gezicht op huizen in Delft")
    #expect(paintings["SK-A-2344"]?.information.contains("only a Dutch title") == true)
    #expect(paintings["SK-A-1595"]?.imageFileName == "", "no image, still a painting")
    #expect(paintings["SK-C-251"]?.title == "The Milkmaid", "the English preferred title, not the former title listed first")
}

@Test func aFailedRequestLeavesTheStoreAsItWasAndNamesTheURL() async throws {
    let home = try temporaryDirectory()
    let server = try museum(home)
    // Issue 23, item 17: typed in lower case, saved as the museum spells it.
    #expect(await runArtmap(["painters", "add", "johannes vermeer", "--rijks-base", server.base], home: home).status == 0)
    for painter in ["Broken Painter", "Half Broken"] {
        let result = await runArtmap(["painters", "add", painter, "--rijks-base", server.base], home: home)
        #expect(result.status == 1)
        #expect(result.err.contains("/search/collection?creator="))
        #expect(result.err.contains("HTTP 500; nothing was saved"))
    }
    let none = await runArtmap(["painters", "add", "Nobody", "--rijks-base", server.base], home: home)
    #expect(none.status == 1 && none.err.contains("no paintings with images by 'Nobody'"))
    let store = try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
    #expect(try store.painters().map(\.name) == ["Johannes Vermeer"])
    #expect(try store.artworks(collection: "rijksmuseum").count == 3)
    // Plain http elsewhere than this machine is refused before anything is asked.
    let remote = await runArtmap(["painters", "add", "X", "--rijks-base", "http://example.org"], home: home)
    #expect(remote.status == 2)
}

@Test func favouritesAreCappedAtFiftyAndGoWithTheirPainter() async throws {
    let home = try temporaryDirectory()
    let server = try museum(home)
    #expect(await runArtmap(["painters", "add", "Rembrandt van Rijn", "--rijks-base", server.base, "--no-images"], home: home).status == 0)
    #expect(await runArtmap(["painters", "add", "Johannes Vermeer", "--rijks-base", server.base, "--no-images"], home: home).status == 0)
    #expect(await runArtmap(["favourites", "add", "SK-C-251", "--collection", "rijksmuseum"], home: home).status == 0)
    // Issue 23, item 11: show finds the collection that holds the id without --collection.
    let shown = await runArtmap(["show", "SK-C-251"], home: home)
    #expect(!shown.err.contains("no artwork with id"), "\(shown.err)")
    #expect(shown.err.contains("is not downloaded yet"), "\(shown.err)")
    for n in 1001...1049 {
        let added = await runArtmap(["favourites", "add", "SK-A-\(n)", "--collection", "rijksmuseum"], home: home)
        #expect(added.status == 0, "\(added.err)")
    }
    let refused = await runArtmap(["favourites", "add", "SK-C-5", "--collection", "rijksmuseum"], home: home)
    #expect(refused.status == 1)
    #expect(refused.err.contains("already have 50 favourites"))
    #expect(refused.err.contains("memory"))
    #expect(refused.err.contains("artmap favourites remove ID"))
    let unknown = await runArtmap(["favourites", "add", "nope"], home: home)
    #expect(unknown.status == 1 && unknown.err.contains("no artwork with id 'nope'"))
    // Removing Vermeer takes the Milkmaid's heart with it, and says so.
    let removed = await runArtmap(["painters", "remove", "Johannes Vermeer"], home: home)
    #expect(removed.out.contains("removed Johannes Vermeer and 3 paintings (1 favourite went with them)"))
    let list = await runArtmap(["favourites", "list", "--json"], home: home)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: String]])
    #expect(items.count == 49)
    #expect(items.first?["id"] == "SK-A-1001")
    #expect(await runArtmap(["favourites", "add", "SK-C-5", "--collection", "rijksmuseum"], home: home).status == 0)
}

@Test func configListsChecksAndSavesSettings() async throws {
    let home = try temporaryDirectory()
    let list = await runArtmap(["config"], home: home)
    #expect(list.out.contains("slideshow.interval"))
    #expect(list.out.contains("(default)"))
    let set = await runArtmap(["config", "set", "slideshow.interval", "12"], home: home)
    #expect(set.status == 0 && set.out == "slideshow.interval = 12\n")
    #expect(await runArtmap(["config", "get", "slideshow.interval"], home: home).out == "12\n")
    let bad = await runArtmap(["config", "set", "slideshow.interval", "90"], home: home)
    #expect(bad.status == 2)
    #expect(bad.err.contains("90 is outside 0…60 seconds; nothing was saved"))
    #expect(await runArtmap(["config", "get", "slideshow.interval"], home: home).out == "12\n")
    let unknown = await runArtmap(["config", "set", "colour", "red"], home: home)
    #expect(unknown.status == 2 && unknown.err.contains("no setting named 'colour'"))
    let insecure = await runArtmap(["config", "set", "news.url", "http://example.org/news.txt"], home: home)
    #expect(insecure.status == 2)
    #expect(await runArtmap(["config", "set", "units", "Imperial"], home: home).out == "units = imperial\n")
    let json = await runArtmap(["config", "list", "--json"], home: home)
    let values = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: String])
    #expect(values["slideshow.interval"] == "12" && values["units"] == "imperial" && values["map.nearest"] == "10")
    #expect(await runArtmap(["config", "set", "slideshow.interval", "default"], home: home).status == 0)
    #expect(await runArtmap(["config", "get", "slideshow.interval"], home: home).out == "8\n")
}

@Test func aMuseumThatRepeatsItselfIsCountedByWhatIsStored() async throws {
    let home = try temporaryDirectory()
    let server = try museum(home)
    let result = await runArtmap(["painters", "add", "Same Id", "--rijks-base", server.base, "--no-images"], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("added Same Id: 1 painting (1 new, 0 changed), 0 skipped"), "\(result.out)")
    #expect(result.err.contains("note: stopped paging at search page 2: it added no new painting (the museum repeats itself)"), "\(result.err)")
    let list = await runArtmap(["painters", "list", "--json"], home: home)
    #expect(list.out == #"[{"name":"Same Id","paintings":20001,"stored":1}]"# + "\n")
}

@Test func anImpossibleTotalIsNotStored() async throws {
    let home = try temporaryDirectory()
    let server = try museum(home)
    let result = await runArtmap(["painters", "add", "Negative Total", "--rijks-base", server.base, "--no-images"], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("added Negative Total: 2 paintings (2 new, 0 changed)"), "\(result.out)")
    let list = await runArtmap(["painters", "list"], home: home)
    #expect(list.out == "Negative Total: 2 paintings stored (the museum lists 2)\n", "\(list.out)")
}

/// Issue 29: `artmap refresh rijksmuseum` asks the museum again for every painter followed, into that collection only.
@Test func refreshingTheMuseumAsksAgainForEveryPainterFollowed() async throws {
    let home = try temporaryDirectory()
    let server = try museum(home)
    #expect(await runArtmap(["config", "set", "rijks.base", server.base], home: home).status == 0)
    #expect(await runArtmap(["painters", "add", "Rembrandt van Rijn", "--no-images"], home: home).status == 0)
    let searches = try server.requestLog().filter { $0.hasPrefix("/search/collection") }.count
    let refreshed = await runArtmap(["refresh", "Rijksmuseum"], home: home)
    #expect(refreshed.status == 0, "\(refreshed.err)")
    #expect(refreshed.out.hasPrefix("rijksmuseum: 1 painter asked again: 0 new, 0 changed; 230 images cached"), "\(refreshed.out)")
    #expect(try server.requestLog().filter { $0.hasPrefix("/search/collection") }.count == searches * 2, "every search page asked again")
    let collections = await runArtmap(["collections"], home: home)
    #expect(collections.out.contains("rijksmuseum: 230 artworks") && collections.out.contains("from the Rijksmuseum (painters followed)"), "\(collections.out)")
}
