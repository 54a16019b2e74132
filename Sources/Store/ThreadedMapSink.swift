import Cartography
import Foundation

/// Feeds a `MapWriter` on a thread of its own through a bounded queue, so SQLite inserts one batch while the
/// reading thread decodes, builds and encodes the next (osmium and the Swift work on one core, the inserts on
/// the other). At most `depth` batches of `batchSize` rows wait, so memory stays bounded whatever the file.
/// The writer's database is the thread's from `init` until `finish` or `stop` returns; nothing else may use
/// it meanwhile (the import's reader does not: it only calls the sink).
final class ThreadedMapSink: MapImportSink, @unchecked Sendable {
    static let batchSize = 2048
    static let depth = 4

    private let writer: MapWriter
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [[MapRow]] = []
    private var closed = false
    private var cancelled = false
    private var ended = false
    private var failure: Error?
    // The reading thread's own.
    private var batch: [MapRow] = []

    init(writer: MapWriter) {
        self.writer = writer
        batch.reserveCapacity(Self.batchSize)
        Thread.detachNewThread { [self] in run() }
    }

    func add(_ feature: MapFeature) throws {
        if let row = MapRow(feature) { try append(row) }
    }

    func add(_ edge: WalkEdge) throws {
        try append(MapRow(edge))
    }

    /// Writes what is still queued, waits for the thread and rethrows the first error it met.
    func finish() throws {
        try hand(batch)
        batch = []
        condition.lock()
        closed = true
        condition.broadcast()
        while !ended { condition.wait() }
        let failure = failure
        condition.unlock()
        if let failure { throw failure }
    }

    /// Drops what is queued and waits for the thread to end (after a failure; harmless after `finish`).
    func stop() {
        condition.lock()
        cancelled = true
        closed = true
        condition.broadcast()
        while !ended { condition.wait() }
        condition.unlock()
    }

    private func append(_ row: MapRow) throws {
        batch.append(row)
        guard batch.count >= Self.batchSize else { return }
        try hand(batch)
        batch = []
        batch.reserveCapacity(Self.batchSize)
    }

    /// Queues a batch, waiting while the queue is full; throws the writer's error once it has failed.
    private func hand(_ rows: [MapRow]) throws {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= Self.depth, failure == nil, !ended { condition.wait() }
        if let failure { throw failure }
        guard !rows.isEmpty, !ended else { return }
        queue.append(rows)
        condition.broadcast()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty, !closed { condition.wait() }
            if cancelled || queue.isEmpty {
                queue.removeAll()
                ended = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let rows = queue.removeFirst()
            condition.broadcast()
            condition.unlock()
            do {
                try writer.write(rows)
            } catch {
                condition.lock()
                failure = error
                queue.removeAll()
                ended = true
                condition.broadcast()
                condition.unlock()
                return
            }
        }
    }
}
