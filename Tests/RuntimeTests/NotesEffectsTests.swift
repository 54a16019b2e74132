import App
import Catalog
import Foundation
import Store
import Sync
import Testing
import TestSupport
@testable import Runtime

// Issue 47, item 2: the detail's N queues a note through `Effect.queueNote`; `NotesEffects` keeps it in the store and,
// online with a token, sends it at once to the notes API (a stand-in on 127.0.0.1); the view sends the queue at start.

private func request(_ id: String, _ words: String) -> NoteRequest {
    let element = "node/\(id)"
    return NoteRequest(artwork: ArtworkKey(collection: "campus", id: element), element: element, latitude: 60.1677, longitude: 24.9523,
                       text: NoteText(words: words, element: element)?.text ?? "")
}

private func lines(_ actions: [Action]) -> [String] {
    actions.compactMap { if case .notesAnswered(let line) = $0 { return line } else { return nil } }
}

@Test func aNoteQueuedOfflineWaitsAndIsSentOnceWhenTheViewStartsOnline() async throws {
    let (store, _) = try storeHolding([])
    let server = try TestServer(notesAPI: ())
    var offline = dependencies(store, http: CurlHTTPClient())
    offline.notes = NotesContext(apiURL: try #require(URL(string: server.base)), token: "tok-123456789", online: false)
    let replies = RecordedReplies()
    #expect(NotesEffects(offline).take(.queueNote(request("5", "No artist")), replies))
    #expect(lines(replies.posted) == ["node/5: queued — sent by `artmap notes send` or when the view is next online (offline)"])
    // Offline, the start sends nothing.
    _ = NotesEffects(offline).take(.sendNotes, replies)
    #expect(try server.notesLog().isEmpty)
    var online = offline
    online.notes?.online = true
    let sent = RecordedReplies()
    _ = NotesEffects(online).take(.sendNotes, sent)
    let answered = lines(try await sent.waitForPosted(1))
    #expect(answered == ["sent: note 1000, \(server.base)/note/1000 (node/5)"])
    let posted = try server.notesLog().filter { $0["method"] as? String == "POST" }
    #expect(posted.count == 1 && posted[0]["authorization"] as? String == "Bearer tok-123456789")
    #expect(try store.notes().map(\.state) == [.sent])
    // The same element again today: refused, nothing queued.
    let again = RecordedReplies()
    _ = NotesEffects(online).take(.queueNote(request("5", "Still no artist")), again)
    // Queued earlier today: the view is told, so the detail stops offering a note.
    let noted = again.posted.compactMap { action -> String? in if case .notedToday(let element) = action { return element } else { return nil } }
    #expect(noted == ["node/5"], "\(again.posted)")
    let first = try #require(try store.notes().first)
    let queuedAt = try #require(ISO8601DateFormatter().date(from: first.createdAt))
    #expect(try store.elementsNotedToday(at: queuedAt).elements == ["node/5"])
    #expect(try store.elementsNotedToday(at: queuedAt.addingTimeInterval(-2 * 86_400)).elements.isEmpty)
    #expect(lines(again.posted) == ["node/5 already has a note from today (sent); one note an element a day (artmap notes remove node/5 takes back an unsent one)"])
    // Asked by a detail still open, with the words typed: the words go back to that detail with the reason.
    let words = NoteRequest(artwork: ArtworkKey(collection: "campus", id: "node/5"), element: "node/5", latitude: 60.1677, longitude: 24.9523,
                            text: "Third try\n\nnode/5 https://www.openstreetmap.org/node/5\n#artmap", words: "Third try")
    let back = RecordedReplies()
    _ = NotesEffects(online).take(.queueNote(words, screen: ScreenID(7)), back)
    let answer = try #require(back.posted.lazy.compactMap { action -> (OverlayAction, ScreenID)? in
        if case .answer(let action, let screen) = action { return (action, screen) } else { return nil }
    }.first, "\(back.posted)")
    #expect(answer.1 == ScreenID(7))
    #expect(answer.0 == .detail(.noteRefused(words: "Third try", why: "node/5 already has a note from today (sent); one note an element a day (artmap notes remove node/5 takes back an unsent one)")))
}

@Test func onlineWithoutATokenTheViewQueuesAndSaysHowToSend() throws {
    let (store, _) = try storeHolding([])
    var deps = dependencies(store)
    deps.notes = NotesContext(apiURL: try #require(URL(string: "http://127.0.0.1:9")), token: nil, online: true)
    let replies = RecordedReplies()
    _ = NotesEffects(deps).take(.queueNote(request("6", "Gone")), replies)
    #expect(lines(replies.posted) == ["node/6: queued — sent by `artmap notes send` or when the view is next online (no OpenStreetMap token: run artmap notes login (or artmap notes send --anonymous))"])
    _ = NotesEffects(failingDependencies(readOnly: true)).take(.queueNote(request("6", "Gone")), replies)
    #expect(lines(replies.posted).last == "cannot queue the note: the store is read-only")
}
