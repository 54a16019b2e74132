import Foundation
import Store
import Testing
import TestSupport

/// A store holding a collection "big" of `count` artworks in groups of five, synced from a file.
private func storeWithBigCollection(_ count: Int, home: URL) throws -> String {
    let records: [[String: String]] = (0..<count).map { i in
        let b = i / 5
        return ["id": "\(i)", "title": "Work \(i)", "artist": "Artist \(i % 40)", "yearOfWork": "1990",
                "lat": String(format: "%.6f", 53.4066 + Double(b % 40) * 0.0004), "long": String(format: "%.6f", -2.9665 + Double(b / 40) * 0.0006),
                "location": "Place \(b)", "Information": "About work \(i).", "lastModified": "2020-01-01 00:00:00"]
    }
    let file = home.appendingPathComponent("big.json")
    try JSONSerialization.data(withJSONObject: ["artworks": records]).write(to: file)
    let path = home.appendingPathComponent("store.sqlite").path
    let synced = try runArtmapBinary(["sync", "--full", "--no-images", "--store", path, "--collection", "big", "--source", file.absoluteString], home: home)
    #expect(synced.status == 0, "\(synced.output)")
    return path
}

@Test func aLargeCollectionOpensOnThePlacesNearbyAndThenShowsTheWhole() throws {
    let home = try temporaryDirectory("e2e-large")
    let path = try storeWithBigCollection(3000, home: home)
    let tmux = try TmuxSession(columns: 160, rows: 45)
    try tmux.type(artmapCommandLine(home: home, arguments: ["--offline", "--store", path, "--collection", "big"]))
    var screen = try tmux.waitFor { boxTop($0, "3000 artworks in 600 buildings") != nil }
    #expect(boxTop(screen, "3000 artworks in 600 buildings") != nil, "\(screen.joined(separator: "\n"))")
    // A detail reads its description from the store.
    try tmux.send("Tab", "Down", "Enter")
    screen = try tmux.waitFor { $0.contains { $0.contains("About work") } }
    #expect(screen.contains { $0.contains("About work") }, "\(screen.joined(separator: "\n"))")
    try tmux.send("Escape", "q")
    screen = try tmux.waitFor { $0.contains { $0.contains("EXITED-0") } }
    #expect(screen.contains { $0.contains("EXITED-0") })
}

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
