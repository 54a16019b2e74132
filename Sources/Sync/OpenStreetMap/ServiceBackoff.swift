import Foundation

/// How long to wait before asking a busy service again: the service's `Retry-After` when it gives one (at
/// most `maxDelay`), else `firstDelay` doubling each time; `attempts` questions in all. `wait` does the
/// waiting, so tests replace it (or scale it) and never sleep for real.
public struct ServiceBackoff: Sendable {
    public var attempts = 4
    public var firstDelay: TimeInterval = 5
    public var maxDelay: TimeInterval = 60
    /// Sleeps the given seconds; throws when the task is cancelled (the user stopped the fetch).
    public var wait: @Sendable (TimeInterval) async throws -> Void

    public init(attempts: Int = 4, firstDelay: TimeInterval = 5, maxDelay: TimeInterval = 60,
                wait: @escaping @Sendable (TimeInterval) async throws -> Void = ServiceBackoff.sleep) {
        self.attempts = attempts
        self.firstDelay = firstDelay
        self.maxDelay = maxDelay
        self.wait = wait
    }

    /// A real sleep that ends early when the task is cancelled.
    public static let sleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        // A wait that is not a number, or past a day (a scale of 1e300), is no reason to trap at the conversion.
        try await Task.sleep(nanoseconds: UInt64(seconds.isFinite ? min(max(0, seconds), 86_400) * 1_000_000_000 : 0))
    }

    /// The back-off with every wait multiplied by `ARTMAP_BACKOFF_SCALE` (tests set 0.001), when set.
    public static func fromEnvironment(_ environment: [String: String]) -> ServiceBackoff {
        guard let text = environment["ARTMAP_BACKOFF_SCALE"], let scale = Double(text), scale.isFinite, scale >= 0 else {
            return ServiceBackoff()
        }
        return ServiceBackoff { seconds in try await ServiceBackoff.sleep(seconds * scale) }
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1), honouring `Retry-After` (seconds or an HTTP date).
    public func delay(afterAttempt attempt: Int, retryAfter: String?) -> TimeInterval {
        if let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces), !retryAfter.isEmpty {
            if let seconds = Double(retryAfter), seconds.isFinite, seconds >= 0 { return min(seconds, maxDelay) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            if let date = formatter.date(from: retryAfter) { return min(max(0, date.timeIntervalSinceNow), maxDelay) }
        }
        return min(firstDelay * pow(2, Double(max(0, attempt - 1))), maxDelay)
    }
}
