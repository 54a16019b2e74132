import Catalog
import Foundation

/// Where a note to OpenStreetMap stands: queued (not sent yet, or sending failed and it waits), sending (claimed by
/// one artmap that is posting it now), sent, or held (not posted: an open note already names the element).
public enum NoteState: String, Sendable, CaseIterable {
    case queued, sending, sent, held
}

/// One note to OpenStreetMap in the queue (issue 47): what it is about, its text, and what became of it.
public struct QueuedNote: Sendable, Equatable {
    public let rowID: Int64
    public let key: ArtworkKey
    /// "node/123".
    public let element: String
    public let latitude: Double
    public let longitude: Double
    /// The text as it will be (or was) posted.
    public let text: String
    public let state: NoteState
    /// When it was written, ISO 8601 UTC.
    public let createdAt: String
    public let sentAt: String?
    /// The note OpenStreetMap made (sent), or the open note that held it back (held).
    public let noteID: Int64?
    public let noteURL: String?
    /// Why the last try did not send it (or why it is held).
    public let lastError: String?
}

/// What queueing a note did.
public enum NoteQueueing: Sendable, Equatable {
    case queued(QueuedNote)
    /// The element already has a note from this day: nothing was queued.
    case alreadyToday(QueuedNote)
}

/// How a claimed note's sending ended.
public enum NoteOutcome: Sendable, Equatable {
    case sent(noteID: Int64, url: String)
    case held(noteID: Int64, url: String)
    /// Not sent: back in the queue with the reason.
    case failed(String)
}

extension CatalogStore {
    /// A claim older than this (an artmap killed while posting) is given back to the queue.
    public static let staleClaimSeconds: TimeInterval = 15 * 60

    private static let noteColumns = "id, collection, artwork_id, element, latitude, longitude, text, state, created_at, sent_at, note_id, note_url, last_error"

    private static func note(_ row: [SQLValue]) -> QueuedNote {
        QueuedNote(rowID: row[0].integer ?? 0, key: ArtworkKey(collection: row[1].text ?? "", id: row[2].text ?? ""),
                   element: row[3].text ?? "", latitude: row[4].real ?? .nan, longitude: row[5].real ?? .nan,
                   text: row[6].text ?? "", state: NoteState(rawValue: row[7].text ?? "") ?? .queued, createdAt: row[8].text ?? "",
                   sentAt: row[9].text, noteID: row[10].integer, noteURL: row[11].text, lastError: row[12].text)
    }

    /// Queues a note about `key` (the element `element`, at its position), in one transaction; an element that has a
    /// note from the same day (UTC) gets no second one.
    public func queueNote(_ key: ArtworkKey, element: String, latitude: Double, longitude: Double, text: String,
                          at date: Date = Date()) throws -> NoteQueueing {
        let stamp = ISO8601DateFormatter().string(from: date)
        let day = String(stamp.prefix(10))
        return try database.inTransaction {
            if let existing = try database.rows("SELECT \(Self.noteColumns) FROM notes WHERE element = ?1 AND day = ?2",
                                                [.text(element), .text(day)]).first {
                return .alreadyToday(Self.note(existing))
            }
            try database.run("""
                INSERT INTO notes(collection, artwork_id, element, latitude, longitude, text, state, day, created_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, ?8)
                """, [.text(key.collection), .text(key.id), .text(element), .real(latitude), .real(longitude), .text(text),
                      .text(day), .text(stamp)])
            let id = database.lastInsertRowID
            let row = try database.rows("SELECT \(Self.noteColumns) FROM notes WHERE id = ?1", [.integer(id)])
            return .queued(Self.note(row[0]))
        }
    }

    /// The OpenStreetMap elements a note was queued about on `date`'s day (UTC, as `queueNote` counts days: one note an
    /// element a day, whichever collection holds it), whatever became of the note.
    public func elementsNotedToday(at date: Date = Date()) throws -> NotedElements {
        let day = NotedElements.day(of: date)
        return NotedElements(day: day, elements: Set(try database.rows("SELECT element FROM notes WHERE day = ?1", [.text(day)]).compactMap { $0[0].text }))
    }

    /// Every note, oldest first.
    public func notes() throws -> [QueuedNote] {
        try database.rows("SELECT \(Self.noteColumns) FROM notes ORDER BY created_at, id").map(Self.note)
    }

    /// The notes waiting to be sent, oldest first; a claim older than `staleClaimSeconds` is given back first.
    public func queuedNotes(at date: Date = Date()) throws -> [QueuedNote] {
        let stale = ISO8601DateFormatter().string(from: date.addingTimeInterval(-Self.staleClaimSeconds))
        if !isReadOnly {
            try database.inTransaction {
                try database.run("UPDATE notes SET state = 'queued', claimed_at = NULL WHERE state = 'sending' AND claimed_at < ?1", [.text(stale)])
            }
        }
        return try database.rows("SELECT \(Self.noteColumns) FROM notes WHERE state = 'queued' ORDER BY created_at, id").map(Self.note)
    }

    /// Claims a queued note for sending: true for exactly one caller, however many artmaps try at once (the UPDATE
    /// runs in a write transaction and matches only a row still queued).
    public func claimNote(_ rowID: Int64, at date: Date = Date()) throws -> Bool {
        try database.inTransaction {
            try database.run("UPDATE notes SET state = 'sending', claimed_at = ?2 WHERE id = ?1 AND state = 'queued'",
                             [.integer(rowID), .text(ISO8601DateFormatter().string(from: date))])
            return database.changes == 1
        }
    }

    /// Takes back the notes about `element` that were never sent (queued or held): how many. A note being sent now,
    /// or sent, stays (it is OpenStreetMap's once posted).
    public func removeUnsentNotes(element: String) throws -> Int {
        try database.inTransaction {
            try database.run("DELETE FROM notes WHERE element = ?1 AND state IN ('queued', 'held')", [.text(element)])
            return database.changes
        }
    }

    /// Records how a claimed note's sending ended: sent or held with the note's number and URL, or back in the
    /// queue with the reason.
    public func finishNote(_ rowID: Int64, _ outcome: NoteOutcome, at date: Date = Date()) throws {
        let stamp = ISO8601DateFormatter().string(from: date)
        try database.inTransaction {
            switch outcome {
            case .sent(let id, let url):
                try database.run("UPDATE notes SET state = 'sent', sent_at = ?2, note_id = ?3, note_url = ?4, last_error = NULL WHERE id = ?1",
                                 [.integer(rowID), .text(stamp), .integer(id), .text(url)])
            case .held(let id, let url):
                try database.run("UPDATE notes SET state = 'held', note_id = ?2, note_url = ?3, last_error = ?4 WHERE id = ?1",
                                 [.integer(rowID), .integer(id), .text(url), .text("already reported: note \(id), \(url)")])
            case .failed(let reason):
                try database.run("UPDATE notes SET state = 'queued', claimed_at = NULL, last_error = ?2 WHERE id = ?1",
                                 [.integer(rowID), .text(reason)])
            }
        }
    }
}
