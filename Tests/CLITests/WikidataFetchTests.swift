import Cartography
import Catalog
import Foundation
import Geo
import Store
import Testing
import TestSupport
@testable import ArtmapCLI

// Issue 46: a fetch asks Wikidata once, politely, and shows every artwork both sources hold once.

private let around = ["--around", "60.1699,24.9461", "--radius", "500"]

private struct Services {
    let osm: TestServer
    let wdqs: TestServer
}

private func services() throws -> Services {
    let folder = try temporaryDirectory()
    let image = folder.appendingPathComponent("thumb.jpg")
    try Data(try quadrantJPEG(width: 64, height: 48)).write(to: image)
    let wdqs = try TestServer(wikidataQueryService: ())
    try wdqs.setWikidataItems(WikidataItems.kluuvi)
    return Services(osm: try TestServer(osmServicesImage: image), wdqs: wdqs)
}

private func fetch(_ services: Services, home: URL, _ extra: [String] = []) async -> CommandResult {
    await runArtmap(["fetch"] + around + services.osm.osmServiceOptionsAskingWikidata + ["--no-pictures"] + extra, home: home,
                    extraEnvironment: ["ARTMAP_BACKOFF_SCALE": "0.001"])
}

private func prepared(_ services: Services) async throws -> URL {
    let home = try temporaryDirectory()
    let set = await runArtmap(["config", "set", "wikidata.sparql-url", services.wdqs.sparqlURL], home: home)
    #expect(set.status == 0, "\(set.err)")
    return home
}

private func openStore(_ home: URL) throws -> CatalogStore {
    try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
}

/// What a Wikidata answer can change: the items, the two collections.
private func snapshot(_ home: URL) throws -> String {
    let store = try openStore(home)
    let rows = try ["osm", "wikidata"].flatMap { try store.artworks(collection: $0, languages: []) }
        .map { "\($0.collection)/\($0.id) \($0.title) \($0.year) \($0.wikidata) \($0.information)" }
    return "\(try store.wikidataItems().map(\.id))\n\(rows.sorted().joined(separator: "\n"))"
}

@Test func aFetchAsksWikidataOnceAndShowsEveryArtworkBothHoldOnce() async throws {
    let services = try services()
    let home = try await prepared(services)
    let result = await fetch(services, home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Wikidata asked once, 8 items found"), "\(result.out)")
    #expect(result.out.contains("8 Wikidata items: 5 one with an OpenStreetMap artwork (3 by id, 2 by name and place), 3 on their own"), "\(result.out)")
    #expect(try services.wdqs.wikidataLog().count == 1)
    let store = try openStore(home)
    let osm = Dictionary(uniqueKeysWithValues: try store.artworks(collection: "osm", languages: []).map { ($0.id, $0) })
    // By id, 60 m apart: one artwork, with the item's names in the languages OSM lacks.
    let havis = try #require(osm["node/1376320186"])
    #expect(havis.title == "Havis Amanda" && havis.artist == "Ville Vallgren" && havis.year == "1908" && havis.wikidata == "Q523268")
    #expect(havis.information.contains("Merged with Wikidata Q523268: same Wikidata id\nFrom Wikidata: names (en, fi, sv)"), "\(havis.information)")
    #expect(havis.information.contains("Wikidata: material: bronze, granite"))
    #expect(osm["node/1380976595"]?.wikidata == "Q7797830" && osm["node/1380976595"]?.year == "1932")
    // The item names the element (P11693), 80 m away; OSM's year (1927) wins over the item's (1928).
    #expect(osm["node/60131839"]?.information.contains("Merged with Wikidata Q11853360: Wikidata names this OpenStreetMap element") == true)
    #expect(osm["node/60131839"]?.year == "1927")
    // The same title 20 m away, and no year in OSM: the item's.
    let stormy = try #require(osm["node/5285814338"])
    #expect(stormy.year == "1953" && stormy.wikidata == "Q130000005")
    #expect(stormy.information.contains("From Wikidata: year"), "\(stormy.information)")
    // The same title 25 m apart: one artwork, with the item's year.
    let chillida = try #require(osm["node/254094615"])
    #expect(chillida.wikidata == "Q130000001" && chillida.year == "1992")
    #expect(chillida.information.contains("Merged with Wikidata Q130000001: same name, 25 m apart, same artist"), "\(chillida.information)")
    // A different title 30 m away stays two.
    #expect(osm["node/1371700015"]?.wikidata == "")
    let own = try store.artworks(collection: "wikidata", languages: [])
    #expect(own.map(\.id) == ["Q130000002", "Q130000003", "Q130000004"])
    #expect(own.first { $0.id == "Q130000003" }?.imageFileName == "File:Elephant Fountain.jpg")
    // Asked again within the age limit: Wikidata is not asked, and the merged list is the same.
    let before = try snapshot(home)
    let again = await fetch(services, home: home)
    #expect(again.status == 0, "\(again.err)")
    #expect(try services.wdqs.wikidataLog().count == 1)
    #expect(try snapshot(home) == before)
    // list --json says both ids of a merged artwork, once.
    let listed = await runArtmap(["list", "--json", "--collection", "osm", "--at", "60.1676,24.9514", "--radius", "30"], home: home)
    #expect(listed.out.contains("\"title\":\"Havis Amanda\",\"wikidata\":\"Q523268\""), "\(listed.out)")
}

@Test func aBadWikidataAnswerIsSaidAndChangesNothingStored() async throws {
    let services = try services()
    let home = try await prepared(services)
    #expect(await fetch(services, home: home).status == 0)
    let before = try snapshot(home)
    for mode in ["html", "truncated", "noitem", "nonpoint", "otherhost"] {
        let store = try openStore(home)
        try store.database.execute("UPDATE wikidata_tiles SET fetched_at = '2000-01-01T00:00:00Z'")
        try services.wdqs.scriptWikidata([mode])
        let result = await fetch(services, home: home)
        #expect(result.status == 0, "the rest of the fetch goes on: \(result.err)")
        #expect(result.out.contains("Wikidata left out: Wikidata Query Service (") && result.out.contains("nothing from Wikidata was stored"), "\(mode): \(result.out)")
        #expect(try snapshot(home) == before, "\(mode)")
    }
}

@Test func noWikidataLeavesItOut() async throws {
    let services = try services()
    let home = try await prepared(services)
    let result = await fetch(services, home: home, ["--no-wikidata"])
    #expect(result.status == 0 && !result.out.contains("Wikidata"), "\(result.out)")
    #expect(try services.wdqs.wikidataLog().isEmpty)
}
