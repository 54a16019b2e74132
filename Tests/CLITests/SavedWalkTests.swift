import Foundation
import Testing
import Store
import TestSupport

/// Issue 32 item 4: a walk saved by name is resumed (`artmap walk --resume`) and exported as GPX (`export --walk`).
@Test func aSavedWalkIsResumedAndExported() async throws {
    let home = try temporaryDirectory("walk-saved")
    let imported = await runArtmap(["import", repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    struct Shape: Decodable { let finish: String; let stops: [Stop]; struct Stop: Decodable { let id: String } }
    let saved = await runArtmap(["walk", "--from", "60.1699,24.9449", "--stops", "4", "--json", "--save", "lunch walk"], home: home)
    #expect(saved.status == 0 && saved.err.contains("saved the walk as 'lunch walk'"), "\(saved.err)")
    let planned = try JSONDecoder().decode(Shape.self, from: Data(saved.out.utf8))
    // Resumed from where it began: the same four, round again.
    let resumed = await runArtmap(["walk", "--resume", "lunch walk", "--json"], home: home)
    #expect(resumed.status == 0, "\(resumed.err)")
    let again = try JSONDecoder().decode(Shape.self, from: Data(resumed.out.utf8))
    #expect(Set(again.stops.map(\.id)) == Set(planned.stops.map(\.id)) && again.finish == "round")
    // From elsewhere it ends where it began.
    let elsewhere = await runArtmap(["walk", "--resume", "lunch walk", "--from", "60.1710,24.9440", "--json"], home: home)
    #expect(try JSONDecoder().decode(Shape.self, from: Data(elsewhere.out.utf8)).finish == "end")
    let typo = await runArtmap(["walk", "--resume", "lunch wlak"], home: home)
    #expect(typo.status == 1 && typo.err.contains("no walk saved as 'lunch wlak'") && typo.err.contains("lunch walk"), "\(typo.err)")
    let both = await runArtmap(["walk", "--resume", "lunch walk", "--stops", "3"], home: home)
    #expect(both.status == 2, "\(both.err)")

    let file = home.appendingPathComponent("lunch.gpx")
    let exported = await runArtmap(["export", "--format", "gpx", "--walk", "lunch walk", "-o", file.path], home: home)
    #expect(exported.status == 0, "\(exported.err)")
    let gpx = try String(contentsOf: file, encoding: .utf8)
    #expect(gpx.components(separatedBy: "<wpt ").count == 5 && gpx.contains("<trkpt ") && gpx.contains("Art walk lunch walk"))
    for id in planned.stops.map(\.id) { #expect(gpx.contains(id), "stop \(id) in the GPX") }
    let mixed = await runArtmap(["export", "--format", "gpx", "--walk", "lunch walk", "--favourites"], home: home)
    #expect(mixed.status == 2)
}

/// Issue 43, item 22: `walk --save` on a store that cannot be written says so, without SQLite's statement.
@Test func savingAWalkInAReadOnlyStoreSaysSoWithoutSQL() async throws {
    let home = try temporaryDirectory("walk-read-only")
    let folder = home.appendingPathComponent("ro")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("store.sqlite").path
    let fixture = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    let imported = await runArtmap(["import", fixture, "--store", path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    let checkpoint = try CatalogStore(path: path)
    try checkpoint.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    try checkpoint.database.execute("PRAGMA journal_mode = DELETE")
    let undo = try makeUnwritable([path, folder.path])
    defer { undo() }
    let saved = await runArtmap(["walk", "--from", "60.1699,24.9449", "--stops", "3", "--save", "lunch", "--store", path], home: home)
    #expect(saved.status == 1)
    #expect(saved.err.contains("artmap: cannot save the walk as 'lunch': the store is read-only; nothing was saved (plan it without --save, or give a writable --store)"), "\(saved.err)")
    #expect(!saved.err.contains("SQL") && !saved.err.contains("INSERT"), "\(saved.err)")
}
