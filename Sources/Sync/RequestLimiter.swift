import Catalog
import Foundation
import Store

/// Spaces the requests a client makes to a service (Nominatim asks for at most one a second): the client waits its
/// turn and never keeps the time itself, nor writes the store.
public protocol RequestLimiter: Sendable {
    /// Waits until at least `interval` seconds have passed since the last request it let go, then counts this one.
    func waitTurn(interval: TimeInterval) async throws
}

/// No pacing: one request alone (a read-only store, a test).
public struct NoRequestLimit: RequestLimiter {
    public init() {}
    public func waitTurn(interval: TimeInterval) async throws {}
}

/// Paces across every artmap process that shares a store: the time of the last request is kept in it under `key`.
public final class StoreRequestLimiter: RequestLimiter, @unchecked Sendable {
    private let store: CatalogStore
    private let key: String
    private let lock = NSLock()

    /// Nominatim's row: the time of the last place search any artmap made through the store.
    public static let nominatimKey = Setting.nominatimLastRequest

    /// Keeps the time in `store` (a writable one) under `key`; used from one task at a time.
    public init(store: CatalogStore, key: String) {
        self.store = store
        self.key = key
    }

    public func waitTurn(interval: TimeInterval) async throws {
        let last = try lock.withLock { try store.setting(key) }.flatMap(Double.init)
        if let last {
            let since = Date().timeIntervalSince1970 - last
            if since >= 0, since < interval {
                try await Task.sleep(nanoseconds: UInt64((interval - since + 0.05) * 1_000_000_000))
            }
        }
        try lock.withLock { try store.setSetting(key, String(Date().timeIntervalSince1970)) }
    }
}
