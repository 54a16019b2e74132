import Foundation
import Testing
import TestSupport
@testable import ArtmapCLI

/// NMEA sentences for a short walk, with correct checksums, for gpsfake.
func nmeaWalk() -> String {
    func checksum(_ body: String) -> String { String(format: "%02X", body.utf8.reduce(0) { $0 ^ $1 }) }
    func sentence(_ body: String) -> String { "$\(body)*\(checksum(body))\r\n" }
    func degreesMinutes(_ value: Double, latitude: Bool) -> (String, String) {
        let a = abs(value), d = Int(a), m = (a - Double(d)) * 60
        let text = String(format: latitude ? "%02d%07.4f" : "%03d%07.4f", d, m)
        return (text, latitude ? (value >= 0 ? "N" : "S") : (value >= 0 ? "E" : "W"))
    }
    let points = [(53.406566, -2.966531), (53.4055, -2.9655), (53.4035, -2.9658)]
    var out = ""
    for (i, (lat, lon)) in (points + points + points).enumerated() {
        let t = String(format: "1000%02d.00", i)
        let (la, ns) = degreesMinutes(lat, latitude: true), (lo, ew) = degreesMinutes(lon, latitude: false)
        out += sentence("GPGGA,\(t),\(la),\(ns),\(lo),\(ew),1,08,0.9,20.0,M,48.0,M,,")
        out += sentence("GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.5,0.9,1.2")
        out += sentence("GPRMC,\(t),A,\(la),\(ns),\(lo),\(ew),1.0,180.0,291126,,,A")
    }
    return out
}

/// Waits until gpsd on 127.0.0.1:`port` reports a 2D or 3D fix to a watching client, or `bound` seconds pass.
/// gpsfake is a Python program that starts its own gpsd: on a loaded machine that can take longer than
/// the 10 s `list` waits, so the test waits for the fix first, as a person would wait for the GPS light.
func waitForGpsdFix(port: Int, bound: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(bound)
    while Date() < deadline {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { usleep(200_000); continue }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let watch = #"?WATCH={"enable":true,"json":true};"# + "\n"
        _ = watch.withCString { send(fd, $0, strlen($0), 0) }
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count < 0 { if errno == EAGAIN || errno == EWOULDBLOCK { continue } else { break } }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
            if received.contains(#""class":"TPV""#),
               received.split(separator: "\n").contains(where: { $0.contains(#""class":"TPV""#) && ($0.contains(#""mode":2"#) || $0.contains(#""mode":3"#)) }) {
                return true
            }
        }
    }
    return false
}

@Test func listAndWatchFollowARealGpsdFedByGpsfake() async throws {
    let gpsfake = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first { FileManager.default.isExecutableFile(atPath: $0) }
    try #require(gpsfake != nil, "gpsfake is missing: install Debian's gpsd and gpsd-clients (make deps does)")
    let home = try temporaryDirectory()
    let log = home.appendingPathComponent("walk.nmea")
    try nmeaWalk().write(to: log, atomically: true, encoding: .utf8)
    let port = Int.random(in: 30000...39999)
    // Without -1 gpsfake loops the log, so watch still sees fixes however long `list` took.
    let fakePID = try spawnWithCleanSignals([gpsfake!, "-q", "-P", "\(port)", "-c", "0.2", "-W", "40", log.path], stdoutPath: nil)
    defer {
        // As the notes say: SIGTERM to gpsfake's gpsd (the process naming gpsfake's socket), not to gpsfake,
        // which then exits; then remove the socket gpsfake leaves behind when run as root.
        let socketName = "/tmp/gpsfake-\(fakePID).sock"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != fakePID,
                  let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            if String(decoding: cmdline, as: UTF8.self).contains(socketName) { kill(pid, SIGTERM) }
        }
        var status: Int32 = 0
        for _ in 0..<50 where waitpid(fakePID, &status, WNOHANG) == 0 { usleep(100_000) }
        if waitpid(fakePID, &status, WNOHANG) == 0 {
            kill(fakePID, SIGKILL)
            waitpid(fakePID, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: socketName)
    }
    try #require(waitForGpsdFix(port: port, bound: 90), "gpsfake's gpsd on port \(port) gave no fix within 90 s")
    let list = await runArtmap(["list", "--json", "--nearest", "1", "--gpsd", "127.0.0.1:\(port)"], home: home)
    #expect(list.status == 0, "\(list.err)")
    let decoded = try JSONDecoder().decode(ListJSON.self, from: Data(list.out.utf8))
    #expect(decoded.reference.latitude > 53.40 && decoded.reference.latitude < 53.41)
    // watch runs until interrupted: run the binary and stop it after a few fixes.
    let (process, outURL, _) = try startBinary(["watch", "--json", "--gpsd", "127.0.0.1:\(port)"], environment: binaryEnvironment(home: home))
    let deadline = Date().addingTimeInterval(60)
    var lines: [String] = []
    while Date() < deadline {
        lines = ((try? String(contentsOf: outURL, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        if lines.count >= 3 { break }
        usleep(200_000)
    }
    // SIGKILL: a child started while another test's in-process command ignores SIGTERM (the fetch command
    // does while it runs) inherits the ignored disposition, and `watch` would then never end.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(lines.count >= 3, "\(lines)")
    #expect(lines.allSatisfy { $0.contains(#""source":"gpsd""#) })
    #expect(lines.contains { $0.contains("Abercromby Square") } || lines.contains { $0.contains("Mathematics") })
}

@Test func listSaysWhenGpsdHasNoFixAndStartsWhereItWouldWithout() async throws {
    let home = try temporaryDirectory()
    let result = await runArtmap(["list", "--gpsd", "127.0.0.1:1"], home: home)
    #expect(result.status == 0)
    #expect(result.err.contains("no usable fix from gpsd at 127.0.0.1:1 within 10 s — using the built-in Ashton Building, Liverpool "
                                + "(set your home with 'artmap config set location.home PLACE')"), "\(result.err)")
}
