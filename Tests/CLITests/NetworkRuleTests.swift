import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

@Test func redirectsObeyTheSameRulesAsTheFirstURL() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let before = try await listedIDs(home)
    // http://0.0.0.0 is not loopback by artmap's rules (it stays on this machine if followed).
    let catalogue = await runArtmap(["sync", "--full", "--no-images", "--source", server.serviceURL("redirect")], home: home)
    #expect(catalogue.status == 1)
    #expect(catalogue.err.contains("redirected to http://0.0.0.0:\(server.port)/ok/artworksOnCampus/data.php"), "\(catalogue.err)")
    #expect(catalogue.err.contains("which is not followed: plain http:// is only allowed for this machine"))
    #expect(try await listedIDs(home) == before)
    let log = try server.requestLog()
    #expect(!log.contains { $0.hasPrefix("/ok/") }, "the redirect was not followed: \(log)")
    // Images too: the catalogue comes from the good service, the images from a base that redirects.
    let images = await runArtmap(["sync", "--source", server.serviceURL("ok"),
                                  "--image-base", "http://127.0.0.1:\(server.port)/redirect/artwork_images/"], home: home)
    #expect(images.status == 0, "\(images.err)")
    #expect(images.out.contains("0 images cached, 31 failed"), "\(images.out)")
    #expect(images.err.contains("which is not followed"), "\(images.err)")
    #expect(!(try server.requestLog()).contains { $0.hasPrefix("/ok/artwork_images/") })
}

@Test func aCompressedResponseIsRefusedBeforeItIsInflated() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let result = await runArtmap(["sync", "--full", "--no-images", "--source", server.serviceURL("gzip")], home: home)
    #expect(result.status == 1)
    #expect(result.err.contains("the server sent a gzip-compressed response though artmap asked for none"), "\(result.err)")
    #expect(try await listedIDs(home).count == 31)
}

@Test func theWholeRequestHasItsTimeEvenWhenBytesTrickleIn() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let result = await runArtmap(["sync", "--no-images", "--source", server.serviceURL("trickle")], home: home,
                                 extraEnvironment: ["ARTMAP_SYNC_TIMEOUT": "3"])
    #expect(result.status == 1)
    #expect(result.err.contains("timed out after 3 s"), "\(result.err)")
}

@Test func aFailedSyncLeavesTheSavedSourceAsItWas() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    #expect(await runArtmap(["sync", "--no-images", "--source", server.serviceURL("ok")], home: home).status == 0)
    #expect(await runArtmap(["sync", "--no-images", "--source", server.serviceURL("500"),
                             "--image-base", "http://127.0.0.1:\(server.port)/elsewhere/"], home: home).status == 1)
    #expect(await runArtmap(["sync"], home: home).status == 0)
    let log = try server.requestLog()
    #expect(log.last?.hasPrefix("/ok/") == true, "the remembered source is still the good one: \(log)")
    #expect(log.contains { $0.hasPrefix("/ok/artwork_images/") }, "and its image base")
}

@Test func aBadImageBaseIsNamedAsSuch() async throws {
    let server = try TestServer()
    let result = await runArtmap(["sync", "--source", server.serviceURL("ok"), "--image-base", "http://192.0.2.1/images/"],
                                 home: try temporaryDirectory())
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("artmap: option --image-base: "), "\(result.err)")
}

@Test func theImageCacheKeepsToItsLimitDroppingTheLeastRecentlyUsed() async throws {
    let (home, server) = try await homeWithPictures()
    let cache = home.appendingPathComponent("cache/artmap/images")
    func cachedBytes() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: cache.path).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
    }
    let photo = try #require(try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent("served/Abstract by Christopher Darton Watkins.jpg").path)[.size] as? Int)
    // Showing Abstract makes it the most recently used; then a limit just above its size keeps it alone.
    #expect(await runArtmap(["show", "40", "--width", "10", "--height", "4"], home: home).status == 0)
    let limitMB = Double(photo + 600) / 1_048_576
    let sync = await runArtmap(["sync", "--full", "--cache-limit", String(limitMB), "--source", server.serviceURL("ok")], home: home)
    #expect(sync.status == 0, "\(sync.err)")
    #expect(sync.out.contains("least recently used images removed (cache limit)"), "\(sync.out)")
    #expect(try cachedBytes() <= photo + 600)
    #expect(await runArtmap(["show", "40", "--width", "10", "--height", "4"], home: home).status == 0, "the image just shown is kept")
    // The limit is remembered; a later sync fetches what was evicted only within it.
    let again = await runArtmap(["sync", "--source", server.serviceURL("ok")], home: home)
    #expect(again.status == 0)
    #expect(try cachedBytes() <= photo + 600)
}

/// CPU seconds (user + system) a child used, from wait4: it must wait for a slow server, not spin.
func childCPUSeconds(_ argv: [String], environment: [String: String]) throws -> (status: Int32, cpu: Double) {
    let pid = try spawnWithCleanSignals(argv, stdoutPath: nil, environment: environment)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return (status, cpu)
}

@Test func waitingForASlowServerDoesNotSpin() throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    var environment = binaryEnvironment(home: home)
    environment["ARTMAP_SYNC_TIMEOUT"] = "4"
    let result = try childCPUSeconds([builtArtmap().path, "sync", "--no-images", "--source", server.serviceURL("trickle")],
                                     environment: environment)
    #expect(result.status != 0, "the trickle never completes within 4 s")
    // Four seconds of waiting: a busy loop burns most of them; waiting in poll costs a few milliseconds.
    #expect(result.cpu < 1.0, "used \(result.cpu) s of CPU while waiting 4 s")
}

@Test func aChunkSizeAtTheTopOf64BitsFailsTheSyncWithAMessage() async throws {
    let server = try TestServer()
    let home = try temporaryDirectory()
    let before = try await listedIDs(home)
    let result = await runArtmap(["sync", "--full", "--no-images", "--source", server.serviceURL("chunkbomb")], home: home)
    #expect(result.status == 1)
    #expect(result.err.contains("/chunkbomb/artworksOnCampus/data.php?class=artworks&lastUpdate=1970-01-01: the connection was lost before the response was complete"), "\(result.err)")
    #expect(try await listedIDs(home) == before)
}
