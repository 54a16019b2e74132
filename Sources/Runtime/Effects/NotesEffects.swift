import App
import Catalog
import Foundation
import Store
import Sync

/// What the view's notes to OpenStreetMap reach the world through (issue 47): the API, the token, and whether the
/// view may ask the network (not with `--offline`). Built by the composition root from the options and settings.
public struct NotesContext: Sendable {
    public var apiURL: URL
    public var token: String?
    public var online: Bool

    public init(apiURL: URL, token: String?, online: Bool) {
        self.apiURL = apiURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.online = online
    }
}

/// The notes' effects (issue 47): N on a detail queues a note in the store and, online with a token, sends it at
/// once; the view sends the queue when it starts online. Sending claims each note first (`NotesOutbox`), so the
/// view and `artmap notes send` at once post it once. Without a token nothing is sent from the view: the person is
/// asked to log in or to send it anonymously from the command line (docs/DECISIONS.md).
struct NotesEffects: EffectHandler {
    let store: any StoreAccess
    let http: any HTTPClient
    let clock: any EffectClock
    let notes: NotesContext?

    init(_ dependencies: Dependencies) {
        store = dependencies.store
        http = dependencies.http
        clock = dependencies.clock
        notes = dependencies.notes
    }

    func handles(_ effect: Effect) -> Bool {
        switch effect {
        case .queueNote, .sendNotes: return true
        default: return false
        }
    }

    /// Why the view does not send: offline, or no token.
    private var notSending: String? {
        guard let notes, notes.online else { return "offline" }
        return notes.token == nil ? "no OpenStreetMap token: run artmap notes login (or artmap notes send --anonymous)" : nil
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        switch effect {
        case .queueNote(let request, let screen):
            queue(request, screen: screen, replies)
        case .sendNotes:
            guard notSending == nil else { return }
            send(nil, replies)
        default:
            break
        }
    }

    private func queue(_ request: NoteRequest, screen: ScreenID?, _ replies: any ActionSink) {
        // Not queued: the detail that asked (when still open) gets the words back with the reason; else the status line.
        func refuse(_ why: String) {
            if let screen, !request.words.isEmpty {
                replies.post(.answer(.detail(.noteRefused(words: request.words, why: why)), to: screen))
            } else {
                replies.post(.notesAnswered(why))
            }
        }
        guard !store.isReadOnly else {
            refuse("cannot queue the note: the store is read-only")
            return
        }
        let now = clock.now
        let queued: NoteQueueing
        do {
            queued = try store.write {
                try $0.queueNote(request.artwork, element: request.element, latitude: request.latitude, longitude: request.longitude,
                                 text: request.text, at: now)
            }
        } catch {
            refuse("cannot queue the note: \(error)")
            return
        }
        // Queued now or earlier today: its detail stops offering a note.
        replies.post(.notedToday(element: request.element))
        switch queued {
        case .alreadyToday(let earlier):
            refuse("\(request.element) already has a note from today (\(earlier.state.rawValue)); one note an element a day "
                   + "(artmap notes remove \(request.element) takes back an unsent one)")
        case .queued(let note):
            if let why = notSending {
                replies.post(.notesAnswered("\(request.element): \(NotesOutbox.queuedLine) (\(why))"))
            } else {
                send(note, replies)
            }
        }
    }

    /// Sends one note (nil: the whole queue) in the background, on a connection of its own; says what became of it.
    private func send(_ note: QueuedNote?, _ replies: any ActionSink) {
        guard let notes else { return }
        let outbox = NotesOutbox(client: OSMNotesClient(base: notes.apiURL, http: http, token: notes.token))
        let store = self.store, now = clock.now
        Task {
            let results: [(note: QueuedNote, result: NotesOutbox.Result)]
            do {
                let connection = try store.connectionForLongWork()
                if let note {
                    results = [(note, await outbox.send(note, store: connection, now: now))]
                } else {
                    results = await outbox.sendQueued(store: connection, now: now)
                }
            } catch {
                replies.post(.notesAnswered("notes not sent: cannot open the store (\(error))"))
                return
            }
            if let line = Self.summary(results) { replies.post(.notesAnswered(line)) }
        }
    }

    /// One line for the status bar: the note's own line, or counts for several; nil when nothing was tried.
    static func summary(_ results: [(note: QueuedNote, result: NotesOutbox.Result)]) -> String? {
        guard results.count > 1 else { return results.first.map { NotesOutbox.line($0.note, $0.result) } }
        var sent = 0, held = 0, failed: [String] = []
        for (_, result) in results {
            switch result {
            case .sent: sent += 1
            case .held: held += 1
            case .failed(let why, _): failed.append(why)
            case .taken: break
            }
        }
        var parts = ["notes to OpenStreetMap: \(sent) sent"]
        if held > 0 { parts.append("\(held) held (already reported)") }
        if let first = failed.first { parts.append("\(failed.count) still queued (\(DisplayText.clean(first)))") }
        return parts.joined(separator: ", ")
    }
}
