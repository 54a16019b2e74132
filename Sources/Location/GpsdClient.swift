import Foundation
import Geo

/// What the gpsd client reports, for the status bar and the location pipeline.
public enum GpsdEvent: Equatable, Sendable {
    case connected
    /// gpsd answers but has no fix (mode 0/1), or the fix lacks a usable position.
    case noFix
    /// A fix; `accuracy` is the horizontal error estimate `eph` in metres, when gpsd gives one.
    case fix(Coordinate, accuracy: Double?)
    /// A fix whose horizontal error exceeds the limit: shown, not applied.
    case inaccurate(Coordinate, accuracy: Double)
    case disconnected(retryIn: Int, reason: String)

    /// One line for the status bar.
    public var statusText: String {
        switch self {
        case .connected: return "gpsd: connected, waiting for a fix"
        case .noFix: return "gpsd: no fix"
        case .fix(_, let accuracy?): return "gpsd: fix ±\(Int(accuracy.rounded())) m"
        case .fix(_, nil): return "gpsd: fix"
        case .inaccurate(_, let accuracy): return "gpsd: fix too coarse (±\(Int(accuracy.rounded())) m), not applied"
        case .disconnected(let seconds, let reason): return "gpsd: disconnected (\(reason)), retrying in \(seconds)s"
        }
    }
}

/// A gpsd endpoint, from `HOST[:PORT]` (default 127.0.0.1:2947).
public struct GpsdAddress: Equatable, Sendable {
    public let host: String
    public let port: UInt16

    public init(_ text: String?) throws {
        guard let text, !text.isEmpty else {
            host = "127.0.0.1"
            port = 2947
            return
        }
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            let portText = text[text.index(after: colon)...]
            guard let number = DecimalText.integer(String(portText)), let port = UInt16(exactly: number), port > 0 else { throw LocationError("gpsd port \"\(portText)\" is not a port number") }
            self.port = port
            host = String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        } else {
            host = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            port = 2947
        }
        guard !host.isEmpty else { throw LocationError("gpsd address \"\(text)\" has no host") }
    }

    public var description: String { "\(host):\(port)" }
}

/// Reads gpsd's JSON reports: sends `?WATCH={"enable":true,"json":true}`, turns TPV reports into events,
/// and reconnects with back-off (1, 2, 4 … 30 s) when gpsd goes away or is not there yet.
/// Runs on a thread of its own; `stop()` ends it.
public final class GpsdClient: @unchecked Sendable {
    private let address: GpsdAddress
    private let maxError: Double
    private let onEvent: @Sendable (GpsdEvent) -> Void
    private let lock = NSLock()
    private var stopped = false
    private var socketDescriptor: Int32 = -1

    public init(address: GpsdAddress, maxError: Double = 50, onEvent: @escaping @Sendable (GpsdEvent) -> Void) {
        self.address = address
        self.maxError = maxError
        self.onEvent = onEvent
    }

    /// Starts the reading thread.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "gpsd"
        thread.start()
    }

    /// Ends the thread (closing the socket wakes a blocked read).
    public func stop() {
        lock.lock()
        stopped = true
        let fd = socketDescriptor
        lock.unlock()
        if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func run() {
        var delay = 1
        while !isStopped {
            let reason: String
            do {
                try session { delay = 1 }
                reason = "connection closed"
            } catch {
                reason = "\(error)"
            }
            if isStopped { break }
            onEvent(.disconnected(retryIn: delay, reason: reason))
            for _ in 0..<(delay * 10) where !isStopped { usleep(100_000) }
            delay = min(30, delay * 2)
        }
    }

    /// One connection: watch, then read lines until the socket closes.
    private func session(connected: () -> Void) throws {
        let fd = try connect()
        lock.lock()
        socketDescriptor = fd
        lock.unlock()
        defer {
            lock.lock()
            socketDescriptor = -1
            lock.unlock()
            close(fd)
        }
        let watch = "?WATCH={\"enable\":true,\"json\":true}\n"
        _ = watch.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        connected()
        onEvent(.connected)
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isStopped {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return }
            pending.append(contentsOf: buffer[0..<n])
            while let newline = pending.firstIndex(of: 10) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[pending.index(after: newline)...])
                if let event = GpsdClient.event(fromReport: Data(line), maxError: maxError) { onEvent(event) }
            }
            if pending.count > 65_536 { pending.removeAll() }
        }
    }

    /// Whether a gpsd listens at `address` now (a connection is accepted): `location.source = auto`'s first question.
    public static func answers(at address: GpsdAddress) -> Bool {
        guard let fd = try? GpsdClient(address: address, onEvent: { _ in }).connect() else { return false }
        close(fd)
        return true
    }

    private func connect() throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(address.host, String(address.port), &hints, &result)
        guard rc == 0, let first = result else { throw LocationError("cannot resolve \(address.host)") }
        defer { freeaddrinfo(result) }
        var node: UnsafeMutablePointer<addrinfo>? = first
        var lastError = "connection refused"
        while let info = node {
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 {
                if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                lastError = String(cString: strerror(errno))
                close(fd)
            }
            node = info.pointee.ai_next
        }
        throw LocationError(lastError.lowercased())
    }

    /// The type JSONSerialization gives `true` and `false`: on Linux they bridge to NSNumber (1 and 0) too.
    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// A JSON number, or nil for anything else: a string, and a boolean (`"lat":true` was a fix at 1°).
    static func number(_ value: Any?) -> Double? {
        guard let value, ObjectIdentifier(type(of: value)) != booleanType, let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite && abs(double) < 1e15 ? double : nil
    }

    /// The event for one JSON line from gpsd, or nil for reports that do not matter here.
    public static func event(fromReport line: Data, maxError: Double) -> GpsdEvent? {
        // Some gpsd versions print NaN for unknown numbers, which is not JSON: read it as absent.
        let text = String(decoding: line, as: UTF8.self)
            .replacingOccurrences(of: ":NaN", with: ":null").replacingOccurrences(of: ":nan", with: ":null")
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              object["class"] as? String == "TPV" else { return nil }
        let mode = number(object["mode"]).map(Int.init) ?? 0
        guard mode >= 2 else { return .noFix }
        guard let lat = number(object["lat"]), let lon = number(object["lon"]),
              lat.isFinite, lon.isFinite, let coordinate = try? Coordinate(latitude: lat, longitude: lon) else { return .noFix }
        let eph = number(object["eph"])
        if let eph, eph.isFinite {
            return eph > maxError ? .inaccurate(coordinate, accuracy: eph) : .fix(coordinate, accuracy: eph)
        }
        return .fix(coordinate, accuracy: nil)
    }
}
