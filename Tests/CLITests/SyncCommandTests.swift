import Foundation
import Store
import Testing
import TestSupport
@testable import ArtmapCLI

@Test func syncingA2017ResponseThenListingShowsThe31InTheirBuildings() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let sync = await runArtmap(["sync", "--source", server.serviceURL("2017")], home: home)
    #expect(sync.status == 0, "\(sync.err)")
    #expect(sync.out.hasPrefix("synced "))
    #expect(sync.out.hasSuffix("; 31 images cached, 0 failed\n"), "\(sync.out)")
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(await runArtmap(["list", "--json"], home: home).out.utf8))
    #expect(list.buildings.reduce(0) { $0 + $1.artworks.count } == 31)
    #expect(list.buildings.first { $0.name == "Electrical Engineering Building" }?.artworks.count == 9)
    let images = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("cache/artmap/images").path)
    #expect(images.count == 31)
}

@Test func aFullSyncOfThe2017ShapeNamesBuildingsFromNotes() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let sync = await runArtmap(["sync", "--full", "--no-images", "--source", server.serviceURL("2017")], home: home)
    #expect(sync.out == "synced 31 artworks: 0 new, 31 changed, 0 removed, 0 skipped\n")
    let list = try JSONDecoder().decode(ListJSON.self, from: Data(await runArtmap(["list", "--json"], home: home).out.utf8))
    #expect(list.buildings.count == 13)
    #expect(list.buildings.first?.name == "Ashton Building")
}

@Test(arguments: ["500", "html"])
func aFailingServerLeavesListByteForByteUnchanged(mode: String) async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    #expect(await runArtmap(["sync", "--source", server.serviceURL("ok")], home: home).status == 0)
    let before = await runArtmap(["list", "--json"], home: home).out
    let failed = await runArtmap(["sync", "--full", "--source", server.serviceURL(mode)], home: home)
    #expect(failed.status == 1)
    let lines = failed.err.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(failed.err.hasPrefix("artmap: sync failed: http://127.0.0.1:\(server.port)/\(mode)/artworksOnCampus/data.php"))
    #expect(failed.err.contains(mode == "500" ? "HTTP 500" : "HTML"))
    #expect(await runArtmap(["list", "--json"], home: home).out == before)
}

@Test func theSourceIsRememberedOnceUsed() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    #expect(await runArtmap(["sync", "--no-images", "--source", server.serviceURL("ok", classKey: "campusart")], home: home).status == 0)
    #expect(await runArtmap(["sync", "--no-images"], home: home).status == 0)
    let log = try server.requestLog()
    #expect(log.count == 2)
    #expect(log.allSatisfy { $0.hasPrefix("/ok/artworksOnCampus/data.php?class=campusart&lastUpdate=") })
}

@Test func plainHttpToAnotherHostIsRefused() async throws {
    let result = await runArtmap(["sync", "--source", "http://192.0.2.1/data.php"], home: try temporaryDirectory())
    #expect(result.status == 2)
    #expect(result.err.contains("only allowed for this machine"))
}

@Test func aFileSourceWorks() async throws {
    let home = try temporaryDirectory()
    let file = home.appendingPathComponent("response.json")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Resources/seed/campus-artworks.json"), to: file)
    let result = await runArtmap(["sync", "--full", "--no-images", "--source", file.absoluteString], home: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "synced 31 artworks: 0 new, 0 changed, 0 removed, 0 skipped\n")
}

/// Rows of the artworks table, for checking a store is in the old or the new state.
func artworkIDs(_ path: String) throws -> Set<String> {
    let store = try CatalogStore(path: path)
    return Set(try store.database.rows("SELECT id FROM artworks").compactMap { $0.first?.text })
}

/// The number of artworks a store shows a reader right now (nil while it cannot be read).
func visibleArtworkCount(_ path: String) -> Int? {
    guard let store = try? CatalogStore(path: path),
          let count = try? store.database.scalar("SELECT count(*) FROM artworks")?.integer else { return nil }
    return Int(count)
}

/// Kills `process` and reports whether the signal landed while it was still running.
func killLanded(_ process: Process) -> Bool {
    let wasRunning = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return wasRunning && process.terminationReason == .uncaughtSignal
}

@Test func killingASyncAtAnyMomentLeavesTheOldSetOrTheNewSet() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let storePath = home.appendingPathComponent("kill.sqlite").path
    let environment = binaryEnvironment(home: home)
    _ = try runBinary(["list", "--store", storePath], environment: environment)
    let old = try artworkIDs(storePath)
    #expect(old.count == 31)
    // The sync fetches images after its commit, so it keeps running long after the new set is visible.
    let bigSync = ["sync", "--full", "--store", storePath, "--source", server.serviceURL("big")]
    func restoreOldSet() throws {
        _ = try runBinary(["sync", "--full", "--no-images", "--store", storePath, "--source", server.serviceURL("ok")], environment: environment)
    }
    func checkStore(_ moment: String) throws -> Bool {
        let store = try CatalogStore(path: storePath)
        #expect(try store.database.scalar("PRAGMA integrity_check")?.text == "ok")
        let ids = try artworkIDs(storePath)
        #expect(ids == old || ids.count == 20000, "a mix of \(ids.count) rows after killing \(moment)")
        return ids == old
    }
    // First measure this machine's own pace: how long until the process's commit becomes visible to a reader.
    let started = Date()
    let (first, _, _) = try startBinary(bigSync, environment: environment)
    let bound = Date().addingTimeInterval(300)
    while first.isRunning && visibleArtworkCount(storePath) != 20000 && Date() < bound { usleep(5_000) }
    let timeToCommit = Date().timeIntervalSince(started)
    let landed = killLanded(first)
    var sawNew = try !checkStore("just after the commit") && landed
    #expect(sawNew, "the kill just after the commit (after \(timeToCommit) s) did not leave the new set")
    try restoreOldSet()
    // Then kill at moments spread over that measured span, and keep going until both outcomes were seen.
    var sawOld = false
    let fractions = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 1.0, 1.1, 1.3]
    var attempt = 0
    while attempt < 40 && (attempt < fractions.count || !(sawOld && sawNew)) {
        let fraction = attempt < fractions.count ? fractions[attempt] : Double.random(in: 0...1.3)
        attempt += 1
        let (process, _, _) = try startBinary(bigSync, environment: environment)
        usleep(UInt32(fraction * timeToCommit * 1_000_000))
        guard killLanded(process) else { continue }
        if try checkStore("at \(fraction) of \(timeToCommit) s") { sawOld = true } else {
            sawNew = true
            try restoreOldSet()
        }
    }
    #expect(sawOld, "no kill landed before the commit in \(attempt) tries")
    #expect(sawNew, "no kill landed after the commit in \(attempt) tries")
}

@Test func twoSyncsOfOneStoreAtOnceDoNotCorruptIt() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let storePath = home.appendingPathComponent("both.sqlite").path
    let environment = binaryEnvironment(home: home)
    _ = try runBinary(["list", "--store", storePath], environment: environment)
    for _ in 0..<3 {
        let a = try startBinary(["sync", "--full", "--no-images", "--store", storePath, "--source", server.serviceURL("big")],
                                environment: environment, label: "a")
        let b = try startBinary(["sync", "--full", "--no-images", "--store", storePath, "--source", server.serviceURL("ok")],
                                environment: environment, label: "b")
        a.0.waitUntilExit()
        b.0.waitUntilExit()
        for (process, _, errURL) in [a, b] where process.terminationStatus != 0 {
            let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            #expect(err.contains("busy"), "a failed concurrent sync should say the store is busy: \(err)")
        }
        #expect(a.0.terminationStatus == 0 || b.0.terminationStatus == 0)
        let store = try CatalogStore(path: storePath)
        #expect(try store.database.scalar("PRAGMA integrity_check")?.text == "ok")
        let count = try artworkIDs(storePath).count
        #expect(count == 31 || count == 20000)
    }
}
