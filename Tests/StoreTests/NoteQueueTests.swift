import Catalog
import Foundation
import Testing
import TestSupport
@testable import Store

private let key = ArtworkKey(collection: "helsinki", id: "node/42")

/// The note queued, or a thrown failure saying what came instead.
private func queued(_ answer: NoteQueueing) throws -> QueuedNote {
    guard case .queued(let note) = answer else { throw NotQueued(answer: answer) }
    return note
}

/// The store answered something other than "queued".
private struct NotQueued: Error { let answer: NoteQueueing }

@Test func aNoteIsQueuedOncePerElementADayAndKeptWithItsText() throws {
    let store = try CatalogStore(path: ":memory:")
    let noon = Date(timeIntervalSince1970: 1_800_000_000)
    let first = try queued(try store.queueNote(key, element: "node/42", latitude: 60.1, longitude: 24.9, text: "no artist", at: noon))
    #expect(first.state == .queued && first.text == "no artist" && first.latitude == 60.1 && first.element == "node/42")
    // The same element the same day: not queued again, the first one said.
    let answer = try store.queueNote(key, element: "node/42", latitude: 60.1, longitude: 24.9, text: "again",
                                                             at: noon.addingTimeInterval(60))
    guard case .alreadyToday(let again) = answer else { throw NotQueued(answer: answer) }
    #expect(again.rowID == first.rowID)
    // Another day is another note.
    _ = try queued(try store.queueNote(key, element: "node/42", latitude: 60.1, longitude: 24.9, text: "next day",
                                             at: noon.addingTimeInterval(86_400)))
    #expect(try store.notes().map(\.text) == ["no artist", "next day"])
    #expect(try store.queuedNotes(at: noon).count == 2)
}

@Test func aClaimIsWonOnceAndItsOutcomeRecorded() throws {
    let folder = try temporaryDirectory("notes-claim")
    let path = folder.appendingPathComponent("store.sqlite").path
    let one = try CatalogStore(path: path), two = try CatalogStore(path: path)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let note = try queued(try one.queueNote(key, element: "node/42", latitude: 60.1, longitude: 24.9, text: "words", at: now))
    // Two connections race for it: one wins.
    let wins = [try one.claimNote(note.rowID, at: now), try two.claimNote(note.rowID, at: now)]
    #expect(wins.filter { $0 }.count == 1)
    #expect(try two.queuedNotes(at: now).isEmpty)
    // A failure gives it back with the reason; a second claim then works, and sent is final.
    try one.finishNote(note.rowID, .failed("HTTP 500"), at: now)
    let back = try #require(try two.queuedNotes(at: now).first)
    #expect(back.lastError == "HTTP 500")
    #expect(try two.claimNote(note.rowID, at: now))
    try two.finishNote(note.rowID, .sent(noteID: 7, url: "https://api.openstreetmap.org/api/0.6/notes/7"), at: now)
    let sent = try #require(try one.notes().first)
    #expect(sent.state == .sent && sent.noteID == 7 && sent.lastError == nil && sent.sentAt != nil)
    #expect(try one.claimNote(note.rowID, at: now) == false)
    #expect(try one.queuedNotes(at: now).isEmpty)
}

@Test func aClaimLeftByAKilledSenderGoesBackToTheQueueAfterFifteenMinutes() throws {
    let store = try CatalogStore(path: ":memory:")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let note = try queued(try store.queueNote(key, element: "node/42", latitude: 60.1, longitude: 24.9, text: "words", at: now))
    #expect(try store.claimNote(note.rowID, at: now))
    #expect(try store.queuedNotes(at: now.addingTimeInterval(60)).isEmpty)
    #expect(try store.queuedNotes(at: now.addingTimeInterval(16 * 60)).map(\.rowID) == [note.rowID])
}

@Test func aHeldNoteKeepsTheNumberOfTheNoteThatHeldIt() throws {
    let store = try CatalogStore(path: ":memory:")
    let note = try queued(try store.queueNote(key, element: "node/42", latitude: 60.1, longitude: 24.9, text: "words"))
    #expect(try store.claimNote(note.rowID))
    try store.finishNote(note.rowID, .held(noteID: 123, url: "https://www.openstreetmap.org/note/123"))
    let held = try #require(try store.notes().first)
    #expect(held.state == .held && held.noteID == 123)
    #expect(held.lastError == "already reported: note 123, https://www.openstreetmap.org/note/123")
    #expect(try store.queuedNotes().isEmpty)
}
