import Foundation
import Store

/// The store as effects reach it, as GRDB's `DatabaseReader` and `DatabaseWriter`: `read` on a reader connection (any
/// thread, several at once, never waiting for a write), `write` on the one writer (one at a time, any thread). Built
/// once by the composition root; no handler opens the store. `SharedStore` is the one in use; tests give one that
/// fails on purpose.
public protocol StoreAccess: AnyObject, Sendable {
    /// True when the store could only be opened for reading: reads work, writes do not.
    var isReadOnly: Bool { get }
    /// Whether settings have a file of their own (they are saved even when the store cannot be written).
    var savesSettingsElsewhere: Bool { get }
    /// Runs `work` on a reader connection; what it returns or throws is the caller's.
    func read<T>(_ work: (CatalogStore) throws -> T) throws -> T
    /// Runs `work` on the writer connection, alone; what it returns or throws is the caller's.
    func write<T>(_ work: (CatalogStore) throws -> T) throws -> T
    /// A connection of its own for work that awaits the network between its writes (a painter's pictures cached):
    /// SQLite serialises its commits with the writer's.
    func connectionForLongWork() throws -> CatalogStore
}

/// The view's store: the composition root's connection as the writer, and reader connections beside it opened as
/// background work asks for them and kept for the next read. An in-memory or read-only store reads on the writer.
public final class SharedStore: StoreAccess, @unchecked Sendable {
    private let writer: CatalogStore
    private let writing = NSLock()
    private let pool = NSLock()
    private var idle: [CatalogStore] = []
    public let isReadOnly: Bool
    public let savesSettingsElsewhere: Bool
    /// The store's file; ":memory:" has no readers beside its writer.
    public let path: String

    public init(_ writer: CatalogStore) {
        self.writer = writer
        isReadOnly = writer.isReadOnly
        savesSettingsElsewhere = writer.userSettings != nil
        path = writer.database.path
    }

    public func write<T>(_ work: (CatalogStore) throws -> T) throws -> T {
        try writing.withLock { try work(writer) }
    }

    public func read<T>(_ work: (CatalogStore) throws -> T) throws -> T {
        guard path != ":memory:", !isReadOnly else { return try write(work) }
        let reader = try pool.withLock { idle.popLast() } ?? opened()
        defer { pool.withLock { idle.append(reader) } }
        return try work(reader)
    }

    public func connectionForLongWork() throws -> CatalogStore {
        let store = try CatalogStore(path: path)
        store.userSettings = writing.withLock { writer.userSettings }
        return store
    }

    /// A new reader beside the writer, reading the user's settings file as the writer does.
    private func opened() throws -> CatalogStore {
        let reader = try CatalogStore.reader(path: path)
        reader.userSettings = writing.withLock { writer.userSettings }
        return reader
    }
}
