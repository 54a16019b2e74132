import Foundation
import Store
import Testing
import TestSupport

/// Garbage over a page of an index no read of the view uses (only the integrity check can see it), or over
/// the settings, which the view reads before its check has finished.
@Test(arguments: ["artworks_changed_at", "settings"])
func aLargeCollectionInADamagedStoreIsMovedAsideAndTheViewStartsAgain(damaged: String) throws {
    let home = try temporaryDirectory("e2e-large-damaged")
    let path = try storeWithBigCollection(3000, home: home)
    let page = try {
        let database = try Database(path: path)
        return try #require(try database.scalar("SELECT MIN(pageno) FROM dbstat WHERE name = ?1", [.text(damaged)])?.integer)
    }()
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.seek(toOffset: UInt64(page - 1) * 4096)
    handle.write(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
    try handle.close()
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--store", path, "--collection", "big"]))
    let screen = try tmux.waitFor { boxTop($0, "31 artworks in 13 buildings") != nil && $0.contains { $0.contains("the store was damaged") } }
    #expect(boxTop(screen, "31 artworks in 13 buildings") != nil, "started again on the embedded catalogue: \(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("the store was damaged") })
    let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("store.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(copies.count == 1, "the damaged file is kept: \(copies)")
    try tmux.send("q")
    _ = try tmux.waitFor { $0.contains { $0.contains("EXITED-0") } }
}
