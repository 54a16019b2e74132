import Cartography
import Catalog
import Foundation
import Geo
import Store
import Testing
import TestSupport
@testable import ArtmapCLI

/// The OpenStreetMap stand-ins with a real 64 × 48 JPEG as every thumbnail.
private func osmServer() throws -> TestServer {
    let folder = try temporaryDirectory()
    let image = folder.appendingPathComponent("thumb.jpg")
    try Data(try quadrantJPEG(width: 64, height: 48)).write(to: image)
    return try TestServer(osmServicesImage: image)
}

/// Waits are a thousandth of what the services ask, so back-off is tested without sleeping.
private let quickBackoff = ["ARTMAP_BACKOFF_SCALE": "0.001"]

/// Around Kluuvi, Helsinki: four tiles (6016/2494, 6016/2495, 6017/2494, 6017/2495) holding Havis Amanda.
private let around = ["--around", "60.1690,24.9480", "--radius", "300"]
private let havisAmanda = "node/1376320186"

private func fetch(_ server: TestServer, home: URL, _ extra: [String] = []) async -> CommandResult {
    await runArtmap(["fetch"] + around + server.osmServiceOptions + extra, home: home, extraEnvironment: quickBackoff)
}

private func openStore(_ home: URL) throws -> CatalogStore {
    try CatalogStore(path: home.appendingPathComponent("data/artmap/artmap.sqlite").path)
}

/// The requests to one service; for Overpass its queries (`/api/interpreter`), not the status page read before each.
private func requests(_ server: TestServer, _ service: String) throws -> [String] {
    try server.requestLog().filter { $0.hasPrefix("/\(service)/") && !$0.hasPrefix("/overpass/api/status") }
}

/// The Overpass QL of every query asked, decoded.
private func queries(_ server: TestServer) throws -> [String] {
    try requests(server, "overpass").compactMap { line in
        URLComponents(string: String(line.split(separator: " ")[0]))?.queryItems?.first { $0.name == "data" }?.value
    }
}

/// Everything a fetch can change, to compare before and after a failure.
private func snapshot(_ home: URL) throws -> String {
    let store = try openStore(home)
    let artworks = try store.artworks(collection: CollectionID.osm.name).map { "\($0.id) \($0.title) \($0.coordinate) \($0.information)" }
    let tiles = try store.tileFetchTimes(MapTile.covering(try Coordinate(latitude: 60.169, longitude: 24.948), radius: 300))
    let map = try store.baseMap()
    return "\(artworks.sorted())\n\(tiles.sorted { $0.key < $1.key })\n\(map.features.count) \(try store.walkEdges().count)"
}

private func ageTiles(_ home: URL, _ tiles: [MapTile]) throws {
    let store = try openStore(home)
    for tile in tiles { try store.setTileFetchTime(tile, "2000-01-01T00:00:00Z") }
}

/// Issue 30: the artworks of the whole radius in one small query first, then the streets of the four tiles in one box
/// (split into the tiles on arrival): two queries, where one per tile asked four.
@Test func aFetchStoresStreetsAndArtworksOfItsTilesAskingTheArtworksFirstThenOneBox() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    let result = await fetch(server, home: home, ["--no-pictures"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("fetched 4 tiles: "), "\(result.out)")
    #expect(result.out.contains("map data © OpenStreetMap contributors (ODbL)"))
    let overpass = try requests(server, "overpass")
    #expect(overpass.count == 2)
    let asked = try queries(server)
    // First the artworks alone, ways and relations at their centre.
    #expect(asked.first == "[out:json][timeout:60][bbox:60.1600000,24.9400000,60.1800000,24.9600000];\nnwr[tourism=artwork];\nout center;")
    // Then the streets: the query names its box, recurses down to the nodes, and sets a timeout and a size.
    let query = try #require(asked.last)
    #expect(query.hasPrefix("[out:xml][timeout:60][maxsize:"))
    #expect(query.contains("[bbox:60.1600000,24.9400000,60.1800000,24.9600000]"))
    #expect(query.contains("(._;>;);"))
    // Overpass's status page is read before each query (a free slot is waited for, not a 429 collected).
    #expect(try server.requestLog().filter { $0.hasPrefix("/overpass/api/status") }.count == 2)
    #expect(overpass.allSatisfy { $0.contains(" UA=artmap/") })
    let store = try openStore(home)
    let artworks = try store.artworks(collection: "osm")
    let havis = try #require(artworks.first { $0.id == havisAmanda })
    #expect(havis.title == "Havis Amanda")
    #expect(havis.imageFileName == "wikidata:Q523268")
    #expect(artworks.count > 20)
    let names = Set(try store.baseMap().features.map(\.name))
    #expect(names.contains("Pohjoisesplanadi"))
    #expect(names.contains("Aleksanterinkatu"))
    #expect(try store.walkEdges().count > 500)
    // A street crossing two tiles is stored once.
    let esplanadi = try store.baseMap().features.filter { $0.name == "Pohjoisesplanadi" }.map(\.sourceID)
    #expect(esplanadi.count == Set(esplanadi).count)
}

@Test func aTileWithNothingInItIsStoredAsFetchedAndNotAskedAgain() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    // South of the extract: Overpass answers a document with its header and no elements.
    let sea = ["fetch", "--around", "60.1550,24.9450", "--radius", "100"] + server.osmServiceOptions
    let first = await runArtmap(sea, home: home, extraEnvironment: quickBackoff)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out.hasPrefix("nothing here: OpenStreetMap has no streets, buildings or artworks in the 1 tile asked"), "\(first.out)")
    let again = await runArtmap(sea, home: home, extraEnvironment: quickBackoff)
    #expect(again.out.hasPrefix("the map around here is up to date"), "\(again.out)")
    // The artworks' query and the one box of streets (issue 30); the second fetch asks nothing.
    #expect(try requests(server, "overpass").count == 2)
}

@Test func aSecondFetchOfTheSameTilesAsksNothing() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    #expect(await fetch(server, home: home).status == 0)
    let asked = try server.requestLog().count
    let again = await fetch(server, home: home)
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.hasPrefix("the map around here is up to date"), "\(again.out)")
    #expect(try server.requestLog().count == asked)
}

@Test func aStaleTileIsFetchedAgainAndReplacesWhatItHeldWithoutDuplicatingAMovedArtwork() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    #expect(await fetch(server, home: home, ["--no-pictures"]).status == 0)
    let before = try openStore(home).artworks(collection: "osm")
    // Havis Amanda is removed from OpenStreetMap; Vuolukivinaamiot (tile 6016/2494) moves into tile 6017/2495.
    let moved = "node/5301088339"
    #expect(before.contains { $0.id == havisAmanda } && before.contains { $0.id == moved })
    try server.editExtract(hide: [havisAmanda], move: [moved: [60.1712, 24.9512]])
    try ageTiles(home, [MapTile(row: 6016, column: 2495), MapTile(row: 6017, column: 2495)])
    let overpassBefore = try requests(server, "overpass").count
    let result = await fetch(server, home: home, ["--no-pictures"])
    #expect(result.status == 0, "\(result.err)")
    // Two were fresh: said as such, not as "2 of 4", which reads like a failure.
    #expect(result.out.hasPrefix("fetched 2 tiles (2 more were up to date): "), "\(result.out)")
    #expect(try requests(server, "overpass").count == overpassBefore + 2)
    let after = try openStore(home).artworks(collection: "osm")
    #expect(!after.contains { $0.id == havisAmanda })
    let rows = after.filter { $0.id == moved }
    #expect(rows.count == 1)
    #expect(rows.first?.coordinate.latitude == 60.1712)
    #expect(after.count == before.count - 1)
    let times = try openStore(home).tileFetchTimes([MapTile(row: 6016, column: 2495), MapTile(row: 6016, column: 2494)])
    #expect(times[MapTile(row: 6016, column: 2495)] != "2000-01-01T00:00:00Z")
}

@Test func aBusyOverpassIsWaitedOutHonouringRetryAfterThenTheFetchSucceeds() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    // The artworks' query (the screen's streets are asked beside it, answered at once).
    try server.scriptOverpass(artworks: ["429", "504"])
    let result = await fetch(server, home: home, ["--no-pictures"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.contains("Overpass API is busy (HTTP 429, too many requests); asking again in 2 s (try 2 of 4)"), "\(result.err)")
    #expect(result.err.contains("Overpass API is busy (HTTP 504, gateway timeout); asking again in 10 s (try 3 of 4)"), "\(result.err)")
    // The artworks' query answered 429, 504, then data; the one box of streets once.
    #expect(try requests(server, "overpass").count == 4)
    #expect(try openStore(home).artworks(collection: "osm").contains { $0.id == havisAmanda })
}

@Test func aRemarkIsAskedAgainAndAfterTooManyTheFetchFailsInOneLineNamingOverpass() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    try server.scriptOverpass(artworks: ["remark"])
    let once = await fetch(server, home: home, ["--no-pictures"])
    #expect(once.status == 0, "\(once.err)")
    #expect(once.err.contains("Overpass API is busy (runtime error: Query timed out in \"query\" at line 4 after 26 seconds.)"), "\(once.err)")

    let other = try temporaryDirectory()
    try server.scriptOverpass(artworks: ["remark", "remark", "remark", "remark"])
    let failed = await fetch(server, home: other, ["--no-pictures"])
    #expect(failed.status == 1)
    let last = try #require(failed.err.split(separator: "\n").last)
    // Issue 43, 11: the streets that arrived while the artworks were asked again are kept, with the artworks they hold.
    #expect(last == "artmap: fetch failed: Overpass API (\(server.base)/overpass/api/interpreter): runtime error: Query timed out in \"query\" at line 4 after 26 seconds., still after 4 tries; try again later or set another server with --overpass-url"
        + "; kept what arrived: 4 tiles of streets (with the artworks in them); the next fetch asks for the rest")
    let kept = try openStore(other)
    #expect(try kept.artworks(collection: "osm").contains { $0.id == havisAmanda })
    #expect(Set(try kept.baseMap().features.map(\.name)).contains("Pohjoisesplanadi"))
    #expect(try kept.tileFetchTimes(MapTile.covering(try Coordinate(latitude: 60.169, longitude: 24.948), radius: 300)).count == 4)
}

// Issue 30: the artworks' answer is stored at once (here unchanged); when the streets' box, asked beside it, fails,
// the artworks are still kept, whichever lands first, and the message says what was kept. When the artworks' query
// fails, the box that arrived is kept (issue 43, 11), below.
@Test(arguments: [
    ([String](), ["400"], "the query was refused (HTTP 400): line 1: parse error: unexpected end of input; kept what arrived: 53 artworks; the next fetch asks for the rest"),
    ([], ["truncated"], "the answer ends before </osm> (cut short); kept what arrived: 53 artworks; the next fetch asks for the rest"),
])
func aFailedFetchLeavesTheStoreAsItWas(artworks: [String], streets: [String], reason: String) async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    #expect(await fetch(server, home: home, ["--no-pictures"]).status == 0)
    try server.editExtract(hide: [havisAmanda])
    let tiles = MapTile.covering(try Coordinate(latitude: 60.169, longitude: 24.948), radius: 300)
    try ageTiles(home, tiles)
    let before = try snapshot(home)
    try server.scriptOverpass(artworks: artworks, streets: streets)
    let failed = await fetch(server, home: home, ["--no-pictures"])
    #expect(failed.status == 1)
    #expect(failed.err.split(separator: "\n").count == 1, "\(failed.err)")
    #expect(failed.err == "artmap: fetch failed: Overpass API (\(server.base)/overpass/api/interpreter): \(reason)\n")
    #expect(try snapshot(home) == before)
}

@Test func picturesArriveThroughWikidataAndCommonsWithTheirCreditAndShowRightAfterTheFetch() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    // One artwork names its Commons file directly, another a file that is not a picture.
    try server.editExtract(tags: ["node/1514631413": ["wikimedia_commons": "File:Äidinrakkaus_Helsinki.jpg"],
                                  "node/5297741005": ["image": "https://commons.wikimedia.org/wiki/File:Report.pdf"]])
    let result = await fetch(server, home: home)
    #expect(result.status == 0, "\(result.err)")
    let wikidata = try requests(server, "wikidata")
    #expect(wikidata.count == 1)
    #expect(wikidata.first?.contains("action=wbgetentities") == true && wikidata.first?.contains("Q523268") == true && wikidata.first?.contains("props=claims") == true)
    let commons = try requests(server, "commons")
    #expect(commons.count == 1)
    #expect(commons.first?.contains("iiurlwidth=1200") == true && commons.first?.contains("Havis%20Amanda%202.jpg") == true)
    // The thumbnails were downloaded, never the originals.
    let uploads = try requests(server, "upload")
    #expect(!uploads.isEmpty && uploads.allSatisfy { $0.hasPrefix("/upload/thumb/") && $0.contains("/1200px-") })
    #expect(result.err.contains("no picture: wikidata:Q11879927: the Wikidata item Q11879927 has no image (P18)"), "\(result.err)")
    #expect(result.err.contains("no picture: File:Report.pdf: File:Report.pdf is not a picture artmap can show (application/pdf)"), "\(result.err)")

    let store = try openStore(home)
    let havis = try #require(try store.artworks(collection: "osm", ids: [havisAmanda]).first)
    #expect(havis.information.hasSuffix("\nPicture: Jane & John Doe, CC BY-SA 4.0 (Wikimedia Commons)"))
    #expect(havis.webPage == "https://commons.wikimedia.org/wiki/File:Havis_Amanda_2.jpg")
    let direct = try #require(try store.artworks(collection: "osm", ids: ["node/1514631413"]).first)
    #expect(direct.imageFileName == "File:Äidinrakkaus Helsinki.jpg")
    #expect(try store.cachedImagePath(ArtworkKey(collection: "osm", id: "node/1514631413")) != nil)

    let shown = await runArtmap(["show", havisAmanda, "--collection", "osm", "--width", "16", "--height", "6", "--colors", "truecolor"], home: home)
    #expect(shown.status == 0, "\(shown.err)")
    #expect(shown.out.contains("38;2;2") && shown.out.split(separator: "\n").count >= 3)
}

@Test func placeSearchAsksTheStoreFirstThenNominatimAtMostOnceASecond() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    #expect(await fetch(server, home: home, ["--no-pictures"]).status == 0)
    let nominatim = ["--nominatim-url", "\(server.base)/nominatim"]
    let stored = await runArtmap(["place", "havis amanda", "--json"] + nominatim, home: home)
    #expect(stored.status == 0, "\(stored.err)")
    #expect(stored.out == "[{\"name\":\"Havis Amanda\",\"display_name\":\"Havis Amanda\",\"lat\":60.1675863,\"lon\":24.9513987,\"category\":\"artwork\",\"type\":\"osm\"}]\n")
    #expect(try requests(server, "nominatim").isEmpty)

    let first = await runArtmap(["place", "Rijksmuseum", "--json"] + nominatim, home: home)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.out == "[{\"name\":\"Rijksmuseum\",\"display_name\":\"Rijksmuseum, 1, Museumstraat, Amsterdam, Noord-Holland, Nederland\",\"lat\":52.3599976,\"lon\":4.8852188,\"category\":\"tourism\",\"type\":\"museum\"}]\n")
    // At once again: the stand-in refuses a second request within a second (as Nominatim blocks), so this
    // passes only if artmap waited.
    let second = await runArtmap(["place", "Amsterdam"] + nominatim, home: home)
    #expect(second.status == 0, "\(second.err)")
    #expect(second.out == "Amsterdam  52.373080,4.892453  boundary/administrative — Amsterdam, Noord-Holland, Nederland\n"
        + "search by Nominatim, data © OpenStreetMap contributors (ODbL)\n")
    let asked = try requests(server, "nominatim")
    #expect(asked.count == 2)
    #expect(asked.first?.hasPrefix("/nominatim/search?format=jsonv2&q=Rijksmuseum&limit=10 UA=artmap") == true)

    let none = await runArtmap(["place", "Nowhere at all"] + nominatim, home: home)
    #expect(none.status == 1)
    #expect(none.err == "artmap: no place named 'Nowhere at all' in the store or on Nominatim\n")
    let offline = await runArtmap(["place", "Amsterdam", "--offline"] + nominatim, home: home)
    #expect(offline.status == 1)
    #expect(try requests(server, "nominatim").count == 3)
}

@Test func nearTakesTheFirstPlaceAsTheReferenceForListRouteAndFetch() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    let near = await runArtmap(["fetch", "--near", "Havis Amanda", "--radius", "100", "--no-pictures"] + server.osmServiceOptions,
                               home: home, extraEnvironment: quickBackoff)
    #expect(near.status == 0, "\(near.err)")
    // Havis Amanda is not in the store yet: Nominatim found it, and the fetch asked for the box of the two tiles
    // around it (issue 30: one box, not a query per tile).
    #expect(try requests(server, "nominatim").count == 1)
    #expect(try queries(server).contains { $0.contains("[bbox:60.1600000,24.9400000,60.1700000,24.9600000]") })
    let list = await runArtmap(["list", "--collection", "osm", "--near", "Havis Amanda", "--nearest", "1", "--json"], home: home)
    #expect(list.status == 0, "\(list.err)")
    #expect(list.out.contains("\"Havis Amanda\""))
    let route = await runArtmap(["route", "--near", "Havis Amanda", "--to", "node/5279796019", "--collection", "osm"], home: home)
    #expect(route.status == 0, "\(route.err)")
    #expect(route.out.hasPrefix("Walk to Hei vaan: "))
    #expect(try requests(server, "nominatim").count == 1)
}

@Test func aSecondOverpassEndpointIsTriedWhenTheFirstFails() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    // Nothing listens on port 9 of this machine: the first endpoint fails at once, the stand-in answers.
    let endpoints = "http://127.0.0.1:9/api/interpreter \(server.base)/overpass/api/interpreter"
    let result = await runArtmap(["fetch", "--around", "60.1690,24.9480", "--radius", "100", "--no-pictures", "--overpass-url", endpoints],
                                 home: home, extraEnvironment: quickBackoff)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("fetched 1 tile: "), "\(result.out)")
    // The artworks' query and the one box of streets, each tried at the dead endpoint first (issue 30).
    #expect(try requests(server, "overpass").count == 2)
}

/// Issue 30: the artworks' answer is stored when it lands; Ctrl-C while the streets' answer is awaited keeps them and
/// stores no tile.
@Test func ctrlCStopsAFetchKeepingTheArtworksThatArrivedAndLeavesNoAnswersBehind() throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    let temporary = home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    // The streets' answer takes 5 s: the interrupt comes while it is awaited, the artworks already stored.
    try server.scriptOverpass(streets: ["slow"])
    var environment = binaryEnvironment(home: home)
    environment["TMPDIR"] = temporary.path
    let (process, _, errURL) = try startBinary(["fetch", "--no-pictures"] + around + server.osmServiceOptions, environment: environment, label: "fetch")
    let deadline = Date().addingTimeInterval(30)
    // Both are asked at once (issue 30): the interrupt waits for the artworks to be in the store (read beside the
    // fetch's own connection once it has asked, so after it made the store).
    let path = home.appendingPathComponent(".local/share/artmap/artmap.sqlite").path
    while try requests(server, "overpass").isEmpty, Date() < deadline { usleep(50_000) }
    func storedArtworks() -> Int { (try? CatalogStore(path: path).artworks(collection: "osm").count) ?? 0 }
    while storedArtworks() < 54, Date() < deadline { usleep(50_000) }
    #expect(try requests(server, "overpass").count == 2)
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(try String(contentsOf: errURL, encoding: .utf8) == "artmap: fetch stopped; kept what arrived: 54 artworks; the next fetch asks for the rest\n")
    // This run's store is under HOME alone (binaryEnvironment sets no XDG folders).
    let store = try CatalogStore(path: home.appendingPathComponent(".local/share/artmap/artmap.sqlite").path)
    #expect(try store.artworks(collection: "osm").count == 54)
    #expect(try store.tileFetchTimes(MapTile.covering(try Coordinate(latitude: 60.169, longitude: 24.948), radius: 300)).isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("artmap-fetch-") }.isEmpty)
}

@Test func aFetchElsewhereRemovesTilesOlderThanTheAgeLimitAndKeepsItsOwn() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    #expect(await fetch(server, home: home, ["--no-pictures"]).status == 0)
    let kluuvi = MapTile.covering(try Coordinate(latitude: 60.169, longitude: 24.948), radius: 300)
    #expect(try openStore(home).fetchedTiles().count == 4)
    let featuresBefore = try openStore(home).baseMap().features.count
    let artworksBefore = try openStore(home).artworks(collection: "osm").count
    // Three of the four were fetched long ago; the fourth stays within the age limit.
    try ageTiles(home, Array(kluuvi.prefix(3)))
    let sea = ["fetch", "--around", "60.1550,24.9450", "--radius", "100", "--no-pictures"] + server.osmServiceOptions
    let elsewhere = await runArtmap(sea, home: home, extraEnvironment: quickBackoff)
    #expect(elsewhere.status == 0, "\(elsewhere.err)")
    #expect(elsewhere.out.contains("; 3 tiles elsewhere older than the age limit removed"), "\(elsewhere.out)")
    let left = try openStore(home).fetchedTiles().map(\.tile).sorted()
    #expect(left == [kluuvi[3], MapTile(row: 6015, column: 2494)].map { "\($0.row)/\($0.column)" }.sorted())
    // What the old tiles held is gone from the map; the kept tile's streets stay, and so do the artworks.
    let featuresAfter = try openStore(home).baseMap().features.count
    #expect(featuresAfter > 0 && featuresAfter < featuresBefore / 2, "\(featuresBefore) → \(featuresAfter)")
    #expect(try openStore(home).artworks(collection: "osm").count == artworksBefore)
    // The summary counts what this fetch stored (nothing, at sea), `map list` what stays.
    #expect(elsewhere.out.hasPrefix("nothing here: OpenStreetMap has no streets, buildings or artworks in the 1 tile asked;"), "\(elsewhere.out)")
    #expect(try openStore(home).mapSourceSummaries().first { $0.name == CatalogStore.fetchedSource }?.features == featuresAfter)
    // With an age limit of 0 every tile is asked again and nothing is evicted.
    try ageTiles(home, [kluuvi[3]])
    try openStore(home).setSetting(Setting.maxAgeDays, "0")
    let again = await runArtmap(sea, home: home, extraEnvironment: quickBackoff)
    #expect(again.status == 0, "\(again.err)")
    #expect(!again.out.contains("older than the age limit removed"), "\(again.out)")
    #expect(try openStore(home).fetchedTiles().count == 2)
}

/// Issue 29: `artmap refresh osm` asks Overpass again for the stored tiles older than the age limit, and only those.
@Test func refreshingFetchedDataAsksAgainOnlyForItsStaleTiles() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    #expect(await fetch(server, home: home, ["--no-pictures"]).status == 0)
    let options = server.osmServiceOptionsAskingWikidata
    for pair in stride(from: 0, to: options.count, by: 2) {
        let key = "osm." + options[pair].dropFirst(2)
        #expect(await runArtmap(["config", "set", key, options[pair + 1]], home: home).status == 0)
    }
    // A refresh takes no option: Wikidata's query service (no stand-in here) is left out by its setting.
    #expect(await runArtmap(["config", "set", "wikidata.fetch", "off"], home: home).status == 0)
    let asked = try requests(server, "overpass").count
    let fresh = await runArtmap(["refresh", "osm"], home: home, extraEnvironment: quickBackoff)
    #expect(fresh.status == 0 && fresh.out.hasPrefix("osm: up to date (every tile fetched within 30 days)"), "\(fresh.out)\(fresh.err)")
    #expect(try requests(server, "overpass").count == asked)
    try server.editExtract(hide: [havisAmanda])
    try ageTiles(home, [MapTile(row: 6016, column: 2495), MapTile(row: 6017, column: 2495)])
    let stale = await runArtmap(["refresh", "osm"], home: home, extraEnvironment: quickBackoff)
    #expect(stale.status == 0 && stale.out.hasPrefix("osm: fetched 2 tiles: "), "\(stale.out)\(stale.err)")
    #expect(try requests(server, "overpass").count == asked + 2)
    #expect(try !openStore(home).artworks(collection: "osm").contains { $0.id == havisAmanda })
    #expect(try openStore(home).collectionSource("osm") == .openStreetMap)
}

/// Issue 36, item 1: a fetch's summary counts what that fetch stored, not the store's totals. One tile alone
/// (6017/2493, west of Kluuvi) says the same numbers on a fresh store as after Kluuvi's four tiles were stored;
/// before, the second said the store's totals (Kluuvi's streets and its own together).
@Test func aFetchSummaryCountsWhatThatFetchStoredNotTheStore() async throws {
    let server = try osmServer()
    let west = ["fetch", "--around", "60.1750,24.9360", "--radius", "50", "--no-pictures"] + server.osmServiceOptions
    func counts(_ out: String) -> String? {
        guard out.hasPrefix("fetched 1 tile: "), let colon = out.firstIndex(of: ":") else { return nil }
        // The map features and walking edges (artworks a way of Kluuvi's held may already be stored: "0 new").
        return out[out.index(after: colon)...].split(separator: ",").prefix(2).joined(separator: ",").trimmingCharacters(in: .whitespaces)
    }
    let alone = await runArtmap(west, home: try temporaryDirectory(), extraEnvironment: quickBackoff)
    #expect(alone.status == 0, "\(alone.err)")
    let aloneCounts = try #require(counts(alone.out), "\(alone.out)")
    #expect(aloneCounts.contains(" map features, ") && !aloneCounts.hasPrefix("0 map features"), "\(alone.out)")

    let home = try temporaryDirectory()
    #expect(await fetch(server, home: home, ["--no-pictures"]).status == 0)
    let after = await runArtmap(west, home: home, extraEnvironment: quickBackoff)
    #expect(after.status == 0, "\(after.err)")
    #expect(counts(after.out) == aloneCounts, "alone: \(alone.out)after Kluuvi: \(after.out)")
    // `map list` counts the whole store: more than this fetch.
    let total = try #require(try openStore(home).mapSourceSummaries().first { $0.name == CatalogStore.fetchedSource }?.features)
    #expect(!aloneCounts.hasPrefix("\(total) map features"), "\(total) in the store; \(after.out)")
}

/// The options that point `fetch --pictures` at the stand-in's Wikidata and Commons (it asks nothing else).
private func pictureServices(_ server: TestServer) -> [String] {
    let options = server.osmServiceOptions
    return stride(from: 0, to: options.count, by: 2).flatMap { i in
        ["--wikidata-url", "--commons-url"].contains(options[i]) ? [options[i], options[i + 1]] : []
    }
}

/// Issue 34, item 5: `show` says why a fetched artwork has no picture and the one command that brings it, and
/// `fetch --pictures` looks the pictures up again and downloads them, asking Overpass nothing.
@Test func showSaysWhyAFetchedPictureIsMissingAndFetchPicturesLooksAgainAskingOverpassNothing() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    try server.editExtract(tags: ["node/5297741005": ["image": "https://commons.wikimedia.org/wiki/File:Report.pdf"]])
    let nothingYet = await runArtmap(["fetch", "--pictures"] + pictureServices(server), home: home)
    #expect(nothingYet.status == 0 && nothingYet.out.hasPrefix("nothing fetched yet, so no pictures to look up"), "\(nothingYet.out)")
    #expect(try requests(server, "wikidata").isEmpty)
    let mapOnly = await fetch(server, home: home, ["--no-pictures"])
    #expect(mapOnly.status == 0, "\(mapOnly.err)")
    let notLooked = await runArtmap(["show", havisAmanda, "--collection", "osm"], home: home)
    #expect(notLooked.status != 0)
    #expect(notLooked.err.contains("has not been looked up yet (wikidata:Q523268); run 'artmap fetch --pictures'"), "\(notLooked.err)")

    let asked = try queries(server).count
    let pictures = await runArtmap(["fetch", "--pictures"] + pictureServices(server), home: home, extraEnvironment: quickBackoff)
    #expect(pictures.status == 0, "\(pictures.err)")
    #expect(try queries(server).count == asked, "--pictures asks Overpass nothing")
    let summary = try #require(pictures.out.split(separator: "\n").first.map(String.init))
    let match = try #require(summary.firstMatch(of: /^looked up (\d+) pictures \((\d+) found, (\d+) without\); (\d+) pictures? downloaded$/), "\(summary)")
    let (lookedUp, found, without, downloaded) = (Int(match.1)!, Int(match.2)!, Int(match.3)!, Int(match.4)!)
    #expect(lookedUp == found + without && without >= 2 && downloaded == found, "\(summary)")
    #expect(pictures.err.contains("no picture: File:Report.pdf: File:Report.pdf is not a picture artmap can show (application/pdf)"))
    let shown = await runArtmap(["show", havisAmanda, "--collection", "osm", "--width", "16", "--height", "6", "--colors", "truecolor"], home: home)
    #expect(shown.status == 0, "\(shown.err)")

    let report = await runArtmap(["show", "node/5297741005", "--collection", "osm"], home: home)
    #expect(report.status != 0)
    #expect(report.err.contains("has no picture: File:Report.pdf is not a picture artmap can show (application/pdf); 'artmap fetch --pictures' asks Wikidata and Commons again"), "\(report.err)")

    // Again: only the references without a picture are asked again, and nothing is downloaded twice.
    let commons = try requests(server, "commons").count, uploads = try requests(server, "upload").count
    let again = await runArtmap(["fetch", "--pictures"] + pictureServices(server), home: home, extraEnvironment: quickBackoff)
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.hasPrefix("looked up \(without) picture\(without == 1 ? "" : "s") (0 found, \(without) without); 0 pictures downloaded"), "\(again.out)")
    #expect(try requests(server, "commons").count > commons && (try requests(server, "upload").count) == uploads)
    #expect(try queries(server).count == asked)

    for extra in [["--radius", "300"], ["--around", "60.1690,24.9480"], ["--near", "Havis Amanda"], ["--no-pictures"]] {
        let refused = await runArtmap(["fetch", "--pictures"] + extra, home: home)
        #expect(refused.status == 2 && refused.err.contains("--pictures fetches the pictures of every stored artwork"), "\(extra): \(refused.err)")
    }
    let withOverpass = await runArtmap(["fetch", "--pictures"] + server.osmServiceOptions, home: home)
    #expect(withOverpass.status == 2 && withOverpass.err.contains("--overpass-url"), "\(withOverpass.err)")
}

/// Issue 43, 1: an artworks' answer with ids of 1e19, 1e300, -1e19 and 1e999 (and a latitude of 1e300) killed the fetch
/// with SIGILL; now those five are skipped, counted in the summary, and the rest is stored.
@Test func anOverpassAnswerWithIdsOutOfRangeSkipsThoseElementsAndSaysSo() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    try server.scriptOverpass(artworks: ["badnumbers"])
    let result = await fetch(server, home: home, ["--no-pictures"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("fetched 4 tiles: "), "\(result.out)")
    #expect(result.out.contains("; skipped 5 elements of Overpass's answer with an id or a position out of range (node 1e+19)"), "\(result.out)")
    let artworks = try openStore(home).artworks(collection: "osm")
    #expect(artworks.contains { $0.id == havisAmanda })
    #expect(!artworks.contains { $0.title.hasPrefix("Bad ") })
}

/// Issue 43, 11: when the artworks' query fails, the streets already received were dropped (0 tiles stored), though
/// `fetch --help` says "A failure keeps what arrived". They are kept, and the message says so.
@Test func whenTheArtworksQueryFailsTheStreetsThatArrivedAreKept() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    try server.scriptOverpass(artworks: ["html"])
    let failed = await fetch(server, home: home, ["--no-pictures"])
    #expect(failed.status == 1)
    #expect(failed.err == "artmap: fetch failed: Overpass API (\(server.base)/overpass/api/interpreter): answered an HTML page instead of map data"
        + "; kept what arrived: 4 tiles of streets (with the artworks in them); the next fetch asks for the rest\n")
    let store = try openStore(home)
    #expect(try store.tileFetchTimes(MapTile.covering(try Coordinate(latitude: 60.169, longitude: 24.948), radius: 300)).count == 4)
    #expect(Set(try store.baseMap().features.map(\.name)).contains("Aleksanterinkatu"))
    #expect(try store.walkEdges().count > 500)
    #expect(try store.artworks(collection: "osm").contains { $0.id == havisAmanda })
}

/// Issue 43, 17: a fetch across the antimeridian sent 100 single-tile queries; now the artworks' question (both sides
/// in one union) and a few boxes, none straddling ±180°.
@Test func aFetchAcrossTheAntimeridianAsksAFewBoxesNotEveryTile() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    let result = await runArtmap(["fetch", "--around", "0.5,179.99", "--radius", "5000", "--no-pictures"] + server.osmServiceOptions,
                                 home: home, extraEnvironment: quickBackoff)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("nothing here: OpenStreetMap has no streets, buildings or artworks in the 100 tiles asked"), "\(result.out)")
    let asked = try queries(server)
    #expect((2...9).contains(asked.count), "\(asked.count) queries")
    let artworks = try #require(asked.first)
    #expect(artworks.contains("nwr[tourism=artwork](0.4500000,179.9400000,0.5500000,180.0000000);"), "\(artworks)")
    #expect(artworks.contains("nwr[tourism=artwork](0.4500000,-180.0000000,0.5500000,-179.9600000);"), "\(artworks)")
    // Every box lies on one side: its west below its east.
    for query in asked.dropFirst() {
        let field = try #require(query.split(separator: "[").first { $0.hasPrefix("bbox:") })
        let box = field.dropFirst(5).prefix { $0 != "]" }.split(separator: ",").compactMap { Double($0) }
        #expect(box.count == 4 && box[1] < box[3], "\(query)")
    }
    let store = try openStore(home)
    #expect(try store.tileFetchTimes(MapTile.covering(try Coordinate(latitude: 0.5, longitude: 179.99), radius: 5000)).count == 100)
}

/// Issue 43, 1: in the streets' OSM XML an id of 1e19 made libosmium refuse the whole box ("illegal id") and a latitude of
/// 1e300 was read as 0; such elements are left out and counted, the rest of the box stored.
@Test func aStreetsAnswerWithNumbersOutOfRangeSkipsThoseElementsAndStoresTheRest() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory()
    try server.scriptOverpass(streets: ["badnumbers"])
    let result = await fetch(server, home: home, ["--no-pictures"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("; skipped 4 elements of Overpass's answer with an id or a position out of range (node 1e19)"), "\(result.out)")
    let store = try openStore(home)
    let names = Set(try store.baseMap().features.map(\.name))
    #expect(names.contains("Pohjoisesplanadi") && !names.contains("Bad street"))
    #expect(try !store.artworks(collection: "osm").contains { $0.title == "Bad place" })
    #expect(try store.artworks(collection: "osm").contains { $0.id == havisAmanda })
}

/// Issue 50, item 8: fetching the same data again says nothing changed. Overpass gives a way's centre to 7 decimals
/// while the streets' answers place the way from its outline; the two used to count as "1 changed" every time.
@Test func fetchingUnchangedDataAgainSaysNothingChanged() async throws {
    let server = try osmServer()
    let home = try temporaryDirectory("fetch-unchanged")
    #expect(await runArtmap(["config", "set", "osm.max-age-days", "0"], home: home).status == 0)
    let first = await runArtmap(["fetch", "--around", "60.1676,24.9514", "--radius", "300", "--no-pictures"] + server.osmServiceOptions, home: home)
    #expect(first.status == 0, "\(first.err)")
    let count = try #require(first.out.firstMatch(of: /(\d+) artworks \((\d+) new, 0 changed, 0 removed\)/), "\(first.out)")
    #expect(count.1 == count.2, "all new the first time: \(first.out)")
    let before = try openStore(home).artworks(collection: "osm").map(\.coordinate)
    let again = await runArtmap(["fetch", "--around", "60.1676,24.9514", "--radius", "300", "--no-pictures"] + server.osmServiceOptions, home: home)
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.contains("\(count.1) artworks (0 new, 0 changed, 0 removed)"), "\(again.out)")
    #expect(try openStore(home).artworks(collection: "osm").map(\.coordinate) == before)
}
