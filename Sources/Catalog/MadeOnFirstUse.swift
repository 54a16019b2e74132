import Foundation

/// A lookup table made the first time it is asked, not before (thread-safe): an index by id over 100,000
/// artworks costs a first frame or a list milliseconds they never use.
public final class MadeOnFirstUse<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // Only touched under `lock`.
    private var table: [Key: Value]?
    private let make: @Sendable () -> [Key: Value]

    public init(_ make: @escaping @Sendable () -> [Key: Value]) {
        self.make = make
    }

    public subscript(key: Key) -> Value? {
        lock.withLock {
            if table == nil { table = make() }
            return table?[key]
        }
    }
}
