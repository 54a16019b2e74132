import Foundation
import Testing
import Catalog
import Store
import TestSupport
@testable import ArtmapCLI

/// Issue 29, items 1 and 2: every collection knows its source; `artmap collections` lists them and
/// `artmap refresh` asks each its own source, writing only into it.
@Test func collectionsListTheirSourcesAndRefreshAsksEachItsOwn() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory("sources-cli")
    let places = home.appendingPathComponent("Sculptures.plist")
    let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><array>
        <dict><key>name</key><string>Bronze Hare</string><key>latitude</key><real>51.5007</real><key>longitude</key><real>-0.1246</real><key>comments</key><string>by the gate</string></dict>
        <dict><key>name</key><string>Iron Gull</string><key>latitude</key><real>51.5010</real><key>longitude</key><real>-0.1250</real><key>comments</key><string>on the wall</string></dict>
        </array></plist>
        """
    try plist.write(to: places, atomically: true, encoding: .utf8)
    let imported = await runArtmap(["import", places.path], home: home)
    #expect(imported.status == 0 && imported.out.contains("into 'sculptures'"), "lower-case stem: \(imported.out)\(imported.err)")
    #expect(await runArtmap(["sync", "--no-images", "--source", try server.serviceURL("ok")], home: home).status == 0)

    let listing = await runArtmap(["collections", "--json"], home: home)
    #expect(listing.status == 0, "\(listing.err)")
    let collections = try #require(try JSONSerialization.jsonObject(with: Data(listing.out.utf8)) as? [[String: Any]])
    let byName = Dictionary(uniqueKeysWithValues: collections.compactMap { entry in (entry["name"] as? String).map { ($0, entry) } })
    let campus = try #require(byName["campus"]?["source"] as? [String: Any])
    #expect(campus["kind"] as? String == "service" && (campus["url"] as? String)?.hasPrefix("http://127.0.0.1") == true, "\(campus)")
    let sculptures = try #require(byName["sculptures"]?["source"] as? [String: Any])
    #expect(sculptures["kind"] as? String == "file" && sculptures["path"] as? String == places.standardizedFileURL.path && sculptures["format"] as? String == "plist")
    #expect(byName["sculptures"]?["artworks"] as? Int == 2 && byName["sculptures"]?["refreshed_at"] is String)
    let text = await runArtmap(["collections"], home: home)
    #expect(text.out.contains("sculptures: 2 artworks, refreshed") && text.out.contains("refresh imports the file again when it changed on disk"), "\(text.out)")

    // Unchanged: up to date; the campus asks its own service (one more request), and nothing crosses over.
    let asked = try server.requestLog().filter { $0.contains("data.php") }.count
    let refreshed = await runArtmap(["refresh"], home: home)
    #expect(refreshed.status == 0, "\(refreshed.err)")
    #expect(refreshed.out.contains("campus: up to date: the service sent 1 artwork"), "\(refreshed.out)")
    #expect(refreshed.out.contains("sculptures: up to date (Sculptures.plist is unchanged since it was imported)"), "\(refreshed.out)")
    #expect(try server.requestLog().filter { $0.contains("data.php") }.count == asked + 1)

    // Changed on disk: imported again, into its own collection only; names match whatever their case.
    try plist.replacingOccurrences(of: "Iron Gull", with: "Iron Gull Again").write(to: places, atomically: true, encoding: .utf8)
    let again = await runArtmap(["refresh", "SCULPTURES"], home: home)
    #expect(again.status == 0 && again.out.contains("sculptures: Sculptures.plist changed on disk and was imported again: 0 new, 1 changed, 0 removed"), "\(again.out)\(again.err)")
    #expect(try server.requestLog().filter { $0.contains("data.php") }.count == asked + 1, "the campus was not asked")
    let list = await runArtmap(["list", "--collection", "Sculptures", "--json"], home: home)
    #expect(list.status == 0 && list.out.contains("Iron Gull Again") && !list.out.contains("Ashton Building"), "\(list.err)")

    // Gone from disk: said, the collection kept, exit 1; an unknown name is a usage error listing what there is.
    try FileManager.default.removeItem(at: places)
    let gone = await runArtmap(["refresh", "sculptures"], home: home)
    #expect(gone.status == 1 && gone.err.contains("sculptures: its file \(places.standardizedFileURL.path) is gone; nothing was changed"), "\(gone.err)")
    #expect(await runArtmap(["list", "--collection", "sculptures", "--json"], home: home).out.contains("Iron Gull Again"))
    let unknown = await runArtmap(["refresh", "nowhere"], home: home)
    #expect(unknown.status == 2 && unknown.err.contains("no collection named 'nowhere' (have: campus, sculptures)"), "\(unknown.err)")
}

/// Issue 29, item 3 (the start): a point of the user's own shows what is near it, whichever collection holds it.
@Test func aPointFarFromTheCampusListsTheCollectionNearIt() async throws {
    let home = try temporaryDirectory("near-point")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    #expect(await runArtmap(["import", extract], home: home).status == 0)
    func count(_ arguments: [String]) async throws -> Int {
        let result = await runArtmap(["list", "--json"] + arguments, home: home)
        #expect(result.status == 0, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        return (json["buildings"] as? [[String: Any]] ?? []).reduce(0) { $0 + (($1["artworks"] as? [Any])?.count ?? 0) }
    }
    #expect(try await count(["--at", "60.17,24.944"]) == 65, "Helsinki, not Liverpool's 31")
    #expect(try await count(["--at", "53.4066,-2.9665"]) == 31, "the campus where the campus is")
    #expect(try await count([]) == 31, "no point given: the campus, as a fresh install opens")
    #expect(try await count(["--at", "60.17,24.944", "--collection", "campus"]) == 31, "--collection narrows to one")
    #expect(try await count(["--at", "10.5,10.5"]) == 31, "nothing within 25 km: the default")
}

/// Review of issue 29: an import without --collection fills the collection an older import made in another
/// case; a collection made before sources were recorded is skipped by a plain refresh, never re-imported from
/// a file of the same name found elsewhere.
@Test func olderCollectionsAreNeitherDuplicatedNorRefreshedFromAGuessedFile() async throws {
    let home = try temporaryDirectory("sources-old")
    let extract = home.appendingPathComponent("Helsinki.osm.pbf")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf"), to: extract)
    #expect(await runArtmap(["import", extract.path, "--collection", "Helsinki"], home: home).status == 0)
    // The campus's service on this machine: a plain refresh asks it too.
    let seed = repositoryRoot.appendingPathComponent("Resources/seed/campus-artworks.json")
    #expect(await runArtmap(["sync", "--no-images", "--source", seed.absoluteString], home: home).status == 0)
    // As an older artmap left it: no source recorded, only the file's name in map_sources.
    let path = home.appendingPathComponent("data/artmap/artmap.sqlite").path
    do {
        let store = try CatalogStore(path: path)
        try store.database.run("UPDATE collections SET source = '' WHERE name = 'Helsinki'")
        try store.database.run("UPDATE map_sources SET file = 'Helsinki.osm.pbf' WHERE name = 'Helsinki'")
        #expect(try store.collectionSource("Helsinki") == .unknown)
    }
    let all = await runArtmap(["refresh"], home: home)
    #expect(all.status == 0, "\(all.err)")
    #expect(all.out.contains("Helsinki: skipped: no source is recorded for it"), "\(all.out)")
    let named = await runArtmap(["refresh", "helsinki"], home: home)
    #expect(named.status == 1 && named.err.contains("Helsinki: no source is recorded for it"), "\(named.err)")
    // Imported again without --collection: into 'Helsinki', not a second 'helsinki'.
    let again = await runArtmap(["import", extract.path], home: home)
    #expect(again.status == 0 && again.out.contains("into 'Helsinki'"), "\(again.out)\(again.err)")
    #expect(try CatalogStore(path: path).collectionNames().filter { $0.lowercased() == "helsinki" } == ["Helsinki"])
    #expect(try CatalogStore(path: path).collectionSource("Helsinki") != .unknown, "the import recorded its file")
}

/// Issue 43, item 9: the import options a refresh reads back from the store are checked: a recorded `--store`
/// never redirects the refresh to another file, and nothing is changed.
@Test func recordedImportOptionsAreCheckedBeforeARefreshUsesThem() async throws {
    let home = try temporaryDirectory("sources-options")
    let file = home.appendingPathComponent("art.csv")
    try "id,title,latitude,longitude\na1,Bronze Hare,51.5007,-0.1246\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(await runArtmap(["import", file.path, "--no-images", "--crs", "EPSG:4326"], home: home).status == 0)
    let path = home.appendingPathComponent("data/artmap/artmap.sqlite").path
    let elsewhere = home.appendingPathComponent("elsewhere.sqlite").path
    for (options, said) in [
        (["--no-images", "--store", elsewhere], "its recorded import options hold '--store', which an import does not record"),
        (["--crs", "ESRI:54030"], "its recorded import options are not usable (option --crs takes an EPSG code (EPSG:4326 or CRS84, EPSG:3857, EPSG:28992…), not 'ESRI:54030')"),
        (["--field"], "its recorded import option --field has no value"),
    ] {
        do {
            let store = try CatalogStore(path: path)
            let source = try store.collectionSource("art")
            let file: ImportedFile? = { if case .file(let file) = source { return file } else { return nil } }()
            var recorded = try #require(file, "the import recorded its file")
            recorded.options = options
            recorded.size += 1  // changed on disk, as far as the refresh can tell
            try store.recordSource(.file(recorded), of: "art")
        }
        let refreshed = await runArtmap(["refresh", "art"], home: home)
        #expect(refreshed.status == 1)
        #expect(refreshed.err.contains("art: \(said); nothing was changed (import the file again)"), "\(refreshed.err)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere), "no store was made elsewhere")
    }
}
