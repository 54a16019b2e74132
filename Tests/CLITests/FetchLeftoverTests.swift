import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI
@testable import Sync

/// The download folders of fetches in `folder`.
private func downloadFolders(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("artmap-fetch-") }.sorted()
}

/// Issue 35, item 8: a fetch killed with SIGKILL while it downloads leaves its folder in the temporary directory;
/// the next fetch removes it (it stayed for good). The real binary, TMPDIR a folder of the test's own.
@Test func theNextFetchRemovesTheFolderOfAFetchThatWasKilled() throws {
    let home = try temporaryDirectory("fetch-leftover")
    let tmp = home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let empty = home.appendingPathComponent("empty.osm")
    try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"Overpass API\">\n</osm>\n".utf8).write(to: empty)
    let hanging = try TestServer(answering: empty, contentType: "application/osm3s+xml", hold: true)
    var environment = binaryEnvironment(home: home)
    environment["TMPDIR"] = tmp.path
    let arguments = ["fetch", "--around", "60.1690,24.9480", "--radius", "100", "--no-pictures"]
    let (first, _, _) = try startBinary(arguments + ["--overpass-url", "\(hanging.base)/api/interpreter"], environment: environment, label: "killed")
    // It has made its folder and asked for its first tile, and waits for the answer that never comes.
    let deadline = Date().addingTimeInterval(60)
    while try downloadFolders(tmp).isEmpty || hanging.requestLog().isEmpty, Date() < deadline, first.isRunning { usleep(50_000) }
    let left = downloadFolders(tmp)
    try #require(left.count == 1, "the fetch made its folder: \(left)")
    #expect(left[0].hasPrefix("artmap-fetch-\(first.processIdentifier)-"))
    kill(first.processIdentifier, SIGKILL)
    first.waitUntilExit()
    #expect(downloadFolders(tmp) == left, "SIGKILL leaves it behind")

    let answering = try TestServer(answering: empty, contentType: "application/osm3s+xml")
    let second = try runBinary(arguments + ["--overpass-url", "\(answering.base)/api/interpreter"], environment: environment)
    #expect(second.status == 0, "\(second.err)")
    #expect(downloadFolders(tmp).isEmpty, "the next fetch removed the killed one's folder, and its own")
}

/// Only folders whose process has ended go: not a running process's, not a link named like one (its target is
/// untouched), not other names.
@Test func onlyAbandonedDownloadFoldersAreRemoved() throws {
    let parent = try temporaryDirectory("fetch-leftover")
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = ended.processIdentifier
    let make = { (name: String) throws -> URL in
        let folder = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("tile".utf8).write(to: folder.appendingPathComponent("tile-1-2.osm"))
        return folder
    }
    _ = try make("artmap-fetch-\(dead)-A")
    _ = try make("artmap-fetch-\(getppid())-B")
    _ = try make("other-\(dead)-C")
    let target = try make("target")
    try FileManager.default.createSymbolicLink(atPath: parent.appendingPathComponent("artmap-fetch-\(dead)-D").path, withDestinationPath: target.path)
    #expect(MapFetcher.removeAbandonedFolders(in: parent) == 1)
    let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
    #expect(left == ["artmap-fetch-\(dead)-D", "artmap-fetch-\(getppid())-B", "other-\(dead)-C", "target"].sorted())
    #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("tile-1-2.osm").path))
}

/// Issue 35, item 5: a fetch of 5 km at 89.9° N (48,240 tiles of 0.01°) is refused before anything is asked,
/// naming a radius that fits.
@Test func aFetchNearThePoleIsRefusedBeforeAskingAnything() throws {
    let home = try temporaryDirectory("fetch-pole")
    let empty = home.appendingPathComponent("empty.osm")
    try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n</osm>\n".utf8).write(to: empty)
    let server = try TestServer(answering: empty, contentType: "application/osm3s+xml")
    let result = try runBinary(["fetch", "--around", "89.9,0", "--radius", "5000", "--no-pictures", "--overpass-url", "\(server.base)/api/interpreter"],
                               environment: binaryEnvironment(home: home))
    #expect(result.status == 1)
    #expect(result.err.contains("takes 48240 tiles of 0.01°, more than the 583"), "\(result.err)")
    #expect(result.err.contains("give --radius "), "\(result.err)")
    #expect(try server.requestLog().isEmpty)
    // At the pole itself nothing fits.
    let pole = try runBinary(["fetch", "--around", "90,0", "--radius", "5000", "--no-pictures", "--overpass-url", "\(server.base)/api/interpreter"],
                             environment: binaryEnvironment(home: home))
    #expect(pole.status == 1)
    #expect(pole.err.contains("artmap cannot fetch the map this near the pole; nothing was asked"), "\(pole.err)")
    #expect(try server.requestLog().isEmpty)
}
