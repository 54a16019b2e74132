import Foundation

/// A real GeoClue2 for a test, as the design notes record it verified on Debian 12: a dbus-daemon of its own as
/// the system bus (a socket in a temporary directory), /etc/geoclue/geoclue.conf replaced (and always put back)
/// with every source off but network NMEA, an NMEA feed on a unix socket written here once a second, the daemon
/// `/usr/libexec/geoclue --timeout=0` and, when asked, the demo agent. Nothing leaves the machine: the wifi URL is
/// 127.0.0.1:9. Harnesses take a file lock, so GeoClue tests of every target run one at a time; `stop()` ends
/// every process started, by pid, and restores the configuration.
public final class GeoClueHarness: @unchecked Sendable {
    public static let daemon = "/usr/libexec/geoclue"
    public static let agentProgram = "/usr/libexec/geoclue-2.0/demos/agent"
    static let configPath = "/etc/geoclue/geoclue.conf"
    /// Where the configuration is kept while a test runs: a run killed mid-test leaves it here, and the next puts it back.
    static let backupPath = "/etc/geoclue/geoclue.conf.artmap-test-saved"

    public let directory: URL
    /// The private system bus, for `DBUS_SYSTEM_BUS_ADDRESS`.
    public var busAddress: String { "unix:path=\(directory.path)/bus" }
    public let feed: NMEAFeed
    private let lockDescriptor: Int32
    private let lock = NSLock()
    private var pids: [String: pid_t] = [:]
    private var configReplaced = false
    private var stopped = false

    /// Starts the bus, the feed (at `latitude`, `longitude`), GeoClue and (with `agent`) the demo agent. Fails
    /// with what is missing when not root or the programs are not installed (`make deps` installs them).
    /// Async so that a test waiting for another's harness gives its thread back: blocked in flock, the tests
    /// waiting filled the two-core machine's thread pool while the one holding the lock needed a thread.
    public static func start(latitude: Double, longitude: Double, agent: Bool = true, geoclue: Bool = true) async throws -> GeoClueHarness {
        try requireTools()
        let lockDescriptor = try await takeLock()
        let harness: GeoClueHarness
        do {
            harness = try GeoClueHarness(latitude: latitude, longitude: longitude, lockDescriptor: lockDescriptor)
        } catch {
            flock(lockDescriptor, LOCK_UN)
            close(lockDescriptor)
            throw error
        }
        do {
            try await harness.startBus()
            if geoclue { try await harness.startDaemon(agent: agent) }
        } catch {
            harness.stop()
            throw error
        }
        return harness
    }

    /// Root (GeoClue's configuration is under /etc) and Debian's geoclue-2.0, geoclue-2-demo and dbus.
    public static func requireTools() throws {
        guard getuid() == 0 else {
            throw TestServerError("the GeoClue tests run as root: they replace /etc/geoclue/geoclue.conf (and restore it)")
        }
        for (program, package) in [(daemon, "geoclue-2.0"), (agentProgram, "geoclue-2-demo"), ("/usr/bin/dbus-daemon", "dbus"),
                                   ("/usr/bin/dbus-send", "dbus")] where !FileManager.default.isExecutableFile(atPath: program) {
            throw TestServerError("\(program) is missing: install Debian's \(package) (make deps does)")
        }
    }

    /// The file lock every GeoClue harness holds while it runs (tests of every target, and other test processes).
    private static func takeLock() async throws -> Int32 {
        let lockPath = "/tmp/artmap-geoclue-tests.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw TestServerError("cannot open \(lockPath)") }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        return descriptor
    }

    private init(latitude: Double, longitude: Double, lockDescriptor: Int32) throws {
        self.lockDescriptor = lockDescriptor
        directory = try temporaryDirectory("geoclue")
        feed = try NMEAFeed(path: directory.appendingPathComponent("nmea.sock").path, latitude: latitude, longitude: longitude)
    }

    deinit { stop() }

    /// The environment a child needs to find this bus.
    public func environment(_ base: [String: String]) -> [String: String] {
        base.merging(["DBUS_SYSTEM_BUS_ADDRESS": busAddress]) { $1 }
    }

    private func startBus() async throws {
        let config = directory.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>unix:path=\(directory.path)/bus</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <allow own="*"/>
            <allow send_destination="*" eavesdrop="true"/>
            <allow receive_sender="*"/>
          </policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        try launch("dbus-daemon", ["/usr/bin/dbus-daemon", "--config-file=\(config.path)", "--nofork", "--nopidfile"])
        try await wait(30, "the private bus at \(busAddress)") { FileManager.default.fileExists(atPath: "\(self.directory.path)/bus") }
    }

    /// Writes GeoClue's configuration (the old one saved), then starts the daemon and waits until it is on the bus;
    /// with `agent`, starts the demo agent and waits until GeoClue hands out clients.
    public func startDaemon(agent: Bool) async throws {
        try replaceConfig()
        try launch("geoclue", [GeoClueHarness.daemon, "--timeout=0"])
        try await wait(30, "GeoClue on the private bus") { self.busCall(["org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                                   "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.GeoClue2"])?
                .contains("boolean true") ?? false }
        if agent {
            try launch("agent", [GeoClueHarness.agentProgram])
            try await wait(30, "GeoClue to answer GetClient once the demo agent is registered") {
                self.busCall(["org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Manager", "org.freedesktop.GeoClue2.Manager.GetClient"])?
                    .contains("object path") ?? false
            }
        }
    }

    /// Kills the GeoClue daemon (SIGKILL: gone as a crash leaves it) and reaps it.
    public func killDaemon() {
        lock.lock()
        let pid = pids.removeValue(forKey: "geoclue")
        lock.unlock()
        if let pid { GeoClueHarness.end(pid, signal: SIGKILL) }
    }

    /// Ends every process started here (by pid), stops the feed and restores the configuration. Safe to call twice.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        let running = pids
        pids = [:]
        lock.unlock()
        if wasStopped { return }
        for name in ["agent", "geoclue", "dbus-daemon"] { if let pid = running[name] { GeoClueHarness.end(pid, signal: SIGTERM) } }
        feed.stop()
        if configReplaced { GeoClueHarness.restoreConfig() }
        try? FileManager.default.removeItem(at: directory)
        flock(lockDescriptor, LOCK_UN)
        close(lockDescriptor)
    }

    private func replaceConfig() throws {
        let manager = FileManager.default
        GeoClueHarness.restoreConfig() // one left by a run that was killed
        if manager.fileExists(atPath: GeoClueHarness.configPath) {
            try manager.copyItem(atPath: GeoClueHarness.configPath, toPath: GeoClueHarness.backupPath)
        } else {
            try manager.createDirectory(atPath: "/etc/geoclue", withIntermediateDirectories: true)
        }
        configReplaced = true
        try """
        [agent]
        whitelist=geoclue-demo-agent
        [network-nmea]
        enable=true
        nmea-socket=\(feed.path)
        [3g]
        enable=false
        [cdma]
        enable=false
        [modem-gps]
        enable=false
        [compass]
        enable=false
        [wifi]
        enable=false
        url=http://127.0.0.1:9/v1/geolocate
        submit-data=false

        """.write(toFile: GeoClueHarness.configPath, atomically: true, encoding: .utf8)
    }

    /// Puts the saved configuration back (a test that had none leaves its own in place only while it runs).
    static func restoreConfig() {
        let manager = FileManager.default
        if manager.fileExists(atPath: backupPath) {
            _ = try? manager.removeItem(atPath: configPath)
            _ = try? manager.moveItem(atPath: backupPath, toPath: configPath)
        }
    }

    private func launch(_ name: String, _ argv: [String]) throws {
        let log = directory.appendingPathComponent("\(name).log").path
        // stderr joins stdout in the log (spawnWithCleanSignals sends stderr to /dev/null): `exec` keeps the pid.
        let quoted = argv.map { "'\($0)'" }.joined(separator: " ")
        let pid = try spawnWithCleanSignals(["/bin/sh", "-c", "exec \(quoted) 2>&1"], stdoutPath: log,
                                            environment: environment(["PATH": "/usr/bin:/bin", "G_MESSAGES_DEBUG": "all"]))
        lock.lock()
        pids[name] = pid
        lock.unlock()
    }

    /// The log of a process started here (GeoClue's says why it waits), for failure messages.
    public func log(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? ""
    }

    /// One dbus-send call on the private bus: its output, or nil when it failed.
    private func busCall(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        process.arguments = ["--system", "--print-reply", "--reply-timeout=2000", "--dest=\(arguments[0])"] + arguments.dropFirst()
        process.environment = environment(["PATH": "/usr/bin:/bin"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    private func wait(_ seconds: TimeInterval, _ what: String, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else {
                throw TestServerError("waited \(Int(seconds)) s for \(what); GeoClue's log:\n\(log("geoclue").suffix(2000))")
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    /// `signal`, then SIGKILL if the process has not ended within 5 s; reaped either way.
    static func end(_ pid: pid_t, signal: Int32) {
        kill(pid, signal)
        var status: Int32 = 0
        for _ in 0..<50 where waitpid(pid, &status, WNOHANG) == 0 { usleep(100_000) }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }
}
