import CGio
import Foundation
import Geo

/// What the GeoClue client reports, for the status bar and the location pipeline (as `GpsdEvent` for gpsd).
public enum GeoClueEvent: Equatable, Sendable {
    /// GeoClue gave artmap a client and started it: waiting for its first fix.
    case connected
    /// A fix; `accuracy` is GeoClue's horizontal accuracy in metres, nil when it says 0 (unknown, as NMEA gives).
    case fix(Coordinate, accuracy: Double?)
    /// A fix whose accuracy is worse than the limit: shown, not applied.
    case inaccurate(Coordinate, accuracy: Double)
    /// No new fix for this many seconds: the last position stays.
    case quiet(seconds: Int)
    /// GeoClue cannot be used (absent, no agent, gone away): said, asked again later; `lastKept` when a fix came
    /// before, which stays the position.
    case failed(LocationError, retryIn: Int, lastKept: Bool)

    /// One line for the status bar.
    public var statusText: String {
        switch self {
        case .connected: return "GeoClue: connected, waiting for a fix"
        case .fix(_, let accuracy?): return "GeoClue: fix ±\(Int(accuracy.rounded())) m"
        case .fix(_, nil): return "GeoClue: fix"
        case .inaccurate(_, let accuracy): return "GeoClue: fix too coarse (±\(Int(accuracy.rounded())) m), not applied"
        case .quiet(let seconds): return "GeoClue: no new fix for \(seconds) s; keeping the last position"
        case .failed(let error, let seconds, let lastKept):
            return error.message + (lastKept ? "; keeping the last position" : "") + " — retrying in \(seconds)s"
        }
    }
}

/// Follows GeoClue2, the desktop's location service, over D-Bus (GDBus): asks the Manager for a client, names
/// itself "artmap", asks for exact accuracy, starts it and reads each LocationUpdated's Location object. Runs a
/// GLib main context on a thread of its own (the app's run loop never waits on it); asks again with back-off
/// (1, 2, 4 … 30 s) when GeoClue is absent, has no agent, or goes away. `stop()` ends it.
public final class GeoClueClient: @unchecked Sendable {
    private let busAddress: String?
    private let maxError: Double
    private let agentWait: TimeInterval
    private let quietAfter: TimeInterval
    private let onEvent: @Sendable (GeoClueEvent) -> Void
    /// The thread's own GLib main context: signals are delivered to it; owned here, freed in deinit.
    private let context: OpaquePointer
    private let lock = NSLock()
    private var stopped = false

    /// `busAddress` nil means the system bus (DBUS_SYSTEM_BUS_ADDRESS, or the default socket); `agentWait` is how
    /// long GeoClue may take to answer before its missing agent is said; `quietAfter` how long without a fix
    /// before that is said.
    public init(busAddress: String? = nil, maxError: Double = 50, agentWait: TimeInterval = 5, quietAfter: TimeInterval = 60,
                onEvent: @escaping @Sendable (GeoClueEvent) -> Void) {
        self.busAddress = busAddress
        self.maxError = maxError
        self.agentWait = agentWait
        self.quietAfter = quietAfter
        self.onEvent = onEvent
        context = g_main_context_new()
    }

    deinit { g_main_context_unref(context) }

    /// Whether GeoClue is on the system bus at `busAddress` (running, or started on demand): `location.source = auto`
    /// asks it after gpsd. False when there is no bus to ask.
    public static func isOnBus(busAddress: String?) -> Bool {
        (try? GeoClueConnection(address: busAddress))?.serviceIsKnown() ?? false
    }

    /// Starts the client's thread.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "geoclue"
        thread.start()
    }

    /// Ends the thread (at its next wake-up, which this causes; a call waiting on GeoClue ends within `agentWait`).
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        g_main_context_wakeup(context)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func run() {
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        var delay = 1
        var hadFix = false
        while !isStopped {
            let failure: LocationError
            do {
                guard let ended = try session(connected: { delay = 1 }, fixed: { hadFix = true }) else { break }
                failure = ended
            } catch let error as LocationError {
                failure = error
            } catch {
                failure = LocationError("\(error)", kind: .geoClueRefused)
            }
            if isStopped { break }
            onEvent(.failed(failure, retryIn: delay, lastKept: hadFix))
            for _ in 0..<(delay * 10) where !isStopped { usleep(100_000) }
            delay = min(30, delay * 2)
        }
    }

    /// One connection: a client started, then its fixes until GeoClue goes away (the reason) or `stop()` (nil).
    private func session(connected: () -> Void, fixed: () -> Void) throws -> LocationError? {
        let connection = try GeoClueConnection(address: busAddress)
        try connection.start(desktopId: "artmap", accuracyLevel: 8, agentWait: agentWait)
        connected()
        onEvent(.connected)
        var lastFix = Date()
        var quietSaid = false
        return connection.follow(context: context, stopped: { isStopped }, fix: { coordinate, accuracy in
            lastFix = Date()
            quietSaid = false
            if let accuracy, accuracy > maxError {
                onEvent(.inaccurate(coordinate, accuracy: accuracy))
            } else {
                fixed()
                onEvent(.fix(coordinate, accuracy: accuracy))
            }
        }, quiet: {
            let silence = Date().timeIntervalSince(lastFix)
            if !quietSaid && silence >= quietAfter {
                quietSaid = true
                onEvent(.quiet(seconds: Int(silence.rounded())))
            }
        })
    }
}
