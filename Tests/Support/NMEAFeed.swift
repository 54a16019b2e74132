import Foundation

/// An NMEA source on a unix socket, as GeoClue's network-nmea source reads one: every connected reader gets a
/// `$GPGGA` and a `$GPRMC` sentence (checksums computed, the current UTC time) once a second for the position
/// set last. `move(to:)` walks it; `pause()` stops the sentences while readers stay connected.
public final class NMEAFeed: @unchecked Sendable {
    public let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var position: (Double, Double)
    private var paused = false
    private var stopped = false
    private var readers: [Int32] = []
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, latitude: Double, longitude: Double) throws {
        self.path = path
        position = (latitude, longitude)
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw TestServerError("cannot make a unix socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw TestServerError("socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw TestServerError("cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
        let thread = Thread { [self] in run() }
        thread.name = "nmea-feed"
        thread.start()
    }

    /// The position the next sentences give.
    public func move(to latitude: Double, _ longitude: Double) {
        lock.lock()
        position = (latitude, longitude)
        lock.unlock()
    }

    /// Stops (or resumes) the sentences; readers stay connected, as a receiver that lost its fix.
    public func pause(_ paused: Bool = true) {
        lock.lock()
        self.paused = paused
        lock.unlock()
    }

    /// How many readers (GeoClue) are connected.
    public var readerCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return readers.count
    }

    /// Ends the thread and closes every socket.
    func stop() {
        lock.lock()
        let already = stopped
        stopped = true
        lock.unlock()
        if !already {
            _ = finished.wait(timeout: .now() + 5)
            unlink(path)
        }
    }

    private func run() {
        var lastWrite = Date.distantPast
        while true {
            lock.lock()
            let done = stopped
            lock.unlock()
            if done { break }
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                let reader = accept(listener, nil, nil)
                if reader >= 0 {
                    lock.lock()
                    readers.append(reader)
                    lock.unlock()
                }
            }
            if Date().timeIntervalSince(lastWrite) >= 1 {
                lastWrite = Date()
                writeSentences()
            }
        }
        lock.lock()
        readers.forEach { close($0) }
        readers = []
        lock.unlock()
        close(listener)
        finished.signal()
    }

    private func writeSentences() {
        lock.lock()
        let (latitude, longitude) = position
        let quiet = paused
        let current = readers
        lock.unlock()
        if quiet { return }
        let text = NMEAFeed.sentences(latitude: latitude, longitude: longitude, at: Date())
        var broken: [Int32] = []
        for reader in current {
            let sent = text.withCString { send(reader, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            if sent < 0 { broken.append(reader) }
        }
        if !broken.isEmpty {
            lock.lock()
            readers.removeAll { broken.contains($0) }
            lock.unlock()
            broken.forEach { close($0) }
        }
    }

    /// A GGA and an RMC sentence for one position at `date` (UTC), each with its XOR checksum.
    public static func sentences(latitude: Double, longitude: Double, at date: Date) -> String {
        func checksum(_ body: String) -> String { String(format: "%02X", body.utf8.reduce(0) { $0 ^ $1 }) }
        func sentence(_ body: String) -> String { "$\(body)*\(checksum(body))\r\n" }
        func degreesMinutes(_ value: Double, latitude: Bool) -> (String, String) {
            let a = abs(value), d = Int(a), m = (a - Double(d)) * 60
            let text = String(format: latitude ? "%02d%07.4f" : "%03d%07.4f", d, m)
            return (text, latitude ? (value >= 0 ? "N" : "S") : (value >= 0 ? "E" : "W"))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let time = String(format: "%02d%02d%02d.00", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let day = String(format: "%02d%02d%02d", parts.day ?? 1, parts.month ?? 1, (parts.year ?? 2000) % 100)
        let (la, ns) = degreesMinutes(latitude, latitude: true), (lo, ew) = degreesMinutes(longitude, latitude: false)
        return sentence("GPGGA,\(time),\(la),\(ns),\(lo),\(ew),1,08,0.9,20.0,M,48.0,M,,")
            + sentence("GPRMC,\(time),A,\(la),\(ns),\(lo),\(ew),0.0,0.0,\(day),,,A")
    }
}
