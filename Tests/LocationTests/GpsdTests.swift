import Foundation
import Geo
import Testing
import TestSupport
@testable import Location

@Test func tpvReportsBecomeEvents() {
    func event(_ text: String, maxError: Double = 50) -> GpsdEvent? {
        GpsdClient.event(fromReport: Data(text.utf8), maxError: maxError)
    }
    #expect(event(#"{"class":"TPV","mode":1}"#) == .noFix)
    #expect(event(#"{"class":"TPV","mode":0,"lat":53.4,"lon":-2.9}"#) == .noFix)
    #expect(event(#"{"class":"TPV","mode":3,"lat":NaN,"lon":-2.9}"#) == .noFix)
    #expect(event(#"{"class":"TPV","mode":2}"#) == .noFix, "a 2D fix without a position")
    #expect(event(#"{"class":"TPV","mode":3,"lat":95,"lon":0}"#) == .noFix)
    #expect(event(#"{"class":"TPV","mode":3,"lat":53.4,"lon":-2.9,"eph":12.5}"#)
            == .fix(Coordinate(clampingLatitude: 53.4, longitude: -2.9), accuracy: 12.5))
    #expect(event(#"{"class":"TPV","mode":2,"lat":53.4,"lon":-2.9,"eph":NaN}"#)
            == .fix(Coordinate(clampingLatitude: 53.4, longitude: -2.9), accuracy: nil))
    #expect(event(#"{"class":"TPV","mode":3,"lat":53.4,"lon":-2.9,"eph":80}"#)
            == .inaccurate(Coordinate(clampingLatitude: 53.4, longitude: -2.9), accuracy: 80))
    // Issue 35, item 9: only numbers are numbers; true was read as 1 (a fix at 1°, 1°), a string as nothing.
    #expect(event(#"{"class":"TPV","mode":3,"lat":true,"lon":true}"#) == .noFix)
    #expect(event(#"{"class":"TPV","mode":true,"lat":53.4,"lon":-2.9}"#) == .noFix)
    #expect(event(#"{"class":"TPV","mode":3,"lat":"53.4","lon":-2.9}"#) == .noFix)
    #expect(event(#"{"class":"TPV","mode":3,"lat":53.4,"lon":-2.9,"eph":true}"#)
            == .fix(Coordinate(clampingLatitude: 53.4, longitude: -2.9), accuracy: nil))
    #expect(event(#"{"class":"SKY","satellites":[]}"#) == nil)
    #expect(event("not json") == nil)
}

@Test func addresses() throws {
    #expect(try GpsdAddress(nil) == GpsdAddress("127.0.0.1:2947"))
    #expect(try GpsdAddress("localhost").port == 2947)
    #expect(try GpsdAddress("127.0.0.1:29470").port == 29470)
    #expect(throws: LocationError.self) { try GpsdAddress("host:notaport") }
    #expect(throws: LocationError.self) { try GpsdAddress("127.0.0.1:+2947") }
    #expect(throws: LocationError.self) { try GpsdAddress("127.0.0.1:99999") }
}

/// Events a client reported, in order.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [GpsdEvent] = []
    func add(_ e: GpsdEvent) { lock.lock(); events.append(e); lock.unlock() }
    var all: [GpsdEvent] { lock.lock(); defer { lock.unlock() }; return events }
    /// The events once they satisfy `condition`; throws with the events seen when `timeout` seconds pass first.
    func waitFor(_ timeout: TimeInterval, _ condition: ([GpsdEvent]) -> Bool) throws -> [GpsdEvent] {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(all) && Date() < deadline { usleep(50_000) }
        let seen = all
        guard condition(seen) else { throw TestServerError("waited \(timeout) s for gpsd events that never came; saw \(seen)") }
        return seen
    }
}

/// Starts a script-driven process that prints "PORT n" first.
func startScripted(_ arguments: [String]) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while !line.contains(10) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else { throw TestServerError("no port from \(arguments)") }
    return (process, port)
}

@Test func noFixNaNCoarseFixesAndReconnection() throws {
    let dir = try temporaryDirectory("gpsd")
    let script = dir.appendingPathComponent("script.json")
    try JSONSerialization.data(withJSONObject: [
        [#"{"class":"TPV","mode":1}"#, #"{"class":"TPV","mode":3,"lat":NaN,"lon":NaN}"#,
         #"{"class":"TPV","mode":3,"lat":53.4,"lon":-2.9,"eph":500}"#,
         #"{"class":"TPV","mode":3,"lat":53.406566,"lon":-2.966531,"eph":8}"#, "sleep:0.2"],
        [#"{"class":"TPV","mode":3,"lat":53.403219,"lon":-2.965829,"eph":5}"#, "sleep:0.2"],
    ]).write(to: script)
    let (server, port) = try startScripted(["python3", repositoryRoot.appendingPathComponent("Tests/Support/fake_gpsd.py").path, script.path])
    defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
    let log = EventLog()
    let client = GpsdClient(address: try GpsdAddress("127.0.0.1:\(port)"), maxError: 50) { log.add($0) }
    client.start()
    defer { client.stop() }
    let events = try log.waitFor(10) { events in
        events.contains(.fix(Coordinate(clampingLatitude: 53.403219, longitude: -2.965829), accuracy: 5))
    }
    #expect(events.first == .connected)
    #expect(events.contains(.noFix))
    #expect(events.contains(.inaccurate(Coordinate(clampingLatitude: 53.4, longitude: -2.9), accuracy: 500)))
    #expect(events.contains(.fix(.ashtonBuilding, accuracy: 8)))
    let disconnect = events.firstIndex { if case .disconnected(retryIn: 1, _) = $0 { return true } else { return false } }
    #expect(disconnect != nil, "\(events)")
    #expect(events.filter { $0 == .connected }.count == 2, "reconnected after gpsd went away")
    #expect(events.last == .fix(Coordinate(clampingLatitude: 53.403219, longitude: -2.965829), accuracy: 5))
    #expect(GpsdEvent.disconnected(retryIn: 4, reason: "connection refused").statusText == "gpsd: disconnected (connection refused), retrying in 4s")
}

@Test func retriesWithBackOffWhileGpsdIsNotThere() throws {
    let log = EventLog()
    // A port nothing listens on: bind one, close it, use its number.
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) } }
    close(probe)
    let port = UInt16(bigEndian: address.sin_port)
    let client = GpsdClient(address: try GpsdAddress("127.0.0.1:\(port)")) { log.add($0) }
    client.start()
    defer { client.stop() }
    let events = try log.waitFor(5) { $0.count >= 2 }
    let delays = events.compactMap { event -> Int? in if case .disconnected(let s, _) = event { return s } else { return nil } }
    #expect(delays.prefix(2) == [1, 2])
    #expect(events.first?.statusText.contains("connection refused") == true, "\(events)")
}
