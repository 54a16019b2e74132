import Catalog
import Foundation
import Testing
import TestSupport
@testable import Store

/// Opens `path` as the commands do until a check has stamped it sound (a file's times must be over a second
/// old first), answering whether every check run meanwhile found it sound.
private func openUntilStamped(_ path: String) throws -> Bool {
    let deadline = Date().addingTimeInterval(120)
    var sound = true
    while StoreFileStamp.recorded(for: path) == nil {
        try #require(Date() < deadline, "no check stamped \(path) within two minutes")
        let opened = try CatalogStore.openCheckingAlongside(path: path)
        let check = try #require(opened.check, "an unstamped store is checked")
        if check.problem() != nil { sound = false }
        if StoreFileStamp.recorded(for: path) == nil { usleep(50_000) }
    }
    return sound
}

@Test func aStoreUnchangedSinceASoundCheckIsNotReadWholeAgainAndAnyChangeIsChecked() throws {
    let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
    do {
        let store = try CatalogStore(path: path)
        _ = try store.merge((1...60).map { sample("\($0)") }, into: "campus", full: false)
    }
    #expect(try openUntilStamped(path))
    let stamp = try #require(StoreFileStamp.recorded(for: path))
    #expect(stamp == StoreFileStamp.current(path: path))
    do {
        let again = try CatalogStore.openCheckingAlongside(path: path)
        #expect(again.check == nil, "the same bytes are not checked twice")
        #expect(try again.store.ids(collection: "campus").count == 60)
        // A write by this connection: its frames in the WAL mean no stamp holds.
        try again.store.database.run("DELETE FROM artworks WHERE id = '1'")
        #expect(StoreFileStamp.current(path: path) == nil)
        let beside = try CatalogStore.openCheckingAlongside(path: path)
        #expect(beside.check != nil)
        #expect(beside.check?.problem() == nil)
    }
    // Closed: the WAL is folded into the file, whose times moved on.
    #expect(StoreFileStamp.current(path: path) != stamp)
    let changed = try CatalogStore.openCheckingAlongside(path: path)
    #expect(changed.check != nil, "a file written since its stamp is checked")
    #expect(changed.check?.problem() == nil)
}

@Test func aStoreDamagedAfterItsStampIsCheckedAndFoundDamaged() throws {
    let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
    do {
        let store = try CatalogStore(path: path)
        _ = try store.merge((1...400).map { sample("\($0)", title: String(repeating: "long title ", count: 20)) }, into: "campus", full: false)
    }
    #expect(try openUntilStamped(path))
    let size = try #require(StoreFileStamp.current(path: path)).size
    // Garbage over pages in the middle, the size kept: only the file's times tell.
    try writeGarbageOverPages(path)
    #expect(try #require(StoreFileStamp.current(path: path)).size == size)
    let opened = try CatalogStore.openCheckingAlongside(path: path)
    let check = try #require(opened.check, "a file written since its stamp is checked")
    let problem = try #require(check.problem())
    #expect(problem.hasPrefix("integrity check:"), "\(problem)")
    #expect(StoreFileStamp.recorded(for: path) != StoreFileStamp.current(path: path))
}

@Test func aStampLineThatIsNotOneIsNoStamp() throws {
    let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
    _ = try CatalogStore(path: path)
    for text in ["", "1 2 3", "1 2 3 4.5 6.x", "-1 2 3 4.5 6.7", "1 2 3 4.5 6.7 8", "1 2 3 4.5 6.7" + String(repeating: " ", count: 300)] {
        try text.write(toFile: StoreFileStamp.stampPath(for: path), atomically: true, encoding: .utf8)
        #expect(StoreFileStamp.recorded(for: path) == nil, "\(text)")
    }
    try "1 2 3 4.5 6.7\n".write(toFile: StoreFileStamp.stampPath(for: path), atomically: true, encoding: .utf8)
    #expect(StoreFileStamp.recorded(for: path)?.line == "1 2 3 4.5 6.7")
}

@Test func aCommandsOpeningChecksAStoreUntilAStampVouchesForItThenReadsOnlyWhatItNeeds() throws {
    // Checked (and sound) at every opening until the file's times are old enough to stamp.
    let path = try storeStampedByReaders { opened in #expect(opened.checked && opened.recovery == nil) }
    #expect(StoreFileStamp.recorded(for: path) == StoreFileStamp.current(path: path))
    do {
        let again = try CatalogStore.openRecovering(path: path, trustStamp: true)
        #expect(!again.checked, "the same bytes are not read whole again")
        #expect(try again.store.ids(collection: "campus").count == 400)
    }
    // Garbage over pages in the middle, the size kept: the file's times moved, so the next opening checks,
    // finds the damage and moves the file aside.
    try writeGarbageOverPages(path)
    let damaged = try CatalogStore.openRecovering(path: path)
    #expect(damaged.checked)
    let recovery = try #require(damaged.recovery, "a damaged store is moved aside")
    #expect(recovery.message.contains("integrity check") || recovery.message.contains("malformed"), "\(recovery.message)")
    #expect(try damaged.store.ids(collection: "campus").isEmpty)
}

/// A store of 400 artworks, opened as a reader opens it (`visit` sees each opening) until a sound check stamped it.
private func storeStampedByReaders(_ visit: ((store: CatalogStore, recovery: StoreRecovery?, checked: Bool)) -> Void = { _ in }) throws -> String {
    let path = try temporaryDirectory().appendingPathComponent("s.sqlite").path
    do {
        let store = try CatalogStore(path: path)
        _ = try store.merge((1...400).map { sample("\($0)", title: String(repeating: "long title ", count: 20)) }, into: "campus", full: false)
    }
    let deadline = Date().addingTimeInterval(120)
    while StoreFileStamp.recorded(for: path) == nil {
        try #require(Date() < deadline, "no opening stamped \(path) within two minutes")
        visit(try CatalogStore.openRecovering(path: path, trustStamp: true))
        if StoreFileStamp.recorded(for: path) == nil { usleep(50_000) }
    }
    return path
}

/// Garbage over three pages in the middle of the file, its size kept.
private func writeGarbageOverPages(_ path: String) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.seek(toOffset: 4096 * 2)
    handle.write(Data((0..<(4096 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
    try handle.close()
}

/// A stamped store damaged as a disk damages it: garbage over pages, the file's times as the stamp has them (the
/// damaged file stamped).
private func storeDamagedUnderItsStamp() throws -> String {
    let path = try storeStampedByReaders()
    try writeGarbageOverPages(path)
    try #require(StoreFileStamp.current(path: path)).record(for: path)
    return path
}

@Test func damageUnderAStampReachesNoWriterAndAReaderThatMeetsItLeavesTheNextOpeningToFindIt() throws {
    let path = try storeDamagedUnderItsStamp()
    // A reader trusts the stamp; its read meets the damage, which forgets the stamp.
    let reader = try CatalogStore.openRecovering(path: path, trustStamp: true)
    #expect(!reader.checked && reader.recovery == nil)
    // Whichever of the tables and indexes the garbage landed on: every one is read whole until one meets it.
    var met: StoreError?
    let tables = try reader.store.database.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").compactMap { $0[0].text }
    for table in tables where met == nil {
        do { _ = try reader.store.database.rows("SELECT * FROM \"\(table)\"") } catch let error as StoreError { met = error }
    }
    if met == nil {
        do { _ = try reader.store.merge([sample("new")], into: "campus", full: false) } catch let error as StoreError { met = error }
    }
    let damage = try #require(met, "a read meets the damaged pages")
    #expect(damage.isDamage, "\(damage)")
    #expect(StoreFileStamp.recorded(for: path) == nil, "the damage met forgets the stamp")
    // So the next opening, reader or writer, checks and moves the file aside.
    let next = try CatalogStore.openRecovering(path: path, trustStamp: true)
    #expect(next.checked)
    #expect(next.recovery != nil, "the damaged store is moved aside")
}

@Test func aWriterChecksAStoreEvenWhenAStampVouchesForIt() throws {
    let path = try storeDamagedUnderItsStamp()
    let writer = try CatalogStore.openRecovering(path: path)
    #expect(writer.checked)
    #expect(writer.recovery != nil, "a writer never gets the damaged store")
    #expect(try writer.store.ids(collection: "campus").isEmpty)
}
