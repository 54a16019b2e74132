import Catalog
import Foundation
import Store

/// Sends the queued notes to OpenStreetMap (issue 47), shared by `artmap note`, `artmap notes send` and the view:
/// each note is claimed in the store first (so two artmaps sending at once post it once), then the open notes within
/// 100 m are read and a note naming the same element holds it back, else it is posted; what happened is recorded.
/// A failure of either request puts it back in the queue with the reason: nothing is lost, nothing sent twice.
public struct NotesOutbox: Sendable {
    public let client: OSMNotesClient
    /// The radius of the open notes read before posting.
    public static let nearbyMetres = 100.0
    /// What a note waiting to be sent says to the person.
    public static let queuedLine = "queued — sent by `artmap notes send` or when the view is next online"

    public init(client: OSMNotesClient) { self.client = client }

    /// What became of one note.
    public enum Result: Sendable, Equatable {
        case sent(noteID: Int64, url: String)
        case held(noteID: Int64, url: String)
        /// Not sent, with why; `stopsTheRest` when the API or the network refuses every note for now, not this one.
        case failed(String, stopsTheRest: Bool = true)
        /// Another artmap claimed it first.
        case taken
    }

    /// Sends every queued note, oldest first; each with its outcome.
    public func sendQueued(store: CatalogStore, now: Date = Date()) async -> [(note: QueuedNote, result: Result)] {
        let queued: [QueuedNote]
        do {
            queued = try store.queuedNotes(at: now)
        } catch {
            return []
        }
        var results: [(QueuedNote, Result)] = []
        for note in queued {
            let result = await send(note, store: store, now: now)
            results.append((note, result))
            // A refusal of every note for now (429 slow down, 5xx, no network, a refused token) leaves the rest
            // queued unasked; only a refusal of this note's own text (400) goes on to the next.
            if case .failed(_, let stopsTheRest) = result, stopsTheRest { break }
        }
        return results
    }

    /// Claims and sends one note.
    public func send(_ note: QueuedNote, store: CatalogStore, now: Date = Date()) async -> Result {
        do {
            guard try store.claimNote(note.rowID, at: now) else { return .taken }
        } catch {
            return .failed("cannot claim the note in the store: \(error)", stopsTheRest: true)
        }
        let result = await post(note)
        let outcome: NoteOutcome
        switch result {
        case .sent(let id, let url): outcome = .sent(noteID: id, url: url)
        case .held(let id, let url): outcome = .held(noteID: id, url: url)
        case .failed(let reason, _): outcome = .failed(reason)
        case .taken: return .taken
        }
        do {
            try store.finishNote(note.rowID, outcome, at: now)
        } catch {
            return .failed("sent, but the store could not record it: \(error)")
        }
        return result
    }

    /// The two requests: the open notes around, then the note itself when none names the element.
    private func post(_ note: QueuedNote) async -> Result {
        do {
            let open = try await client.openNotes(latitude: note.latitude, longitude: note.longitude, metres: Self.nearbyMetres)
            if let naming = open.first(where: { $0.status != "closed" && $0.comments.contains { NoteText.names($0, element: note.element) } }) {
                return .held(noteID: naming.id, url: client.pageURL(naming.id))
            }
            let made = try await client.create(latitude: note.latitude, longitude: note.longitude, text: note.text)
            return .sent(noteID: made.id, url: client.pageURL(made.id))
        } catch let error as SyncError {
            return .failed("\(error)", stopsTheRest: error.httpStatus != 400)
        } catch {
            return .failed("\(error)")
        }
    }

    /// One line saying what became of a note, as the CLI and the view's status line put it.
    public static func line(_ note: QueuedNote, _ result: Result) -> String {
        switch result {
        case .sent(let id, let url): return "sent: note \(id), \(url) (\(note.element))"
        case .held(let id, let url): return "already reported: note \(id), \(url) (\(note.element)); not sent again"
        case .failed(let reason, _): return "not sent (\(note.element)): \(DisplayText.clean(reason)); \(queuedLine)"
        case .taken: return "\(note.element): being sent by another artmap"
        }
    }
}
