import Foundation
import Cells
@testable import App
import Catalog
import Geo
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

// Issue 47, items 2 and 3: N on an OpenStreetMap artwork's detail opens a one-line editor; Enter queues the note
// (`Effect.queueNote` with the whole text); what OpenStreetMap lacks is offered as a note.

private let helsinki = Coordinate(clampingLatitude: 60.1677, longitude: 24.9523)
private let havis = Artwork(id: "node/4417000001", title: "Havis Amanda", artist: "Ville Vallgren", type: "statue",
                            coordinate: helsinki, collection: "campus")
private let nameless = Artwork(id: "node/4417000002", title: "(untitled) mural", type: "mural",
                               coordinate: Coordinate(clampingLatitude: 60.1680, longitude: 24.9530), collection: "campus")

private func detailOf(_ artwork: Artwork) -> AppState {
    var state = AppState(artworks: [havis, nameless], reference: helsinki, referenceSource: .fixed("Helsinki"))
    _ = reduce(&state, .resize(TerminalSize(columns: 120, rows: 40)))
    _ = state.handle(Reduced(delegates: [.openDetail(artwork.key)]), from: nil)
    return state
}

private func type(_ text: String, into state: inout AppState) {
    for c in text { _ = reduce(&state, .key(.character(c))) }
}

@Test func theDetailOfAnOpenStreetMapArtworkSaysWhatItLacksAndNOpensTheNoteEditor() throws {
    var state = detailOf(nameless)
    var lines = MainView.render(state).lines
    #expect(lines.contains { $0.contains("no name recorded — press N to tell OpenStreetMap") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("no artist recorded — press N to tell OpenStreetMap") })
    #expect(!lines.contains { $0.contains("no artwork type recorded") }, "it has a type")
    #expect(lines.contains { $0.contains("N note to OSM") })
    _ = reduce(&state, .key(.character("N")))
    #expect(try #require(state.top(DetailState.self)).note == "")
    // Typed keys are the note's, not the keymap's (q does not quit, f does not heart).
    type("Mural by Eila Hiltunenq", into: &state)
    _ = reduce(&state, .key(.backspace))
    lines = MainView.render(state).lines
    let editor = try #require(lines.first { $0.contains("Note to OpenStreetMap:") }, "\(lines.joined(separator: "\n"))")
    #expect(editor.contains("Note to OpenStreetMap: Mural by Eila Hiltunen▏"), "\(editor)")
    #expect(lines.contains { $0.contains("Enter queue the note · Esc never mind") })
    let effects = reduce(&state, .key(.enter))
    let expected = "Mural by Eila Hiltunen\n\nnode/4417000002 https://www.openstreetmap.org/node/4417000002\n#artmap"
    let asked = try #require(effects.lazy.compactMap { effect -> (NoteRequest, ScreenID?)? in
        if case .queueNote(let request, let screen) = effect { return (request, screen) } else { return nil }
    }.first, "\(effects)")
    #expect(asked.0 == NoteRequest(artwork: nameless.key, element: "node/4417000002", latitude: nameless.coordinate.latitude,
                                   longitude: nameless.coordinate.longitude, text: expected, words: "Mural by Eila Hiltunen"))
    let screen = try #require(asked.1, "the effect names the detail that asked")
    #expect(try #require(state.top(DetailState.self)).note == nil)
    // Refused (a note about it today already): the words come back to the editor, with the reason.
    _ = reduce(&state, .answer(.detail(.noteRefused(words: "Mural by Eila Hiltunen", why: "node/4417000002 already has a note from today (queued)")), to: screen))
    lines = MainView.render(state).lines
    #expect(lines.contains { $0.contains("Note to OpenStreetMap: Mural by Eila Hiltunen▏") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("already has a note from today (queued); your words are kept (Esc drops them)") }, "\(lines.joined(separator: "\n"))")
    _ = reduce(&state, .key(.escape))
    _ = reduce(&state, .notesAnswered("sent: note 1000, https://www.openstreetmap.org/note/1000 (node/4417000002)"))
    lines = MainView.render(state).lines
    #expect(lines.contains { $0.contains("sent: note 1000") }, "\(lines.joined(separator: "\n"))")
}

@Test func noWordsNoNoteEscGivesUpAndACompleteArtworkOffersNoGap() throws {
    var state = detailOf(havis)
    #expect(!MainView.render(state).lines.contains { $0.contains("recorded — press N") })
    _ = reduce(&state, .key(.character("N")))
    type("   ", into: &state)
    #expect(reduce(&state, .key(.enter)).isEmpty)
    #expect(state.lastMessage == "type your words first: a note is never sent without them (Esc: never mind)")
    _ = reduce(&state, .key(.escape))
    #expect(try #require(state.top(DetailState.self)).note == nil)
    // A campus artwork is not an OpenStreetMap element: N says so.
    var campus = try campusState()
    _ = campus.handle(Reduced(delegates: [.openDetail(campus.main.artworks[0].key)]), from: nil)
    _ = reduce(&campus, .key(.character("N")))
    #expect(try #require(campus.top(DetailState.self)).note == nil)
    #expect(campus.lastMessage?.contains("only an OpenStreetMap artwork") == true)
}

@Test func theViewSendsTheQueueWhenItStartsOnlineWithNotesWaitingAndNeverOffline() {
    func started(online: Bool, queued: Int) -> Bool {
        var start = StartOptions(artworks: [havis, nameless])
        start.online = online
        start.queuedNotes = queued
        var state = AppState(start: start)
        _ = reduce(&state, .resize(TerminalSize(columns: 120, rows: 40)))
        return reduce(&state, .started).contains(.sendNotes)
    }
    #expect(started(online: true, queued: 2))
    #expect(!started(online: false, queued: 2))
    #expect(!started(online: true, queued: 0))
}

@Test func aSavedTokenIsNeverShownOnTheStatusLine() {
    var state = detailOf(havis)
    _ = reduce(&state, .settingSaved(key: Setting.osmToken, value: "secret-token-abcdef0123"))
    let lines = MainView.render(state).lines
    #expect(lines.contains { $0.contains("osm.token = ••••••••0123") }, "\(lines.last ?? "")")
    #expect(!lines.joined().contains("secret-token"))
}

/// Behind a detail N writes a note: the title bar's unread-news hint names no key there (it says "N news ●" only on the
/// main screen, where N opens the news).
@Test func theNewsHintNamesItsKeyOnlyWhereNOpensTheNews() throws {
    var start = StartOptions(artworks: [havis, nameless])
    start.reference = helsinki
    start.news = NewsItem(text: "Late opening on Friday", fetchedAt: campusStateNow)
    start.newsLookedBefore = true
    var state = AppState(start: start)
    _ = reduce(&state, .resize(TerminalSize(columns: 160, rows: 40)))
    #expect(MainView.render(state).lines[0].contains("N news ●"), "\(MainView.render(state).lines[0])")
    _ = state.handle(Reduced(delegates: [.openDetail(havis.key)]), from: nil)
    let title = MainView.render(state).lines[0]
    #expect(title.contains("news ●") && !title.contains("N news"), "\(title)")
}

@Test func onceANoteIsQueuedTodayTheDetailSaysSoInsteadOfOfferingAnother() throws {
    var state = detailOf(nameless)
    #expect(MainView.render(state).lines.contains { $0.contains("no artist recorded — press N to tell OpenStreetMap") })
    _ = reduce(&state, .notedToday(element: "node/4417000002"))
    let lines = MainView.render(state).lines
    #expect(!lines.contains { $0.contains("press N to tell OpenStreetMap") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains(DetailNote.notedLine) }, "\(lines.joined(separator: "\n"))")
    // The same element in another collection: one note an element a day, so its detail says so too.
    var twin = nameless
    twin.collection = "osm"
    var both = AppState(artworks: [havis, nameless, twin], reference: helsinki, referenceSource: .fixed("Helsinki"))
    _ = reduce(&both, .resize(TerminalSize(columns: 120, rows: 40)))
    _ = reduce(&both, .notedToday(element: "node/4417000002"))
    _ = both.handle(Reduced(delegates: [.openDetail(twin.key)]), from: nil)
    #expect(MainView.render(both).lines.contains { $0.contains(DetailNote.notedLine) })
    // After midnight (UTC) a note may be sent again: the detail offers it again.
    _ = reduce(&state, .tick(Date().addingTimeInterval(86_400)))
    #expect(MainView.render(state).lines.contains { $0.contains("press N to tell OpenStreetMap") })
    // One noted at start (read from the store) is not offered.
    var start = StartOptions(artworks: [havis, nameless])
    start.reference = helsinki
    start.notedToday = NotedElements(day: NotedElements.day(of: Date()), elements: ["node/4417000002"])
    var fresh = AppState(start: start)
    _ = reduce(&fresh, .resize(TerminalSize(columns: 120, rows: 40)))
    _ = fresh.handle(Reduced(delegates: [.openDetail(nameless.key)]), from: nil)
    #expect(MainView.render(fresh).lines.contains { $0.contains(DetailNote.notedLine) })
}
