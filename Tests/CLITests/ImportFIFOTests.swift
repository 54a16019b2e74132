import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// Runs artmap on arguments naming a FIFO. Should the command still wait on it after a generous bound, a thread of
/// its own (the command may hold the task pool's threads) opens and closes a writer until the command ends, so the
/// test ends, and the hang is recorded as a failure.
private func runBesideFIFO(_ arguments: [String], fifo: String, home: URL) async -> CommandResult {
    final class Watch: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var done = false, hung = false
    }
    let watch = Watch()
    let watchdog = Thread {
        if watch.finished.wait(timeout: .now() + 30) == .timedOut {
            watch.lock.withLock { watch.hung = true }
            while !watch.lock.withLock({ watch.done }) {
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
                usleep(50_000)
            }
        }
    }
    watchdog.start()
    let result = await runArtmap(arguments, home: home)
    watch.lock.withLock { watch.done = true }
    watch.finished.signal()
    if watch.lock.withLock({ watch.hung }) { Issue.record("artmap \(arguments.joined(separator: " ")) waited on the FIFO") }
    return result
}

/// Issue 43, item 13: a FIFO is refused before it is opened for a blocking read, in every format artmap imports.
@Test(arguments: ["places.csv", "places.geojson", "places.gpx", "places.json", "places.plist", "places"])
func importOfAFIFOIsRefusedWithoutWaiting(_ name: String) async throws {
    let home = try temporaryDirectory("import-fifo")
    let fifo = home.appendingPathComponent(name).path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = await runBesideFIFO(["import", fifo, "--collection", "piped"], fifo: fifo, home: home)
    #expect(result.status == 1)
    #expect(result.err.contains("not a regular file (a pipe, device, socket or directory)"), "\(result.err)")
    #expect(result.err.contains("nothing was imported"), "\(result.err)")
}

/// `list --gpx` and `watch --gpx` on a FIFO say so instead of waiting for a writer.
@Test(arguments: [["list", "--gpx"], ["watch", "--gpx"]])
func gpxOptionOnAFIFOIsRefused(_ words: [String]) async throws {
    let home = try temporaryDirectory("gpx-fifo")
    let fifo = home.appendingPathComponent("walk.gpx").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = await runBesideFIFO(words + [fifo], fifo: fifo, home: home)
    #expect(result.status != 0)
    #expect(result.err.contains("walk.gpx: not a regular file (a pipe, device, socket or directory)"), "\(result.err)")
}

/// A refresh of a collection whose file became a FIFO ends with a message, and the collection is kept.
@Test func refreshOfAFileThatBecameAFIFOEnds() async throws {
    let home = try temporaryDirectory("refresh-fifo")
    let file = home.appendingPathComponent("art.csv")
    try "id,title,latitude,longitude\na1,Bronze Hare,51.5007,-0.1246\n".write(to: file, atomically: true, encoding: .utf8)
    let imported = await runArtmap(["import", file.path], home: home)
    #expect(imported.status == 0, "\(imported.err)")
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)
    let refreshed = await runBesideFIFO(["refresh", "art"], fifo: file.path, home: home)
    #expect(refreshed.status == 1)
    #expect(refreshed.err.contains("art: ") && refreshed.err.contains("not a regular file"), "\(refreshed.err)")
    let list = await runArtmap(["list", "--collection", "art", "--json"], home: home)
    #expect(list.out.contains("Bronze Hare"), "\(list.err)")
}
