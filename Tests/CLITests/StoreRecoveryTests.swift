import Foundation
@testable import Store
import Testing
import TestSupport
@testable import ArtmapCLI

/// A store made by `list`, with everything checkpointed into the main file, then closed.
func seededStore(_ home: URL) async throws -> String {
    let path = home.appendingPathComponent("store.sqlite").path
    #expect(await runArtmap(["list", "--store", path], home: home).status == 0)
    let store = try CatalogStore(path: path)
    try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path
}

func listCount(_ result: CommandResult) throws -> Int {
    try JSONDecoder().decode(ListJSON.self, from: Data(result.out.utf8)).buildings.reduce(0) { $0 + $1.artworks.count }
}

/// Damages a store file: cut in half, or garbage over pages in the middle, where the artworks table lives.
func damage(_ path: String, how damage: String) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    let size = try handle.seekToEnd()
    if damage == "truncated" {
        try handle.truncate(atOffset: size / 2)
    } else {
        try handle.seek(toOffset: 4096 * 2)
        handle.write(Data((0..<(4096 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
    }
    try handle.close()
}

@Test(arguments: ["truncated", "scribbled"])
func aDamagedStoreIsMovedAsideAndRebuiltFromTheSeed(damage how: String) async throws {
    let home = try temporaryDirectory()
    let path = try await seededStore(home)
    try damage(path, how: how)
    let listed = await runArtmap(["list", "--json", "--store", path], home: home)
    #expect(listed.status == 0, "\(listed.err)")
    #expect(try listCount(listed) == 31)
    let lines = listed.err.split(separator: "\n")
    #expect(lines.count == 1, "\(listed.err)")
    #expect(listed.err.hasPrefix("artmap: the store was damaged ("), "\(listed.err)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("store.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(copies.count == 1, "the damaged file is kept: \(copies)")
    #expect(listed.err.contains("moved to \(home.appendingPathComponent(copies.first ?? "?").path)"))
    // The new store works for writing too, and the next run says nothing.
    let again = await runArtmap(["list", "--json", "--store", path], home: home)
    let againCount = try listCount(again)
    #expect(again.err.isEmpty && againCount == 31)
    let file = home.appendingPathComponent("one.json")
    try JSONSerialization.data(withJSONObject: ["artworks": Array(try seedRecords().prefix(1))]).write(to: file)
    #expect(await runArtmap(["sync", "--full", "--no-images", "--store", path, "--source", file.absoluteString], home: home).status == 0)
}

/// Makes a file and its folder unwritable (immutable for root, who ignores permissions); undone by `undo`.
func makeUnwritable(_ paths: [String]) throws -> () -> Void {
    if getuid() == 0 {
        for path in paths {
            let status = try runProcess(["chattr", "+i", path])
            #expect(status == 0, "chattr +i \(path) failed: root needs CAP_LINUX_IMMUTABLE for this test")
        }
        return { for path in paths.reversed() { _ = try? runProcess(["chattr", "-i", path]) } }
    }
    for path in paths { chmod(path, 0o555) }
    return { for path in paths { chmod(path, 0o755) } }
}

func runProcess(_ argv: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = argv
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

@Test func aStoreThatCannotBeWrittenOpensReadOnlyAndASyncSaysWhy() async throws {
    let home = try temporaryDirectory()
    let folder = home.appendingPathComponent("ro")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("store.sqlite").path
    #expect(await runArtmap(["list", "--store", path], home: home).status == 0)
    let checkpoint = try CatalogStore(path: path)
    try checkpoint.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    try checkpoint.database.execute("PRAGMA journal_mode = DELETE")
    let undo = try makeUnwritable([path, folder.path])
    defer { undo() }
    let listed = await runArtmap(["list", "--json", "--store", path], home: home)
    #expect(listed.status == 0, "\(listed.err)")
    #expect(try listCount(listed) == 31)
    #expect(listed.err.contains("the store is read-only ("), "\(listed.err)")
    let file = home.appendingPathComponent("one.json")
    try JSONSerialization.data(withJSONObject: ["artworks": Array(try seedRecords().prefix(1))]).write(to: file)
    let sync = await runArtmap(["sync", "--full", "--no-images", "--store", path, "--source", file.absoluteString], home: home)
    #expect(sync.status == 1)
    #expect(sync.err.contains("sync cannot save: the store \(path) is read-only; nothing was fetched"), "\(sync.err)")
}

/// A sync checks the store while it downloads; a damaged one is moved aside before anything is written, and
/// the sync lands in the new store.
@Test(arguments: ["truncated", "scribbled"])
func aSyncIntoADamagedStoreMovesItAsideAndSyncsIntoANewOne(damage how: String) async throws {
    let home = try temporaryDirectory()
    let path = try await seededStore(home)
    try damage(path, how: how)
    let file = home.appendingPathComponent("two.json")
    var records = Array(try seedRecords().prefix(2))
    records[1]["title"] = "Renamed by the sync"
    try JSONSerialization.data(withJSONObject: ["artworks": records]).write(to: file)
    let synced = await runArtmap(["sync", "--full", "--no-images", "--store", path, "--source", file.absoluteString], home: home)
    #expect(synced.status == 0, "\(synced.err)")
    #expect(synced.err.hasPrefix("artmap: the store was damaged ("), "\(synced.err)")
    #expect(synced.out.contains("synced 2 artworks"), "\(synced.out)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("store.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(copies.count == 1, "the damaged file is kept: \(copies)")
    let listed = await runArtmap(["list", "--json", "--store", path], home: home)
    #expect(listed.err.isEmpty, "\(listed.err)")
    #expect(try listCount(listed) == 2)
    #expect(listed.out.contains("Renamed by the sync"))
}

@Test(arguments: ["list", "route", "sync"])
func aStoreDamagedBehindItsStampIsStillFoundAndMovedAside(command: String) async throws {
    let home = try temporaryDirectory()
    let path = try await seededStore(home)
    try damage(path, how: "scribbled")
    // Damage as the disk makes it, which no file time tells: the damaged file stamped as if a check had passed it.
    try #require(StoreFileStamp.current(path: path)).record(for: path)
    try #require(StoreFileStamp.recorded(for: path) == StoreFileStamp.current(path: path))
    let source = home.appendingPathComponent("one.json")
    try JSONSerialization.data(withJSONObject: ["artworks": Array(try seedRecords().prefix(1))]).write(to: source)
    let arguments = switch command {
    case "list": ["list", "--json", "--store", path]
    case "route": ["route", "--to", "1", "--store", path]
    default: ["sync", "--full", "--no-images", "--store", path, "--source", source.absoluteString]
    }
    let result = await runArtmap(arguments, home: home)
    #expect(result.err.contains("artmap: the store was damaged ("), "\(command): \(result.err)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("store.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(copies.count == 1, "the damaged file is kept: \(copies)")
    if command == "list" { #expect(try listCount(result) == 31) }
    if command == "sync" { #expect(result.status == 0, "\(result.err)") }
}

/// The names in `folder`, to see that nothing was made beside a refused file (no copy, no `-journal`, no `-wal`).
private func names(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

/// Issue 43, 7: `--store notes.txt` made even `list` rename the file aside and make a database in its place. A file
/// that is not an SQLite database, or is another program's, is refused and left as it was.
@Test(arguments: ["text", "sqlite"])
func aStoreThatIsNotArtmapsIsRefusedAndLeftAsItWas(kind: String) async throws {
    let home = try temporaryDirectory()
    let folder = home.appendingPathComponent("files")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(kind == "text" ? "notes.txt" : "other.db")
    if kind == "text" {
        try Data("shopping: bread, milk\n".utf8).write(to: file)
    } else {
        let other = try Database(path: file.path)
        try other.execute("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')")
    }
    let before = try Data(contentsOf: file)
    let listed = await runArtmap(["list", "--store", file.path], home: home)
    #expect(listed.status == 1)
    let why = kind == "text" ? "it is not an SQLite database, so not an artmap store"
        : "it is an SQLite database without artmap's tables (another program's), not an artmap store"
    #expect(listed.err.contains("cannot open the store \(file.path): \(why); artmap left it as it is"), "\(listed.err)")
    #expect(try Data(contentsOf: file) == before)
    #expect(try names(folder) == [file.lastPathComponent])
}

/// Issue 43, 7: `--store /dev/null` as root left a `-journal` in /dev. Special files are refused before SQLite opens
/// them (a FIFO here, which any user can make).
@Test func aStoreThatIsASpecialFileIsRefusedAndNothingIsMadeBesideIt() async throws {
    let home = try temporaryDirectory()
    let folder = home.appendingPathComponent("special")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let fifo = folder.appendingPathComponent("pipe").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let listed = await runArtmap(["list", "--store", fifo], home: home)
    #expect(listed.status == 1)
    #expect(listed.err.contains("cannot open the store \(fifo): it is not a regular file (a device, FIFO or socket); artmap left it as it is"), "\(listed.err)")
    #expect(try names(folder) == ["pipe"])
}

/// A store made before artmap marked its files (no application id) is still its own: opened, and marked.
@Test func aStoreFromBeforeTheMarkerIsStillOpenedAndMarked() async throws {
    let home = try temporaryDirectory()
    let path = try await seededStore(home)
    let store = try CatalogStore(path: path)
    try store.database.execute("PRAGMA application_id = 0")
    try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let listed = await runArtmap(["list", "--json", "--store", path], home: home)
    #expect(listed.status == 0, "\(listed.err)")
    #expect(try listCount(listed) == 31)
    #expect(try CatalogStore(path: path).database.scalar("PRAGMA application_id")?.integer == CatalogStore.applicationID)
}
