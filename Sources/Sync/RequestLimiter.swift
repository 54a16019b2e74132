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
/// Shared by several tasks (the view's place searches), each turn is reserved before it is waited for, so two asked
/// at once go `interval` apart rather than together.
public final class StoreRequestLimiter: RequestLimiter, @unchecked Sendable {
    private let store: CatalogStore
    private let key: String
    private let lock = NSLock()
    private let now: @Sendable () -> TimeInterval
    private let sleep: @Sendable (TimeInterval) async throws -> Void

    /// How far ahead a kept time may be and still be waited for (a minute: sixty searches queued a second apart).
    static let furthestAhead: TimeInterval = 60

    /// Nominatim's row: the time of the last place search any artmap made through the store.
    public static let nominatimKey = Setting.nominatimLastRequest

    /// Keeps the time in `store` (a writable one, used by this limiter alone) under `key`. `now` (seconds since 1970)
    /// and `sleep` are the wall clock's unless a test gives its own.
    public init(store: CatalogStore, key: String, now: @escaping @Sendable () -> TimeInterval = { Date().timeIntervalSince1970 },
                sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }) {
        self.store = store
        self.key = key
        self.now = now
        self.sleep = sleep
    }

    public func waitTurn(interval: TimeInterval) async throws {
        let (turn, wait) = try lock.withLock { () throws -> (TimeInterval, TimeInterval) in
            let time = now()
            let last = try store.setting(key).flatMap(Double.init)
            // The turn after the last one let go or reserved; a time more than a minute ahead (a clock set back, a hand
            // edit) is not waited for.
            var turn = time
            if let last, last > time - interval, last < time + Self.furthestAhead { turn = last + interval }
            try store.setSetting(key, String(turn))
            return (turn, turn - time)
        }
        guard wait > 0 else { return }
        try await sleep(wait + 0.1)
        // Woken later than the turn (a loaded machine): the next turn counts from when this request goes, as the
        // service sees it, unless another search has reserved a later turn meanwhile.
        try lock.withLock {
            let time = now()
            if try store.setting(key).flatMap(Double.init) == turn, time > turn { try store.setSetting(key, String(time)) }
        }
    }
}
